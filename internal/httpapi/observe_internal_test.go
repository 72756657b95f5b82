package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/packline/packline/internal/reqid"
)

// A trusted proxy's X-Request-Id names the request (so one id follows it
// through the proxy's log and ours); anyone else's, or a malformed one, is
// replaced by a new id.
func TestTrustedProxyNamesTheRequest(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{TrustedProxies: proxies, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, c := range []struct {
		name, peer, sent string
		kept             bool
	}{
		{"from the proxy", "10.1.1.1:80", "lb-7f3a.42", true},
		{"from a client", "203.0.113.9:5000", "lb-7f3a.42", false},
		{"malformed, from the proxy", "10.1.1.1:80", "has space", false},
		{"none sent", "10.1.1.1:80", "", false},
	} {
		var seen string
		h := s.identify(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = reqid.From(r.Context()) }))
		r := httptest.NewRequest("GET", "/api/health", nil)
		r.RemoteAddr = c.peer
		if c.sent != "" {
			r.Header.Set("X-Request-Id", c.sent)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		got := w.Header().Get("X-Request-Id")
		if got != seen || (got == c.sent) != c.kept || !reqid.Valid(got) {
			t.Errorf("%s: answered %q, context %q, sent %q", c.name, got, seen, c.sent)
		}
	}
}

// A 429 is a throttle's refusal; a method outside HTTP's own is counted as
// "other", so a client cannot make series by inventing methods.
func TestMetricsRefusalsAndMethods(t *testing.T) {
	m := NewMetrics(prometheus.NewRegistry(), func() int { return 0 })
	r := httptest.NewRequest("POST", "/api/kiosk/punch", nil)
	r.Pattern = "POST /api/kiosk/punch"
	m.observe(r, http.StatusTooManyRequests, time.Millisecond)
	m.observe(r, http.StatusOK, time.Millisecond)
	if got := testutil.ToFloat64(m.refusals.WithLabelValues("POST /api/kiosk/punch")); got != 1 {
		t.Fatalf("refusals %v, want 1", got)
	}
	odd := httptest.NewRequest("BREW", "/coffee", nil)
	m.observe(odd, http.StatusNotFound, time.Millisecond)
	if got := testutil.ToFloat64(m.requests.WithLabelValues("unmatched", "other", "404")); got != 1 {
		t.Fatalf("requests of an invented method %v, want 1", got)
	}
	var none *Metrics
	none.observe(r, http.StatusOK, time.Millisecond) // no metrics: nothing, no panic
}
