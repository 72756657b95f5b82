package storage_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/throttle"
)

func TestMigrateIsIdempotentAndSafeToRunTogether(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		db.SetNow(func() time.Time { return now })
		th := storage.NewThrottle(db)
		k := throttle.Key{Name: "k", Policy: throttle.Policy{Limit: 3, Base: time.Minute, Max: 10 * time.Minute, Window: 15 * time.Minute}}
		attempt := func() time.Duration {
			wait, err := th.Attempt(ctx, k)
			if err != nil {
				t.Fatal(err)
			}
			return wait
		}
		if attempt() != 0 || attempt() != 0 || attempt() != 0 {
			t.Fatal("locked before the limit")
		}
		if got := attempt(); got != time.Minute {
			t.Fatalf("first lock = %v, want 1m", got)
		}
		now = now.Add(30 * time.Second)
		if got := attempt(); got != 30*time.Second {
			t.Fatalf("while locked: wait %v, want 30s", got)
		}
		now = now.Add(31 * time.Second)
		attempt()
		attempt()
		attempt()
		if got := attempt(); got != 2*time.Minute {
			t.Fatalf("second lock = %v, want 2m (growing)", got)
		}
		if err := th.Succeeded(ctx, []string{"k"}, nil); err != nil {
			t.Fatal(err)
		}
		if attempt() != 0 {
			t.Fatal("a success did not unlock")
		}
	})
}

func TestPlaceholdersInsideQuotesAreKept(t *testing.T) {
	t.Parallel()
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
