package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/timeclock"
)

// Punches, their audit trail and what timesheets read.

const punchColumns = `id, employee_id, kind, at, source, created_at, voided_at, corrected, offline`

func scanPunch(r rowScanner) (*timeclock.Punch, error) {
	var p timeclock.Punch
	var at, created int64
	var voided sql.NullInt64
	if err := r.Scan(&p.ID, &p.EmployeeID, &p.Kind, &at, &p.Source, &created, &voided, &p.Corrected, &p.Offline); err != nil {
		return nil, err
	}
	p.At, p.CreatedAt, p.Voided = FromMillis(at), FromMillis(created), voided.Valid
	p.Audit = []timeclock.AuditEntry{}
	return &p, nil
}

const auditColumns = `a.id, a.punch_id, a.employee_id, a.action, a.reason, a.user_id,
	COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), a.at, a.kind, a.before_at, a.before_voided, a.after_at, a.after_voided`

func scanAudit(r rowScanner) (*timeclock.AuditEntry, error) {
	var a timeclock.AuditEntry
	var first, last, kind string
	var at, afterAt int64
	var beforeAt sql.NullInt64
	var beforeVoided sql.NullBool
	var afterVoided bool
	if err := r.Scan(&a.ID, &a.PunchID, &a.EmployeeID, &a.Action, &a.Reason, &a.UserID, &first, &last, &at,
		&kind, &beforeAt, &beforeVoided, &afterAt, &afterVoided); err != nil {
		return nil, err
	}
	a.UserName = strings.TrimSpace(first + " " + last)
	a.At = FromMillis(at)
	if beforeAt.Valid {
		a.Before = &timeclock.PunchState{Kind: kind, At: FromMillis(beforeAt.Int64), Voided: beforeVoided.Bool}
	}
	a.After = timeclock.PunchState{Kind: kind, At: FromMillis(afterAt), Voided: afterVoided}
	return &a, nil
}

// OpenShifts implements timeclock.Store.
func (s *TimeclockStore) OpenShifts(ctx context.Context) ([]timeclock.OpenShift, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*timeclock.OpenShift, error) {
		var o timeclock.OpenShift
		var since sql.NullInt64
		err := r.Scan(&o.EmployeeID, &o.FirstName, &o.LastName, &since, &o.PunchID)
		if since.Valid {
			o.Since = FromMillis(since.Int64)
		}
		return &o, err
	}, `SELECT e.id, e.first_name, e.last_name, e.last_event_at,
		(SELECT COALESCE(MAX(p.id), 0) FROM punches p WHERE p.employee_id = e.id AND p.kind = 'in' AND p.voided_at IS NULL AND p.at = e.last_event_at)
		FROM employees e WHERE e.clock_status = ? ORDER BY e.last_event_at, e.id`, timeclock.ClockedIn)
}

