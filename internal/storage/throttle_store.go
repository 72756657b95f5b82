package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/throttle"
)

// ThrottleRows implements throttle.Rows on the throttles table. It locks,
// reads and saves; every decision is the throttle package's.
type ThrottleRows struct {
	db *DB
}

var _ throttle.Rows = (*ThrottleRows)(nil)

// NewThrottleRows returns the throttles table over db.
func NewThrottleRows(db *DB) *ThrottleRows { return &ThrottleRows{db: db} }

// NewThrottle returns a throttle over db's throttles table.
func NewThrottle(db *DB) *throttle.Throttle { return throttle.New(NewThrottleRows(db)) }

// throttleSaveSQL writes one key's state (SQLite's write-back).
const throttleSaveSQL = `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, ?, ?, ?, ?)
	ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts,
	locked_until = excluded.locked_until, updated_at = excluded.updated_at`

// Within implements throttle.Rows: on SQLite in memory, written back behind
// (engine.MemThrottle); on PostgreSQL in a bookkeeping transaction over the
// rows locked (no fsync of its own: a power cut may forget the last counts,
// never a punch), in as few round trips as it can (withinPostgres).
func (r *ThrottleRows) Within(ctx context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) error {
	if m := r.db.throttleMem; m != nil {
		return m.Within(ctx, fn)
	}
	for attempt := 0; ; attempt++ {
		err := r.withinPostgres(ctx, keys, fn)
		if err != nil && attempt < 5 && engine.IsRetryable(err) {
			time.Sleep(time.Duration(attempt+1) * 5 * time.Millisecond)
			continue
		}
		return mapError(err)
	}
}

// withinPostgres is one throttle transaction on PostgreSQL, on a
// connection of the pool: BEGIN with synchronous_commit off in one round
// trip, every key's row locked in one statement (created first when
// missing), fn judged on them in memory, what it saved written in one
// statement, then COMMIT. A PIN check with nothing to save is three round
// trips. A connection left inside a transaction (an error mid-way) is
// rolled back, or discarded by the pool.
func (r *ThrottleRows) withinPostgres(ctx context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) (err error) {
	conn, err := r.db.write.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN; SET LOCAL synchronous_commit = off`); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
		}
	}()
	l := &throttleLocker{conn: conn, rows: map[string]throttle.State{}}
	if len(keys) > 0 {
		if err := l.lockAll(ctx, keys); err != nil {
			return err
		}
	}
	if err := fn(l, r.db.Now().UTC().Truncate(time.Millisecond)); err != nil {
		return err
	}
	if err := l.saveAll(ctx); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `COMMIT`)
	return err
}

const (
	// throttleLockSQL locks the rows of the keys given (an array), in byte
	// order of their names, creating the missing ones: those are inserted
	// after the locking read, so it does not return them (lockMissing).
	throttleLockSQL = `WITH created AS (INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at)
			SELECT k, 0, 0, 0, 0 FROM unnest(CAST($1 AS TEXT[])) AS k ON CONFLICT (key) DO NOTHING)
		SELECT key, failures, lockouts, locked_until, updated_at FROM throttles
		WHERE key = ANY($1) ORDER BY key COLLATE "C" FOR UPDATE`
	// throttleRelockSQL locks rows read after throttleLockSQL created them.
	throttleRelockSQL = `SELECT key, failures, lockouts, locked_until, updated_at FROM throttles
		WHERE key = ANY($1) ORDER BY key COLLATE "C" FOR UPDATE`
	// throttleSaveAllSQL writes the saved states, one array per column.
	throttleSaveAllSQL = `UPDATE throttles AS t SET failures = s.failures, lockouts = s.lockouts,
			locked_until = s.locked_until, updated_at = s.updated_at
		FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS INTEGER[]), CAST($3 AS INTEGER[]), CAST($4 AS BIGINT[]), CAST($5 AS BIGINT[]))
			AS s(key, failures, lockouts, locked_until, updated_at)
		WHERE t.key = s.key`
)

// throttleLocker is one PostgreSQL throttle transaction's view of the
// throttles table: the rows it locked, and what fn saved.
type throttleLocker struct {
	conn  *sql.Conn
	rows  map[string]throttle.State
	saved map[string]throttle.State
}

// lockAll locks every key's row (creating it when missing).
func (l *throttleLocker) lockAll(ctx context.Context, keys []string) error {
	if err := l.read(ctx, throttleLockSQL, keys); err != nil {
		return err
	}
	var missing []string
	for _, k := range keys {
		if _, ok := l.rows[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	// Created by this statement (ours until commit) or by another
	// transaction since its snapshot: read now, locked.
	if err := l.read(ctx, throttleRelockSQL, missing); err != nil {
		return err
	}
	for _, k := range missing {
		if _, ok := l.rows[k]; !ok {
			return fmt.Errorf("throttle key %q neither found nor created", k)
		}
	}
	return nil
}

func (l *throttleLocker) read(ctx context.Context, q string, keys []string) error {
	rows, err := l.conn.QueryContext(ctx, q, keys)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var st throttle.State
		var until, updated int64
		if err := rows.Scan(&key, &st.Attempts, &st.Lockouts, &until, &updated); err != nil {
			return err
		}
		st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
		l.rows[key] = st
	}
	return rows.Err()
}

// Lock implements throttle.Locker (PostgreSQL): a key locked by lockAll,
// else locked now on its own.
func (l *throttleLocker) Lock(ctx context.Context, key string) (throttle.State, error) {
	if st, ok := l.saved[key]; ok {
		return st, nil
	}
	if st, ok := l.rows[key]; ok {
		return st, nil
	}
	if err := l.lockAll(ctx, []string{key}); err != nil {
		return throttle.State{}, err
	}
	return l.rows[key], nil
}

// Save implements throttle.Locker: written by saveAll.
func (l *throttleLocker) Save(_ context.Context, key string, st throttle.State) error {
	if l.saved == nil {
		l.saved = map[string]throttle.State{}
	}
	l.saved[key] = st
	return nil
}

// saveAll writes what was saved, in one statement.
func (l *throttleLocker) saveAll(ctx context.Context) error {
	if len(l.saved) == 0 {
		return nil
	}
	var keys []string
	var attempts, lockouts []int
	var until, updated []int64
	for k, st := range l.saved {
		keys, attempts, lockouts = append(keys, k), append(attempts, st.Attempts), append(lockouts, st.Lockouts)
		until, updated = append(until, Millis(st.LockedUntil)), append(updated, Millis(st.UpdatedAt))
	}
	_, err := l.conn.ExecContext(ctx, throttleSaveAllSQL, keys, attempts, lockouts, until, updated)
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
