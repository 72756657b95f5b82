-- The trace: which finished batches each batch went into. One
-- row per consumed and produced batch, with what the entries that are not
-- reversed drew from the one into the other, kept in the same transaction
-- as an entry and its reversal (like production_day_output), so that a raw
-- batch drawn on by a year of entries traces in a few thousand rows rather
-- than tens of thousands of moves. first_entry_id is the first entry that
-- made the link (the trace's name for the production run).
--
-- Derived data: no foreign keys, as with the day summaries.
CREATE TABLE production_batch_links (
    consumed_batch_id BIGINT NOT NULL,
    produced_batch_id BIGINT NOT NULL,
    quantity          BIGINT NOT NULL,            -- thousandths of the consumed batch's unit
    first_entry_id    BIGINT NOT NULL,
    PRIMARY KEY (consumed_batch_id, produced_batch_id)
);
CREATE INDEX production_batch_links_produced ON production_batch_links(produced_batch_id, consumed_batch_id);

INSERT INTO production_batch_links (consumed_batch_id, produced_batch_id, quantity, first_entry_id)
SELECT c.batch_id, e.produced_batch_id, -SUM(c.quantity), MIN(e.id)
FROM inventory_moves c JOIN production_entries e ON e.id = c.doc_id
WHERE c.reason = 'consume' AND c.doc_type = 'production' AND e.reversed_at IS NULL AND e.produced_batch_id IS NOT NULL
GROUP BY c.batch_id, e.produced_batch_id;
