package storage_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/throttle"
)

// burst sends n attempts on key at once, spread over the given stores (one
// per server instance), and returns how many were admitted.
func burst(t *testing.T, stores []*throttle.Throttle, n int, keys ...throttle.Key) int {
	t.Helper()
	var admitted atomic.Int32
	storagetest.Burst(n, func(i int) {
		wait, err := stores[i%len(stores)].Attempt(context.Background(), keys...)
		if err != nil {
			t.Error(err)
			return
		}
		if wait == 0 {
			admitted.Add(1)
		}
	})
	return int(admitted.Load())
}

var fivePerWindow = throttle.Policy{Limit: 5, Window: 15 * time.Minute, Base: time.Minute, Max: time.Hour}

func TestThrottleHoldsUnderBursts(t *testing.T) {
	// Serial, engines one after the other: a burst of attempts is one burst only when nothing else holds the CPU.
	storagetest.ForEachSerial(t, func(t *testing.T, db *storage.DB) {
		stores := []*throttle.Throttle{storage.NewThrottle(db)}
		if db.Dialect == storage.Postgres {
			// A second instance on the same database.
			other, err := storage.Open(context.Background(), db.DSN)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			stores = append(stores, storage.NewThrottle(other))
		}
		key := throttle.Key{Name: "login:a@example.org:10.0.0.1", Policy: fivePerWindow}
		if got := burst(t, stores, 100, key); got != 5 {
			t.Fatalf("a burst of 100 admitted %d attempts, want 5", got)
		}
		// Locked now: even one more is refused.
		if wait, err := stores[0].Attempt(context.Background(), key); err != nil || wait <= 0 {
			t.Fatalf("after the burst: wait %v, err %v; want refused", wait, err)
		}
	})
}

func TestThrottleSucceededClearsAndRefunds(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		s := storage.NewThrottle(db)
		pair := throttle.Key{Name: "pin:7:kiosk", Policy: fivePerWindow}
		client := throttle.Key{Name: "pin-client:kiosk", Policy: fivePerWindow}
		// Right PINs from one kiosk for many people never add up.
		for range 20 {
			if wait, err := s.Attempt(ctx, pair, client); err != nil || wait != 0 {
				t.Fatalf("attempt: wait %v, err %v", wait, err)
			}
			if err := s.Succeeded(ctx, []string{pair.Name}, []string{client.Name}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.ClearPrefix(ctx, "pin:"); err != nil {
			t.Fatal(err)
		}
	})
}

// The counts outlive a restart (on SQLite they live in memory and are
// written back behind): a key locked before the database is closed is
// locked when it is opened again; a count is visible at once to the
// screens that read the keys; and ClearPrefix (a new PIN) is not undone by
// a write-back that comes after it.
func TestThrottleCountsOutliveARestart(t *testing.T) {
	// Serial: the in-memory throttle counts are written back behind, on a timer: the test closes the database between and reads what reached the table.
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			dsn := storagetest.DSN(t, d)
			open := func() *storage.DB { return storagetest.OpenDSN(t, dsn) }
			attempt := func(s *throttle.Throttle, k throttle.Key) time.Duration {
				t.Helper()
				wait, err := s.Attempt(ctx, k)
				if err != nil {
					t.Fatal(err)
				}
				return wait
			}
			locked := throttle.Key{Name: "pin:7:kiosk-a", Policy: fivePerWindow}
			counted := throttle.Key{Name: "pin:8:kiosk-a", Policy: fivePerWindow}

			db := open()
			s := storage.NewThrottle(db)
			for range 5 {
				if w := attempt(s, locked); w != 0 {
					t.Fatalf("attempt within the limit refused (wait %v)", w)
				}
			}
			if w := attempt(s, locked); w <= 0 {
				t.Fatal("the sixth attempt was admitted")
			}
			attempt(s, counted)
			states, err := storage.NewTimeclockStore(db).ThrottleStates(ctx, "pin:8:")
			if err != nil || states[counted.Name].Attempts != 1 {
				t.Fatalf("the count read right after the attempt: %+v (err %v), want 1 attempt", states, err)
			}
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}

			db = open()
			s = storage.NewThrottle(db)
			if w := attempt(s, locked); w <= 0 {
				t.Fatal("after a restart the locked key was admitted")
			}
			attempt(s, counted)
			states, err = storage.NewTimeclockStore(db).ThrottleStates(ctx, "pin:8:")
			if err != nil || states[counted.Name].Attempts != 2 {
				t.Fatalf("after a restart and one more attempt: %+v (err %v), want 2 attempts", states, err)
			}
			if err := s.ClearPrefix(ctx, "pin:"); err != nil {
				t.Fatal(err)
			}
			time.Sleep(150 * time.Millisecond) // past any write-back of the counts above
			if states, err := storage.NewTimeclockStore(db).ThrottleStates(ctx, "pin:"); err != nil || len(states) != 0 {
				t.Fatalf("after ClearPrefix: %+v (err %v), want none", states, err)
			}
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}

			db = open()
			s = storage.NewThrottle(db)
			if w := attempt(s, locked); w != 0 {
				t.Fatalf("a cleared key is still refused after a restart (wait %v)", w)
			}
		})
	}
}
