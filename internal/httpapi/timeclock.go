package httpapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/timeclock"
)

// The office's side of the time clock: employees, punches, corrections and
// timesheets. Every rule is timeclock.Service's; these read input and answer.

// errParam is a query or input value that cannot be read: code is
// field.date, field.positive_int, field.time or field.choice.
func errParam(code, field, message string, params apperr.Params) error {
	if params == nil {
		params = apperr.Params{}
	}
	params["field"] = field
	return apperr.New(apperr.Invalid, code, params, message).OnField(field)
}

func (s *Server) handleCreateEmployee(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[timeclock.NewEmployee](w, r)
	if err != nil {
		return err
	}
	e, err := s.Timeclock.CreateEmployee(r.Context(), in)
	if err != nil {
		return err
	}
	s.Log.InfoContext(r.Context(), "employee added", "employee_id", e.ID, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusCreated, e)
}

func (s *Server) handleListEmployees(w http.ResponseWriter, r *http.Request) error {
	l, err := readList(r, timeclock.SortFields, timeclock.MaxEmployeePage)
	if err != nil {
		return err
	}
	status, err := queryEnum(r, "status", timeclock.EmployeeStatuses)
	if err != nil {
		return err
	}
	f := timeclock.EmployeeFilter{
		Search: r.URL.Query().Get("search"), Status: status, Sort: l.Sort,
		Desc: l.Desc(false), Page: l.Page, PageSize: l.PageSize,
	}
	list, total, err := s.Timeclock.ListEmployees(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"employees": list, "total": total, "page": f.Page, "page_size": f.PageSize})
}

func (s *Server) handleGetEmployee(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Timeclock.Employee)
}

func (s *Server) handlePatchEmployee(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[timeclock.EmployeePatch](w, r, http.StatusOK, s.Timeclock.UpdateEmployee)
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
		s.Log.InfoContext(r.Context(), "employee archived", "employee_id", id, "archived", archived, "by", userFrom(r.Context()).ID)
		return writeJSON(w, http.StatusOK, e)
	}
}

func (s *Server) handleSetPIN(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[timeclock.PINChange](w, r)
	if err != nil {
		return err
	}
	if err := s.Timeclock.ChangePIN(r.Context(), id, in); err != nil {
		return err
	}
	s.Log.InfoContext(r.Context(), "employee PIN set", "employee_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// queryDate reads an optional YYYY-MM-DD query parameter.
func queryDate(r *http.Request, name string) (timeclock.Date, bool, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return timeclock.Date{}, false, nil
	}
	d, err := timeclock.ParseDate(v)
	if err != nil {
		return d, false, apperr.Date(name, fmt.Sprintf("Field %s must be a date (YYYY-MM-DD).", name))
	}
	return d, true, nil
}

// dayRange reads from/to dates (YYYY-MM-DD, inclusive) from the query,
// defaulting to the 14 days up to today in the organisation's zone.
func (s *Server) dayRange(r *http.Request, loc *time.Location) (timeclock.Date, timeclock.Date, error) {
	to := timeclock.DateOf(s.Timeclock.Calendar().Now(), loc)
	from := to.AddDays(-13)
	if d, ok, err := queryDate(r, "from"); err != nil {
		return from, to, err
	} else if ok {
		from = d
	}
	if d, ok, err := queryDate(r, "to"); err != nil {
		return from, to, err
	} else if ok {
		to = d
	}
	return from, to, timeclock.TimesheetQuery{From: from, To: to}.Validate()
}

func (s *Server) handlePunches(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	loc, err := s.Timeclock.Calendar().Zone(r.Context())
	if err != nil {
		return err
	}
	from, to, err := s.dayRange(r, loc)
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
func (s *Server) punchTime(r *http.Request, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, apperr.Required("at", "Field at is required.")
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), nil
	}
	loc, err := s.Timeclock.Calendar().Zone(r.Context())
	if err != nil {
		return time.Time{}, err
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, v, loc); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, errParam("field.time", "at", "Field at must be a time (RFC 3339, or YYYY-MM-DDTHH:MM in the organisation's time zone).", nil)
}

func (s *Server) staff(r *http.Request) timeclock.Staff {
	return timeclock.Staff{UserID: userFrom(r.Context()).ID}
}

