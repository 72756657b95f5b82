-- Single-use links sent by mail: invitations, password recovery, email change.
-- Only the hash of a link's token is kept.
CREATE TABLE mail_tokens (
    id         INTEGER PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('invitation', 'recovery', 'email_change')),
    token_hash TEXT    NOT NULL UNIQUE,
    email      TEXT    NOT NULL,
    user_id    INTEGER REFERENCES users(id),
    role       TEXT    CHECK (role IN ('admin', 'staff')),
    created_by INTEGER REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX mail_tokens_email ON mail_tokens(kind, email);
CREATE INDEX mail_tokens_user ON mail_tokens(user_id);
