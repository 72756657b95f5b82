package storage_test

import (
	"context"
	"sync"
	"testing"
	"time"

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

func TestThrottleLocksAfterLimitAndGrows(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		th := &storage.Throttle{DB: db, Limit: 3, Base: time.Minute, Max: 10 * time.Minute, Window: 15 * time.Minute}
		fail := func() time.Duration {
			var lock time.Duration
			if err := db.WithTx(ctx, func(tx *storage.Tx) error {
				var err error
				lock, err = th.Fail(ctx, tx, "k")
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return lock
		}
		blocked := func() time.Duration {
			left, err := th.Blocked(ctx, "k")
			if err != nil {
				t.Fatal(err)
			}
			return left
		}
		if fail() != 0 || fail() != 0 || blocked() != 0 {
			t.Fatal("locked before the limit")
		}
		if got := fail(); got != time.Minute {
			t.Fatalf("first lock = %v, want 1m", got)
		}
		if blocked() != time.Minute {
			t.Fatalf("blocked = %v, want 1m", blocked())
		}
		now = now.Add(61 * time.Second)
		if blocked() != 0 {
			t.Fatal("still blocked after the lock ran out")
		}
		fail()
		fail()
		if got := fail(); got != 2*time.Minute {
			t.Fatalf("second lock = %v, want 2m (growing)", got)
		}
		if err := db.WithTx(ctx, func(tx *storage.Tx) error { return th.Reset(ctx, tx, "k") }); err != nil {
			t.Fatal(err)
		}
		if blocked() != 0 {
			t.Fatal("reset did not unlock")
		}
	})
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
