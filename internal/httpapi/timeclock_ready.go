package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/packline/packline/internal/reqid"
)

// kioskListRoute is the kiosk list's pattern, as its metrics name it.
const kioskListRoute = "GET /api/employees"

// Headers every answer carries (securityHeaders), as shared values.
var readySecurityHeaders = [...]struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{csp}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"X-Frame-Options", []string{"DENY"}},
}

// readyKioskList answers GET /api/employees from its ready answer with only
// what that route needs, ahead of the middleware every other request goes
// through: the request's id, the security headers, the metrics, and a log
// line at debug level (a fleet of kiosks polls this list all day; at info
// it would be most of the log). Anything unusual — a query string, a body,
// an X-Request-Id sent by a proxy, a list changed since the ready answer
// was built — goes the whole way (serve: query and body checks, the
// rebuild, errors, logging at info), as every other route does.
func (s *Server) readyKioskList(next http.Handler) http.Handler {
	var counted [2]prometheus.Counter // 200, 304
	var took prometheus.Observer
	if s.Metrics != nil {
		counted[0] = s.Metrics.requests.WithLabelValues(kioskListRoute, http.MethodGet, "200")
		counted[1] = s.Metrics.requests.WithLabelValues(kioskListRoute, http.MethodGet, "304")
		took = s.Metrics.duration.WithLabelValues(kioskListRoute)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.URL.Path != "/api/employees" || r.URL.RawQuery != "" ||
			r.ContentLength != 0 || len(r.TransferEncoding) > 0 || r.Header["X-Request-Id"] != nil {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		v, err := s.Timeclock.KioskVersion(r.Context())
		if err != nil {
			next.ServeHTTP(w, r)
			return
		}
		entry, ok := s.kiosk.get(v)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		id := reqid.New()
		h["X-Request-Id"] = []string{id}
		for _, sh := range readySecurityHeaders {
			h[sh.key] = sh.value
		}
		status := writeKioskEntry(w, r, entry)
		elapsed := time.Since(start)
		if s.Metrics != nil {
			if status == http.StatusOK {
				counted[0].Inc()
			} else {
				counted[1].Inc()
			}
			took.Observe(elapsed.Seconds())
		}
		if s.Log.Enabled(r.Context(), slog.LevelDebug) {
			s.Log.Debug("request", "method", r.Method, "path", loggedPath(r), "status", status,
				"duration", elapsed, "client", s.clientAddr(r), "request_id", id)
		}
	})
}
