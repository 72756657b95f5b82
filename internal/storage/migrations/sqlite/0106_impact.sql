-- The impact report. Items may say how many servings (meals) one
-- unit holds and what one unit costs, in the organisation's currency's minor
-- units; both stay NULL (unknown) until someone sets them.
ALTER TABLE inventory_items ADD COLUMN servings_per_unit INTEGER;
ALTER TABLE inventory_items ADD COLUMN unit_cost BIGINT;

-- A project's read-only share links for sponsors without an account: the
-- token is stored only as its SHA-256 (hex), shown once when made; revoked_at
-- and expires_at end it; opens count its use.
CREATE TABLE impact_links (
    id             INTEGER PRIMARY KEY,
    project_id     INTEGER NOT NULL REFERENCES projects(id),
    token_hash     TEXT    NOT NULL UNIQUE,
    label          TEXT    NOT NULL DEFAULT '',
    expires_at     BIGINT,
    created_at     BIGINT  NOT NULL,
    created_by     INTEGER REFERENCES users(id),
    revoked_at     BIGINT,
    revoked_by     INTEGER REFERENCES users(id),
    last_opened_at BIGINT,
    opens          BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX impact_links_project ON impact_links(project_id, id);

-- The monthly mail of a project's report link to its client's billing
-- address: on or off, and the last month (YYYY-MM) it was queued for.
ALTER TABLE projects ADD COLUMN impact_mail INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN impact_mailed_month TEXT;
