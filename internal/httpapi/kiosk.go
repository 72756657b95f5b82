package httpapi

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
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

// kioskCache keeps the encoded list for one version of the data, so that a
// kiosk fleet polling the list costs one small query per request. The
// version lives in the database: a change on any instance invalidates the
// cache of every instance.
type kioskCache struct {
	mu      sync.RWMutex
	valid   bool
	version int64
	entry   *kioskEntry
}

// kioskEntry is one encoded list, plain and gzipped (kiosk browsers accept gzip).
type kioskEntry struct {
	body, gz []byte
	etag     string
}

func (c *kioskCache) get(version int64) (*kioskEntry, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.valid && c.version == version {
		return c.entry, true
	}
	return nil, false
}

func (c *kioskCache) put(version int64, e *kioskEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.valid || version >= c.version {
		c.valid, c.version, c.entry = true, version, e
	}
}

func newKioskEntry(body []byte) *kioskEntry {
	sum := sha256.Sum256(body)
	return &kioskEntry{body: body, gz: gzipped(body, gzip.BestSpeed), etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
}

func (s *Server) handleKioskEmployees(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	// The version is read before the list: a list newer than its version
	// only causes one extra rebuild, never a stale answer.
	v, err := s.Timeclock.KioskVersion(ctx)
	if err != nil {
		return err
	}
	entry, ok := s.kiosk.get(v)
	if !ok {
		list, err := s.Timeclock.KioskEmployees(ctx)
		if err != nil {
			return err
		}
		out := make([]kioskEmployee, len(list))
		for i, e := range list {
			out[i] = kioskEmployee{EmployeeID: e.ID, FirstName: e.FirstName, LastName: e.LastName,
				ClockStatus: e.ClockStatus, LastEvent: e.LastEvent}
		}
		body, err := json.Marshal(out)
		if err != nil {
			return err
		}
		entry = newKioskEntry(append(body, '\n'))
		s.kiosk.put(v, entry)
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", entry.etag)
	h.Set("Vary", "Accept-Encoding")
	if r.Header.Get("If-None-Match") == entry.etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	if entry.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		_, _ = w.Write(entry.gz)
		return nil
	}
	_, _ = w.Write(entry.body)
	return nil
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
