-- The open shifts the admins were told look like forgotten clock-outs: one
-- row per shift (the employee and when it began), so that housekeeping,
-- on any number of instances, tells them once.
CREATE TABLE forgotten_clockouts (
    employee_id   BIGINT NOT NULL REFERENCES employees(id),
    clocked_in_at BIGINT NOT NULL,
    notified_at   BIGINT NOT NULL,
    PRIMARY KEY (employee_id, clocked_in_at)
);
