package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/throttle"
)

// ThrottleRows implements throttle.Rows on the throttles table, with the
// statements of the kiosk's hot path prepared once. It locks, reads and
// saves; every decision is the throttle package's.
type ThrottleRows struct {
	db    *DB
	stmts engine.Stmts
}

var _ throttle.Rows = (*ThrottleRows)(nil)

// NewThrottleRows returns the throttles table over db.
func NewThrottleRows(db *DB) *ThrottleRows { return &ThrottleRows{db: db} }

// NewThrottle returns a throttle over db's throttles table.
func NewThrottle(db *DB) *throttle.Throttle { return throttle.New(NewThrottleRows(db)) }

const (
	throttleSelectSQL = `SELECT failures, lockouts, locked_until, updated_at FROM throttles WHERE key = ? FOR UPDATE`
	throttleInsertSQL = `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, 0, 0, 0, 0) ON CONFLICT (key) DO NOTHING`
	throttleSaveSQL   = `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts,
		locked_until = excluded.locked_until, updated_at = excluded.updated_at`
)

// Within implements throttle.Rows: on SQLite in memory, written back behind
// (engine.MemThrottle); on PostgreSQL in a bookkeeping transaction over the
// locked rows (no fsync of its own: a power cut may forget the last counts,
// never a punch).
func (r *ThrottleRows) Within(ctx context.Context, fn func(l throttle.Locker, now time.Time) error) error {
	if m := r.db.throttleMem; m != nil {
		return m.Within(ctx, fn)
	}
	var prepared [3]*sql.Stmt
	for i, q := range []string{throttleSelectSQL, throttleInsertSQL, throttleSaveSQL} {
		st, err := r.stmts.Get(ctx, r.db.write, r.db.bind(q))
		if err != nil {
			return err
		}
		prepared[i] = st
	}
	return r.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		return fn(&throttleLocker{
			sel:  tx.tx.StmtContext(ctx, prepared[0]),
			ins:  tx.tx.StmtContext(ctx, prepared[1]),
			save: tx.tx.StmtContext(ctx, prepared[2]),
		}, tx.Now)
	})
}

// throttleLocker is one transaction's view of the throttles table.
type throttleLocker struct {
	sel, ins, save *sql.Stmt
}

// Lock implements throttle.Locker (PostgreSQL): it locks the row (SELECT …
// FOR UPDATE), creating it first if missing, so two first attempts on
// different instances cannot both count from zero.
func (l *throttleLocker) Lock(ctx context.Context, key string) (throttle.State, error) {
	st, err := l.read(ctx, key)
	if IsNoRows(err) {
		if _, err = l.ins.ExecContext(ctx, key); err == nil {
			st, err = l.read(ctx, key)
		}
	}
	return st, err
}

func (l *throttleLocker) read(ctx context.Context, key string) (throttle.State, error) {
	var st throttle.State
	var until, updated int64
	err := l.sel.QueryRowContext(ctx, key).Scan(&st.Attempts, &st.Lockouts, &until, &updated)
	st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
	return st, err
}

// Save implements throttle.Locker.
func (l *throttleLocker) Save(ctx context.Context, key string, st throttle.State) error {
	_, err := l.save.ExecContext(ctx, key, st.Attempts, st.Lockouts, Millis(st.LockedUntil), Millis(st.UpdatedAt))
	return err
}

// ClearPrefix implements throttle.Rows.
func (r *ThrottleRows) ClearPrefix(ctx context.Context, prefix string) error {
	del := func() (int64, error) {
		return 0, r.db.WithTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, `DELETE FROM throttles WHERE key LIKE ? ESCAPE '\'`, likePrefix(prefix))
			return err
		})
	}
	if m := r.db.throttleMem; m != nil {
		_, err := m.Remove(ctx, func(key string, _ throttle.State) bool { return strings.HasPrefix(key, prefix) }, del)
		return err
	}
	_, err := del()
	return err
}

// newThrottleMem keeps db's throttle rows in memory (SQLite), read from and
// written back to the throttles table.
func newThrottleMem(db *DB) *engine.MemThrottle {
	return &engine.MemThrottle{
		Load: func(ctx context.Context) (map[string]throttle.State, error) {
			rows, err := readThrottles(ctx, db, "")
			return rows, mapError(err)
		},
		Save: func(ctx context.Context, rows map[string]throttle.State) error {
			// Counts made earlier: a write-back reads no clock (it may run
			// while a test sets db.Now), bookkeeping (no fsync).
			return mapError(db.group.Do(ctx, false, db.work(ctx, false, func(tx *Tx) error {
				for k, st := range rows {
					if _, err := tx.Exec(ctx, throttleSaveSQL, k, st.Attempts, st.Lockouts, Millis(st.LockedUntil), Millis(st.UpdatedAt)); err != nil {
						return err
					}
				}
				return nil
			})))
		},
		Now:     db.Now,
		Closing: db.closing.Load,
	}
}

// readThrottles reads the throttle rows where selects.
func readThrottles(ctx context.Context, q querier, where string, args ...any) (map[string]throttle.State, error) {
	rows, err := q.Query(ctx, `SELECT key, failures, lockouts, locked_until, updated_at FROM throttles`+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]throttle.State{}
	for rows.Next() {
		var key string
		var st throttle.State
		var until, updated int64
		if err := rows.Scan(&key, &st.Attempts, &st.Lockouts, &until, &updated); err != nil {
			return nil, err
		}
		st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
		out[key] = st
	}
	return out, rows.Err()
}
