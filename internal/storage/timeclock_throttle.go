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
	// throttleLockSQL creates a key's row if missing and returns it, locked:
	// the no-op update takes PostgreSQL's row lock; SQLite's single writer
	// already serialises.
	throttleLockSQL = `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, 0, 0, 0, 0)
		ON CONFLICT (key) DO UPDATE SET key = excluded.key
		RETURNING failures, lockouts, locked_until, updated_at`
	throttleSaveSQL   = `UPDATE throttles SET failures = ?, lockouts = ?, locked_until = ?, updated_at = ? WHERE key = ?`
	throttleDeleteSQL = `DELETE FROM throttles WHERE key = ?`
)

// Guard implements timeclock.Throttle in one transaction: each stage's keys
// are locked (in one order) and judged by their policy (the keys whose
// cool-down this attempt starts are returned); a refusing stage
// ends the attempt, counted on the keys judged so far. When every stage
// admits, evaluate runs while the locks are held and its verdict decides
// what is stored: cleared keys are deleted, refunded keys keep their state
// from before the attempt, the rest keep the attempt counted.
func (t *PINThrottle) Guard(ctx context.Context, stages [][]throttle.Key, evaluate func() timeclock.Verdict) (time.Duration, []string, error) {
	var lockSt, saveSt, delSt *sql.Stmt
	var err error
	for _, p := range []struct {
		dst **sql.Stmt
		q   string
	}{{&lockSt, throttleLockSQL}, {&saveSt, throttleSaveSQL}, {&delSt, throttleDeleteSQL}} {
		if *p.dst, err = t.stmts.get(ctx, t.db, t.db.write, p.q); err != nil {
			return 0, nil, err
		}
	}
	var wait time.Duration
	var locked []string
	err = t.db.WithTx(ctx, func(tx *Tx) error {
		wait, locked = 0, nil
		lock, save, del := tx.tx.StmtContext(ctx, lockSt), tx.tx.StmtContext(ctx, saveSt), tx.tx.StmtContext(ctx, delSt)
		type judged struct {
			key   string
			after throttle.State
		}
		var all []judged
		for _, stage := range stages {
			keys := append([]throttle.Key(nil), stage...)
			sort.Slice(keys, func(i, j int) bool { return keys[i].Name < keys[j].Name })
			for _, k := range keys {
				var st throttle.State
				var until, updated int64
				if err := lock.QueryRowContext(ctx, k.Name).Scan(&st.Attempts, &st.Lockouts, &until, &updated); err != nil {
					return err
				}
				st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
				next, w := k.Policy.Admit(st, tx.Now)
				if w > 0 && !tx.Now.Before(st.LockedUntil) {
					locked = append(locked, k.Name) // this attempt starts the cool-down
				}
				all = append(all, judged{k.Name, next})
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
			switch {
			case contains(v.Clear, j.key):
				if _, err := del.ExecContext(ctx, j.key); err != nil {
					return err
				}
				continue
			case contains(v.Refund, j.key):
				continue // the row keeps its state from before the attempt
			}
			st := j.after
			if _, err := save.ExecContext(ctx, st.Attempts, st.Lockouts, Millis(st.LockedUntil), Millis(st.UpdatedAt), j.key); err != nil {
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
