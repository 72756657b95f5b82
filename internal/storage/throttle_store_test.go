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
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
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
