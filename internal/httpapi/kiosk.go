package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
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
	e := &kioskEntry{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	_, _ = zw.Write(body)
	if zw.Close() == nil {
		e.gz = b.Bytes()
	}
	return e
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
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

func (s *Server) handleValidatePIN(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		EmployeeID *int64  `json:"employee_id"`
		PIN        *string `json:"pin"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.EmployeeID == nil {
		return errRequired("employee_id")
	}
	if in.PIN == nil {
		return errRequired("pin")
	}
	res, err := s.Timeclock.CheckPIN(r.Context(), timeclock.PINCheck{
		EmployeeID: *in.EmployeeID, PIN: *in.PIN, Client: s.clientAddr(r)})
	if err != nil {
		return err
	}
	if !res.Valid {
		return writeJSON(w, http.StatusOK, map[string]any{"valid": false, "message": res.Message, "code": res.Code})
	}
	w.Header().Set("Cache-Control", "no-store")
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

func (s *Server) handleClock(to string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in struct {
			EmployeeID *int64 `json:"employee_id"`
			ClockToken string `json:"clock_token"`
		}
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
		if in.EmployeeID == nil {
			return errRequired("employee_id")
		}
		res, err := s.Timeclock.Clock(r.Context(), timeclock.ClockRequest{
			EmployeeID: *in.EmployeeID, Token: in.ClockToken, To: to, Client: s.clientAddr(r)})
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, map[string]any{"new_status": res.NewStatus, "timestamp": res.Timestamp})
	}
}
