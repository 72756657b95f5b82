package storage

import (
	"context"
	"database/sql"
	"time"

	"github.com/packline/packline/internal/throttle"
	"github.com/packline/packline/internal/timeclock"
)

// The kiosk's hot paths: its employee list, a PIN check's read and a punch.
// Each runs statements prepared once per pool.

// hotRow runs a prepared read-only single-row query.
func (s *TimeclockStore) hotRow(ctx context.Context, q string, args []any, dest ...any) error {
	st, err := s.readStmts.Get(ctx, s.db.read, s.db.bind(q))
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

const (
	// clockUpdateSQL changes state only from the other state, only with the
	// token's sequence number, only for an active employee.
	clockUpdateSQL = `UPDATE employees SET clock_status = ?, last_event_at = ?, seq = seq + 1, updated_at = ?
		WHERE id = ? AND seq = ? AND clock_status <> ? AND active = ?`
	punchInsertSQL = `INSERT INTO punches (employee_id, kind, at, source, created_at) VALUES (?, ?, ?, ?, ?)`
	// clockPunchPostgresSQL is both on PostgreSQL, in one statement: the
	// punch is inserted only if the state changed, and the kiosk list's
	// change takes its number (markKioskChanged) then too. A row back: it
	// changed.
	clockPunchPostgresSQL = `WITH changed AS (` + clockUpdateSQL + ` RETURNING id, last_event_at),
		punch AS (INSERT INTO punches (employee_id, kind, at, source, created_at)
			SELECT id, ?, last_event_at, ?, last_event_at FROM changed)
		SELECT nextval('` + kioskSequence + `') FROM changed`
)

// KioskVersion implements timeclock.Store: the instance's own count of
// changes, checked against the stored change number on PostgreSQL when due
// (engine.KioskCount).
func (s *TimeclockStore) KioskVersion(ctx context.Context) (int64, error) {
	if s.db.Dialect != Postgres {
		return s.db.kiosk.Version(ctx, true, nil)
	}
	return s.db.kiosk.Version(ctx, false, s.storedKioskChanges)
}

// storedKioskChanges reads the last number a kiosk list change took (PostgreSQL).
func (s *TimeclockStore) storedKioskChanges(ctx context.Context) (int64, error) {
	var v int64
	err := s.hotRow(ctx, kioskStoredSQL, nil, &v)
	return v, err
}

// KioskEmployees implements timeclock.Store.
func (s *TimeclockStore) KioskEmployees(ctx context.Context) ([]timeclock.Employee, error) {
	rows, err := s.db.Query(ctx, `SELECT id, first_name, last_name, clock_status, last_event_at FROM employees WHERE active = ?`, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []timeclock.Employee{}
	for rows.Next() {
		e := timeclock.Employee{Active: true}
		var last sql.NullInt64
		if err := rows.Scan(&e.ID, &e.FirstName, &e.LastName, &e.ClockStatus, &last); err != nil {
			return nil, err
		}
		e.LastEvent = NullMillis(last)
		out = append(out, e)
	}
	return out, rows.Err()
}

// PINRecord implements timeclock.Store.
func (s *TimeclockStore) PINRecord(ctx context.Context, id int64) (*timeclock.PINRecord, error) {
	var r timeclock.PINRecord
	var hash sql.NullString
	var last sql.NullInt64
	err := s.hotRow(ctx, `SELECT pin_hash, active, clock_status, last_event_at, seq FROM employees WHERE id = ?`, []any{id},
		&hash, &r.Active, &r.ClockStatus, &last, &r.Seq)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Hash, r.LastEvent = hash.String, NullMillis(last)
	return &r, nil
}

// clockStmts are the write statements of a punch, prepared outside any
// transaction (on SQLite the single writer connection is busy inside one).
// On PostgreSQL update is clockPunchPostgresSQL and insert is unused.
type clockStmts struct{ update, insert, labour *sql.Stmt }

func (s *TimeclockStore) clockStmts(ctx context.Context) (clockStmts, error) {
	var cs clockStmts
	var err error
	stmts := []struct {
		dst **sql.Stmt
		q   string
	}{{&cs.update, clockUpdateSQL}, {&cs.insert, punchInsertSQL}, {&cs.labour, invalidateLabourSQL}}
	if s.db.Dialect == Postgres {
		stmts = []struct {
			dst **sql.Stmt
			q   string
		}{{&cs.update, clockPunchPostgresSQL}, {&cs.labour, invalidateLabourSQL}}
	}
	for _, p := range stmts {
		if *p.dst, err = s.writeStmts.Get(ctx, s.db.write, s.db.bind(p.q)); err != nil {
			return cs, err
		}
	}
	return cs, nil
}

// Clock implements timeclock.Store: one conditional UPDATE, then the punch,
// the kiosk list's change and what then does, in one transaction. No row
// but the employee's is locked (PostgreSQL's punches commit side by side).
func (s *TimeclockStore) Clock(ctx context.Context, w timeclock.ClockWrite, then func(tx timeclock.Tx) error) (*time.Time, error) {
	stmts, err := s.clockStmts(ctx)
	if err != nil {
		return nil, err
	}
	var at *time.Time
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		at = nil
		now := Millis(tx.Now)
		if tx.db.Dialect == Postgres {
			var ticket int64
			err := tx.tx.StmtContext(ctx, stmts.update).QueryRowContext(ctx, w.To, now, now, w.EmployeeID, w.Seq, w.To, true,
				w.Kind, timeclock.SourceKiosk).Scan(&ticket)
			if IsNoRows(err) {
				return nil
			}
			if err != nil {
				return err
			}
			tx.kioskChanged = true // numbered by the statement
		} else {
			res, err := tx.tx.StmtContext(ctx, stmts.update).ExecContext(ctx, w.To, now, now, w.EmployeeID, w.Seq, w.To, true)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return err
			}
			if _, err := tx.tx.StmtContext(ctx, stmts.insert).ExecContext(ctx, w.EmployeeID, w.Kind, now, timeclock.SourceKiosk, now); err != nil {
				return err
			}
			if err := tx.markKioskChanged(ctx); err != nil {
				return err
			}
		}
		if err := then(newClockTx(tx, stmts.labour)); err != nil {
			return err
		}
		t := tx.Now
		at = &t
		return nil
	})
	return at, err
}

// ClockState implements timeclock.Store.
func (s *TimeclockStore) ClockState(ctx context.Context, id int64) (*timeclock.ClockState, error) {
	var st timeclock.ClockState
	err := s.db.QueryRow(ctx, `SELECT clock_status, active FROM employees WHERE id = ?`, id).Scan(&st.Status, &st.Active)
	if IsNoRows(err) {
		return nil, nil
	}
	return &st, err
}

// ThrottleStates implements timeclock.ThrottleReader.
func (s *TimeclockStore) ThrottleStates(ctx context.Context, prefix string) (map[string]throttle.State, error) {
	if m := s.db.throttleMem; m != nil {
		return m.States(ctx, prefix)
	}
	return readThrottles(ctx, s.db, ` WHERE key LIKE ? ESCAPE '\'`, likePrefix(prefix))
}
