-- Production summaries, so the overview of a long range reads a few rows a
-- day instead of every entry and every punch.
--
-- Output (units per day, line and product; the hours each line produced in)
-- is rewritten for an entry's date in the same transaction as the entry or
-- its reversal. Labour per day and line is a cache: computed from the punches
-- on first read and kept with the basis it was computed on (time zone and
-- maximum shift). Whatever changes a day's labour (a punch within two days of
-- it, an entry, a line assignment) clears its basis and bumps its generation
-- in the same transaction, and a computed value is only stored if the
-- generation is still the one read before computing it.
--
-- Derived data: no foreign keys, so that writing a day's summary takes no
-- lock on the lines another entry of that day holds.

CREATE TABLE production_day_output (
    date       TEXT    NOT NULL,                     -- YYYY-MM-DD in the organisation's zone
    line_id    INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    units      BIGINT  NOT NULL,
    PRIMARY KEY (date, line_id, product_id)
);

CREATE TABLE production_day_lines (
    date    TEXT    NOT NULL,
    line_id INTEGER NOT NULL,
    units   BIGINT  NOT NULL,
    hours   BIGINT  NOT NULL,                        -- bit h set: the line produced in local hour h
    PRIMARY KEY (date, line_id)
);

CREATE TABLE production_labour_days (
    date       TEXT    PRIMARY KEY,
    generation BIGINT  NOT NULL DEFAULT 0,
    basis      TEXT    NOT NULL DEFAULT ''           -- '' until computed, and again once invalid
);

CREATE TABLE production_labour (
    date      TEXT    NOT NULL,
    line_id   INTEGER NOT NULL,
    labour_ns BIGINT  NOT NULL,                      -- labour on the line that day, in nanoseconds
    PRIMARY KEY (date, line_id)
);

-- Existing entries.
INSERT INTO production_day_output (date, line_id, product_id, units)
SELECT date, line_id, product_id, SUM(units) FROM production_entries
WHERE reversed_at IS NULL GROUP BY date, line_id, product_id;

INSERT INTO production_day_lines (date, line_id, units, hours)
SELECT date, line_id, SUM(units), SUM(bit) FROM (
    SELECT date, line_id, SUM(units) AS units, (1 << hour) AS bit FROM production_entries
    WHERE reversed_at IS NULL GROUP BY date, line_id, hour
) slots GROUP BY date, line_id;
