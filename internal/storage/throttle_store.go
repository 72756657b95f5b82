package storage

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
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
// (engine.MemThrottle); on PostgreSQL on the instance's copies of the rows,
// written or checked against their versions in one statement
// (engine.SharedThrottle), or, when other instances keep changing them,
// over the rows locked (locked). Either way the commit is bookkeeping: no
// fsync of its own (a power cut may forget the last counts, never a punch).
func (r *ThrottleRows) Within(ctx context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) error {
	if m := r.db.throttleMem; m != nil {
		return m.Within(ctx, fn)
	}
	if len(keys) > 0 {
		return mapError(r.db.throttleShared.Within(ctx, keys, fn))
	}
	return r.locked(ctx, keys, fn)
}

// locked is a throttle attempt on PostgreSQL over the rows locked
// (withinPostgres), tried again on a deadlock or serialization failure.
func (r *ThrottleRows) locked(ctx context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) error {
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
	throttleLockSQL = `WITH created AS (INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at, version)
			SELECT k, 0, 0, 0, 0, nextval('throttle_versions') FROM unnest(CAST($1 AS TEXT[])) AS k ON CONFLICT (key) DO NOTHING)
		SELECT key, failures, lockouts, locked_until, updated_at FROM throttles
		WHERE key = ANY($1) ORDER BY key COLLATE "C" FOR UPDATE`
	// throttleRelockSQL locks rows read after throttleLockSQL created them.
	throttleRelockSQL = `SELECT key, failures, lockouts, locked_until, updated_at FROM throttles
		WHERE key = ANY($1) ORDER BY key COLLATE "C" FOR UPDATE`
	// throttleSaveAllSQL writes the saved states, one array per column.
	throttleSaveAllSQL = `UPDATE throttles AS t SET failures = s.failures, lockouts = s.lockouts,
			locked_until = s.locked_until, updated_at = s.updated_at, version = nextval('throttle_versions')
		FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS INTEGER[]), CAST($3 AS INTEGER[]), CAST($4 AS BIGINT[]), CAST($5 AS BIGINT[]))
			AS s(key, failures, lockouts, locked_until, updated_at)
		WHERE t.key = s.key`
)

const (
	// throttleReadSQL reads rows and their versions (PostgreSQL).
	throttleReadSQL = `SELECT key, failures, lockouts, locked_until, updated_at, version FROM throttles WHERE key = ANY($1)`
	// throttleApplySQL writes the rows saved and checks the others, each
	// only if its version is the one expected (-1: no row; a new row takes
	// one from the sequence too), in one statement whose commit is not
	// flushed first (bookkeeping). It returns each key and its version if
	// it matched (the new one for a row written), NULL if it did not.
	// Arrays: keys, expected versions, saved?, then the saved states.
	throttleApplySQL = `WITH input AS (
			SELECT * FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS BIGINT[]), CAST($3 AS BOOLEAN[]), CAST($4 AS INTEGER[]),
				CAST($5 AS INTEGER[]), CAST($6 AS BIGINT[]), CAST($7 AS BIGINT[]))
				AS i(key, expected, save, failures, lockouts, locked_until, updated_at)),
		bookkeeping AS (SELECT set_config('synchronous_commit', 'off', true) AS setting),
		written AS (UPDATE throttles AS t SET failures = i.failures, lockouts = i.lockouts, locked_until = i.locked_until,
				updated_at = i.updated_at, version = nextval('throttle_versions')
			FROM input AS i WHERE i.save AND t.key = i.key AND t.version = i.expected
			RETURNING t.key, t.version),
		created AS (INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at, version)
			SELECT key, failures, lockouts, locked_until, updated_at, nextval('throttle_versions') FROM input
			WHERE save AND expected = -1
			ON CONFLICT (key) DO NOTHING
			RETURNING key, version)
		SELECT i.key, COALESCE(w.version, c.version, CASE WHEN NOT i.save AND COALESCE(t.version, -1) = i.expected THEN i.expected END)
		FROM input AS i CROSS JOIN bookkeeping
			LEFT JOIN written AS w ON w.key = i.key LEFT JOIN created AS c ON c.key = i.key
			LEFT JOIN throttles AS t ON t.key = i.key`
)

// newThrottleShared keeps copies of db's throttle rows (PostgreSQL), checked
// against the table at every attempt (engine.SharedThrottle).
func newThrottleShared(db *DB) *engine.SharedThrottle {
	rows := &ThrottleRows{db: db}
	return &engine.SharedThrottle{
		Read: func(ctx context.Context, keys []string) (map[string]engine.VersionedState, error) {
			res, err := db.write.QueryContext(ctx, throttleReadSQL, keys)
			if err != nil {
				return nil, err
			}
			defer res.Close()
			out := map[string]engine.VersionedState{}
			for res.Next() {
				var key string
				var v engine.VersionedState
				var until, updated int64
				if err := res.Scan(&key, &v.Attempts, &v.Lockouts, &until, &updated, &v.Version); err != nil {
					return nil, err
				}
				v.LockedUntil, v.UpdatedAt = FromMillis(until), FromMillis(updated)
				out[key] = v
			}
			return out, res.Err()
		},
		Apply: func(ctx context.Context, ops []engine.ThrottleOp) (map[string]int64, error) {
			if !slices.ContainsFunc(ops, func(op engine.ThrottleOp) bool { return op.Save }) {
				return checkThrottles(ctx, db, ops)
			}
			n := len(ops)
			keys, expected, save := make([]string, n), make([]int64, n), make([]bool, n)
			attempts, lockouts, until, updated := make([]int, n), make([]int, n), make([]int64, n), make([]int64, n)
			for i, op := range ops {
				keys[i], expected[i], save[i] = op.Key, op.Expected, op.Save
				attempts[i], lockouts[i] = op.State.Attempts, op.State.Lockouts
				until[i], updated[i] = Millis(op.State.LockedUntil), Millis(op.State.UpdatedAt)
			}
			res, err := db.write.QueryContext(ctx, throttleApplySQL, keys, expected, save, attempts, lockouts, until, updated)
			if err != nil {
				return nil, err
			}
			defer res.Close()
			held := map[string]int64{}
			for res.Next() {
				var key string
				var v sql.NullInt64
				if err := res.Scan(&key, &v); err != nil {
					return nil, err
				}
				if v.Valid {
					held[key] = v.Int64
				}
			}
			return held, res.Err()
		},
		Locked: rows.locked,
		Now:    db.Now,
	}
}

// checkThrottles is Apply when nothing is saved: the rows' versions read
// in one read-only statement and compared with the copies'.
func checkThrottles(ctx context.Context, db *DB, ops []engine.ThrottleOp) (map[string]int64, error) {
	keys := make([]string, len(ops))
	for i, op := range ops {
		keys[i] = op.Key
	}
	res, err := db.write.QueryContext(ctx, `SELECT key, version FROM throttles WHERE key = ANY($1)`, keys)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	versions := map[string]int64{}
	for res.Next() {
		var key string
		var v int64
		if err := res.Scan(&key, &v); err != nil {
			return nil, err
		}
		versions[key] = v
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	held := map[string]int64{}
	for _, op := range ops {
		v, ok := versions[op.Key]
		if !ok {
			v = -1
		}
		if v == op.Expected {
			held[op.Key] = v
		}
	}
	return held, nil
}

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
	r.db.throttleShared.Forget(func(key string) bool { return strings.HasPrefix(key, prefix) })
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
