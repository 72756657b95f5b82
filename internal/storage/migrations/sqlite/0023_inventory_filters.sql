-- Every inventory filter answered from an index or a maintained summary.

-- Search: a trigram full-text index of each item's text and batch codes,
-- kept by triggers, so a search of three or more characters is an index
-- lookup of any substring.
CREATE VIRTUAL TABLE inventory_search USING fts5(doc, tokenize = 'trigram');
INSERT INTO inventory_search (rowid, doc) SELECT id, search_text || ' ' || lower(batch_codes) FROM inventory_items;
CREATE TRIGGER inventory_search_insert AFTER INSERT ON inventory_items BEGIN
    INSERT INTO inventory_search (rowid, doc) VALUES (new.id, new.search_text || ' ' || lower(new.batch_codes));
END;
CREATE TRIGGER inventory_search_update AFTER UPDATE OF search_text, batch_codes ON inventory_items BEGIN
    UPDATE inventory_search SET doc = new.search_text || ' ' || lower(new.batch_codes) WHERE rowid = new.id;
END;
CREATE TRIGGER inventory_search_delete AFTER DELETE ON inventory_items BEGIN
    DELETE FROM inventory_search WHERE rowid = old.id;
END;

-- Low stock: the items at or below their reorder level, by name.
CREATE INDEX inventory_items_low ON inventory_items(archived, name_key, id)
    WHERE reorder_level > 0 AND on_hand <= reorder_level;

-- Expiring: each item's soonest expiry among its batches with stock, kept by
-- every move that brings a batch into stock or empties it.
ALTER TABLE inventory_items ADD COLUMN next_expiry TEXT;
CREATE INDEX inventory_batches_item_expiry ON inventory_batches(item_id, expires_at) WHERE on_hand > 0;
UPDATE inventory_items SET next_expiry = (SELECT MIN(b.expires_at) FROM inventory_batches b
    WHERE b.item_id = inventory_items.id AND b.on_hand > 0);
CREATE INDEX inventory_items_next_expiry ON inventory_items(archived, next_expiry) WHERE next_expiry IS NOT NULL;
