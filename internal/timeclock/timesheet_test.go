package timeclock

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"
)

var chicago = mustLoc("America/Chicago")

func mustLoc(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

func d(s string) Date {
	x, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return x
}

// at is a wall-clock time in Chicago, "2006-01-02 15:04".
func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, chicago)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

func TestWeekOf(t *testing.T) {
	tests := []struct{ day, mon, sun string }{
		{"2026-03-08", "2026-03-02", "2026-03-08"}, // a Sunday: DST starts
		{"2026-03-09", "2026-03-09", "2026-03-15"},
		{"2026-11-01", "2026-10-26", "2026-11-01"}, // a Sunday: DST ends
		{"2026-11-04", "2026-11-02", "2026-11-08"},
		{"2026-01-01", "2025-12-29", "2026-01-04"}, // across a year
		{"2024-02-29", "2024-02-26", "2024-03-03"}, // leap day
	}
	for _, tc := range tests {
		mon, sun := WeekOf(d(tc.day))
		if got, want := mon.String()+" "+sun.String(), tc.mon+" "+tc.sun; got != want {
			t.Errorf("WeekOf(%s) = %s, want %s", tc.day, got, want)
		}
	}
}

func TestDayLengthsAcrossDST(t *testing.T) {
	tests := []struct {
		day  string
		want time.Duration
	}{
		{"2026-03-07", 24 * time.Hour},
		{"2026-03-08", 23 * time.Hour},
		{"2026-11-01", 25 * time.Hour},
		{"2026-11-02", 24 * time.Hour},
	}
	for _, tc := range tests {
		day := d(tc.day)
		if got := day.AddDays(1).Start(chicago).Sub(day.Start(chicago)); got != tc.want {
			t.Errorf("%s lasts %v, want %v", tc.day, got, tc.want)
		}
	}
	// Whole weeks holding a DST change are an hour short or long.
	for _, tc := range []struct {
		day  string
		want time.Duration
	}{{"2026-03-08", 167 * time.Hour}, {"2026-11-01", 169 * time.Hour}} {
		mon, sun := WeekOf(d(tc.day))
		if got := sun.AddDays(1).Start(chicago).Sub(mon.Start(chicago)); got != tc.want {
			t.Errorf("week of %s lasts %v, want %v", tc.day, got, tc.want)
		}
	}
}

func punches(kinds ...any) []Punch {
	var out []Punch
	for i := 0; i < len(kinds); i += 2 {
		out = append(out, Punch{ID: int64(len(out) + 1), Kind: kinds[i].(string), At: at(kinds[i+1].(string))})
	}
	return out
}

