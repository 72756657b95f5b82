package timeclock

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
)

// Date is a calendar day with no zone, written YYYY-MM-DD. Its start is
// midnight in whatever zone a timesheet is computed in, so a day lasts 23,
// 24 or 25 hours across DST changes.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate parses YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("%q is not a date (YYYY-MM-DD)", s)
	}
	return DateOf(t, time.UTC), nil
}

// DateOf is the calendar day t falls on in loc.
func DateOf(t time.Time, loc *time.Location) Date {
	y, m, d := t.In(loc).Date()
	return Date{y, m, d}
}

func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// noon is d at noon UTC, for calendar arithmetic free of DST.
func (d Date) noon() time.Time { return time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC) }

// AddDays returns the day n days after d (before, if n < 0).
func (d Date) AddDays(n int) Date { return DateOf(d.noon().AddDate(0, 0, n), time.UTC) }

// Weekday of d.
func (d Date) Weekday() time.Weekday { return d.noon().Weekday() }

// Before reports whether d is an earlier day than o.
func (d Date) Before(o Date) bool { return d.noon().Before(o.noon()) }

// DaysUntil counts days from d to o (negative if o is earlier).
func (d Date) DaysUntil(o Date) int { return int(math.Round(o.noon().Sub(d.noon()).Hours() / 24)) }

// Start is the instant d begins in loc (its first valid local time).
func (d Date) Start(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}

// WeekOf returns the Monday and Sunday of the week holding d.
func WeekOf(d Date) (monday, sunday Date) {
	back := (int(d.Weekday()) + 6) % 7 // days since Monday
	monday = d.AddDays(-back)
	return monday, monday.AddDays(6)
}

// TimesheetQuery asks for hours from the start of From to the end of To,
// both inclusive, in the organisation's zone. EmployeeID 0 means everyone.
type TimesheetQuery struct {
	From       Date
	To         Date
	EmployeeID int64
}

// Validate checks the range.
func (q TimesheetQuery) Validate() error {
	if q.To.Before(q.From) {
		return apperr.New(apperr.Invalid, "range.reversed", nil, "The end date must not be before the start date.").OnField("to")
	}
	if q.From.DaysUntil(q.To) >= MaxRangeDays {
		return apperr.New(apperr.Invalid, "timesheet.range_too_long", apperr.Params{"max_days": MaxRangeDays},
			fmt.Sprintf("A timesheet covers at most %d days.", MaxRangeDays)).OnField("to")
	}
	return nil
}

// Window is the span of punches a timesheet must read around [from, to) so
// that shifts crossing the range's edges are paired correctly.
const Window = 7 * 24 * time.Hour

// Shift flags.
const (
	FlagOpen       = "open"        // clocked in now; not counted until closed
	FlagForgotten  = "forgotten"   // open longer than the maximum shift
	FlagMissingOut = "missing_out" // followed by another clock-in: not counted
	FlagMissingIn  = "missing_in"  // a clock-out with no clock-in: not counted
	FlagLong       = "long"        // closed, but longer than the maximum shift
	FlagCorrected  = "corrected"   // a punch of it was added, changed or voided
	FlagOffline    = "offline"     // a punch of it was taken by the kiosk offline, at the tablet's time: to review
)

// Shift is a clock-in and its clock-out. Hours counts only the part inside
// the timesheet's range, and only for complete shifts.
type Shift struct {
	InPunchID  int64      `json:"in_punch_id,omitempty"`
	OutPunchID int64      `json:"out_punch_id,omitempty"`
	In         *time.Time `json:"in"`
	Out        *time.Time `json:"out"`
	Hours      float64    `json:"hours"`
	Flags      []string   `json:"flags"`

	counted time.Duration
}

// Flagged reports whether the shift needs a person's attention (a shift in
// progress or one already corrected does not).
func (s Shift) Flagged() bool {
	for _, f := range s.Flags {
		if f != FlagCorrected && f != FlagOpen && f != FlagOffline {
			return true
		}
	}
	return false
}

// DayHours are one employee's hours on one day.
type DayHours struct {
	Date  string  `json:"date"`
	Hours float64 `json:"hours"`
}

// EmployeeSheet is one employee's part of a timesheet.
type EmployeeSheet struct {
	EmployeeID int64      `json:"employee_id"`
	FirstName  string     `json:"first_name"`
	LastName   string     `json:"last_name"`
	Active     bool       `json:"active"`
	Shifts     []Shift    `json:"shifts"`
	Days       []DayHours `json:"days"`
	TotalHours float64    `json:"total_hours"`
	Flagged    int        `json:"flagged"`
}

