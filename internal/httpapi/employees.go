package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/timeclock"
)

// pinPair reads a new PIN and its optional confirmation.
type pinPair struct {
	PIN          *string `json:"pin"`
	Confirmation *string `json:"pin_confirmation"`
}

func (p pinPair) check() (string, error) {
	if p.PIN == nil || *p.PIN == "" {
		return "", errRequired("pin")
	}
	if p.Confirmation != nil && *p.Confirmation != *p.PIN {
		return "", apperr.InvalidField("pin_confirmation", "The two PINs do not match.")
	}
	return *p.PIN, timeclock.ValidatePIN(*p.PIN)
}

func (s *Server) handleCreateEmployee(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		FirstName string `json:"first_name"`
		LastName  string `json:"last_name"`
		pinPair
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	n := timeclock.NewEmployee{FirstName: in.FirstName, LastName: in.LastName}
	if in.PIN != nil {
		n.PIN = *in.PIN
	}
	n.Normalize()
	if err := n.Validate(); err != nil {
		return err
	}
	if _, err := in.pinPair.check(); err != nil {
		return err
	}
	e, err := s.Timeclock.CreateEmployee(r.Context(), n)
	if err != nil {
		return err
	}
	s.Log.Info("employee added", "employee_id", e.ID, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusCreated, e)
}

func (s *Server) handleListEmployees(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := timeclock.EmployeeFilter{
		Search: q.Get("search"), Status: q.Get("status"), Sort: q.Get("sort"),
		Desc:     strings.EqualFold(q.Get("order"), "desc"),
		Page:     queryInt(r, "page", 1, 1, 1_000_000),
		PageSize: queryInt(r, "page_size", 25, 1, 200),
	}
	if o := q.Get("order"); o != "" && !strings.EqualFold(o, "asc") && !strings.EqualFold(o, "desc") {
		return apperr.InvalidField("order", "Order must be asc or desc.")
	}
	list, total, err := s.Timeclock.ListEmployees(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"employees": list, "total": total, "page": f.Page, "page_size": f.PageSize})
}

func (s *Server) handleGetEmployee(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err == nil {
		var e *timeclock.Employee
		if e, err = s.Timeclock.Employee(r.Context(), id); err == nil {
			return writeJSON(w, http.StatusOK, e)
		}
	}
	return err
}

func (s *Server) handlePatchEmployee(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in timeclock.EmployeePatch
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	e, err := s.Timeclock.UpdateEmployee(r.Context(), id, in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, e)
}

func (s *Server) handleArchive(archived bool) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, "id")
		if err != nil {
			return err
		}
		e, err := s.Timeclock.SetArchived(r.Context(), id, archived)
		if err != nil {
			return err
		}
		s.Log.Info("employee archived", "employee_id", id, "archived", archived, "by", userFrom(r.Context()).ID)
		return writeJSON(w, http.StatusOK, e)
	}
}

func (s *Server) handleSetPIN(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in pinPair
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	pin, err := in.check()
	if err == nil {
		err = s.Timeclock.SetPIN(r.Context(), id, pin)
	}
	if err != nil {
		return err
	}
	s.Log.Info("employee PIN set", "employee_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// dayRange reads from/to dates (YYYY-MM-DD, inclusive) from the query,
// defaulting to the 14 days up to today in loc.
func dayRange(r *http.Request, loc *time.Location, now time.Time) (timeclock.Date, timeclock.Date, error) {
	q := r.URL.Query()
	to := timeclock.DateOf(now, loc)
	from := to.AddDays(-13)
	var err error
	if v := q.Get("from"); v != "" {
		if from, err = timeclock.ParseDate(v); err != nil {
			return from, to, apperr.InvalidField("from", "Field from must be a date (YYYY-MM-DD).")
		}
	}
	if v := q.Get("to"); v != "" {
		if to, err = timeclock.ParseDate(v); err != nil {
			return from, to, apperr.InvalidField("to", "Field to must be a date (YYYY-MM-DD).")
		}
	}
	return from, to, timeclock.TimesheetQuery{From: from, To: to}.Validate()
}

func (s *Server) handlePunches(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		return err
	}
	loc := st.Location()
	from, to, err := dayRange(r, loc, time.Now())
	if err != nil {
		return err
	}
	list, err := s.Timeclock.Punches(r.Context(), id, from.Start(loc), to.AddDays(1).Start(loc))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"punches": list, "from": from.String(), "to": to.String(), "time_zone": loc.String()})
}

