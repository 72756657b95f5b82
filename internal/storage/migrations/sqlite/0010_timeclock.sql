-- Employees who clock in and out at the kiosk, their punches and the audit
-- trail of staff corrections. Nothing here is ever deleted.
CREATE TABLE employees (
    id            INTEGER PRIMARY KEY,
    first_name    TEXT    NOT NULL,
    last_name     TEXT    NOT NULL,
    -- HMAC-SHA256 of the PIN keyed with the server secret (not stored here); NULL: no PIN.
    pin_hash      TEXT,
    active        INTEGER NOT NULL DEFAULT 1,
    clock_status  TEXT    NOT NULL DEFAULT 'clocked_out' CHECK (clock_status IN ('clocked_in', 'clocked_out')),
    last_event_at INTEGER,
    -- Advanced by every change of clock state; clock tokens carry it, so each authorises one punch.
    seq           INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    archived_at   INTEGER
);
CREATE INDEX employees_name ON employees(last_name, first_name);

CREATE TABLE punches (
    id          INTEGER PRIMARY KEY,
    employee_id INTEGER NOT NULL REFERENCES employees(id),
    kind        TEXT    NOT NULL CHECK (kind IN ('in', 'out')),
    at          INTEGER NOT NULL,
    source      TEXT    NOT NULL CHECK (source IN ('kiosk', 'staff')),
    created_at  INTEGER NOT NULL,
    voided_at   INTEGER,
    corrected   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX punches_employee_at ON punches(employee_id, at);
CREATE INDEX punches_at ON punches(at);

CREATE TABLE punch_audit (
    id            INTEGER PRIMARY KEY,
    punch_id      INTEGER NOT NULL REFERENCES punches(id),
    employee_id   INTEGER NOT NULL REFERENCES employees(id),
    action        TEXT    NOT NULL CHECK (action IN ('add', 'edit', 'void')),
    reason        TEXT    NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    at            INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    before_at     INTEGER,
    before_voided INTEGER,
    after_at      INTEGER NOT NULL,
    after_voided  INTEGER NOT NULL
);
CREATE INDEX punch_audit_punch ON punch_audit(punch_id);
CREATE INDEX punch_audit_employee ON punch_audit(employee_id, at);

-- One row whose version advances with every change the kiosk list shows,
-- so each instance can tell whether its cached list is current.
CREATE TABLE timeclock_state (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO timeclock_state (id, version) VALUES (1, 0);
