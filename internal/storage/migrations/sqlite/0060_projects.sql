-- Clients (sponsors and co-packing clients, with a billing address) and
-- packing projects for them. A project's progress is never stored: it is
-- counted from the production entries and shipments that name it
-- (project_id), so reversing an entry or cancelling a shipment takes its
-- units out again.
CREATE TABLE clients (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,              -- lower-cased name, for sorting
    email       TEXT    NOT NULL DEFAULT '',
    address     TEXT    NOT NULL DEFAULT '',
    city        TEXT    NOT NULL DEFAULT '',
    country     TEXT    NOT NULL DEFAULT '',
    search_text TEXT    NOT NULL DEFAULT '',   -- lower-cased name, email, city, country
    archived    INTEGER NOT NULL DEFAULT 0,
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL
);
CREATE INDEX clients_name ON clients(name_key, id);

CREATE TABLE projects (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL,
    name_key     TEXT    NOT NULL,             -- lower-cased name, for sorting
    client_id    INTEGER NOT NULL REFERENCES clients(id),
    owner_id     INTEGER REFERENCES users(id),
    status       TEXT    NOT NULL CHECK (status IN ('in_progress', 'important', 'completed', 'archived')),
    product_id   INTEGER NOT NULL REFERENCES inventory_items(id),
    target_units BIGINT  NOT NULL CHECK (target_units > 0),
    start_date   TEXT    NOT NULL,             -- YYYY-MM-DD
    due_date     TEXT    NOT NULL,             -- YYYY-MM-DD
    notes        TEXT    NOT NULL DEFAULT '',
    search_text  TEXT    NOT NULL DEFAULT '',  -- lower-cased name and client name
    created_at   BIGINT  NOT NULL,
    created_by   INTEGER REFERENCES users(id),
    updated_at   BIGINT  NOT NULL
);
CREATE INDEX projects_status ON projects(status, due_date, id);
CREATE INDEX projects_due ON projects(due_date, id);
CREATE INDEX projects_client ON projects(client_id);

CREATE TABLE project_team (
    project_id INTEGER NOT NULL REFERENCES projects(id),
    user_id    INTEGER NOT NULL REFERENCES users(id),
    PRIMARY KEY (project_id, user_id)
);

ALTER TABLE production_entries ADD COLUMN project_id INTEGER REFERENCES projects(id);
CREATE INDEX production_entries_project ON production_entries(project_id, id) WHERE project_id IS NOT NULL;

ALTER TABLE shipping_shipments ADD COLUMN project_id INTEGER REFERENCES projects(id);
CREATE INDEX shipping_shipments_project ON shipping_shipments(project_id, id) WHERE project_id IS NOT NULL;
