// Package httpapi serves Packline's JSON API under /api and the embedded
// single-page app for every other path.
package httpapi

import (
	"compress/gzip"
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/httpapi/openapi"
	"github.com/packline/packline/internal/impact"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/reqid"
	"github.com/packline/packline/internal/services"
)

// Server holds what the handlers need. Each business area's service is in
// the embedded services.Services; its routes are registered in routes().
type Server struct {
	Log     *slog.Logger
	Version string
	App     fs.FS // the built single-page app
	// DefaultLanguage is the interface language ("gb", "br", "es", "cn", "ir") of a
	// prerendered public page for a visitor whose cookie and Accept-Language name none of
	// ours; empty is gb, the SPEC's default (see prerendered.go).
	DefaultLanguage string
	// TrustedProxies are the load balancers whose X-Forwarded-For entries
	// name the client (see clientAddr); empty: the connection's peer is the client.
	TrustedProxies []netip.Prefix
	// PublicURL is the address people reach the server at (--public-url), no
	// trailing slash; "" when not configured.
	PublicURL string
	Health    func(ctx context.Context) (schemaVersion int, err error)
	// Services are the domain services the handlers call (s.Inventory, …).
	services.Services
	// Outbox lists the mails sent and waiting (the users screen); nil: none.
	Outbox mail.OutboxStore

	// DatabaseDown says whether an error means the database cannot be
	// reached (storage.IsUnavailable): such a failure is answered 503
	// db.unavailable, not 500.
	DatabaseDown func(error) bool

	// Backups, when set, says how the scheduled backups stand (--backup-dir).
	Backups BackupStatus

	// Metrics, when set, counts every request (see NewMetrics).
	Metrics *Metrics

	// EventsHeartbeat is how often an idle event stream gets a comment line
	// (and its token is checked again); 0 means messaging.Heartbeat.
	EventsHeartbeat time.Duration

	kiosk   kioskCache  // the encoded kiosk employee list, by version
	streams streams     // the open event streams, ended on shutdown
	live    liveStreams // the streams whose connections the server holds (messaging_live.go)
}

// Handler returns the complete HTTP handler. Every log line a request causes
// names its id (reqid), when logged with the request's context.
func (s *Server) Handler() http.Handler {
	if _, ok := s.Log.Handler().(reqid.Handler); !ok {
		s.Log = slog.New(reqid.Handler{Handler: s.Log.Handler()})
	}
	// The API's routes have a mux of their own, with no catch-all pattern
	// beside them: a pattern that takes every method (as "/api/" did) matches
	// a path before the mux can tell that the path's routes take other
	// methods, so DELETE /api/health was a 404 rather than a 405.
	api := http.NewServeMux()
	s.register(api)
	app := s.spa()
	root := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api" && !strings.HasPrefix(r.URL.Path, "/api/") {
			app.ServeHTTP(w, r)
			return
		}
		if h, pattern := api.Handler(r); pattern == "" {
			s.noRoute(w, r, h)
			return
		}
		api.ServeHTTP(w, r)
	})
	return s.readyKioskList(s.identify(s.recoverer(s.logRequests(securityHeaders(root)))))
}

// noRoute answers a request under /api that no route takes, given the
// handler the mux has for it: 405 with the mux's Allow header when the path
// is a route's with other methods, else 404 api.no_endpoint; both with the
// usual error body.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request, h http.Handler) {
	probe := &headProbe{header: http.Header{}}
	h.ServeHTTP(probe, r)
	w.Header().Set("Cache-Control", "no-store")
	if probe.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", probe.header.Get("Allow"))
		writeError(w, r, s.Log, errMethodNotAllowed(r.Method))
		return
	}
	writeError(w, r, s.Log, apperr.New(apperr.NotFound, "api.no_endpoint", nil, "No such API endpoint."))
}

