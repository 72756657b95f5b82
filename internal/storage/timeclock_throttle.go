package storage

import (
	"context"
	"database/sql"
	"sort"
	"time"

	"github.com/packline/packline/internal/throttle"
	"github.com/packline/packline/internal/timeclock"
)

// PINThrottle implements timeclock.Throttle on the throttles table, with
// the statements of the kiosk's hot path prepared once.
type PINThrottle struct {
	*ThrottleStore
	db    *DB
	stmts stmtCache
}

var _ timeclock.Throttle = (*PINThrottle)(nil)

// NewPINThrottle returns the time clock's throttle over db.
func NewPINThrottle(db *DB) *PINThrottle {
	return &PINThrottle{ThrottleStore: NewThrottleStore(db), db: db}
}

const (
	throttleSelectSQL = `SELECT failures, lockouts, locked_until, updated_at FROM throttles WHERE key = ?`
	throttleInsertSQL = `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, 0, 0, 0, 0) ON CONFLICT (key) DO NOTHING`
	throttleSaveSQL   = `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts,
		locked_until = excluded.locked_until, updated_at = excluded.updated_at`
)

// guardStmts are Guard's statements, prepared on the writer pool.
type guardStmts struct{ sel, ins, save *sql.Stmt }

func (t *PINThrottle) prepare(ctx context.Context) (guardStmts, error) {
	sel := throttleSelectSQL
	if t.db.Dialect == Postgres {
		sel += " FOR UPDATE"
	}
	var g guardStmts
	var err error
	for _, p := range []struct {
		dst **sql.Stmt
		q   string
	}{{&g.sel, sel}, {&g.ins, throttleInsertSQL}, {&g.save, throttleSaveSQL}} {
		if *p.dst, err = t.stmts.get(ctx, t.db, t.db.write, p.q); err != nil {
			return g, err
		}
	}
	return g, nil
}

// Guard implements timeclock.Throttle in one transaction: each stage's keys
// are locked (in one order) and judged by their policy (the keys whose
// cool-down this attempt starts are returned); a refusing stage ends the
// attempt, counted on the keys judged so far. When every stage admits,
// evaluate runs while the locks are held and its verdict decides what is
// stored: cleared keys go back to zero, refunded keys keep their state from
// before the attempt, the rest keep the attempt counted.
//
// Locking a key writes nothing where it can: PostgreSQL locks the row
// (SELECT … FOR UPDATE, creating it first if missing, so two first
// attempts cannot both count from zero); on SQLite the transaction already
// holds the single writer, so a missing row is simply zero. A right PIN
// whose keys were clean thus commits without writing, and any commit is
// bookkeeping (no fsync of its own: db.WithBookkeepingTx).
func (t *PINThrottle) Guard(ctx context.Context, stages [][]throttle.Key, evaluate func() timeclock.Verdict) (time.Duration, []string, error) {
	g, err := t.prepare(ctx)
	if err != nil {
		return 0, nil, err
	}
	var wait time.Duration
	var locked []string
	// Bookkeeping: a power cut may forget the last counts, never a punch.
	err = t.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		wait, locked = 0, nil
		sel, ins, save := tx.tx.StmtContext(ctx, g.sel), tx.tx.StmtContext(ctx, g.ins), tx.tx.StmtContext(ctx, g.save)
		read := func(key string) (throttle.State, error) {
			var st throttle.State
			var until, updated int64
			err := sel.QueryRowContext(ctx, key).Scan(&st.Attempts, &st.Lockouts, &until, &updated)
			st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
			return st, err
		}
		type judged struct {
			key           string
			before, after throttle.State
		}
		var all []judged
		for _, stage := range stages {
			keys := append([]throttle.Key(nil), stage...)
			sort.Slice(keys, func(i, j int) bool { return keys[i].Name < keys[j].Name })
			for _, k := range keys {
				st, err := read(k.Name)
				if IsNoRows(err) {
					st, err = throttle.State{LockedUntil: FromMillis(0), UpdatedAt: FromMillis(0)}, nil
					if tx.Dialect() == Postgres {
						if _, err = ins.ExecContext(ctx, k.Name); err == nil {
							st, err = read(k.Name)
						}
					}
				}
				if err != nil {
					return err
				}
				next, w := k.Policy.Admit(st, tx.Now)
				if w > 0 && !tx.Now.Before(st.LockedUntil) {
					locked = append(locked, k.Name) // this attempt starts the cool-down
				}
				all = append(all, judged{k.Name, st, next})
				wait = max(wait, w)
			}
			if wait > 0 {
				break
			}
		}
		var v timeclock.Verdict
		if wait == 0 {
			v = evaluate()
		}
		for _, j := range all {
			st := j.after
			switch {
			case contains(v.Refund, j.key):
				continue // the row keeps its state from before the attempt
			case contains(v.Clear, j.key):
				if j.before.Attempts == 0 && j.before.Lockouts == 0 {
					continue // nothing to forget
				}
				st = throttle.State{LockedUntil: FromMillis(0), UpdatedAt: tx.Now}
			}
			if _, err := save.ExecContext(ctx, j.key, st.Attempts, st.Lockouts, Millis(st.LockedUntil), Millis(st.UpdatedAt)); err != nil {
				return err
			}
		}
		return nil
	})
	return wait, locked, err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