// punchInput is a punch staff add or change, always with a reason.
type punchInput struct {
	Kind      string `json:"kind"`
	At        string `json:"at"`
	Reason    string `json:"reason" text:"multiline"`
	AllowLong bool   `json:"allow_long"`
}

// punchRequest reads a punch request: the path's {id}, the body and its time.
func (s *Server) punchRequest(w http.ResponseWriter, r *http.Request) (int64, punchInput, time.Time, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return 0, punchInput{}, time.Time{}, err
	}
	in, err := decode[punchInput](w, r)
	if err != nil {
		return 0, in, time.Time{}, err
	}
	at, err := s.punchTime(r, in.At)
	return id, in, at, err
}

func (s *Server) handleAddPunch(w http.ResponseWriter, r *http.Request) error {
	id, in, at, err := s.punchRequest(w, r)
	if err != nil {
		return err
	}
	p, err := s.Timeclock.AddPunch(r.Context(), s.staff(r), timeclock.NewPunch{EmployeeID: id, Kind: in.Kind, At: at, Reason: in.Reason, AllowLong: in.AllowLong})
	if err != nil {
		return err
	}
	s.Log.InfoContext(r.Context(), "punch added", "punch_id", p.ID, "employee_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusCreated, p)
}

func (s *Server) handleEditPunch(w http.ResponseWriter, r *http.Request) error {
	id, in, at, err := s.punchRequest(w, r)
	if err != nil {
		return err
	}
	p, err := s.Timeclock.EditPunch(r.Context(), s.staff(r), timeclock.PunchEdit{PunchID: id, At: at, Reason: in.Reason, AllowLong: in.AllowLong})
	if err != nil {
		return err
	}
	s.Log.InfoContext(r.Context(), "punch changed", "punch_id", id, "by", userFrom(r.Context()).ID)
	return writeJSON(w, http.StatusOK, p)
}

func (s *Server) handleVoidPunch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[punchInput](w, r)
	if err != nil {
		return err
	}
	p, err := s.Timeclock.VoidPunch(r.Context(), s.staff(r), id, in.Reason)
	if err != nil {
		return err
	}
	s.Log.InfoContext(r.Context(), "punch voided", "punch_id", id, "by", userFrom(r.Context()).ID)
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
	emp, err := queryID(r, "employee_id")
	if err != nil {
		return err
	}
	limit, err := queryInt(r, "limit", 100, 1, 500)
	if err != nil {
		return err
	}
	list, err := s.Timeclock.Audit(r.Context(), emp, limit)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"audit": list})
}

// timesheetQuery reads a timesheet's range: day=D (one day), week=D (the
// Monday-to-Sunday week holding D) or from=D&to=D; employee_id optional.
func (s *Server) timesheetQuery(r *http.Request) (timeclock.TimesheetQuery, error) {
	var q timeclock.TimesheetQuery
	var err error
	if q.EmployeeID, err = queryID(r, "employee_id"); err != nil {
		return q, err
	}
	if d, ok, err := queryDate(r, "day"); err != nil {
		return q, err
	} else if ok {
		q.From, q.To = d, d
		return q, q.Validate()
	}
	if d, ok, err := queryDate(r, "week"); err != nil {
		return q, err
	} else if ok {
		q.From, q.To = timeclock.WeekOf(d)
		return q, q.Validate()
	}
	loc, err := s.Timeclock.Calendar().Zone(r.Context())
	if err != nil {
		return q, err
	}
	q.From, q.To, err = s.dayRange(r, loc)
	return q, err
}

// timesheet is the timesheet the request's query asks for.
func (s *Server) timesheet(r *http.Request) (*timeclock.Timesheet, error) {
	q, err := s.timesheetQuery(r)
	if err != nil {
		return nil, err
	}
	return s.Timeclock.Timesheet(r.Context(), q)
}

func (s *Server) handleTimesheet(w http.ResponseWriter, r *http.Request) error {
	ts, err := s.timesheet(r)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, ts)
}

func (s *Server) handleTimesheetCSV(w http.ResponseWriter, r *http.Request) error {
	ts, err := s.timesheet(r)
	if err != nil {
		return err
	}
	c := newCSV(w, "timesheet-"+ts.From+"-to-"+ts.To+".csv", timeclock.CSVHeader)
	for _, row := range ts.CSVRows() {
		if err := c.Row(row...); err != nil {
			return err
		}
	}
	return c.Close()
}
