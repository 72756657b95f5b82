-- A CSV import is all or nothing. Where the store writes a large
-- import in chunks (SQLite, whose one writer the kiosk's punches share), the
-- chunks go here, each in a short transaction of its own, under a stage id
-- that no read of the inventory looks at; one short transaction then copies
-- the stage into inventory_items, inventory_batches and inventory_moves and
-- deletes the stage row. A stage left by a stopped server (killed mid-import)
-- is discarded when the server starts, and by housekeeping.
CREATE TABLE inventory_import_stages (
    id         INTEGER PRIMARY KEY,
    created_at BIGINT  NOT NULL
);

-- New items, with the summaries their batches give them.
CREATE TABLE inventory_import_items (
    stage_id      BIGINT  NOT NULL,
    seq           INTEGER NOT NULL,
    sku           TEXT    NOT NULL,
    sku_key       TEXT NOT NULL,
    name          TEXT    NOT NULL,
    name_key      TEXT NOT NULL,
    kind          TEXT    NOT NULL,
    unit          TEXT    NOT NULL,
    category      TEXT    NOT NULL,
    location      TEXT    NOT NULL,
    reorder_level BIGINT  NOT NULL,
    notes         TEXT    NOT NULL,
    search_text   TEXT    NOT NULL,
    on_hand       BIGINT  NOT NULL,
    batch_codes   TEXT    NOT NULL,
    next_expiry   TEXT,
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL,
    PRIMARY KEY (stage_id, seq)
);

-- New batches, each with the one move that brings its stock in. item_id is
-- an existing item's; a new item's is found by sku_key when published.
CREATE TABLE inventory_import_receipts (
    stage_id         BIGINT  NOT NULL,
    seq              INTEGER NOT NULL,
    item_id          BIGINT,
    sku_key          TEXT NOT NULL,
    code             TEXT    NOT NULL,
    code_key         TEXT NOT NULL,
    received_at      TEXT    NOT NULL,
    expires_at       TEXT,
    source           TEXT    NOT NULL,
    source_type      TEXT    NOT NULL,
    notes            TEXT    NOT NULL,
    quantity         BIGINT  NOT NULL,
    created_by       BIGINT,
    batch_created_at BIGINT  NOT NULL,
    reason           TEXT    NOT NULL,
    note             TEXT    NOT NULL,
    doc_type         TEXT    NOT NULL,
    user_id          BIGINT,
    move_created_at  BIGINT  NOT NULL,
    PRIMARY KEY (stage_id, seq)
);