// Punches implements timeclock.Store.
func (s *TimeclockStore) Punches(ctx context.Context, employeeID int64, from, to time.Time) ([]timeclock.Punch, error) {
	rows, err := s.db.Query(ctx, `SELECT `+punchColumns+` FROM punches WHERE employee_id = ? AND at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT 5000`,
		employeeID, Millis(from), Millis(to))
	if err != nil {
		return nil, err
	}
	out := []timeclock.Punch{}
	index := map[int64]int{}
	for rows.Next() {
		p, err := scanPunch(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		index[p.ID] = len(out)
		out = append(out, *p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	err = eachRow(ctx, s.db, `SELECT `+auditColumns+` FROM punch_audit a LEFT JOIN users u ON u.id = a.user_id
		JOIN punches p ON p.id = a.punch_id
		WHERE a.employee_id = ? AND p.at >= ? AND p.at < ? ORDER BY a.at, a.id`, []any{employeeID, Millis(from), Millis(to)}, func(rows *sql.Rows) error {
		a, err := scanAudit(rows)
		if err != nil {
			return err
		}
		if i, ok := index[a.PunchID]; ok {
			out[i].Audit = append(out[i].Audit, *a)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Audit implements timeclock.Store.
func (s *TimeclockStore) Audit(ctx context.Context, employeeID int64, limit int) ([]timeclock.AuditEntry, error) {
	q := `SELECT ` + auditColumns + ` FROM punch_audit a LEFT JOIN users u ON u.id = a.user_id`
	args := []any{}
	if employeeID > 0 {
		q += ` WHERE a.employee_id = ?`
		args = append(args, employeeID)
	}
	return scanAll(ctx, s.db, scanAudit, q+` ORDER BY a.at DESC, a.id DESC LIMIT ?`, append(args, limit)...)
}

// SheetInputs implements timeclock.Store.
func (s *TimeclockStore) SheetInputs(ctx context.Context, employeeID int64, from, to time.Time) ([]timeclock.SheetInput, error) {
	eq := `SELECT ` + employeeColumns + ` FROM employees`
	pq := `SELECT id, employee_id, kind, at, corrected, offline FROM punches WHERE voided_at IS NULL AND at >= ? AND at < ?`
	eargs, pargs := []any{}, []any{Millis(from), Millis(to)}
	if employeeID > 0 {
		eq += ` WHERE id = ?`
		pq += ` AND employee_id = ?`
		eargs, pargs = append(eargs, employeeID), append(pargs, employeeID)
	}
	erows, err := s.db.Query(ctx, eq, eargs...)
	if err != nil {
		return nil, err
	}
	inputs := []timeclock.SheetInput{}
	index := map[int64]int{}
	for erows.Next() {
		e, err := scanEmployee(erows)
		if err != nil {
			erows.Close()
			return nil, err
		}
		index[e.ID] = len(inputs)
		inputs = append(inputs, timeclock.SheetInput{Employee: *e})
	}
	erows.Close()
	if err := erows.Err(); err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return inputs, nil
	}
	err = eachRow(ctx, s.db, pq, pargs, func(rows *sql.Rows) error {
		var p timeclock.Punch
		var at int64
		err := rows.Scan(&p.ID, &p.EmployeeID, &p.Kind, &at, &p.Corrected, &p.Offline)
		p.At = FromMillis(at)
		if i, ok := index[p.EmployeeID]; err == nil && ok {
			inputs[i].Punches = append(inputs[i].Punches, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return inputs, nil
}

// LatestPunch implements timeclock.Tx.
func (t clockTx) LatestPunch(ctx context.Context, employeeID int64) (*timeclock.Punch, error) {
	p := timeclock.Punch{EmployeeID: employeeID}
	var at int64
	err := t.tx.QueryRow(ctx, `SELECT id, kind, at FROM punches WHERE employee_id = ? AND voided_at IS NULL ORDER BY at DESC, id DESC LIMIT 1`,
		employeeID).Scan(&p.ID, &p.Kind, &at)
	if IsNoRows(err) {
		return nil, nil
	}
	p.At = FromMillis(at)
	return &p, err
}

// PunchesAround implements timeclock.Tx.
func (t clockTx) PunchesAround(ctx context.Context, employeeID, except int64, at time.Time) (prev, next *timeclock.Punch, err error) {
	one := func(cond, order string) (*timeclock.Punch, error) {
		p := timeclock.Punch{EmployeeID: employeeID}
		var ms int64
		err := t.tx.QueryRow(ctx, `SELECT id, kind, at FROM punches WHERE employee_id = ? AND voided_at IS NULL AND id <> ? AND `+cond+
			` ORDER BY `+order+` LIMIT 1`, employeeID, except, Millis(at)).Scan(&p.ID, &p.Kind, &ms)
		if IsNoRows(err) {
			return nil, nil
		}
		p.At = FromMillis(ms)
		return &p, err
	}
	if prev, err = one(`at <= ?`, `at DESC, id DESC`); err != nil {
		return nil, nil, err
	}
	next, err = one(`at >= ?`, `at, id`)
	return prev, next, err
}

// PunchOwner implements timeclock.Tx.
func (t clockTx) PunchOwner(ctx context.Context, punchID int64) (int64, error) {
	var id int64
	err := t.tx.QueryRow(ctx, `SELECT employee_id FROM punches WHERE id = ?`, punchID).Scan(&id)
	if IsNoRows(err) {
		return 0, nil
	}
	return id, err
}

// LockPunch implements timeclock.Tx.
func (t clockTx) LockPunch(ctx context.Context, id int64) (*timeclock.Punch, error) {
	p, err := scanPunch(t.tx.QueryRow(ctx, `SELECT `+punchColumns+` FROM punches WHERE id = ?`+t.tx.ForUpdate(), id))
	if IsNoRows(err) {
		return nil, nil
	}
	return p, err
}

// InsertPunch implements timeclock.Tx.
func (t clockTx) InsertPunch(ctx context.Context, p timeclock.Punch) (int64, error) {
	var id int64
	err := t.tx.QueryRow(ctx, `INSERT INTO punches (employee_id, kind, at, source, created_at, corrected, offline) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.EmployeeID, p.Kind, Millis(p.At), p.Source, Millis(p.CreatedAt), p.Corrected, p.Offline).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, nil
}

// SetPunchTime implements timeclock.Tx.
func (t clockTx) SetPunchTime(ctx context.Context, id int64, at time.Time) error {
	_, err := t.tx.Exec(ctx, `UPDATE punches SET at = ?, corrected = ? WHERE id = ?`, Millis(at), true, id)
	return err
}

// VoidPunch implements timeclock.Tx.
func (t clockTx) VoidPunch(ctx context.Context, id int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE punches SET voided_at = ?, corrected = ? WHERE id = ?`, Millis(t.tx.Now), true, id)
	return err
}

// InsertAudit implements timeclock.Tx; a user id that names no user is
// timeclock.ErrNoStaff.
func (t clockTx) InsertAudit(ctx context.Context, a timeclock.AuditEntry) error {
	var beforeAt, beforeVoided any
	if a.Before != nil {
		beforeAt, beforeVoided = Millis(a.Before.At), a.Before.Voided
	}
	_, err := t.tx.Exec(ctx, `INSERT INTO punch_audit (punch_id, employee_id, action, reason, user_id, at, kind, before_at, before_voided, after_at, after_voided)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.PunchID, a.EmployeeID, a.Action, a.Reason, a.UserID, Millis(a.At), a.After.Kind, beforeAt, beforeVoided, Millis(a.After.At), a.After.Voided)
	if engine.IsForeignKeyViolation(err) {
		return timeclock.ErrNoStaff
	}
	return err
}

// PunchWithAudit implements timeclock.Tx.
func (t clockTx) PunchWithAudit(ctx context.Context, id int64) (*timeclock.Punch, error) {
	p, err := scanPunch(t.tx.QueryRow(ctx, `SELECT `+punchColumns+` FROM punches WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, t.tx, `SELECT `+auditColumns+` FROM punch_audit a LEFT JOIN users u ON u.id = a.user_id
		WHERE a.punch_id = ? ORDER BY a.at, a.id`, []any{id}, func(rows *sql.Rows) error {
		a, err := scanAudit(rows)
		if err == nil {
			p.Audit = append(p.Audit, *a)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}
