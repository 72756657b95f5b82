package httpapi_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// metricValue is the value of the series of name whose labels include want
// (a counter's count, a gauge's value, a histogram's sample count); -1 when
// there is none.
func metricValue(t *testing.T, reg *prometheus.Registry, name string, want map[string]string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			got := map[string]string{}
			for _, l := range m.GetLabel() {
				got[l.GetName()] = l.GetValue()
			}
			for k, v := range want {
				if got[k] != v {
					continue series
				}
			}
			switch {
			case m.Counter != nil:
				return m.GetCounter().GetValue()
			case m.Gauge != nil:
				return m.GetGauge().GetValue()
			case m.Histogram != nil:
				return float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return -1
}

// Requests are counted by the route that served them, never by their path
// (an id in a path would make a series of each), with their latency; the
// open event streams are read at each scrape.
func TestMetricsCountRequestsByRoute(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		reg := prometheus.NewRegistry()
		e := newEnv(t, db, func(s *httpapi.Server) { s.Metrics = httpapi.NewMetrics(reg, func() int { return 7 }) })
		e.call("GET", "/api/health", "", "", 200, nil)
		e.call("GET", "/api/health", "", "", 200, nil)
		e.call("GET", "/api/inventory/items/999999", e.token, "", 404, nil)
		e.call("GET", "/api/inventory/items/999998", e.token, "", 404, nil)
		e.call("GET", "/api/no-such-thing", e.token, "", 404, nil)
		e.call("DELETE", "/api/health", e.token, "", 405, nil)
		for _, c := range []struct {
			labels map[string]string
			want   float64
		}{
			{map[string]string{"route": "GET /api/health", "method": "GET", "status": "200"}, 2},
			{map[string]string{"route": "GET /api/inventory/items/{id}", "status": "404"}, 2},
			{map[string]string{"route": "unmatched", "status": "404"}, 1},
			{map[string]string{"route": "unmatched", "method": "DELETE", "status": "405"}, 1},
			{map[string]string{"route": "POST /api/login", "status": "200"}, 1},
		} {
			if got := metricValue(t, reg, "packline_http_requests_total", c.labels); got != c.want {
				t.Errorf("requests %v = %v, want %v", c.labels, got, c.want)
			}
		}
		if got := metricValue(t, reg, "packline_http_request_duration_seconds", map[string]string{"route": "GET /api/health"}); got != 2 {
			t.Errorf("latency samples of GET /api/health = %v, want 2", got)
		}
		if got := metricValue(t, reg, "packline_event_streams_open", nil); got != 7 {
			t.Errorf("open streams = %v, want 7", got)
		}
	})
}

var requestIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

// Every answer names its request in X-Request-Id, and an error body quotes
// it as request_id; an X-Request-Id a client sends is not believed unless it
// comes from a trusted proxy (TestTrustedProxyNamesTheRequest).
func TestEveryAnswerNamesItsRequest(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db)
		res := e.do("GET", "/api/health", "", "")
		id := res.Header.Get("X-Request-Id")
		if !requestIDPattern.MatchString(id) {
			t.Fatalf("X-Request-Id %q", id)
		}
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/inventory/items/999999", nil)
		req.Header.Set("Authorization", "Bearer "+e.token)
		req.Header.Set("X-Request-Id", "chosen-by-the-client")
		res, err := e.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Code      string
			RequestID string `json:"request_id"`
		}
		if err := json.Unmarshal(readAll(res), &body); err != nil {
			t.Fatal(err)
		}
		if got := res.Header.Get("X-Request-Id"); got == "chosen-by-the-client" || !requestIDPattern.MatchString(got) || body.RequestID != got {
			t.Fatalf("header %q, body request_id %q (%s)", got, body.RequestID, body.Code)
		}
	})
}
