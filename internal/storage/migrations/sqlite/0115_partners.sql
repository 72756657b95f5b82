-- The partner directory: the places the group ships to, typed once. A
-- shipment may name one (partner_id); its destination (name, address,
-- contact) is still kept on the shipment as it was when planned, so an old
-- shipment reads the same after its partner changes or is archived.
CREATE TABLE partners (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,              -- lower-cased name: unique, and the sort
    address     TEXT    NOT NULL DEFAULT '',
    contact     TEXT    NOT NULL DEFAULT '',
    notes       TEXT    NOT NULL DEFAULT '',
    search_text TEXT    NOT NULL DEFAULT '',   -- lower-cased name, address, contact
    archived    INTEGER NOT NULL DEFAULT 0,
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL
);
CREATE UNIQUE INDEX partners_name ON partners(name_key);

ALTER TABLE shipping_shipments ADD COLUMN partner_id INTEGER REFERENCES partners(id);
CREATE INDEX shipping_shipments_partner ON shipping_shipments(partner_id, id) WHERE partner_id IS NOT NULL;
