package httpapi

import (
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// The public kiosk API (SPEC §7): no token, employees pick themselves from
// the list and prove who they are with a PIN.

// kioskEmployee is exactly what the kiosk may know about an employee.
type kioskEmployee struct {
	EmployeeID  int64      `json:"employee_id"`
	FirstName   string     `json:"first_name"`
	LastName    string     `json:"last_name"`
	ClockStatus string     `json:"clock_status"`
	LastEvent   *time.Time `json:"last_event"`
}

// kioskCache is the kiosk list's ready answer: the JSON, its gzip and its
// ETag, built once per version of the list (timeclock.Service.KioskVersion,
// which changes with every punch and every change of an employee, on any
// instance), so that a kiosk fleet polling the list costs no database work
// and no encoding per request.
type kioskCache struct {
	ready atomic.Pointer[kioskEntry]
}

// kioskEntry is one encoded list, plain and gzipped (kiosk browsers accept
// gzip), for one version.
type kioskEntry struct {
	version  int64
	body, gz []byte
	etag     string
	// etagHeader is etag as a header value, shared by every answer.
	etagHeader []string
}

func (c *kioskCache) get(version int64) (*kioskEntry, bool) {
	e := c.ready.Load()
	if e != nil && e.version == version {
		return e, true
	}
	return nil, false
}

// put keeps e unless a newer version is already kept.
func (c *kioskCache) put(e *kioskEntry) {
	for {
		old := c.ready.Load()
		if old != nil && old.version > e.version {
			return
		}
		if c.ready.CompareAndSwap(old, e) {
			return
		}
	}
}

func newKioskEntry(version int64, body []byte) *kioskEntry {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	return &kioskEntry{version: version, body: body, gz: gzipped(body, gzip.BestSpeed), etag: etag, etagHeader: []string{etag}}
}

// kioskEntryFor returns the ready answer for the current version, building
// it when the list changed since the last one.
func (s *Server) kioskEntryFor(ctx context.Context) (*kioskEntry, error) {
	// The version is read before the list: a list newer than its version
	// only causes one extra rebuild, never a stale answer.
	v, err := s.Timeclock.KioskVersion(ctx)
	if err != nil {
		return nil, err
	}
	if entry, ok := s.kiosk.get(v); ok {
		return entry, nil
	}
	list, err := s.Timeclock.KioskEmployees(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]kioskEmployee, len(list))
	for i, e := range list {
		out[i] = kioskEmployee{EmployeeID: e.ID, FirstName: e.FirstName, LastName: e.LastName,
			ClockStatus: e.ClockStatus, LastEvent: e.LastEvent}
	}
	body, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	entry := newKioskEntry(v, append(body, '\n'))
	s.kiosk.put(entry)
	return entry, nil
}

func (s *Server) handleKioskEmployees(w http.ResponseWriter, r *http.Request) error {
	entry, err := s.kioskEntryFor(r.Context())
	if err != nil {
		return err
	}
	writeKioskEntry(w, r, entry)
	return nil
}

// Header values of every kiosk list answer, shared (net/http only reads them).
var (
	kioskNoCache = []string{"no-cache"}
	kioskVary    = []string{"Accept-Encoding"}
	kioskJSON    = []string{"application/json; charset=utf-8"}
	kioskGzip    = []string{"gzip"}
)

// writeKioskEntry answers with entry (304 when the client has it) and
// returns the status it answered.
func writeKioskEntry(w http.ResponseWriter, r *http.Request, entry *kioskEntry) int {
	h := w.Header()
	h["Cache-Control"] = kioskNoCache
	h["Etag"] = entry.etagHeader
	h["Vary"] = kioskVary
	if r.Header.Get("If-None-Match") == entry.etag {
		w.WriteHeader(http.StatusNotModified)
		return http.StatusNotModified
	}
	h["Content-Type"] = kioskJSON
	if entry.gz != nil && acceptsGzip(r) {
		h["Content-Encoding"] = kioskGzip
		_, _ = w.Write(entry.gz)
		return http.StatusOK
	}
	_, _ = w.Write(entry.body)
	return http.StatusOK
}

// pinInput is a PIN typed at the kiosk; the PIN is checked as typed.
type pinInput struct {
	EmployeeID int64  `json:"employee_id"`
	PIN        string `json:"pin" text:"raw"`
}

// handleValidatePIN answers SPEC §8's shape: {valid, message, code} for a
// wrong PIN; with employee{clock_status, last_event} and clock_token for a
// right one. A cool-down is a 429 error (pin.throttled).
func (s *Server) handleValidatePIN(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[pinInput](w, r)
	if err != nil {
		return err
	}
	res, err := s.Timeclock.CheckPIN(r.Context(), timeclock.PINCheck{EmployeeID: in.EmployeeID, PIN: in.PIN, Client: s.clientAddr(r)})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	if !res.Valid {
		return writeJSON(w, http.StatusOK, map[string]any{"valid": false, "message": res.Message, "code": res.Code})
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"valid":   true,
		"message": res.Message,
		"code":    res.Code,
		"employee": map[string]any{
			"clock_status": res.ClockStatus,
			"last_event":   res.LastEvent,
		},
		"clock_token": res.Token,
	})
}

// clockInput is a clock-in or clock-out with the token of a PIN check.
type clockInput struct {
	EmployeeID int64  `json:"employee_id"`
	ClockToken string `json:"clock_token" text:"raw"`
}

// handleClock answers {new_status, timestamp} (SPEC §7).
func (s *Server) handleClock(to string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		in, err := decode[clockInput](w, r)
		if err != nil {
			return err
		}
		res, err := s.Timeclock.Clock(r.Context(), timeclock.ClockRequest{
			EmployeeID: in.EmployeeID, Token: in.ClockToken, To: to, Client: s.clientAddr(r)})
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, map[string]any{"new_status": res.NewStatus, "timestamp": res.Timestamp})
	}
}
