package storage

import (
	"context"
	"sort"
	"time"

	"github.com/packline/packline/internal/throttle"
)

// ThrottleStore implements throttle.Store on the throttles table. Each
// attempt is one transaction: the key's row is created if missing, locked
// (PostgreSQL: FOR UPDATE; SQLite: the single writer), judged by the policy
// and written back, so parallel attempts on one key are counted one by one,
// on every instance.
type ThrottleStore struct{ db *DB }

var _ throttle.Store = (*ThrottleStore)(nil)

// NewThrottleStore returns the throttle store over db.
func NewThrottleStore(db *DB) *ThrottleStore { return &ThrottleStore{db: db} }

// Attempt implements throttle.Store.
func (s *ThrottleStore) Attempt(ctx context.Context, keys ...throttle.Key) (time.Duration, error) {
	// Lock rows in one order so that two attempts on the same keys never deadlock.
	sorted := append([]throttle.Key(nil), keys...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var wait time.Duration
	err := s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		wait = 0
		for _, k := range sorted {
			st, err := lockThrottle(ctx, tx, k.Name)
			if err != nil {
				return err
			}
			next, w := k.Policy.Admit(st, tx.Now)
			if err := saveThrottle(ctx, tx, k.Name, next); err != nil {
				return err
			}
			wait = max(wait, w)
		}
		return nil
	})
	return wait, err
}

// Succeeded implements throttle.Store.
func (s *ThrottleStore) Succeeded(ctx context.Context, clear, refund []string) error {
	if len(clear) == 0 && len(refund) == 0 {
		return nil
	}
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		for _, k := range clear {
			if _, err := tx.Exec(ctx, `DELETE FROM throttles WHERE key = ?`, k); err != nil {
				return err
			}
		}
		for _, k := range refund {
			if _, err := tx.Exec(ctx, `UPDATE throttles SET failures = failures - 1 WHERE key = ? AND failures > 0`, k); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClearPrefix implements throttle.Store.
func (s *ThrottleStore) ClearPrefix(ctx context.Context, prefix string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM throttles WHERE key LIKE ? ESCAPE '\'`, likePrefix(prefix))
		return err
	})
}

// lockThrottle returns key's state, creating its row if needed, under a row lock.
func lockThrottle(ctx context.Context, tx *Tx, key string) (throttle.State, error) {
	if _, err := tx.Exec(ctx, `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at)
		VALUES (?, 0, 0, 0, 0) ON CONFLICT (key) DO NOTHING`, key); err != nil {
		return throttle.State{}, err
	}
	var st throttle.State
	var until, updated int64
	err := tx.QueryRow(ctx, `SELECT failures, lockouts, locked_until, updated_at FROM throttles WHERE key = ?`+tx.ForUpdate(), key).
		Scan(&st.Attempts, &st.Lockouts, &until, &updated)
	st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
	return st, err
}

func saveThrottle(ctx context.Context, tx *Tx, key string, st throttle.State) error {
	_, err := tx.Exec(ctx, `UPDATE throttles SET failures = ?, lockouts = ?, locked_until = ?, updated_at = ? WHERE key = ?`,
		st.Attempts, st.Lockouts, Millis(st.LockedUntil), Millis(st.UpdatedAt), key)
	return err
}
