package engine

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/throttle"
)

// table is a throttles table in memory, for SharedThrottle: versions from
// one counter, as PostgreSQL's sequence gives them.
type table struct {
	mu      sync.Mutex
	rows    map[string]VersionedState
	next    int64
	reads   int
	applies int
	locked  int
}

func (tb *table) shared() *SharedThrottle {
	return &SharedThrottle{
		Read: func(_ context.Context, keys []string) (map[string]VersionedState, error) {
			tb.mu.Lock()
			defer tb.mu.Unlock()
			tb.reads++
			out := map[string]VersionedState{}
			for _, k := range keys {
				if v, ok := tb.rows[k]; ok {
					out[k] = v
				}
			}
			return out, nil
		},
		Apply: func(_ context.Context, ops []ThrottleOp) (map[string]int64, error) {
			tb.mu.Lock()
			defer tb.mu.Unlock()
			tb.applies++
			held := map[string]int64{}
			for _, op := range ops {
				cur, ok := tb.rows[op.Key]
				version := int64(-1)
				if ok {
					version = cur.Version
				}
				if version != op.Expected {
					continue
				}
				if op.Save {
					tb.next++
					tb.rows[op.Key] = VersionedState{State: op.State, Version: tb.next}
					held[op.Key] = tb.next
				} else {
					held[op.Key] = version
				}
			}
			return held, nil
		},
		Locked: func(_ context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) error {
			tb.mu.Lock()
			defer tb.mu.Unlock()
			tb.locked++
			l := &tableLocker{tb: tb, saved: map[string]throttle.State{}}
			if err := fn(l, time.Now()); err != nil {
				return err
			}
			for k, st := range l.saved {
				tb.next++
				tb.rows[k] = VersionedState{State: st, Version: tb.next}
			}
			return nil
		},
		Now: time.Now,
	}
}

// tableLocker is the table's rows locked (tb.mu held), any key.
type tableLocker struct {
	tb    *table
	saved map[string]throttle.State
}

func (l *tableLocker) Lock(_ context.Context, key string) (throttle.State, error) {
	if st, ok := l.saved[key]; ok {
		return st, nil
	}
	if v, ok := l.tb.rows[key]; ok {
		return v.State, nil
	}
	return zeroState, nil
}

func (l *tableLocker) Save(_ context.Context, key string, st throttle.State) error {
	l.saved[key] = st
	return nil
}

// count is an attempt that adds one to every key.
func count(keys ...string) func(l throttle.Locker, now time.Time) error {
	return func(l throttle.Locker, now time.Time) error {
		for _, k := range keys {
			st, err := l.Lock(context.Background(), k)
			if err != nil {
				return err
			}
			st.Attempts++
			if err := l.Save(context.Background(), k, st); err != nil {
				return err
			}
		}
		return nil
	}
}

// look is an attempt that changes nothing.
func look(keys ...string) func(l throttle.Locker, now time.Time) error {
	return func(l throttle.Locker, now time.Time) error {
		for _, k := range keys {
			if _, err := l.Lock(context.Background(), k); err != nil {
				return err
			}
		}
		return nil
	}
}

// Copies are read once and then checked; a row another instance changed is
// read again and the attempt judged again on it; two instances counting on
// one key never count from the same state.
func TestSharedThrottleChecksItsCopies(t *testing.T) {
	ctx := context.Background()
	tb := &table{rows: map[string]VersionedState{}}
	a, b := tb.shared(), tb.shared() // two instances
	if err := a.Within(ctx, []string{"k"}, count("k")); err != nil {
		t.Fatal(err)
	}
	if err := a.Within(ctx, []string{"k"}, look("k")); err != nil {
		t.Fatal(err)
	}
	if tb.reads != 1 || tb.applies != 2 {
		t.Fatalf("%d reads, %d statements: want the row read once, then its copy checked", tb.reads, tb.applies)
	}
	// b counts on k: a's copy is stale, found so, read again, and counted on.
	if err := b.Within(ctx, []string{"k"}, count("k")); err != nil {
		t.Fatal(err)
	}
	if err := a.Within(ctx, []string{"k"}, count("k")); err != nil {
		t.Fatal(err)
	}
	if got := tb.rows["k"].Attempts; got != 3 {
		t.Fatalf("k counted %d times, want 3", got)
	}
	// Many at once on both instances: every count is kept.
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inst := a
			if i%2 == 1 {
				inst = b
			}
			if err := inst.Within(ctx, []string{"k", "other"}, count("k")); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := tb.rows["k"].Attempts; got != 43 {
		t.Fatalf("k counted %d times after 40 more, want 43", got)
	}
}

// A key the attempt did not name is judged on the rows locked.
func TestSharedThrottleUnnamedKey(t *testing.T) {
	tb := &table{rows: map[string]VersionedState{}}
	if err := tb.shared().Within(context.Background(), []string{"a"}, count("a", "b")); err != nil {
		t.Fatal(err)
	}
	if tb.locked != 1 || tb.rows["a"].Attempts != 1 || tb.rows["b"].Attempts != 1 {
		t.Fatalf("locked %d, rows %+v", tb.locked, tb.rows)
	}
}
