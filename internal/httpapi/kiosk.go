package httpapi

import (
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
	body    []byte
	etag    string
}

func (c *kioskCache) get(version int64) (body []byte, etag string, ok bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.valid && c.version == version {
		return c.body, c.etag, true
	}
	return nil, "", false
}

func (c *kioskCache) put(version int64, body []byte, etag string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.valid || version >= c.version {
		c.valid, c.version, c.body, c.etag = true, version, body, etag
	}
}

func (s *Server) kioskRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/employees", s.handleKioskEmployees)
	mux.HandleFunc("POST /api/employees/validate-pin", s.handleValidatePIN)
	mux.HandleFunc("POST /api/employees/clockin", s.handleClock(timeclock.ClockedIn))
	mux.HandleFunc("POST /api/employees/clockout", s.handleClock(timeclock.ClockedOut))
}

func (s *Server) handleKioskEmployees(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	// The version is read before the list: a list newer than its version
	// only causes one extra rebuild, never a stale answer.
	v, err := s.Timeclock.KioskVersion(ctx)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	body, etag, ok := s.kiosk.get(v)
	if !ok {
		list, err := s.Timeclock.KioskEmployees(ctx)
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		out := make([]kioskEmployee, len(list))
		for i, e := range list {
			out[i] = kioskEmployee{EmployeeID: e.ID, FirstName: e.FirstName, LastName: e.LastName,
				ClockStatus: e.ClockStatus, LastEvent: e.LastEvent}
		}
		if body, err = json.Marshal(out); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		body = append(body, '\n')
		sum := sha256.Sum256(body)
		etag = `"` + hex.EncodeToString(sum[:12]) + `"`
		s.kiosk.put(v, body, etag)
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(body)
}

func (s *Server) handleValidatePIN(w http.ResponseWriter, r *http.Request) {
	var in struct {
		EmployeeID *int64  `json:"employee_id"`
		PIN        *string `json:"pin"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if in.EmployeeID == nil {
		writeError(w, r, s.Log, errRequired("employee_id"))
		return
	}
	if in.PIN == nil {
		writeError(w, r, s.Log, errRequired("pin"))
		return
	}
	res, err := s.Timeclock.CheckPIN(r.Context(), timeclock.PINCheck{
		EmployeeID: *in.EmployeeID, PIN: *in.PIN, Client: s.clientAddr(r)})
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if !res.Valid {
		writeJSON(w, http.StatusOK, map[string]any{"valid": false, "message": res.Message, "code": res.Code})
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{
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

func (s *Server) handleClock(to string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			EmployeeID *int64 `json:"employee_id"`
			ClockToken string `json:"clock_token"`
		}
		if err := decodeJSON(w, r, &in); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		if in.EmployeeID == nil {
			writeError(w, r, s.Log, errRequired("employee_id"))
			return
		}
		res, err := s.Timeclock.Clock(r.Context(), timeclock.ClockRequest{
			EmployeeID: *in.EmployeeID, Token: in.ClockToken, To: to, Client: s.clientAddr(r)})
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"new_status": res.NewStatus, "timestamp": res.Timestamp})
	}
}
