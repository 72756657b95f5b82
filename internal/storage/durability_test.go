package storage_test

import (
	"context"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// A write transaction commits durably: SQLite fsyncs the WAL at its commit
// (synchronous=FULL, 2), PostgreSQL waits for its WAL flush
// (synchronous_commit on), so an acknowledged punch or stock move survives a
// power cut, not only a killed process. Only bookkeeping (throttle counts, a
// token's last use) commits without waiting for the disk; the next durable
// transaction is durable again whatever ran before it on the connection.
func TestWritesAreDurableWhenAcknowledged(t *testing.T) {
	// Serial, engines one after the other: it kills writers mid-commit and counts what survived: the group commit must be the only writer of its kind.
	storagetest.ForEachSerial(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		level := func(with func(context.Context, func(*storage.Tx) error) error) string {
			var got string
			err := with(ctx, func(tx *storage.Tx) error {
				q := `PRAGMA synchronous`
				if db.Dialect == storage.Postgres {
					q = `SHOW synchronous_commit`
				}
				return tx.QueryRow(ctx, q).Scan(&got)
			})
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		durable := map[storage.Dialect]string{storage.SQLite: "2", storage.Postgres: "on"}[db.Dialect]
		relaxed := map[storage.Dialect]string{storage.SQLite: "1", storage.Postgres: "off"}[db.Dialect]
		for range 2 {
			if got := level(db.WithTx); got != durable {
				t.Fatalf("WithTx: synchronous %s, want %s", got, durable)
			}
			if got := level(db.WithBookkeepingTx); got != relaxed {
				t.Fatalf("WithBookkeepingTx: synchronous %s, want %s", got, relaxed)
			}
		}
	})
}
