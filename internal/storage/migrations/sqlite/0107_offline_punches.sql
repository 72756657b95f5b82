-- Punches the kiosk took while it could not reach the server:
-- marked on the punch, for review, and each offline punch's answer kept
-- under its idempotency key, so a repeat of the key is answered the same
-- and records nothing.
ALTER TABLE punches ADD COLUMN offline INTEGER NOT NULL DEFAULT 0;

CREATE TABLE offline_punches (
    key         TEXT    PRIMARY KEY,
    status      TEXT    NOT NULL CHECK (status IN ('recorded', 'refused')),
    code        TEXT    NOT NULL,
    message     TEXT    NOT NULL,
    employee_id INTEGER,
    action      TEXT,
    at          INTEGER,
    punch_id    INTEGER REFERENCES punches(id),
    received_at INTEGER NOT NULL
);
