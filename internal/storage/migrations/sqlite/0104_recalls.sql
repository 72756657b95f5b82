-- Recalls: a recall of a batch holds it and every batch made from
-- it (recall_batches, the forward trace when the recall started) from
-- production consumption and shipping while it is open.
CREATE TABLE recalls (
    id         INTEGER PRIMARY KEY,
    batch_id   BIGINT  NOT NULL REFERENCES inventory_batches(id),
    reason     TEXT    NOT NULL,
    notes      TEXT    NOT NULL DEFAULT '',
    status     TEXT    NOT NULL CHECK (status IN ('open', 'closed')),
    opened_by  BIGINT  REFERENCES users(id),
    opened_at  BIGINT  NOT NULL,
    closed_by  BIGINT  REFERENCES users(id),
    closed_at  BIGINT
);
CREATE INDEX recalls_status ON recalls(status, id);

CREATE TABLE recall_batches (
    recall_id BIGINT NOT NULL REFERENCES recalls(id),
    batch_id  BIGINT NOT NULL REFERENCES inventory_batches(id),
    PRIMARY KEY (recall_id, batch_id)
);
CREATE INDEX recall_batches_batch ON recall_batches(batch_id, recall_id);
