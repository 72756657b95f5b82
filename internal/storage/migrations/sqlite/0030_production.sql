-- Production: packing lines, recipe versions (bills of materials) of
-- finished items, hourly entries and the day's line assignments. An entry's
-- stock moves live in inventory_moves with doc_type 'production' and doc_id
-- the entry's id; reversing an entry adds reversal moves and marks it.
CREATE TABLE production_lines (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL UNIQUE,        -- lower-cased name: names are unique ignoring case
    hourly_target BIGINT,
    archived      INTEGER NOT NULL DEFAULT 0,
    created_at    BIGINT  NOT NULL
);

CREATE TABLE production_recipes (
    id         INTEGER PRIMARY KEY,
    item_id    INTEGER NOT NULL REFERENCES inventory_items(id),
    version    INTEGER NOT NULL,
    created_by INTEGER REFERENCES users(id),
    created_at BIGINT  NOT NULL,
    UNIQUE (item_id, version)
);

CREATE TABLE production_recipe_components (
    recipe_id INTEGER NOT NULL REFERENCES production_recipes(id),
    position  INTEGER NOT NULL,
    item_id   INTEGER NOT NULL REFERENCES inventory_items(id),
    quantity  BIGINT  NOT NULL CHECK (quantity > 0),  -- thousandths per unit of the product
    PRIMARY KEY (recipe_id, item_id)
);

CREATE TABLE production_entries (
    id                INTEGER PRIMARY KEY,
    date              TEXT    NOT NULL,           -- YYYY-MM-DD in the organisation's zone
    hour              INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    line_id           INTEGER NOT NULL REFERENCES production_lines(id),
    product_id        INTEGER NOT NULL REFERENCES inventory_items(id),
    units             BIGINT  NOT NULL CHECK (units > 0),
    note              TEXT    NOT NULL DEFAULT '',
    recipe_id         INTEGER NOT NULL REFERENCES production_recipes(id),
    produced_batch_id INTEGER REFERENCES inventory_batches(id),
    created_by        INTEGER REFERENCES users(id),
    created_at        BIGINT  NOT NULL,
    reversed_at       BIGINT,
    reversed_by       INTEGER REFERENCES users(id),
    reverse_reason    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX production_entries_date ON production_entries(date, hour, line_id, id);
CREATE INDEX production_entries_output ON production_entries(date, hour, line_id, product_id, units, reversed_at) WHERE reversed_at IS NULL;

CREATE TABLE production_assignments (
    date        TEXT    NOT NULL,
    employee_id INTEGER NOT NULL REFERENCES employees(id),
    line_id     INTEGER NOT NULL REFERENCES production_lines(id),
    PRIMARY KEY (date, employee_id)
);
