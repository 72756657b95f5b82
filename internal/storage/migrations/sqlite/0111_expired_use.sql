-- A shipment line may ship a batch that expired before its ship date only
-- when someone confirmed it; the reason they gave is kept with the line
-- ('' when the batch was not expired).
ALTER TABLE shipping_lines ADD COLUMN expired_reason TEXT NOT NULL DEFAULT '';

-- How long a batch of an item keeps (NULL: not known): a batch production
-- makes expires its production date plus this many days.
ALTER TABLE inventory_items ADD COLUMN shelf_life_days BIGINT;
