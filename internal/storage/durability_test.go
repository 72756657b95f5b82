package storage_test

import (
	"context"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// Every write transaction commits durably: SQLite fsyncs the WAL at each
// commit (synchronous=FULL, 2), PostgreSQL waits for its WAL flush
// (synchronous_commit on). An acknowledged punch or stock move survives a
// power cut, not only a killed process.
func TestWritesAreDurableWhenAcknowledged(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		var got string
		err := db.WithTx(context.Background(), func(tx *storage.Tx) error {
			q := `PRAGMA synchronous`
			if db.Dialect == storage.Postgres {
				q = `SHOW synchronous_commit`
			}
			return tx.QueryRow(context.Background(), q).Scan(&got)
		})
		if err != nil {
			t.Fatal(err)
		}
		want := map[storage.Dialect]string{storage.SQLite: "2", storage.Postgres: "on"}[db.Dialect]
		if got != want {
			t.Fatalf("%s: synchronous = %s, want %s", db.Dialect, got, want)
		}
	})
}
