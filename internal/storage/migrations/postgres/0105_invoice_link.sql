-- A sent invoice's public link: an unguessable token that opens
-- the print-ready invoice without signing in (voiding revokes it), when the
-- invoice was mailed to the client and when the link was first opened.
ALTER TABLE billing_invoices ADD COLUMN link_token TEXT;
ALTER TABLE billing_invoices ADD COLUMN mailed_at BIGINT;
ALTER TABLE billing_invoices ADD COLUMN link_opened_at BIGINT;
CREATE UNIQUE INDEX billing_invoices_link_token ON billing_invoices(link_token);
