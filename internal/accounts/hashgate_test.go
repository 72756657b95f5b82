package accounts

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A flood of sign-ins never runs more hashes at once than the memory budget
// allows; those that cannot wait get ErrBusy, and none is lost.
func TestHashGateBoundsConcurrentHashing(t *testing.T) {
	// Serial: it counts how many production-cost hashes run at once: other tests hashing beside it would take the CPU the gate is measured against.
	g := NewHashGate(DefaultHashBudget)
	if g.Slots() != 3 || g.Slots()*HashMemory > DefaultHashBudget {
		t.Fatalf("slots = %d for a 64 MiB budget of %d-byte hashes, want 3", g.Slots(), HashMemory)
	}
	g.MaxWait = 200 * time.Millisecond
	var running, peak, ran, busy atomic.Int32
	var start, done sync.WaitGroup
	start.Add(1)
	const n = 200
	for range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			err := g.Do(context.Background(), func() {
				now := running.Add(1)
				for {
					p := peak.Load()
					if now <= p || peak.CompareAndSwap(p, now) {
						break
					}
				}
				time.Sleep(20 * time.Millisecond)
				running.Add(-1)
				ran.Add(1)
			})
			if errors.Is(err, ErrBusy) {
				busy.Add(1)
			} else if err != nil {
				t.Error(err)
			}
		}()
	}
	start.Done()
	done.Wait()
	if p := peak.Load(); p > int32(g.Slots()) {
		t.Fatalf("%d hashes ran at once, bound %d", p, g.Slots())
	}
	if busy.Load() == 0 || ran.Load()+busy.Load() != n {
		t.Fatalf("ran %d, busy %d of %d: want some turned away and every one answered", ran.Load(), busy.Load(), n)
	}
	// Real hashes: the bound holds for the memory the hashes allocate too.
	g = NewHashGate(HashMemory) // one slot
	var wg sync.WaitGroup
	var concurrent, maxSeen atomic.Int32
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = g.Do(context.Background(), func() {
				c := concurrent.Add(1)
				if c > maxSeen.Load() {
					maxSeen.Store(c)
				}
				CheckPassword(dummyHash, "guess")
				concurrent.Add(-1)
			})
		}()
	}
	wg.Wait()
	if maxSeen.Load() != 1 {
		t.Fatalf("%d real hashes ran at once with one slot", maxSeen.Load())
	}
}
