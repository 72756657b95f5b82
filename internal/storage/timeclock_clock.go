package storage

import (
	"context"
	"database/sql"
	"time"

	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage/engine"
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
	// clockPostgresSQL is a whole kiosk punch on PostgreSQL in one
	// statement, its own transaction: the state changes as clockUpdateSQL
	// says and, only if it did, the punch is inserted, the kept labour of
	// the dates in the ranges given (two arrays: firsts, lasts) is
	// invalidated (as invalidateLabourSQL does) and the kiosk list's change takes its number
	// (markKioskChanged). A row back: it changed.
	clockPostgresSQL = `WITH changed AS (` + clockUpdateSQL + ` RETURNING id, last_event_at),
		punch AS (INSERT INTO punches (employee_id, kind, at, source, created_at)
			SELECT id, ?, last_event_at, ?, last_event_at FROM changed),
		labour AS (UPDATE production_labour_days AS d SET generation = d.generation + 1, basis = ''
			FROM unnest(CAST(? AS TEXT[]), CAST(? AS TEXT[])) AS marked(first, last)
			WHERE d.date >= marked.first AND d.date <= marked.last AND d.basis <> '' AND EXISTS (SELECT 1 FROM changed))
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

// clockStmts are the write statements of a punch on SQLite, prepared
// outside any transaction (the single writer connection is busy inside one).
type clockStmts struct{ update, insert, labour *sql.Stmt }

func (s *TimeclockStore) clockStmts(ctx context.Context) (clockStmts, error) {
	var cs clockStmts
	var err error
	for _, p := range []struct {
		dst **sql.Stmt
		q   string
	}{{&cs.update, clockUpdateSQL}, {&cs.insert, punchInsertSQL}, {&cs.labour, invalidateLabourSQL}} {
		if *p.dst, err = s.writeStmts.Get(ctx, s.db.write, s.db.bind(p.q)); err != nil {
			return cs, err
		}
	}
	return cs, nil
}

// Clock implements timeclock.Store. No row but the employee's is locked
// (on PostgreSQL punches commit side by side): on SQLite one conditional
// UPDATE, then the punch, the kiosk list's change and what then does, in
// one transaction of the group commit; on PostgreSQL one statement
// (clockPostgres).
func (s *TimeclockStore) Clock(ctx context.Context, w timeclock.ClockWrite, then func(tx timeclock.ClockTx) error) (*time.Time, error) {
	if s.db.Dialect == Postgres {
		return s.clockPostgres(ctx, w, then)
	}
	stmts, err := s.clockStmts(ctx)
	if err != nil {
		return nil, err
	}
	var at *time.Time
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		at = nil
		now := Millis(tx.Now)
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
		if err := then(newClockTx(tx, stmts.labour)); err != nil {
			return err
		}
		t := tx.Now
		at = &t
		return nil
	})
	return at, err
}

// clockPostgres writes a kiosk punch in one statement (clockPostgresSQL),
// durable when it returns, instead of a transaction of four round trips:
// what then marks is recorded first (punchPlan) and written with the punch,
// only if the state changed. A deadlock or serialization failure is tried
// again, as WithTx does.
func (s *TimeclockStore) clockPostgres(ctx context.Context, w timeclock.ClockWrite, then func(tx timeclock.ClockTx) error) (*time.Time, error) {
	st, err := s.writeStmts.Get(ctx, s.db.write, s.db.bind(clockPostgresSQL))
	if err != nil {
		return nil, mapError(err)
	}
	for attempt := 0; ; attempt++ {
		plan := &punchPlan{now: s.db.Now().UTC().Truncate(time.Millisecond)}
		if err := then(plan); err != nil {
			return nil, err
		}
		now := Millis(plan.now)
		var number int64
		err := st.QueryRowContext(ctx, w.To, now, now, w.EmployeeID, w.Seq, w.To, true,
			w.Kind, timeclock.SourceKiosk, plan.firsts, plan.lasts).Scan(&number)
		switch {
		case IsNoRows(err):
			return nil, nil
		case err != nil && attempt < 5 && engine.IsRetryable(err):
			time.Sleep(time.Duration(attempt+1) * 5 * time.Millisecond)
			continue
		case err != nil:
			return nil, mapError(err)
		}
		s.db.kioskCommitted()
		return &plan.now, nil
	}
}

// punchPlan is a kiosk punch's timeclock.ClockTx on PostgreSQL before it
// is written: its time, and the labour ranges marked, to be written with it.
type punchPlan struct {
	now           time.Time
	firsts, lasts []string
}

func (p *punchPlan) Now() time.Time { return p.now }

// PunchesChanged implements effects.Labour: production's rule picks the days.
func (p *punchPlan) PunchesChanged(ctx context.Context, at ...time.Time) error {
	return production.PunchLabour{LabourDays: p}.PunchesChanged(ctx, at...)
}

// DaysChanged implements effects.Labour (and production.LabourDays).
func (p *punchPlan) DaysChanged(_ context.Context, from, to string) error {
	p.firsts, p.lasts = append(p.firsts, from), append(p.lasts, to)
	return nil
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
