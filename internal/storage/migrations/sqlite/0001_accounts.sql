-- Staff accounts, their sign-in tokens, organisation settings, throttles and notifications.
CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    email         TEXT    NOT NULL UNIQUE,
    first_name    TEXT    NOT NULL,
    last_name     TEXT    NOT NULL DEFAULT '',
    password_hash TEXT    NOT NULL,
    role          TEXT    NOT NULL DEFAULT 'staff' CHECK (role IN ('admin', 'staff')),
    active        INTEGER NOT NULL DEFAULT 1,
    totp_secret   TEXT,
    totp_enabled  INTEGER NOT NULL DEFAULT 0,
    language      TEXT    NOT NULL DEFAULT 'gb',
    theme         TEXT    NOT NULL DEFAULT 'light',
    nav_layout    TEXT    NOT NULL DEFAULT 'side',
    created_at    INTEGER NOT NULL,
    last_login_at INTEGER
);

CREATE TABLE auth_tokens (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id),
    token_hash   TEXT    NOT NULL UNIQUE,
    remember     INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    revoked_at   INTEGER
);
CREATE INDEX auth_tokens_user ON auth_tokens(user_id);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE throttles (
    key          TEXT    PRIMARY KEY,
    failures     INTEGER NOT NULL,
    lockouts     INTEGER NOT NULL DEFAULT 0,
    locked_until INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL
);

CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    kind       TEXT    NOT NULL,
    params     TEXT    NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL,
    read_at    INTEGER
);
CREATE INDEX notifications_user ON notifications(user_id, created_at);
