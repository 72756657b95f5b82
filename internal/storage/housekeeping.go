package storage

import (
	"context"
	"time"

	"github.com/packline/packline/internal/throttle"
)

// purgeBatch is how many rows one purge transaction deletes, so that a first
// purge of a large table never holds SQLite's only writer for long.
const purgeBatch = 1000

// purge deletes the rows of table (keyed by key) matching where with args,
// at most purgeBatch per transaction, and returns how many. The deletes are
// idempotent: several instances purging at once only share the work.
func (db *DB) purge(ctx context.Context, table, key, where string, args ...any) (int64, error) {
	var total int64
	for {
		var n int64
		err := db.WithBookkeepingTx(ctx, func(tx *Tx) error {
			res, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE `+key+` IN (SELECT `+key+` FROM `+table+
				` WHERE `+where+` LIMIT ?)`, append(args, purgeBatch)...)
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		total += n
		if err != nil || n < purgeBatch {
			return total, err
		}
	}
}

// Purge deletes throttle rows whose last attempt was before cutoff and that
// are not locked now (see throttle.Retention).
func (s *ThrottleRows) Purge(ctx context.Context, cutoff time.Time) (int64, error) {
	now := s.db.Now()
	purge := func() (int64, error) {
		return s.db.purge(ctx, "throttles", "key", `updated_at < ? AND locked_until < ?`, Millis(cutoff), Millis(now))
	}
	if m := s.db.throttleMem; m != nil {
		return m.Remove(ctx, func(_ string, st throttle.State) bool {
			return st.UpdatedAt.Before(cutoff) && st.LockedUntil.Before(now)
		}, purge)
	}
	return purge()
}
