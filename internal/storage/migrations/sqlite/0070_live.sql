-- Live collaboration: who caused a notification and where it leads; the
-- event log the live stream replays from; single-use stream tickets; chat.
ALTER TABLE notifications ADD COLUMN actor_id INTEGER REFERENCES users(id);
ALTER TABLE notifications ADD COLUMN link TEXT NOT NULL DEFAULT '';
CREATE INDEX notifications_unread ON notifications(user_id, read_at);

-- One row per event sent on GET /api/events: user_id NULL for everyone.
-- The id is the stream's Last-Event-ID; housekeeping prunes old rows.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX events_created ON events(created_at);

-- EventSource sends no headers: a ticket (hashed) stands for a token once.
CREATE TABLE event_tickets (
    ticket_hash TEXT    PRIMARY KEY,
    token_hash  TEXT    NOT NULL,
    expires_at  INTEGER NOT NULL
);

CREATE TABLE chat_topics (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    name_key   TEXT    NOT NULL UNIQUE,
    created_by INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    last_message_id INTEGER NOT NULL DEFAULT 0,
    last_message_at INTEGER
);

CREATE TABLE chat_messages (
    id         INTEGER PRIMARY KEY,
    topic_id   INTEGER NOT NULL REFERENCES chat_topics(id),
    author_id  INTEGER NOT NULL REFERENCES users(id),
    text       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    edited_at  INTEGER,
    deleted_at INTEGER
);
CREATE INDEX chat_messages_topic ON chat_messages(topic_id, id);

-- The last message each user has read in each topic (the unread marks).
CREATE TABLE chat_reads (
    user_id  INTEGER NOT NULL REFERENCES users(id),
    topic_id INTEGER NOT NULL REFERENCES chat_topics(id),
    last_read_id INTEGER NOT NULL,
    PRIMARY KEY (user_id, topic_id)
);
