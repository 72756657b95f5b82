package storage

import (
	"context"
	"time"
)

// purgeBatch is how many rows one purge transaction deletes, so that a first
// purge of a large table never holds SQLite's only writer for long.
const purgeBatch = 1000

// purge deletes the rows of table matching where (with args), at most
// purgeBatch per transaction, and returns how many. The deletes are
// idempotent: several instances purging at once only share the work.
func (db *DB) purge(ctx context.Context, table, where string, args ...any) (int64, error) {
	var total int64
	for {
		var n int64
		err := db.WithTx(ctx, func(tx *Tx) error {
			res, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE id IN (SELECT id FROM `+table+` WHERE `+where+` LIMIT ?)`,
				append(args, purgeBatch)...)
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
func (s *ThrottleStore) Purge(ctx context.Context, cutoff time.Time) (int64, error) {
	var total int64
	for {
		var n int64
		err := s.db.WithTx(ctx, func(tx *Tx) error {
			res, err := tx.Exec(ctx, `DELETE FROM throttles WHERE key IN (SELECT key FROM throttles
				WHERE updated_at < ? AND locked_until < ? LIMIT ?)`, Millis(cutoff), Millis(tx.Now), purgeBatch)
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
