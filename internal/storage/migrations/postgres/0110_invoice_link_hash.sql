-- An invoice's public link is kept as its token's hash (token.Hash, hex
-- SHA-256), as sessions and share links are: a backup or a copy of the
-- database opens no invoice. The tokens stored in clear until now become
-- their hashes in place, so the links already mailed keep working:
-- token.Hash is the lower-case hex of the SHA-256 of the token's UTF-8
-- bytes, which is encode(sha256(convert_to(t, 'UTF8')), 'hex') here.
ALTER TABLE billing_invoices RENAME COLUMN link_token TO link_token_hash;
UPDATE billing_invoices SET link_token_hash = encode(sha256(convert_to(link_token_hash, 'UTF8')), 'hex') WHERE link_token_hash IS NOT NULL;
DROP INDEX billing_invoices_link_token;
CREATE UNIQUE INDEX billing_invoices_link_token_hash ON billing_invoices(link_token_hash);
