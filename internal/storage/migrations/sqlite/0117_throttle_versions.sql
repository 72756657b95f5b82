-- PostgreSQL's instances check a throttle row's version before they trust
-- their copy of it (its 0117). SQLite's one serving process keeps the rows
-- in memory and never reads the column; it is here so that both schemas
-- agree and a copy between engines carries it.
ALTER TABLE throttles ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
