-- A mail written to the log because no SMTP server is set (no --smtp-url)
-- is 'logged', not 'sent': nobody received it. SQLite cannot change a CHECK
-- in place, so the outbox is rebuilt with the same rows, ids and sequence.
CREATE TABLE mail_outbox_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    kind            TEXT    NOT NULL,
    recipient       TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    body_text       TEXT    NOT NULL,
    body_html       TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    locked_until    INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER
);
INSERT INTO mail_outbox_new (id, kind, recipient, subject, body_text, body_html, status, attempts, next_attempt_at,
    locked_until, last_error, created_at, sent_at)
SELECT id, kind, recipient, subject, body_text, body_html, status, attempts, next_attempt_at,
    locked_until, last_error, created_at, sent_at FROM mail_outbox;
DELETE FROM sqlite_sequence WHERE name = 'mail_outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'mail_outbox_new', seq FROM sqlite_sequence WHERE name = 'mail_outbox';
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_new RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox(status, next_attempt_at);
CREATE INDEX mail_outbox_created ON mail_outbox(created_at);
