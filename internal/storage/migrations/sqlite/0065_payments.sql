-- Payments: pricing plans, payment methods, invoices to clients and the
-- payments received against them. Money is BIGINT minor units of the
-- invoice's currency. An invoice's number (INV-YYYY-NNNN) is given when it
-- is sent, from billing_counters in the sending transaction (no gaps, no
-- duplicates). The primary payment method is the one row of
-- billing_primary, so there is never more than one.
CREATE TABLE billing_plans (
    id               INTEGER PRIMARY KEY,
    name             TEXT    NOT NULL,
    unit             TEXT    NOT NULL,
    unit_price_minor BIGINT  NOT NULL CHECK (unit_price_minor >= 0),
    period           TEXT    NOT NULL CHECK (period IN ('per_unit', 'monthly', 'annual')),
    archived         INTEGER NOT NULL DEFAULT 0,
    created_at       BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL
);

CREATE TABLE billing_methods (
    id             INTEGER PRIMARY KEY,
    kind           TEXT    NOT NULL CHECK (kind IN ('bank_transfer', 'cheque', 'card_link')),
    label          TEXT    NOT NULL,
    bank_name      TEXT    NOT NULL DEFAULT '',
    account_name   TEXT    NOT NULL DEFAULT '',
    sort_code      TEXT    NOT NULL DEFAULT '',
    account_number TEXT    NOT NULL DEFAULT '',
    notes          TEXT    NOT NULL DEFAULT '',
    payment_url    TEXT    NOT NULL DEFAULT '',
    archived       INTEGER NOT NULL DEFAULT 0,
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL
);

CREATE TABLE billing_primary (
    one       INTEGER PRIMARY KEY CHECK (one = 1),
    method_id INTEGER NOT NULL REFERENCES billing_methods(id)
);

CREATE TABLE billing_counters (
    yr          INTEGER PRIMARY KEY,
    last_number INTEGER NOT NULL
);

CREATE TABLE billing_invoices (
    id             INTEGER PRIMARY KEY,
    number         TEXT    UNIQUE,                 -- null until sent
    status         TEXT    NOT NULL CHECK (status IN ('draft', 'sent', 'paid', 'void')),
    client_id      INTEGER NOT NULL REFERENCES clients(id),
    project_id     INTEGER REFERENCES projects(id),
    bill_name      TEXT    NOT NULL,               -- the client's billing address, copied when drafted and sent
    bill_name_key  TEXT    NOT NULL,
    bill_email     TEXT    NOT NULL DEFAULT '',
    bill_address   TEXT    NOT NULL DEFAULT '',
    bill_city      TEXT    NOT NULL DEFAULT '',
    bill_country   TEXT    NOT NULL DEFAULT '',
    language       TEXT    NOT NULL DEFAULT '',
    currency       TEXT    NOT NULL,
    tax_rate_bp    INTEGER NOT NULL DEFAULT 0,
    due_days       INTEGER NOT NULL DEFAULT 30,
    notes          TEXT    NOT NULL DEFAULT '',
    subtotal_minor BIGINT  NOT NULL,
    tax_minor      BIGINT  NOT NULL,
    total_minor    BIGINT  NOT NULL,
    paid_minor     BIGINT  NOT NULL DEFAULT 0 CHECK (paid_minor >= 0 AND paid_minor <= total_minor),
    issue_date     TEXT,                           -- YYYY-MM-DD in the organisation's zone, when sent
    due_date       TEXT,
    search_text    TEXT    NOT NULL DEFAULT '',    -- lower-cased number and client name
    reissue_of     INTEGER REFERENCES billing_invoices(id),
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL,
    sent_at        BIGINT,
    paid_at        BIGINT,
    voided_at      BIGINT,
    void_reason    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX billing_invoices_status ON billing_invoices(status, created_at, id);
CREATE INDEX billing_invoices_client ON billing_invoices(client_id, created_at, id);
CREATE INDEX billing_invoices_created ON billing_invoices(created_at, id);

CREATE TABLE billing_invoice_lines (
    id               INTEGER PRIMARY KEY,
    invoice_id       INTEGER NOT NULL REFERENCES billing_invoices(id),
    position         INTEGER NOT NULL,
    description      TEXT    NOT NULL,
    quantity         BIGINT  NOT NULL CHECK (quantity > 0),  -- thousandths
    unit_price_minor BIGINT  NOT NULL CHECK (unit_price_minor >= 0),
    amount_minor     BIGINT  NOT NULL,
    UNIQUE (invoice_id, position)
);

CREATE TABLE billing_payments (
    id           INTEGER PRIMARY KEY,
    invoice_id   INTEGER NOT NULL REFERENCES billing_invoices(id),
    amount_minor BIGINT  NOT NULL CHECK (amount_minor > 0),
    paid_on      TEXT    NOT NULL,                 -- YYYY-MM-DD
    method_id    INTEGER REFERENCES billing_methods(id),
    note         TEXT    NOT NULL DEFAULT '',
    created_at   BIGINT  NOT NULL,
    created_by   INTEGER REFERENCES users(id)
);
CREATE INDEX billing_payments_invoice ON billing_payments(invoice_id, id);
CREATE INDEX billing_payments_paid_on ON billing_payments(paid_on);
