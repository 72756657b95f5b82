package production

import (
	"math"
	"sort"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// Slot is one local hour of one day in the organisation's zone. On the day
// clocks go back, the repeated hour is one slot that lasts two real hours;
// on the day they go forward, the skipped hour has no slot.
type Slot struct {
	Date string
	Hour int
}

// SlotLine is a slot on one line.
type SlotLine struct {
	Slot
	LineID int64
}

// Worked is an employee's time clocked in: In to Out (UTC instants).
type Worked struct {
	EmployeeID int64
	In, Out    time.Time
}

// WorkedFromPunches pairs each employee's non-voided punches into worked
// spans: complete shifts, and an open shift (openSince, the start of the
// employee's current one) up to now unless it is older than maxShift
// (a forgotten clock-out counts nothing). Unpaired punches count nothing.
func WorkedFromPunches(employeeID int64, punches []timeclock.Punch, openSince *time.Time, now time.Time, maxShift time.Duration) []Worked {
	var out []Worked
	for _, s := range timeclock.PairShifts(punches, openSince, now, maxShift) {
		switch {
		case s.In != nil && s.Out != nil:
			out = append(out, Worked{EmployeeID: employeeID, In: *s.In, Out: *s.Out})
		case s.In != nil && openSince != nil && s.In.Equal(*openSince) && now.Sub(*s.In) <= maxShift && now.After(*s.In):
			out = append(out, Worked{EmployeeID: employeeID, In: *s.In, Out: now})
		}
	}
	return out
}

// hourStart is the instant the local hour holding t began in loc.
func hourStart(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return t.Add(-time.Duration(l.Minute())*time.Minute - time.Duration(l.Second())*time.Second -
		time.Duration(l.Nanosecond()))
}

// SplitBySlot cuts a worked span at local hour boundaries in loc and calls
// fn with each slot and the real time worked in it.
func SplitBySlot(w Worked, loc *time.Location, fn func(s Slot, d time.Duration)) {
	t := w.In
	lastYMD, lastDate := -1, ""
	for t.Before(w.Out) {
		l := t.In(loc)
		start := t.Add(-time.Duration(l.Minute())*time.Minute - time.Duration(l.Second())*time.Second -
			time.Duration(l.Nanosecond()))
		next := start.Add(time.Hour)
		// A zone whose offset changes by other than whole hours has its
		// boundary where the local minute is 0 again.
		if h := hourStart(next, loc); !h.Equal(next) && h.After(t) {
			next = h
		}
		end := next
		if w.Out.Before(end) {
			end = w.Out
		}
		y, m, d := l.Date()
		if ymd := y*10000 + int(m)*100 + d; ymd != lastYMD {
			lastYMD, lastDate = ymd, l.Format(time.DateOnly)
		}
		fn(Slot{Date: lastDate, Hour: l.Hour()}, end.Sub(t))
		t = end
	}
}

// Labour is labour time per slot and line.
type Labour struct {
	PerLine map[SlotLine]time.Duration
	// Idle is unassigned time in slots where no line produced: clocked in,
	// but counted against no line.
	Idle map[Slot]time.Duration
}

// ComputeLabour works out labour per slot and line from worked spans in
// loc. An employee assigned to a line for a day (assign[{date, employee}])
// counts on that line; an unassigned one's time in a slot is spread evenly
// over the lines that produced in that slot (producing). Only slots on the
// dates in [from, to] count.
func ComputeLabour(worked []Worked, assign map[AssignKey]int64, producing map[Slot][]int64, loc *time.Location, from, to string) Labour {
	lab := Labour{PerLine: make(map[SlotLine]time.Duration, 2*len(producing)), Idle: map[Slot]time.Duration{}}
	pool := make(map[Slot]time.Duration, len(producing)) // unassigned time per slot
	for _, w := range worked {
		lastDate, line, assigned := "", int64(0), false
		SplitBySlot(w, loc, func(s Slot, d time.Duration) {
			if s.Date < from || s.Date > to {
				return
			}
			if s.Date != lastDate {
				lastDate = s.Date
				line, assigned = assign[AssignKey{Date: s.Date, EmployeeID: w.EmployeeID}]
			}
			if assigned {
				lab.PerLine[SlotLine{s, line}] += d
				return
			}
			pool[s] += d
		})
	}
	for s, d := range pool {
		lines := sortedLines(producing[s])
		if len(lines) == 0 {
			lab.Idle[s] += d
			continue
		}
		share := d / time.Duration(len(lines))
		rest := d - share*time.Duration(len(lines))
		for i, l := range lines {
			part := share
			if i == 0 {
				part += rest // keep the sum exact
			}
			lab.PerLine[SlotLine{s, l}] += part
		}
	}
	return lab
}

// sortedLines is lines in id order (the order shares are given in, so a
// slot's split does not depend on how its lines were listed).
func sortedLines(lines []int64) []int64 {
	if sort.SliceIsSorted(lines, func(i, j int) bool { return lines[i] < lines[j] }) {
		return lines
	}
	out := append([]int64(nil), lines...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// AssignKey names an employee on a day.
type AssignKey struct {
	Date       string
	EmployeeID int64
}

// Hours rounds a duration to hours with two decimals.
func Hours(d time.Duration) float64 { return math.Round(d.Hours()*100) / 100 }

// MinRatedLabour is the least labour a rate is given for: below a quarter
// hour units ÷ labour says nothing true (755 units per labour hour from
// 0.04 labour hours), so the rate is left out and the screens say why.
const MinRatedLabour = 15 * time.Minute

// UnitsPerLabourHour is units ÷ labour hours, to two decimals, or nil when
// less than MinRatedLabour was recorded.
func UnitsPerLabourHour(units int64, labour time.Duration) *float64 {
	if labour < MinRatedLabour {
		return nil
	}
	v := math.Round(float64(units)/labour.Hours()*100) / 100
	return &v
}

// SortedSlots lists the keys of m in time order (date, then hour).
func SortedSlots[V any](m map[Slot]V) []Slot {
	out := make([]Slot, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Date != out[j].Date {
			return out[i].Date < out[j].Date
		}
		return out[i].Hour < out[j].Hour
	})
	return out
}

// sortCrew orders a crew by last name, first name, id.
func sortCrew(c []CrewMember) {
	sort.Slice(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if a.LastName != b.LastName {
			return a.LastName < b.LastName
		}
		if a.FirstName != b.FirstName {
			return a.FirstName < b.FirstName
		}
		return a.EmployeeID < b.EmployeeID
	})
}
