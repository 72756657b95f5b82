package engine

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// The stored number moving is a change, and so are the next KioskSettle
// re-checks spaced KioskRecheck apart: a number taken by a transaction still
// committing is seen before its change is. Re-checks closer together than
// KioskRecheck (an instance not listening re-checks at every ask) do not
// use the settling up.
func TestKioskWatchSettles(t *testing.T) {
	var w kioskWatch
	at := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	step := func(v int64, after time.Duration, want bool) {
		t.Helper()
		at = at.Add(after)
		if got := w.observe(v, at); got != want {
			t.Fatalf("number %d at +%v: changed %v, want %v", v, after, got, want)
		}
	}
	step(7, 0, true) // the first look
	for range KioskSettle {
		step(7, KioskRecheck, true)
	}
	step(7, KioskRecheck, false) // settled
	step(8, KioskRecheck, true)  // moved
	for range 5 {
		step(8, time.Millisecond, true) // asked again at once: still settling
	}
	for range KioskSettle - 1 {
		step(8, KioskRecheck, true)
	}
	step(8, KioskRecheck, true) // the last spaced re-check of the settling
	step(8, KioskRecheck, false)
	step(8, time.Hour, false)
	step(9, time.Hour, true) // a move seen after a long quiet
	step(9, time.Hour, true) // and the re-check after it, however late
}

// Listening, the count is trusted and the stored number re-read at most
// every KioskRecheck; not listening, at every call, and a failed read is
// the call's error.
func TestKioskCountRechecks(t *testing.T) {
	var k KioskCount
	var reads atomic.Int64
	var fail atomic.Bool
	read := func(context.Context) (int64, error) {
		reads.Add(1)
		if fail.Load() {
			return 0, errors.New("down")
		}
		return 42, nil
	}
	ctx := context.Background()
	if v, err := k.Version(ctx, true, nil); err != nil || v != kioskLocalBase {
		t.Fatalf("alone: %d, %v", v, err)
	}
	k.Listening(true)
	if _, err := k.Version(ctx, false, read); err != nil || reads.Load() != 1 {
		t.Fatalf("listening, first call: %v, %d reads", err, reads.Load())
	}
	for range 10 {
		if _, err := k.Version(ctx, false, read); err != nil {
			t.Fatal(err)
		}
	}
	if reads.Load() != 1 {
		t.Fatalf("listening: %d reads within KioskRecheck, want 1", reads.Load())
	}
	k.Listening(false)
	for range 3 {
		if _, err := k.Version(ctx, false, read); err != nil {
			t.Fatal(err)
		}
	}
	if reads.Load() != 4 {
		t.Fatalf("not listening: %d reads, want one a call (4)", reads.Load())
	}
	fail.Store(true)
	if _, err := k.Version(ctx, false, read); err == nil {
		t.Fatal("not listening, a failed read is no error")
	}
	before := k.count()
	k.Changed()
	if k.count() != before+1 {
		t.Fatal("Changed did not count")
	}
}

// Pokes while a notification is being sent go out together in one more;
// Close sends what was poked before it.
func TestKioskNotifierCoalesces(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	var sent atomic.Int64
	n := &KioskNotifier{Send: func(context.Context) error {
		if sent.Add(1) == 1 {
			close(started)
			<-release // the first send is slow
		}
		return nil
	}}
	n.Poke()
	<-started
	for range 100 {
		n.Poke()
	}
	close(release)
	n.Close()
	if got := sent.Load(); got != 2 {
		t.Fatalf("%d notifications for 101 pokes, the last 100 during the first: want 2", got)
	}
	n.Poke() // closed: dropped
	if got := sent.Load(); got != 2 {
		t.Fatalf("a poke after Close was sent")
	}
}
