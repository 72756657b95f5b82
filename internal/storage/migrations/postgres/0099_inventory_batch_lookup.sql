-- Batch labels and scanning: a scanned label or a typed code finds
-- its batches by code across items, and a receipt's labels are the batches
-- received on one day from one source.
CREATE INDEX inventory_batches_code ON inventory_batches(code_key);
CREATE INDEX inventory_batches_received ON inventory_batches(received_at, source, source_type);
