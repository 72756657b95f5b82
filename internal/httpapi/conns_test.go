package httpapi_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/packline/packline/internal/httpapi"
)

// The open-file limit is shared out: what the database and the process keep
// is not the connections'.
func TestConnectionsFor(t *testing.T) {
	for _, tc := range []struct {
		files    uint64
		database int
		want     int
	}{
		{0, 27, 0},         // unknown: no cap
		{1 << 40, 27, 0},   // unlimited
		{800, 27, 709},     // SQLite
		{800, 21, 715},     // PostgreSQL, a pool of 20 and the listener
		{65536, 21, 65451}, // LimitNOFILE=65536
		{64, 27, 1},        // never none
	} {
		if got := httpapi.ConnectionsFor(tc.files, tc.database); got != tc.want {
			t.Errorf("ConnectionsFor(%d, %d) = %d, want %d", tc.files, tc.database, got, tc.want)
		}
	}
}

// At its cap the listener accepts no more until a connection closes, and
// closing it ends an Accept waiting for a place.
func TestConnLimitWaitsForAPlace(t *testing.T) {
	t.Parallel()
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := httpapi.LimitConns(inner, 2).(*httpapi.ConnLimit)
	defer ln.Close()
	accepted := make(chan net.Conn, 4)
	failed := make(chan error, 1)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				failed <- err
				return
			}
			accepted <- c
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first, second := <-accepted, <-accepted
	if ln.Open() != 2 || ln.Max() != 2 {
		t.Fatalf("open %d of %d, want 2 of 2", ln.Open(), ln.Max())
	}
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted at the cap of two")
	default:
	}
	first.Close()
	third := <-accepted // its place
	if ln.Open() != 2 {
		t.Fatalf("open %d, want 2", ln.Open())
	}
	second.Close()
	third.Close()

	// At the cap again, Close ends the wait.
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	<-accepted
	<-accepted
	ln.Close()
	if err := <-failed; !errors.Is(err, net.ErrClosed) {
		t.Fatalf("Accept after Close: %v, want net.ErrClosed", err)
	}
}

// At the cap, a connection idling between requests is closed for a new one,
// which is then served.
func TestConnLimitClosesIdleConnectionsForNewOnes(t *testing.T) {
	t.Parallel()
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := httpapi.LimitConns(inner, 1).(*httpapi.ConnLimit)
	srv := &http.Server{
		Handler:   http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") }),
		ConnState: ln.ConnState,
	}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()

	get := func(c net.Conn) (*http.Response, error) {
		req, _ := http.NewRequest("GET", "http://"+inner.Addr().String()+"/", nil)
		if err := req.Write(c); err != nil {
			return nil, err
		}
		res, err := http.ReadResponse(bufio.NewReader(c), req)
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return res, err
	}
	idle, err := net.Dial("tcp", inner.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if res, err := get(idle); err != nil || res.StatusCode != 200 || res.Close {
		t.Fatalf("first request: %v %v", res, err)
	}
	// The first connection idles (keep-alive) and holds the one place.
	next, err := net.Dial("tcp", inner.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	_ = next.SetDeadline(time.Now().Add(30 * time.Second)) // never served: fail, not hang
	if res, err := get(next); err != nil || res.StatusCode != 200 {
		t.Fatalf("a new connection at the cap: %v %v", res, err)
	}
	if _, err := idle.Read(make([]byte, 1)); err == nil {
		t.Fatal("the idle connection is still open")
	}
}
