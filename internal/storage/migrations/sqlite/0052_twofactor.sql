-- Two-factor sign-in (TOTP, RFC 6238) and sessions.
-- users.totp_secret (from 0001) holds the enabled secret, encrypted with a
-- key derived from the server secret; totp_pending_secret the one being set
-- up; totp_last_step the last time step a code was accepted for, so a code
-- cannot be used twice.
ALTER TABLE users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;

-- Single-use recovery codes: only a keyed hash of each is kept.
CREATE TABLE user_recovery_codes (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    code_hash  TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    used_at    INTEGER,
    UNIQUE (user_id, code_hash)
);

-- The second step of a sign-in: a challenge (its hash) given after the right
-- password, valid five minutes, used once.
CREATE TABLE login_challenges (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users(id),
    challenge_hash TEXT    NOT NULL UNIQUE,
    remember       INTEGER NOT NULL DEFAULT 0,
    device         TEXT    NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL,
    expires_at     INTEGER NOT NULL,
    used_at        INTEGER
);
CREATE INDEX login_challenges_expires ON login_challenges(expires_at);

-- The device a session signed in from (a short form of its User-Agent).
ALTER TABLE auth_tokens ADD COLUMN device TEXT NOT NULL DEFAULT '';
