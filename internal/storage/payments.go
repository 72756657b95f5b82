package storage

import (
	"context"
	"database/sql"
	"time"

	"github.com/packline/packline/internal/payments"
)

// PaymentsStore implements payments.Store.
//
// Files: payments.go (plans, methods, the primary), payments_invoices.go
// (invoices, lines, payments), payments_list.go (the list and the summary).
type PaymentsStore struct{ db *DB }

var (
	_ payments.Store = (*PaymentsStore)(nil)
	_ payments.Tx    = (*billTx)(nil)
)

// NewPaymentsStore returns the billing store over db.
func NewPaymentsStore(db *DB) *PaymentsStore { return &PaymentsStore{db: db} }

// InTx runs fn in one durable write transaction.
func (s *PaymentsStore) InTx(ctx context.Context, fn func(tx payments.Tx) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return fn(&billTx{tx: tx}) })
}

// billTx is billing's view of one transaction.
type billTx struct{ tx *Tx }

func (t *billTx) Now() time.Time { return t.tx.Now }

const planColumns = `id, name, unit, unit_price_minor, period, archived, created_at, updated_at`

func scanPlan(r rowScanner) (*payments.Plan, error) {
	var p payments.Plan
	var created, updated int64
	err := r.Scan(&p.ID, &p.Name, &p.Unit, &p.UnitPriceMinor, &p.Period, &p.Archived, &created, &updated)
	p.CreatedAt, p.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &p, err
}

// Plans lists the plans by name.
func (s *PaymentsStore) Plans(ctx context.Context, includeArchived bool) ([]payments.Plan, error) {
	where := ` WHERE archived = ?`
	args := []any{false}
	if includeArchived {
		where, args = "", nil
	}
	return scanAll(ctx, s.db, scanPlan, `SELECT `+planColumns+` FROM billing_plans`+where+` ORDER BY archived, LOWER(name), id`, args...)
}

// Plan reads one plan.
func (s *PaymentsStore) Plan(ctx context.Context, id int64) (*payments.Plan, error) {
	return one(scanPlan(s.db.QueryRow(ctx, `SELECT `+planColumns+` FROM billing_plans WHERE id = ?`, id)))
}

