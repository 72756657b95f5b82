-- Documents: files kept in the database, in chunks, once per SHA-256.
-- A content is pending (sha256 NULL) while its upload is under way; purge
-- removes pending content left by uploads that never finished, and finished
-- content no document points to.
CREATE TABLE document_contents (
    id         INTEGER PRIMARY KEY,
    sha256     TEXT    UNIQUE,                -- hex; NULL while pending
    size       INTEGER NOT NULL DEFAULT 0,
    entries    TEXT,                          -- a ZIP's entries as JSON [{name, size}]
    created_at INTEGER NOT NULL
);

CREATE TABLE document_chunks (
    content_id INTEGER NOT NULL REFERENCES document_contents(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    data       BLOB    NOT NULL,
    PRIMARY KEY (content_id, seq)
);

CREATE TABLE documents (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL,             -- the uploader's file name, for display only
    name_key     TEXT    NOT NULL,             -- lower-cased name, for search and sort
    content_type TEXT    NOT NULL,             -- decided from the bytes
    type         TEXT    NOT NULL CHECK (type IN ('bill_of_lading', 'certificate_of_analysis', 'sop', 'invoice', 'photo', 'other')),
    link_kind    TEXT    CHECK (link_kind IN ('batch', 'shipment', 'production', 'project', 'employee')),
    link_id      INTEGER,
    content_id   INTEGER NOT NULL REFERENCES document_contents(id),
    uploaded_by  INTEGER NOT NULL REFERENCES users(id),
    uploaded_at  INTEGER NOT NULL,
    deleted_at   INTEGER,
    deleted_by   INTEGER REFERENCES users(id),
    CHECK ((link_kind IS NULL) = (link_id IS NULL))
);
CREATE INDEX documents_live ON documents(deleted_at, uploaded_at, id);
CREATE INDEX documents_link ON documents(link_kind, link_id, deleted_at);
CREATE INDEX documents_content ON documents(content_id);
