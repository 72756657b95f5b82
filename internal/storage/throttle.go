package storage

import (
	"context"
	"time"
)

// Throttle counts failures per key (for example "login:<email>:<client>") in
// the database, so every instance sees the same counts. After Limit failures
// the key is locked for Base, doubling with each further lockout up to Max.
// Failures older than Window are forgotten.
type Throttle struct {
	DB     *DB
	Limit  int
	Base   time.Duration
	Max    time.Duration
	Window time.Duration
}

// Blocked reports how long key stays locked (0 if not locked).
func (t *Throttle) Blocked(ctx context.Context, key string) (time.Duration, error) {
	var until int64
	err := t.DB.QueryRow(ctx, `SELECT locked_until FROM throttles WHERE key = ?`, key).Scan(&until)
	if IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if left := FromMillis(until).Sub(t.DB.Now()); left > 0 {
		return left, nil
	}
	return 0, nil
}

// Fail records a failure for key inside tx and returns the lock it caused, if any.
func (t *Throttle) Fail(ctx context.Context, tx *Tx, key string) (time.Duration, error) {
	now := tx.Now
	var failures, lockouts int
	var updated int64
	err := tx.QueryRow(ctx, `SELECT failures, lockouts, updated_at FROM throttles WHERE key = ?`+tx.ForUpdate(), key).
		Scan(&failures, &lockouts, &updated)
	if err != nil && !IsNoRows(err) {
		return 0, err
	}
	if IsNoRows(err) {
		failures, lockouts = 0, 0
	} else if now.Sub(FromMillis(updated)) > t.Window {
		failures = 0
		if now.Sub(FromMillis(updated)) > 4*t.Window {
			lockouts = 0
		}
	}
	failures++
	var lock time.Duration
	var until int64
	if failures >= t.Limit {
		lock = t.Base << lockouts
		if lock > t.Max || lock <= 0 {
			lock = t.Max
		}
		until = Millis(now.Add(lock))
		failures = 0
		lockouts++
	}
	_, err = tx.Exec(ctx, `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts,
		locked_until = CASE WHEN excluded.locked_until > 0 THEN excluded.locked_until ELSE throttles.locked_until END,
		updated_at = excluded.updated_at`,
		key, failures, lockouts, until, Millis(now))
	return lock, err
}

// Reset forgets key's failures, as after a success.
func (t *Throttle) Reset(ctx context.Context, tx *Tx, key string) error {
	_, err := tx.Exec(ctx, `DELETE FROM throttles WHERE key = ?`, key)
	return err
}
