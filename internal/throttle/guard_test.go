package throttle

import (
	"context"
	"strings"
	"testing"
	"time"
)

// memRows is Rows in memory: the storage on both engines is tested in
// internal/storage; this tests the rules Guard and Succeeded decide.
type memRows struct {
	now   time.Time
	rows  map[string]State
	saves []string
}

func (m *memRows) Within(ctx context.Context, _ []string, fn func(Locker, time.Time) error) error {
	return fn(m, m.now)
}
func (m *memRows) Lock(_ context.Context, key string) (State, error) { return m.rows[key], nil }
func (m *memRows) Save(_ context.Context, key string, st State) error {
	m.rows[key] = st
	m.saves = append(m.saves, key)
	return nil
}
func (m *memRows) ClearPrefix(_ context.Context, prefix string) error {
	for k := range m.rows {
		if strings.HasPrefix(k, prefix) {
			delete(m.rows, k)
		}
	}
	return nil
}

func TestGuardStagesVerdictsAndRefunds(t *testing.T) {
	ctx := context.Background()
	m := &memRows{now: time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC), rows: map[string]State{}}
	th := New(m)
	tight := Policy{Limit: 1, Window: time.Hour, Base: time.Minute, Max: time.Hour}
	loose := Policy{Limit: 100, Window: time.Hour, Base: time.Minute, Max: time.Hour}
	stages := [][]Key{{{"pair", tight}, {"client", loose}}, {{"employee", loose}}}

	// A success clears the pair (nothing to forget: not saved) and refunds the others.
	wait, locked, err := th.Guard(ctx, stages, func() Verdict { return Verdict{Clear: []string{"pair"}, Refund: []string{"client", "employee"}} })
	if err != nil || wait != 0 || locked != nil || len(m.saves) != 0 {
		t.Fatalf("right first try: wait %v locked %v err %v saves %v", wait, locked, err, m.saves)
	}
	// A failure counts on every stage.
	th.Guard(ctx, stages, func() Verdict { return Verdict{} })
	if m.rows["pair"].Attempts != 1 || m.rows["client"].Attempts != 1 || m.rows["employee"].Attempts != 1 {
		t.Fatalf("after a failure: %+v", m.rows)
	}
	// The pair refuses: the attempt stops at the first stage, locks the pair
	// now (reported once), and never reaches evaluate or the employee.
	evaluated := false
	wait, locked, _ = th.Guard(ctx, stages, func() Verdict { evaluated = true; return Verdict{} })
	if wait != time.Minute || len(locked) != 1 || locked[0] != "pair" || evaluated || m.rows["employee"].Attempts != 1 {
		t.Fatalf("refused: wait %v locked %v evaluated %v rows %+v", wait, locked, evaluated, m.rows)
	}
	_, locked, _ = th.Guard(ctx, stages, nil)
	if locked != nil {
		t.Fatalf("a key already cooling down is not locked again: %v", locked)
	}
	// Succeeded: clear forgets, refund gives one attempt back, once per key.
	if err := th.Succeeded(ctx, []string{"pair"}, []string{"client", "client"}); err != nil {
		t.Fatal(err)
	}
	if p := m.rows["pair"]; p.Attempts != 0 || p.Lockouts != 0 || !p.LockedUntil.IsZero() {
		t.Fatalf("cleared pair: %+v", p)
	}
	if c := m.rows["client"].Attempts; c != 2 {
		t.Fatalf("client after one refund: %d attempts, want 2 (3 counted)", c)
	}
	// Attempt counts every key even when one refuses.
	m.rows["a"] = State{Attempts: 1, UpdatedAt: m.now}
	if wait, _ := th.Attempt(ctx, Key{"a", tight}, Key{"b", loose}); wait == 0 || m.rows["b"].Attempts != 1 {
		t.Fatalf("attempt: wait %v rows %+v", wait, m.rows)
	}
}
