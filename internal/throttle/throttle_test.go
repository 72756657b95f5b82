package throttle

import (
	"testing"
	"time"
)

func TestAdmit(t *testing.T) {
	p := Policy{Limit: 3, Window: 15 * time.Minute, Base: time.Minute, Max: 4 * time.Minute}
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	var s State
	var wait time.Duration
	for i := 1; i <= 3; i++ {
		if s, wait = p.Admit(s, now); wait != 0 {
			t.Fatalf("attempt %d refused", i)
		}
	}
	if s, wait = p.Admit(s, now); wait != time.Minute {
		t.Fatalf("4th attempt: wait %v, want 1m", wait)
	}
	if _, wait = p.Admit(s, now.Add(30*time.Second)); wait != 30*time.Second {
		t.Fatalf("while locked: wait %v, want 30s", wait)
	}
	// After the lock: three more, then a doubled lock, capped at Max.
	now = now.Add(time.Minute)
	for range 3 {
		s, _ = p.Admit(s, now)
	}
	if s, wait = p.Admit(s, now); wait != 2*time.Minute {
		t.Fatalf("second lockout: %v, want 2m", wait)
	}
	now = now.Add(2 * time.Minute)
	for range 2 {
		now = now.Add(5 * time.Minute)
		for range 3 {
			s, _ = p.Admit(s, now)
		}
		s, wait = p.Admit(s, now)
	}
	if wait != 4*time.Minute {
		t.Fatalf("capped lockout: %v, want 4m", wait)
	}
	// A long quiet period forgets the lockouts.
	now = now.Add(2 * time.Hour)
	for range 3 {
		s, _ = p.Admit(s, now)
	}
	if _, wait = p.Admit(s, now); wait != time.Minute {
		t.Fatalf("after a quiet period: %v, want 1m", wait)
	}
}

func TestRefund(t *testing.T) {
	if got := (State{Attempts: 2}).Refund().Attempts; got != 1 {
		t.Fatalf("refund: %d", got)
	}
	if got := (State{}).Refund().Attempts; got != 0 {
		t.Fatalf("refund of nothing: %d", got)
	}
}

func TestRefused(t *testing.T) {
	for wait, want := range map[time.Duration]string{
		1500 * time.Millisecond: "Too many failed attempts. Try again in 2 seconds.",
		time.Minute:             "Too many failed attempts. Try again in 1 minute.",
		61 * time.Second:        "Too many failed attempts. Try again in 2 minutes.",
	} {
		e := Refused("auth.throttled", wait)
		if e.Message != want || e.Code != "auth.throttled" || e.RetryAfter != wait ||
			e.Params["retry_after_seconds"] != int((wait+time.Second-1)/time.Second) {
			t.Errorf("Refused(%v) = %+v, want %q", wait, e, want)
		}
	}
}
