-- Inventory: items, their batches (lots) and the append-only ledger of moves.
-- Quantities are integer thousandths of the item's unit. on_hand of a batch
-- and of an item are summaries of the ledger, kept in the same transaction as
-- every move; the ledger is the truth.
CREATE TABLE inventory_items (
    id            INTEGER PRIMARY KEY,
    sku           TEXT    NOT NULL,
    sku_key       TEXT    NOT NULL UNIQUE,        -- upper-cased SKU: SKUs are unique ignoring case
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL,               -- lower-cased name, for sorting
    kind          TEXT    NOT NULL CHECK (kind IN ('raw_material', 'packaging', 'finished_good')),
    unit          TEXT    NOT NULL,
    category      TEXT    NOT NULL DEFAULT '',
    location      TEXT    NOT NULL DEFAULT '',
    reorder_level BIGINT  NOT NULL DEFAULT 0 CHECK (reorder_level >= 0),
    notes         TEXT    NOT NULL DEFAULT '',
    search_text   TEXT    NOT NULL DEFAULT '',    -- lower-cased sku, name, category, location
    batch_codes   TEXT    NOT NULL DEFAULT '',    -- upper-cased codes of its batches, space-separated, for search
    archived      INTEGER NOT NULL DEFAULT 0,
    on_hand       BIGINT  NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL
);
CREATE INDEX inventory_items_name ON inventory_items(archived, name_key, id);
CREATE INDEX inventory_items_kind ON inventory_items(archived, kind, name_key, id);
CREATE INDEX inventory_items_sku ON inventory_items(archived, sku_key, id);
CREATE INDEX inventory_items_category ON inventory_items(archived, category, name_key, id);
CREATE INDEX inventory_items_location ON inventory_items(archived, location, name_key, id);
CREATE INDEX inventory_items_on_hand ON inventory_items(archived, on_hand, id);
CREATE INDEX inventory_items_reorder ON inventory_items(archived, reorder_level, id);
CREATE INDEX inventory_items_updated ON inventory_items(archived, updated_at, id);

CREATE TABLE inventory_batches (
    id          INTEGER PRIMARY KEY,
    item_id     INTEGER NOT NULL REFERENCES inventory_items(id),
    code        TEXT    NOT NULL,
    code_key    TEXT    NOT NULL,                 -- upper-cased code: unique per item ignoring case
    received_at TEXT    NOT NULL,                 -- YYYY-MM-DD
    expires_at  TEXT,                             -- YYYY-MM-DD or NULL
    source      TEXT    NOT NULL DEFAULT '',
    source_type TEXT    NOT NULL DEFAULT '' CHECK (source_type IN ('', 'supplier', 'donor', 'production')),
    notes       TEXT    NOT NULL DEFAULT '',
    on_hand     BIGINT  NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
    created_by  INTEGER REFERENCES users(id),
    created_at  BIGINT  NOT NULL,
    UNIQUE (item_id, code_key)
);
CREATE INDEX inventory_batches_item ON inventory_batches(item_id, on_hand);
CREATE INDEX inventory_batches_expiry ON inventory_batches(expires_at) WHERE on_hand > 0;

CREATE TABLE inventory_moves (
    id            INTEGER PRIMARY KEY,
    batch_id      INTEGER NOT NULL REFERENCES inventory_batches(id),
    item_id       INTEGER NOT NULL REFERENCES inventory_items(id),
    reason        TEXT    NOT NULL CHECK (reason IN ('receive', 'consume', 'produce', 'ship', 'adjust', 'count', 'reversal')),
    quantity      BIGINT  NOT NULL,               -- signed change to the batch
    balance_after BIGINT  NOT NULL CHECK (balance_after >= 0),
    counted       BIGINT,                         -- count moves: the quantity found
    note          TEXT    NOT NULL DEFAULT '',
    reverses_id   INTEGER UNIQUE REFERENCES inventory_moves(id),
    doc_type      TEXT    NOT NULL DEFAULT '',
    doc_id        BIGINT,
    user_id       INTEGER REFERENCES users(id),
    created_at    BIGINT  NOT NULL
);
CREATE INDEX inventory_moves_batch ON inventory_moves(batch_id, id);
CREATE INDEX inventory_moves_item ON inventory_moves(item_id, id);
CREATE INDEX inventory_moves_doc ON inventory_moves(doc_type, doc_id) WHERE doc_id IS NOT NULL;
CREATE INDEX inventory_moves_created ON inventory_moves(created_at);
