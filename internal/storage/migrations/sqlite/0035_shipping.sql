-- Shipping log: shipments that take stock out by batch. A shipment's lines
-- name batches; shipping writes one ship move per line (move_id), and
-- cancelling a shipped shipment reverses them. Numbers are SHP-YYYY-NNNN,
-- taken from shipping_counters in the creating transaction (no gaps).
CREATE TABLE shipping_counters (
    yr          INTEGER PRIMARY KEY,
    last_number INTEGER NOT NULL
);

CREATE TABLE shipping_shipments (
    id               INTEGER PRIMARY KEY,
    number           TEXT    NOT NULL UNIQUE,
    status           TEXT    NOT NULL CHECK (status IN ('planned', 'shipped', 'delivered', 'cancelled')),
    ship_date        TEXT    NOT NULL,             -- YYYY-MM-DD
    dest_name        TEXT    NOT NULL,
    dest_name_key    TEXT    NOT NULL,             -- lower-cased, for sorting
    dest_address     TEXT    NOT NULL DEFAULT '',
    dest_contact     TEXT    NOT NULL DEFAULT '',
    carrier          TEXT    NOT NULL DEFAULT '',
    tracking_number  TEXT    NOT NULL DEFAULT '',
    pallets          INTEGER NOT NULL DEFAULT 0,
    weight_kg        REAL NOT NULL DEFAULT 0,
    notes            TEXT    NOT NULL DEFAULT '',
    search_text      TEXT    NOT NULL DEFAULT '',  -- lower-cased number, destination, tracking number, carrier
    created_at       BIGINT  NOT NULL,
    created_by       INTEGER REFERENCES users(id),
    updated_at       BIGINT  NOT NULL,
    shipped_at       BIGINT,
    shipped_by       INTEGER REFERENCES users(id),
    delivered_at     BIGINT,
    delivered_by     INTEGER REFERENCES users(id),
    cancelled_at     BIGINT,
    cancelled_by     INTEGER REFERENCES users(id),
    cancel_reason    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX shipping_shipments_date ON shipping_shipments(ship_date, id);
CREATE INDEX shipping_shipments_status ON shipping_shipments(status, ship_date, id);
CREATE INDEX shipping_shipments_dest ON shipping_shipments(dest_name_key, id);

CREATE TABLE shipping_lines (
    id          INTEGER PRIMARY KEY,
    shipment_id INTEGER NOT NULL REFERENCES shipping_shipments(id),
    batch_id    INTEGER NOT NULL REFERENCES inventory_batches(id),
    item_id     INTEGER NOT NULL REFERENCES inventory_items(id),
    quantity    BIGINT  NOT NULL CHECK (quantity > 0),
    move_id     INTEGER REFERENCES inventory_moves(id),
    UNIQUE (shipment_id, batch_id)
);
CREATE INDEX shipping_lines_batch ON shipping_lines(batch_id, shipment_id);