// Timesheet is hours per employee and day over a range.
type Timesheet struct {
	From          string          `json:"from"`
	To            string          `json:"to"`
	TimeZone      string          `json:"time_zone"`
	MaxShiftHours int             `json:"max_shift_hours"`
	Days          []string        `json:"days"`
	Employees     []EmployeeSheet `json:"employees"`
	TotalHours    float64         `json:"total_hours"`
	Flagged       int             `json:"flagged"`

	loc *time.Location
}

// SheetInput is one employee with their non-voided punches in the window
// around the range, in any order.
type SheetInput struct {
	Employee Employee
	Punches  []Punch
}

// PairShifts turns an employee's non-voided punches into shifts. openSince
// is the start of the employee's current open shift (nil when clocked out):
// only that shift is open; any other clock-in followed by a clock-in is a
// missing clock-out. Open shifts longer than maxShift are forgotten.
func PairShifts(punches []Punch, openSince *time.Time, now time.Time, maxShift time.Duration) []Shift {
	ps := append([]Punch(nil), punches...)
	sort.SliceStable(ps, func(i, j int) bool {
		if !ps[i].At.Equal(ps[j].At) {
			return ps[i].At.Before(ps[j].At)
		}
		return ps[i].ID < ps[j].ID
	})
	var out []Shift
	var cur *Shift
	flagCorrected := func(s *Shift, p Punch) {
		if p.Corrected && !hasFlag(s.Flags, FlagCorrected) {
			s.Flags = append(s.Flags, FlagCorrected)
		}
		if p.Offline && !hasFlag(s.Flags, FlagOffline) {
			s.Flags = append(s.Flags, FlagOffline)
		}
	}
	closeMissing := func() {
		if cur == nil {
			return
		}
		if openSince != nil && cur.In.Equal(*openSince) {
			cur.Flags = append(cur.Flags, FlagOpen)
			if now.Sub(*cur.In) > maxShift {
				cur.Flags = append(cur.Flags, FlagForgotten)
			}
		} else {
			cur.Flags = append(cur.Flags, FlagMissingOut)
		}
		out = append(out, *cur)
		cur = nil
	}
	for _, p := range ps {
		at := p.At
		switch p.Kind {
		case KindIn:
			closeMissing()
			cur = &Shift{InPunchID: p.ID, In: &at, Flags: []string{}}
			flagCorrected(cur, p)
		case KindOut:
			if cur == nil {
				s := Shift{OutPunchID: p.ID, Out: &at, Flags: []string{FlagMissingIn}}
				flagCorrected(&s, p)
				out = append(out, s)
				continue
			}
			cur.OutPunchID, cur.Out = p.ID, &at
			flagCorrected(cur, p)
			if at.Sub(*cur.In) > maxShift {
				cur.Flags = append(cur.Flags, FlagLong)
			}
			out = append(out, *cur)
			cur = nil
		}
	}
	closeMissing()
	return out
}

func hasFlag(flags []string, f string) bool {
	for _, x := range flags {
		if x == f {
			return true
		}
	}
	return false
}

