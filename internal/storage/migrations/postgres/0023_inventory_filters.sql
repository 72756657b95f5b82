-- Every inventory filter answered from an index or a maintained summary.

-- Search: a trigram index (pg_trgm, a trusted extension) of each item's text
-- and batch codes, so a LIKE '%…%' search is an index lookup. Where the
-- extension cannot be installed, search still works, by a scan.
ALTER TABLE inventory_items ADD COLUMN search_doc TEXT GENERATED ALWAYS AS (search_text || ' ' || lower(batch_codes)) STORED;
DO $$
DECLARE
    ext_schema TEXT;
BEGIN
    BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported OR invalid_schema_name THEN
        RAISE NOTICE 'pg_trgm is not available: inventory search scans';
    END;
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    IF ext_schema IS NOT NULL THEN
        EXECUTE format('CREATE INDEX inventory_items_search ON inventory_items USING gin (search_doc %I.gin_trgm_ops)', ext_schema);
    END IF;
END
$$;

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
