-- An invoice's public link is kept as its token's hash (token.Hash, hex
-- SHA-256), as sessions and share links are: a backup or a copy of the
-- database opens no invoice. The tokens stored in clear until now become
-- their hashes in place, so the links already mailed keep working.
-- packline_token_hash is token.Hash itself, a function the storage engine
-- gives every SQLite connection it opens (internal/storage/engine/functions.go;
-- migrations are SQL only, and SQLite has no SHA-256 of its own).
ALTER TABLE billing_invoices RENAME COLUMN link_token TO link_token_hash;
UPDATE billing_invoices SET link_token_hash = packline_token_hash(link_token_hash) WHERE link_token_hash IS NOT NULL;
DROP INDEX billing_invoices_link_token;
CREATE UNIQUE INDEX billing_invoices_link_token_hash ON billing_invoices(link_token_hash);
