package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/timeclock"
)

// TimeclockStore implements timeclock.Store with SQL on both engines. Every
// clock state lives in the database, so any number of instances may serve
// the kiosk at once. It holds no rules: those are timeclock.Service's.
type TimeclockStore struct {
	db *DB
	// Prepared statements of the hot kiosk paths, so SQLite parses each
	// once per connection instead of once per request.
	readStmts, writeStmts engine.Stmts
}

var _ timeclock.Store = (*TimeclockStore)(nil)

// NewTimeclockStore returns the time clock's store over db.
func NewTimeclockStore(db *DB) *TimeclockStore { return &TimeclockStore{db: db} }

// InTx implements timeclock.Store.
func (s *TimeclockStore) InTx(ctx context.Context, fn func(tx timeclock.Tx) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return fn(newClockTx(tx, nil)) })
}

// clockTx implements timeclock.Tx over one transaction.
type clockTx struct {
	tx *Tx
	production.PunchLabour
}

// newClockTx is tx as the time clock's; labour, when set, is the labour
// invalidation prepared for the kiosk's punch (see labourDays).
func newClockTx(tx *Tx, labour *sql.Stmt) clockTx {
	return clockTx{tx: tx, PunchLabour: production.PunchLabour{LabourDays: labourDays{tx: tx, stmt: labour}}}
}

// Notice implements effects.Notices (timeclock.Tx).
func (t clockTx) Notice(key string, n messaging.NewNotification) { t.tx.Notice(key, n) }

func (t clockTx) Now() time.Time { return t.tx.Now }

const employeeColumns = `id, first_name, last_name, pin_hash IS NOT NULL, active, clock_status, last_event_at, created_at, updated_at, archived_at`

func scanEmployee(r rowScanner) (*timeclock.Employee, error) {
	var e timeclock.Employee
	var last, archived sql.NullInt64
	var created, updated int64
	if err := r.Scan(&e.ID, &e.FirstName, &e.LastName, &e.HasPIN, &e.Active, &e.ClockStatus, &last,
		&created, &updated, &archived); err != nil {
		return nil, err
	}
	e.LastEvent, e.ArchivedAt = NullMillis(last), NullMillis(archived)
	e.CreatedAt, e.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &e, nil
}

// employeeOrNil scans one employee; no row is nil, not an error.
func employeeOrNil(r rowScanner) (*timeclock.Employee, error) {
	e, err := scanEmployee(r)
	if IsNoRows(err) {
		return nil, nil
	}
	return e, err
}

// Employee implements timeclock.Store.
func (s *TimeclockStore) Employee(ctx context.Context, id int64) (*timeclock.Employee, error) {
	return employeeOrNil(s.db.QueryRow(ctx, `SELECT `+employeeColumns+` FROM employees WHERE id = ?`, id))
}

// ListEmployees implements timeclock.Store; f is already normalised.
func (s *TimeclockStore) ListEmployees(ctx context.Context, f timeclock.EmployeeFilter) ([]timeclock.Employee, int, error) {
	var where []string
	var args []any
	switch f.Status {
	case "active":
		where, args = append(where, "active = ?"), append(args, true)
	case "archived":
		where, args = append(where, "active = ?"), append(args, false)
	}
	for _, term := range strings.Fields(strings.ToLower(f.Search)) {
		p := "%" + escapeLike(term) + "%"
		where = append(where, `(LOWER(first_name) LIKE ? ESCAPE '\' OR LOWER(last_name) LIKE ? ESCAPE '\')`)
		args = append(args, p, p)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM employees`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	var order string
	switch f.Sort {
	case "first_name":
		order = "LOWER(first_name) " + dir + ", LOWER(last_name) " + dir
	case "clock_status":
		order = "clock_status " + dir + ", LOWER(last_name), LOWER(first_name)"
	case "last_event":
		order = "CASE WHEN last_event_at IS NULL THEN 1 ELSE 0 END, last_event_at " + dir
	case "created_at":
		order = "created_at " + dir
	default:
		order = "LOWER(last_name) " + dir + ", LOWER(first_name) " + dir
	}
	rows, err := s.db.Query(ctx, `SELECT `+employeeColumns+` FROM employees`+cond+` ORDER BY `+order+`, id `+dir+` LIMIT ? OFFSET ?`,
		append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []timeclock.Employee{}
	for rows.Next() {
		e, err := scanEmployee(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, *e)
	}
	return out, total, rows.Err()
}

// InsertEmployee implements timeclock.Tx.
func (t clockTx) InsertEmployee(ctx context.Context, first, last string) (int64, error) {
	now := Millis(t.tx.Now)
	var id int64
	err := t.tx.QueryRow(ctx, `INSERT INTO employees (first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id`,
		first, last, now, now).Scan(&id)
	return id, err
}

// LockEmployee implements timeclock.Tx.
func (t clockTx) LockEmployee(ctx context.Context, id int64) (*timeclock.Employee, error) {
	return employeeOrNil(t.tx.QueryRow(ctx, `SELECT `+employeeColumns+` FROM employees WHERE id = ?`+t.tx.ForUpdate(), id))
}

// SetNames implements timeclock.Tx.
func (t clockTx) SetNames(ctx context.Context, id int64, first, last string) (*timeclock.Employee, error) {
	return employeeOrNil(t.tx.QueryRow(ctx, `UPDATE employees SET first_name = ?, last_name = ?, updated_at = ? WHERE id = ? RETURNING `+employeeColumns,
		first, last, Millis(t.tx.Now), id))
}

// SetActive implements timeclock.Tx.
func (t clockTx) SetActive(ctx context.Context, id int64, active bool, archivedAt *time.Time) (*timeclock.Employee, error) {
	var at any
	if archivedAt != nil {
		at = Millis(*archivedAt)
	}
	return employeeOrNil(t.tx.QueryRow(ctx, `UPDATE employees SET active = ?, archived_at = ?, seq = seq + 1, updated_at = ? WHERE id = ? RETURNING `+employeeColumns,
		active, at, Millis(t.tx.Now), id))
}

// SetPINHash implements timeclock.Tx.
func (t clockTx) SetPINHash(ctx context.Context, id int64, hash string) (*timeclock.Employee, error) {
	return employeeOrNil(t.tx.QueryRow(ctx, `UPDATE employees SET pin_hash = ?, seq = seq + 1, updated_at = ? WHERE id = ? RETURNING `+employeeColumns,
		hash, Millis(t.tx.Now), id))
}

// SetCreatedAt implements timeclock.Tx.
func (t clockTx) SetCreatedAt(ctx context.Context, id int64, at time.Time) (*timeclock.Employee, error) {
	return employeeOrNil(t.tx.QueryRow(ctx, `UPDATE employees SET created_at = ?, updated_at = ? WHERE id = ? RETURNING `+employeeColumns,
		Millis(at), Millis(at), id))
}

// SetClockState implements timeclock.Tx.
func (t clockTx) SetClockState(ctx context.Context, id int64, status string, lastEvent *time.Time) error {
	var last any
	if lastEvent != nil {
		last = Millis(*lastEvent)
	}
	_, err := t.tx.Exec(ctx, `UPDATE employees SET clock_status = ?, last_event_at = ?, seq = seq + 1, updated_at = ? WHERE id = ?`,
		status, last, Millis(t.tx.Now), id)
	return err
}

// KioskChanged implements timeclock.Tx.
func (t clockTx) KioskChanged(ctx context.Context) error { return t.tx.markKioskChanged(ctx) }
