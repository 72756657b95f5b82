package storage_test

import (
	"context"
	"sync"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

func TestMigrateIsIdempotentAndSafeToRunTogether(t *testing.T) {
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			dsn := storagetest.DSN(t, d)
			var wg sync.WaitGroup
			errs := make([]error, 3)
			for i := range errs {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					db, err := storage.Open(ctx, dsn)
					if err != nil {
						errs[i] = err
						return
					}
					defer db.Close()
					_, errs[i] = db.Migrate(ctx)
				}(i)
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatalf("concurrent migrate: %v", err)
				}
			}
			db, err := storage.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			applied, err := db.Migrate(ctx)
			if err != nil || len(applied) != 0 {
				t.Fatalf("second migrate applied %v (err %v), want nothing", applied, err)
			}
			v, err := db.SchemaVersion(ctx)
			if err != nil || v != db.LatestSchemaVersion() {
				t.Fatalf("schema version %d (err %v), want %d", v, err, db.LatestSchemaVersion())
			}
		})
	}
}

func TestPlaceholdersInsideQuotesAreKept(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		var s string
		var n int
		if err := db.QueryRow(context.Background(), `SELECT 'what?', CAST(? AS INTEGER)`, 7).Scan(&s, &n); err != nil {
			t.Fatal(err)
		}
		if s != "what?" || n != 7 {
			t.Fatalf("got %q %d", s, n)
		}
	})
}
