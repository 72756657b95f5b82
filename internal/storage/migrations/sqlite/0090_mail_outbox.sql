-- The mail outbox: every mail is stored here, in the transaction that causes
-- it, then sent (internal/mail/outbox.go). locked_until is the lease of the
-- instance sending it; text and html are cleared once sent or given up.
CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    kind            TEXT    NOT NULL,
    recipient       TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    body_text       TEXT    NOT NULL,
    body_html       TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    locked_until    INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox(status, next_attempt_at);
CREATE INDEX mail_outbox_created ON mail_outbox(created_at);