// punchTime parses a punch time: RFC 3339 with an offset, or a local
// "YYYY-MM-DDTHH:MM[:SS]" read in the organisation's zone (at a fall-back
// hour that occurs twice, the first one).
func punchTime(v string, loc *time.Location) (time.Time, error) {
	if v == "" {
		return time.Time{}, errRequired("at")
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, v, loc); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, apperr.InvalidField("at", "Field at must be a time (RFC 3339, or YYYY-MM-DDTHH:MM in the organisation's time zone).")
}

func (s *Server) orgLocation(r *http.Request) (*time.Location, error) {
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		return nil, err
	}
	return st.Location(), nil
}

func (s *Server) staff(r *http.Request) timeclock.Staff {
	return timeclock.Staff{UserID: userFrom(r.Context()).ID}
}

func (s *Server) handleAddPunch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Kind   string `json:"kind"`
		At     string `json:"at"`
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	loc, err := s.orgLocation(r)
	if err != nil {
		return err
	}
	at, err := punchTime(in.At, loc)
	if err != nil {
		return err
	}
	p, err := s.Timeclock.AddPunch(r.Context(), s.staff(r), timeclock.NewPunch{EmployeeID: id, Kind: in.Kind, At: at, Reason: in.Reason})
	if err != nil {
		return err
	}
	s.Log.Info("punch added", "punch_id", p.ID, "employee_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusCreated, p)
}

func (s *Server) handleEditPunch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		At     string `json:"at"`
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	loc, err := s.orgLocation(r)
	if err != nil {
		return err
	}
	at, err := punchTime(in.At, loc)
	if err != nil {
		return err
	}
	p, err := s.Timeclock.EditPunch(r.Context(), s.staff(r), timeclock.PunchEdit{PunchID: id, At: at, Reason: in.Reason})
	if err != nil {
		return err
	}
	s.Log.Info("punch changed", "punch_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusOK, p)
}

func (s *Server) handleVoidPunch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.Timeclock.VoidPunch(r.Context(), s.staff(r), id, in.Reason)
	if err != nil {
		return err
	}
	s.Log.Info("punch voided", "punch_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusOK, p)
}

func (s *Server) handleClockedInNow(w http.ResponseWriter, r *http.Request) error {
	n, err := s.Timeclock.Now(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, n)
}

func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request) error {
	var emp int64
	if v := r.URL.Query().Get("employee_id"); v != "" {
		var err error
		if emp, err = strconv.ParseInt(v, 10, 64); err != nil || emp <= 0 {
			return apperr.InvalidField("employee_id", "Field employee_id must be a number.")
		}
	}
	list, err := s.Timeclock.Audit(r.Context(), emp, queryInt(r, "limit", 100, 1, 500))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"audit": list})
}

// timesheetQuery reads a timesheet's range: day=D (one day), week=D (the
// Monday-to-Sunday week holding D) or from=D&to=D; employee_id optional.
func (s *Server) timesheetQuery(r *http.Request) (timeclock.TimesheetQuery, error) {
	var q timeclock.TimesheetQuery
	v := r.URL.Query()
	if e := v.Get("employee_id"); e != "" {
		id, err := strconv.ParseInt(e, 10, 64)
		if err != nil || id <= 0 {
			return q, apperr.InvalidField("employee_id", "Field employee_id must be a number.")
		}
		q.EmployeeID = id
	}
	loc, err := s.orgLocation(r)
	if err != nil {
		return q, err
	}
	switch {
	case v.Get("day") != "":
		d, err := timeclock.ParseDate(v.Get("day"))
		if err != nil {
			return q, apperr.InvalidField("day", "Field day must be a date (YYYY-MM-DD).")
		}
		q.From, q.To = d, d
	case v.Get("week") != "":
		d, err := timeclock.ParseDate(v.Get("week"))
		if err != nil {
			return q, apperr.InvalidField("week", "Field week must be a date (YYYY-MM-DD).")
		}
		q.From, q.To = timeclock.WeekOf(d)
	default:
		if q.From, q.To, err = dayRange(r, loc, time.Now()); err != nil {
			return q, err
		}
	}
	return q, q.Validate()
}

func (s *Server) handleTimesheet(w http.ResponseWriter, r *http.Request) error {
	q, err := s.timesheetQuery(r)
	if err != nil {
		return err
	}
	ts, err := s.Timeclock.Timesheet(r.Context(), q)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, ts)
}

func (s *Server) handleTimesheetCSV(w http.ResponseWriter, r *http.Request) error {
	q, err := s.timesheetQuery(r)
	if err != nil {
		return err
	}
	ts, err := s.Timeclock.Timesheet(r.Context(), q)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="timesheet-`+ts.From+`-to-`+ts.To+`.csv"`)
	return ts.WriteCSV(w)
}