// one turns a missing row into nil.
func one[T any](v *T, err error) (*T, error) {
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

func (t *billTx) InsertPlan(ctx context.Context, p *payments.Plan) error {
	return t.tx.QueryRow(ctx, `INSERT INTO billing_plans (name, unit, unit_price_minor, period, archived, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, p.Name, p.Unit, p.UnitPriceMinor, p.Period, p.Archived,
		Millis(p.CreatedAt), Millis(p.UpdatedAt)).Scan(&p.ID)
}

func (t *billTx) LockPlan(ctx context.Context, id int64) (*payments.Plan, error) {
	return one(scanPlan(t.tx.QueryRow(ctx, `SELECT `+planColumns+` FROM billing_plans WHERE id = ?`+t.tx.ForUpdate(), id)))
}

func (t *billTx) UpdatePlan(ctx context.Context, p *payments.Plan) error {
	_, err := t.tx.Exec(ctx, `UPDATE billing_plans SET name = ?, unit = ?, unit_price_minor = ?, period = ?, archived = ?, updated_at = ?
		WHERE id = ?`, p.Name, p.Unit, p.UnitPriceMinor, p.Period, p.Archived, Millis(p.UpdatedAt), p.ID)
	return err
}

const methodColumns = `m.id, m.kind, m.label, m.bank_name, m.account_name, m.sort_code, m.account_number, m.notes, m.payment_url,
	m.archived, m.created_at, m.updated_at, CASE WHEN bp.method_id IS NULL THEN 0 ELSE 1 END`

const methodFrom = ` FROM billing_methods m LEFT JOIN billing_primary bp ON bp.method_id = m.id`

func scanMethod(r rowScanner) (*payments.Method, error) {
	var m payments.Method
	var created, updated int64
	var primary int
	err := r.Scan(&m.ID, &m.Kind, &m.Label, &m.BankName, &m.AccountName, &m.SortCode, &m.AccountNumber, &m.Notes, &m.PaymentURL,
		&m.Archived, &created, &updated, &primary)
	m.CreatedAt, m.UpdatedAt, m.Primary = FromMillis(created), FromMillis(updated), primary == 1
	return &m, err
}

// Methods lists the methods, the primary first, then by label.
func (s *PaymentsStore) Methods(ctx context.Context, includeArchived bool) ([]payments.Method, error) {
	where := ` WHERE m.archived = ?`
	args := []any{false}
	if includeArchived {
		where, args = "", nil
	}
	return scanAll(ctx, s.db, scanMethod, `SELECT `+methodColumns+methodFrom+where+
		` ORDER BY CASE WHEN bp.method_id IS NULL THEN 1 ELSE 0 END, m.archived, LOWER(m.label), m.id`, args...)
}

// Method reads one method.
func (s *PaymentsStore) Method(ctx context.Context, id int64) (*payments.Method, error) {
	return one(scanMethod(s.db.QueryRow(ctx, `SELECT `+methodColumns+methodFrom+` WHERE m.id = ?`, id)))
}

// PrimaryMethod reads the primary method.
func (s *PaymentsStore) PrimaryMethod(ctx context.Context) (*payments.Method, error) {
	return one(scanMethod(s.db.QueryRow(ctx, `SELECT `+methodColumns+` FROM billing_primary bp JOIN billing_methods m ON m.id = bp.method_id`)))
}

func (t *billTx) InsertMethod(ctx context.Context, m *payments.Method) error {
	return t.tx.QueryRow(ctx, `INSERT INTO billing_methods (kind, label, bank_name, account_name, sort_code, account_number, notes,
		payment_url, archived, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		m.Kind, m.Label, m.BankName, m.AccountName, m.SortCode, m.AccountNumber, m.Notes, m.PaymentURL, m.Archived,
		Millis(m.CreatedAt), Millis(m.UpdatedAt)).Scan(&m.ID)
}

func (t *billTx) LockMethod(ctx context.Context, id int64) (*payments.Method, error) {
	if ok, err := t.tx.lockRow(ctx, "billing_methods", id); !ok {
		return nil, err
	}
	return one(scanMethod(t.tx.QueryRow(ctx, `SELECT `+methodColumns+methodFrom+` WHERE m.id = ?`, id)))
}

func (t *billTx) UpdateMethod(ctx context.Context, m *payments.Method) error {
	_, err := t.tx.Exec(ctx, `UPDATE billing_methods SET label = ?, bank_name = ?, account_name = ?, sort_code = ?, account_number = ?,
		notes = ?, payment_url = ?, archived = ?, updated_at = ? WHERE id = ?`, m.Label, m.BankName, m.AccountName, m.SortCode,
		m.AccountNumber, m.Notes, m.PaymentURL, m.Archived, Millis(m.UpdatedAt), m.ID)
	return err
}

// SetPrimary writes the one row of billing_primary: an upsert, so two
// admins choosing at once queue on that row and the later one wins.
func (t *billTx) SetPrimary(ctx context.Context, id int64, ifNone bool) error {
	q := `INSERT INTO billing_primary (one, method_id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET method_id = excluded.method_id`
	if ifNone {
		q = `INSERT INTO billing_primary (one, method_id) VALUES (1, ?) ON CONFLICT (one) DO NOTHING`
	}
	_, err := t.tx.Exec(ctx, q, id)
	return err
}

// Client reads a client's billing address.
func (t *billTx) Client(ctx context.Context, id int64) (*payments.BillTo, error) {
	var c payments.BillTo
	return one(&c, t.tx.QueryRow(ctx, `SELECT name, email, address, city, country FROM clients WHERE id = ?`, id).
		Scan(&c.Name, &c.Email, &c.Address, &c.City, &c.Country))
}

// Project reads a project's name and client.
func (t *billTx) Project(ctx context.Context, id int64) (*payments.ProjectRef, error) {
	var p payments.ProjectRef
	return one(&p, t.tx.QueryRow(ctx, `SELECT name, client_id FROM projects WHERE id = ?`, id).Scan(&p.Name, &p.ClientID))
}

// NextNumber takes the year's next invoice number (see nextNumber).
func (t *billTx) NextNumber(ctx context.Context, year int) (int, error) {
	return t.tx.nextNumber(ctx, "billing_counters", year)
}

func nullStr(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func nullMs(p *time.Time) any {
	if p == nil {
		return nil
	}
	return Millis(*p)
}

func strPtr(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	s := v.String
	return &s
}
