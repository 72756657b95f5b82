package messaging

import (
	"testing"

	"github.com/packline/packline/internal/apperr"
)

// refusedBy checks err is events.too_many_streams naming cap and max, with a Retry-After.
func refusedBy(t *testing.T, err error, cap string, max int) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != "events.too_many_streams" || e.Kind != apperr.TooManyAttempts || e.RetryAfter != StreamRetryAfter ||
		e.Params["cap"] != cap || e.Params["max"] != max {
		t.Fatalf("got %v (%+v), want events.too_many_streams for cap %s max %d", err, e, cap, max)
	}
}

func TestStreamGateCapsPerSessionPerAccountAndInAll(t *testing.T) {
	g := NewStreamGate(StreamLimits{PerSession: 2, PerAccount: 3, Total: 5})
	open := func(session string, account int64) func() {
		t.Helper()
		release, err := g.Open(session, account)
		if err != nil {
			t.Fatalf("Open(%s, %d): %v", session, account, err)
		}
		return release
	}
	a1 := open("a1", 1)
	open("a1", 1)
	_, err := g.Open("a1", 1)
	refusedBy(t, err, "session", 2)
	open("a2", 1) // another sign-in of the same account
	_, err = g.Open("a3", 1)
	refusedBy(t, err, "account", 3)

	// A closed stream gives its place back, once however often released.
	a1()
	a1()
	if n := g.OpenCount(); n != 2 {
		t.Fatalf("%d open after one closed, want 2", n)
	}
	open("a3", 1)
	_, err = g.Open("a3", 1)
	refusedBy(t, err, "account", 3)

	// Other people count toward the instance's total only.
	open("b1", 2)
	open("b1", 2)
	if n := g.OpenCount(); n != 5 {
		t.Fatalf("%d open, want 5", n)
	}
	_, err = g.Open("c1", 3)
	refusedBy(t, err, "server", 5)
}

func TestStreamGateWithoutCaps(t *testing.T) {
	g := NewStreamGate(StreamLimits{})
	for range 1000 {
		if _, err := g.Open("s", 1); err != nil {
			t.Fatal(err)
		}
	}
}

// The total leaves room for ordinary requests among the connections.
func TestTotalStreamsFor(t *testing.T) {
	for _, tc := range []struct {
		connections int
		want        int
	}{
		{0, 0},            // not capped: no total cap
		{714, 536},        // an open-file limit of 800: a quarter (178) left
		{200, 136},        // 64 left, more than a quarter
		{100, 50},         // half left, not 64
		{3, 2},            // 1 left
		{1, 1},            // 0 left: nothing smaller is a cap
		{65451, 49089},    // LimitNOFILE=65536, PostgreSQL
		{1048487, 786366}, // a raised hard limit
	} {
		if got := TotalStreamsFor(tc.connections); got != tc.want {
			t.Errorf("TotalStreamsFor(%d) = %d, want %d", tc.connections, got, tc.want)
		}
	}
}