func TestPairShifts(t *testing.T) {
	now := at("2026-03-10 12:00")
	open := at("2026-03-10 06:00")
	old := at("2026-03-09 06:00")
	tests := []struct {
		name      string
		punches   []Punch
		openSince *time.Time
		want      [][]string // flags per shift
	}{
		{"one shift", punches("in", "2026-03-09 08:00", "out", "2026-03-09 16:00"), nil, [][]string{{}}},
		{"in, in, out", punches("in", "2026-03-09 08:00", "in", "2026-03-09 09:00", "out", "2026-03-09 16:00"), nil,
			[][]string{{FlagMissingOut}, {}}},
		{"out without in", punches("out", "2026-03-09 16:00"), nil, [][]string{{FlagMissingIn}}},
		{"open now", punches("in", "2026-03-10 06:00"), &open, [][]string{{FlagOpen}}},
		{"forgotten", punches("in", "2026-03-09 06:00"), &old, [][]string{{FlagOpen, FlagForgotten}}},
		{"long closed shift", punches("in", "2026-03-08 06:00", "out", "2026-03-09 07:00"), nil, [][]string{{FlagLong}}},
		{"out of order input", punches("out", "2026-03-09 16:00", "in", "2026-03-09 08:00"), nil, [][]string{{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got [][]string
			for _, s := range PairShifts(tc.punches, tc.openSince, now, 12*time.Hour) {
				got = append(got, s.Flags)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("flags = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTimesheetHours(t *testing.T) {
	now := at("2026-11-20 12:00")
	emp := Employee{ID: 1, FirstName: "Ana", LastName: "Lima", Active: true, ClockStatus: ClockedOut}
	tests := []struct {
		name      string
		from, to  string
		punches   []Punch
		wantTotal float64
		wantDays  map[string]float64
	}{
		{"plain day", "2026-03-02", "2026-03-02",
			punches("in", "2026-03-02 08:00", "out", "2026-03-02 16:30"), 8.5, map[string]float64{"2026-03-02": 8.5}},
		{"night shift split at midnight", "2026-03-02", "2026-03-03",
			punches("in", "2026-03-02 22:00", "out", "2026-03-03 06:00"), 8,
			map[string]float64{"2026-03-02": 2, "2026-03-03": 6}},
		{"night shift clipped to the range", "2026-03-03", "2026-03-03",
			punches("in", "2026-03-02 22:00", "out", "2026-03-03 06:00"), 6, map[string]float64{"2026-03-03": 6}},
		// 2026-03-08 02:00 CST jumps to 03:00 CDT: 00:00 to 08:00 on the wall is 7 real hours.
		{"spring forward night", "2026-03-08", "2026-03-08",
			punches("in", "2026-03-08 00:00", "out", "2026-03-08 08:00"), 7, map[string]float64{"2026-03-08": 7}},
		{"spring forward week", "2026-03-02", "2026-03-08",
			punches("in", "2026-03-07 22:00", "out", "2026-03-08 06:00"), 7,
			map[string]float64{"2026-03-07": 2, "2026-03-08": 5}},
		// 2026-11-01 02:00 CDT falls back to 01:00 CST: 00:00 to 08:00 on the wall is 9 real hours.
		{"fall back night", "2026-11-01", "2026-11-01",
			punches("in", "2026-11-01 00:00", "out", "2026-11-01 08:00"), 9, map[string]float64{"2026-11-01": 9}},
		{"fall back week", "2026-10-26", "2026-11-01",
			punches("in", "2026-10-31 22:00", "out", "2026-11-01 06:00", "in", "2026-10-26 08:00", "out", "2026-10-26 12:00"), 13,
			map[string]float64{"2026-10-31": 2, "2026-11-01": 7, "2026-10-26": 4}},
		{"unpaired punches count nothing", "2026-03-02", "2026-03-02",
			punches("in", "2026-03-02 08:00", "in", "2026-03-02 09:00", "out", "2026-03-02 10:00", "out", "2026-03-02 11:00"), 1,
			map[string]float64{"2026-03-02": 1}},
		{"shift outside the range", "2026-03-02", "2026-03-02",
			punches("in", "2026-03-03 08:00", "out", "2026-03-03 16:00"), 0, map[string]float64{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := BuildTimesheet(TimesheetQuery{From: d(tc.from), To: d(tc.to)}, chicago, now, 12,
				[]SheetInput{{Employee: emp, Punches: tc.punches}})
			if len(ts.Employees) != 1 {
				t.Fatalf("employees = %d, want 1", len(ts.Employees))
			}
			if got := ts.TotalHours; got != tc.wantTotal {
				t.Errorf("total = %v, want %v", got, tc.wantTotal)
			}
			if got := ts.Employees[0].TotalHours; got != tc.wantTotal {
				t.Errorf("employee total = %v, want %v", got, tc.wantTotal)
			}
			got := map[string]float64{}
			for _, dh := range ts.Employees[0].Days {
				if dh.Hours != 0 {
					got[dh.Date] = dh.Hours
				}
			}
			if !reflect.DeepEqual(got, tc.wantDays) {
				t.Errorf("days = %v, want %v", got, tc.wantDays)
			}
		})
	}
}

func TestTimesheetOpenAndForgottenShifts(t *testing.T) {
	now := at("2026-03-10 12:00")
	since := at("2026-03-09 07:00")
	emp := Employee{ID: 1, FirstName: "Bo", LastName: "Chen", Active: true, ClockStatus: ClockedIn, LastEvent: &since}
	ts := BuildTimesheet(TimesheetQuery{From: d("2026-03-09"), To: d("2026-03-10")}, chicago, now, 12,
		[]SheetInput{{Employee: emp, Punches: punches("in", "2026-03-09 07:00")}})
	sh := ts.Employees[0].Shifts
	if len(sh) != 1 || !reflect.DeepEqual(sh[0].Flags, []string{FlagOpen, FlagForgotten}) || sh[0].Hours != 0 {
		t.Fatalf("shifts = %+v, want one forgotten shift counting 0 hours", sh)
	}
	if ts.Flagged != 1 || ts.TotalHours != 0 {
		t.Errorf("flagged %d total %v, want 1 and 0", ts.Flagged, ts.TotalHours)
	}
}

func TestTimesheetEmployeesSortedAndArchivedHidden(t *testing.T) {
	now := at("2026-03-10 12:00")
	in := []SheetInput{
		{Employee: Employee{ID: 1, FirstName: "Zoe", LastName: "young", Active: true}},
		{Employee: Employee{ID: 2, FirstName: "Al", LastName: "Adams", Active: true}},
		{Employee: Employee{ID: 3, FirstName: "Old", LastName: "Archived", Active: false}},
	}
	ts := BuildTimesheet(TimesheetQuery{From: d("2026-03-09"), To: d("2026-03-09")}, chicago, now, 12, in)
	var got []string
	for _, e := range ts.Employees {
		got = append(got, e.LastName)
	}
	if want := []string{"Adams", "young"}; !reflect.DeepEqual(got, want) {
		t.Errorf("employees = %v, want %v", got, want)
	}
}

func TestTimesheetCSV(t *testing.T) {
	now := at("2026-03-10 12:00")
	emp := Employee{ID: 7, FirstName: "=cmd", LastName: "Lima", Active: true}
	ts := BuildTimesheet(TimesheetQuery{From: d("2026-03-02"), To: d("2026-03-02")}, chicago, now, 12,
		[]SheetInput{{Employee: emp, Punches: punches("in", "2026-03-02 08:00", "out", "2026-03-02 16:30")}})
	var b bytes.Buffer
	if err := ts.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "employee_id,last_name,first_name,clock_in,clock_out,hours,flags\n" +
		"7,Lima,'=cmd,2026-03-02 08:00 CST,2026-03-02 16:30 CST,8.50,\n" +
		"7,Lima,'=cmd,,total,8.50,\n" +
		",,,2026-03-02,2026-03-02 total (America/Chicago),8.50,\n"
	if got := b.String(); got != want {
		t.Errorf("csv:\n%s\nwant:\n%s", got, want)
	}
}

func TestTimesheetQueryValidate(t *testing.T) {
	tests := []struct {
		from, to string
		ok       bool
	}{
		{"2026-03-01", "2026-03-01", true},
		{"2026-03-02", "2026-03-01", false},
		{"2026-01-01", "2026-12-31", true},
		{"2026-01-01", "2027-01-01", true}, // 366 days
		{"2026-01-01", "2027-01-02", false},
	}
	for _, tc := range tests {
		err := TimesheetQuery{From: d(tc.from), To: d(tc.to)}.Validate()
		if got := err == nil; got != tc.ok {
			t.Errorf("%s..%s: ok = %v, want %v (%v)", tc.from, tc.to, got, tc.ok, err)
		}
	}
}

func TestPINRules(t *testing.T) {
	tests := []struct {
		pin string
		ok  bool
	}{
		{"1234", true}, {"12345678", true}, {"123", false}, {"123456789", false},
		{"12a4", false}, {" 1234", false}, {"１２３４", false}, {"", false},
	}
	for _, tc := range tests {
		if got := ValidatePIN(tc.pin) == nil; got != tc.ok {
			t.Errorf("ValidatePIN(%q) ok = %v, want %v", tc.pin, got, tc.ok)
		}
	}
}

func TestKeys(t *testing.T) {
	k, err := NewKeys([]byte("0123456789abcdef0123"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewKeys([]byte("short")); err == nil {
		t.Error("a short secret was accepted")
	}
	h := k.HashPIN(1, "1234")
	if strings.Contains(h, "1234") || !k.CheckPIN(1, "1234", h) || k.CheckPIN(1, "1235", h) || k.CheckPIN(2, "1234", h) {
		t.Error("PIN hash does not bind the PIN and the employee")
	}
	if k.HashPIN(2, "1234") == h {
		t.Error("two employees with one PIN share a hash")
	}
	other, _ := NewKeys([]byte("another-secret-of-16+"))
	if other.CheckPIN(1, "1234", h) {
		t.Error("a hash matched under another secret")
	}

	now := time.Date(2026, 3, 8, 12, 0, 0, 0, time.UTC)
	tok := k.IssueToken(42, 7, now)
	c, ok := k.VerifyToken(tok, now.Add(TokenTTL-time.Second))
	if !ok || c.EmployeeID != 42 || c.Seq != 7 {
		t.Fatalf("VerifyToken = %+v, %v", c, ok)
	}
	if _, ok := k.VerifyToken(tok, now.Add(TokenTTL)); ok {
		t.Error("an expired token verified")
	}
	if _, ok := other.VerifyToken(tok, now); ok {
		t.Error("a token verified under another secret")
	}
	raw := []byte(tok)
	raw[3] ^= 1
	if _, ok := k.VerifyToken(string(raw), now); ok {
		t.Error("a tampered token verified")
	}
	if tok == k.IssueToken(42, 7, now) {
		t.Error("two tokens for one state are equal")
	}
}

func BenchmarkHashPIN(b *testing.B) {
	k := RandomKeys()
	h := k.HashPIN(1, "123456")
	for b.Loop() {
		k.CheckPIN(1, "123456", h)
	}
}

func BenchmarkTimesheetWeek300(b *testing.B) {
	var in []SheetInput
	for i := 0; i < 300; i++ {
		var ps []Punch
		for day := 0; day < 14; day++ {
			start := at("2026-03-01 08:00").AddDate(0, 0, day)
			ps = append(ps, Punch{ID: int64(2 * day), Kind: KindIn, At: start},
				Punch{ID: int64(2*day + 1), Kind: KindOut, At: start.Add(8 * time.Hour)})
		}
		in = append(in, SheetInput{Employee: Employee{ID: int64(i), LastName: "L", Active: true}, Punches: ps})
	}
	q := TimesheetQuery{From: d("2026-03-02"), To: d("2026-03-08")}
	now := at("2026-03-20 08:00")
	for b.Loop() {
		BuildTimesheet(q, chicago, now, 12, in)
	}
}
