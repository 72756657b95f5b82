-- FAQ: questions and answers on using Packline, ordered by position, each
-- with a text per locale (gb, br, es, cn, ir; English is required, the others
-- fall back to it). search_text is the lower-cased question and answer.
--
-- Every organisation starts with the entries of internal/faq/seed.json,
-- written once on first start (faq.Service.SeedOnce; marker:faq_seeded), so
-- that an administrator's later edits and deletions stick. Databases made
-- before that got them from this migration, and keep them.
CREATE TABLE faq_entries (
    id          INTEGER PRIMARY KEY,
    position    INTEGER NOT NULL,
    topic       TEXT    NOT NULL DEFAULT 'general',
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL,
    updated_by  INTEGER REFERENCES users(id)
);
CREATE INDEX faq_entries_position ON faq_entries(position, id);

CREATE TABLE faq_texts (
    entry_id    INTEGER NOT NULL REFERENCES faq_entries(id) ON DELETE CASCADE,
    locale      TEXT    NOT NULL CHECK (locale IN ('gb', 'br', 'es', 'cn', 'ir')),
    question    TEXT    NOT NULL,
    answer      TEXT    NOT NULL,
    search_text TEXT    NOT NULL,
    PRIMARY KEY (entry_id, locale)
);