// errMethodNotAllowed refuses a method the path does not take (the answer
// says which it takes in Allow).
func errMethodNotAllowed(method string) error {
	return apperr.New(apperr.NotAllowed, "request.method_not_allowed", apperr.Params{"method": method},
		"Method "+method+" is not allowed here.")
}

// headProbe records the status and headers a handler answers, and drops its
// body.
type headProbe struct {
	header http.Header
	status int
}

func (p *headProbe) Header() http.Header { return p.header }

func (p *headProbe) WriteHeader(code int) {
	if p.status == 0 {
		p.status = code
	}
}

func (p *headProbe) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return len(b), nil
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) error {
	v, err := s.Health(r.Context())
	if err != nil {
		s.Log.ErrorContext(r.Context(), "health check failed", "err", err)
		return writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "version": s.Version,
			"reason": "the database does not answer"})
	}
	return writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "version": s.Version, "schema_version": v})
}

// handleOpenAPI serves the API's contract (internal/httpapi/openapi), gzipped
// once for every client that accepts it.
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) error {
	doc, err := openapi.JSON()
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	addVary(h)
	if z := openAPIGzip(); z != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		doc = z
	}
	h.Set("Content-Length", strconv.Itoa(len(doc)))
	_, err = w.Write(doc)
	return err
}

// openAPIGzip is the OpenAPI document gzipped (nil if it cannot be made).
var openAPIGzip = sync.OnceValue(func() []byte {
	doc, err := openapi.JSON()
	if err != nil {
		return nil
	}
	return gzipped(doc, gzip.BestCompression)
})

const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
	"font-src 'self'; connect-src 'self'; frame-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status  int
	bytes   int
	aborted bool // the response failed after it began and was cut (fail)
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// identify gives the request its id: a trusted proxy's X-Request-Id, or a
// new one. It is answered in X-Request-Id and carried in the context.
func (s *Server) identify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !reqid.Valid(id) || !s.fromTrustedProxy(r) {
			id = reqid.New()
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(reqid.With(r.Context(), id)))
	})
}

// secretPaths begin the paths whose last segment is a link's token: the API's
// and the pages' that open it. A token in a log would be a working link in
// every copy of the log.
var secretPaths = []string{"/api/public/invoices/", "/api/public/impact/", payments.PublicPrefix, impact.PublicPrefix}

// loggedPath is r's path as the logs write it: a link's token is left out.
func loggedPath(r *http.Request) string {
	for _, prefix := range secretPaths {
		if rest, ok := strings.CutPrefix(r.URL.Path, prefix); ok && rest != "" {
			return prefix + "[token]"
		}
	}
	return r.URL.Path
}

// logRequests writes one structured line per API request (static files are
// logged only when they fail), and counts every request in the metrics.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			// Also for a panic, which goes on up: an aborted response
			// (fail's ErrAbortHandler) to net/http, any other to recoverer,
			// which answers it 500.
			v := recover()
			if v != nil {
				defer panic(v)
				if rec.status == 0 && !rec.aborted {
					rec.status = http.StatusInternalServerError
				}
			}
			if rec.status == 0 {
				rec.status = http.StatusOK
			}
			took := time.Since(start)
			s.Metrics.observe(r, rec.status, took)
			if !strings.HasPrefix(r.URL.Path, "/api/") && rec.status < 400 && !rec.aborted {
				return
			}
			level := slog.LevelInfo
			if rec.status >= 500 || rec.aborted {
				level = slog.LevelError
			}
			attrs := []any{"method", r.Method, "path", loggedPath(r), "status", rec.status,
				"bytes", rec.bytes, "duration", took, "client", s.clientAddr(r)}
			if rec.aborted {
				attrs = append(attrs, "aborted", true)
			}
			s.Log.Log(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(rec, r)
	})
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Log.ErrorContext(r.Context(), "panic in handler", "method", r.Method, "path", loggedPath(r), "panic", v)
				writeError(w, r, s.Log, apperr.New(apperr.Internal, "internal", nil, "An internal error occurred."))
			}
		}()
		next.ServeHTTP(w, r)
	})
}
