-- The organisation's logo (the impact report's print layout and
-- its shared page show it). One row at most; in the database so that every
-- instance and every backup has it. content_type was decided from the bytes
-- at upload; etag changes whenever the bytes do.
CREATE TABLE organisation_logo (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    content_type TEXT    NOT NULL,
    data         BLOB    NOT NULL,
    etag         TEXT    NOT NULL
);