// BuildTimesheet computes the timesheet of q in loc. Hours are real elapsed
// time (a shift over a DST change counts what was worked), split at local
// midnights so each day gets its part, and clipped to the range. Open,
// forgotten and unpaired shifts are listed and flagged but count no hours.
// Every active employee appears; archived ones only with shifts in range.
func BuildTimesheet(q TimesheetQuery, loc *time.Location, now time.Time, maxShiftHours int, in []SheetInput) *Timesheet {
	rs, re := q.From.Start(loc), q.To.AddDays(1).Start(loc)
	ts := &Timesheet{
		From: q.From.String(), To: q.To.String(), TimeZone: loc.String(), MaxShiftHours: maxShiftHours,
		Days: []string{}, Employees: []EmployeeSheet{}, loc: loc,
	}
	nDays := q.From.DaysUntil(q.To) + 1
	dayIndex := map[Date]int{}
	for i := 0; i < nDays; i++ {
		d := q.From.AddDays(i)
		dayIndex[d] = i
		ts.Days = append(ts.Days, d.String())
	}
	maxShift := time.Duration(maxShiftHours) * time.Hour
	var total time.Duration
	for _, e := range in {
		var openSince *time.Time
		if e.Employee.ClockStatus == ClockedIn {
			openSince = e.Employee.LastEvent
		}
		sheet := EmployeeSheet{EmployeeID: e.Employee.ID, FirstName: e.Employee.FirstName, LastName: e.Employee.LastName,
			Active: e.Employee.Active, Shifts: []Shift{}, Days: make([]DayHours, nDays)}
		perDay := make([]time.Duration, nDays)
		var sum time.Duration
		for _, s := range PairShifts(e.Punches, openSince, now, maxShift) {
			if !shiftTouches(s, rs, re, now) {
				continue
			}
			if s.In != nil && s.Out != nil && !hasFlag(s.Flags, FlagMissingIn) {
				for day := DateOf(maxTime(*s.In, rs), loc); ; day = day.AddDays(1) {
					ds, de := day.Start(loc), day.AddDays(1).Start(loc)
					if !ds.Before(minTime(*s.Out, re)) {
						break
					}
					part := overlap(*s.In, *s.Out, maxTime(ds, rs), minTime(de, re))
					if i, ok := dayIndex[day]; ok && part > 0 {
						perDay[i] += part
						s.counted += part
					}
				}
			}
			s.Hours = hours(s.counted)
			sum += s.counted
			if s.Flagged() {
				sheet.Flagged++
			}
			sheet.Shifts = append(sheet.Shifts, s)
		}
		if !e.Employee.Active && len(sheet.Shifts) == 0 {
			continue
		}
		for i := range perDay {
			sheet.Days[i] = DayHours{Date: ts.Days[i], Hours: hours(perDay[i])}
		}
		sheet.TotalHours = hours(sum)
		total += sum
		ts.Flagged += sheet.Flagged
		ts.Employees = append(ts.Employees, sheet)
	}
	sort.SliceStable(ts.Employees, func(i, j int) bool {
		a, b := ts.Employees[i], ts.Employees[j]
		if la, lb := strings.ToLower(a.LastName), strings.ToLower(b.LastName); la != lb {
			return la < lb
		}
		if fa, fb := strings.ToLower(a.FirstName), strings.ToLower(b.FirstName); fa != fb {
			return fa < fb
		}
		return a.EmployeeID < b.EmployeeID
	})
	ts.TotalHours = hours(total)
	return ts
}

// shiftTouches reports whether a shift belongs on a timesheet of [rs, re).
func shiftTouches(s Shift, rs, re, now time.Time) bool {
	switch {
	case s.In != nil && s.Out != nil:
		return s.In.Before(re) && s.Out.After(rs)
	case s.In != nil && hasFlag(s.Flags, FlagOpen):
		return s.In.Before(re) && now.After(rs)
	case s.In != nil:
		return !s.In.Before(rs) && s.In.Before(re)
	default:
		return !s.Out.Before(rs) && s.Out.Before(re)
	}
}

func overlap(a0, a1, b0, b1 time.Time) time.Duration {
	d := minTime(a1, b1).Sub(maxTime(a0, b0))
	if d < 0 {
		return 0
	}
	return d
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// hours converts a duration to hours rounded to two decimals.
func hours(d time.Duration) float64 { return math.Round(d.Hours()*100) / 100 }

// CSVHeader is the first row of the timesheet's CSV.
var CSVHeader = []string{"employee_id", "last_name", "first_name", "clock_in", "clock_out", "hours", "flags"}

// CSVRows are the timesheet as shown, after CSVHeader: one row per shift
// with local times, then a total row per employee and one for everyone.
// Cells that a spreadsheet would run as a formula are prefixed with a quote.
func (t *Timesheet) CSVRows() [][]string {
	loc := t.loc
	if loc == nil {
		loc = time.UTC
	}
	local := func(p *time.Time) string {
		if p == nil {
			return ""
		}
		return p.In(loc).Format("2006-01-02 15:04 MST")
	}
	var rows [][]string
	for _, e := range t.Employees {
		id := fmt.Sprint(e.EmployeeID)
		for _, s := range e.Shifts {
			rows = append(rows, []string{id, text.CSVCell(e.LastName), text.CSVCell(e.FirstName), local(s.In), local(s.Out),
				fmt.Sprintf("%.2f", s.Hours), strings.Join(s.Flags, " ")})
		}
		rows = append(rows, []string{id, text.CSVCell(e.LastName), text.CSVCell(e.FirstName), "", "total",
			fmt.Sprintf("%.2f", e.TotalHours), ""})
	}
	return append(rows, []string{"", "", "", t.From, t.To + " total (" + t.TimeZone + ")", fmt.Sprintf("%.2f", t.TotalHours), ""})
}

// WriteCSV writes CSVHeader and CSVRows as plain CSV.
func (t *Timesheet) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.WriteAll(append([][]string{CSVHeader}, t.CSVRows()...)); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
