package production

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"time"

	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/timeclock"
)

// Summaries: the overview of a long range reads a few rows a day instead of
// every entry and punch.
//
//   - Output per day, line and product, and the hours each line produced in
//     (DayLine), are rewritten for an entry's date in the transaction that
//     writes or reverses it (Tx.SummariseDay), so they always equal the
//     entries.
//   - Labour per day and line is a cache (LabourDay), filled on read. A day's
//     labour depends on the punches within LabourWindow of it, on its entries
//     (which lines produced in each hour), its line assignments, the zone and
//     the maximum shift; a change to any of the first three invalidates the
//     day in its own transaction (a day already invalid is passed by, so
//     that punches do not all write its row), and the last two are the
//     cache's Basis. A read claims the days it computes first
//     (Store.ClaimLabourDays), and stores a value only if the day's
//     generation is still the one read after the claim, so a change racing
//     the read is never hidden. Days an open shift still reaches are never
//     stored: their labour grows with the clock.

// LabourWindow is how far around a day punches count towards its labour:
// longer than any shift. A punch changes the labour of the days within this
// distance of it and of no other.
const LabourWindow = 48 * time.Hour

// LabourDaysAround are the dates (in any zone) whose labour a punch at the
// given instants can change: those within LabourWindow of them, widened by
// the largest zone offsets (UTC−12 to UTC+14).
func LabourDaysAround(at ...time.Time) (from, to string) {
	lo, hi := at[0], at[0]
	for _, t := range at[1:] {
		if t.Before(lo) {
			lo = t
		}
		if t.After(hi) {
			hi = t
		}
	}
	return lo.Add(-LabourWindow - 12*time.Hour).UTC().Format(time.DateOnly),
		hi.Add(LabourWindow + 14*time.Hour).UTC().Format(time.DateOnly)
}

// LabourDays marks the labour of the dates from to to (inclusive) to be
// recomputed on its next read: what a transaction of storage does, in
// itself, for effects.Labour.
type LabourDays interface {
	DaysChanged(ctx context.Context, from, to string) error
}

// PunchLabour is effects.Labour over a transaction's LabourDays: which days
// a punch changes (LabourDaysAround it) is production's rule, so the
// transaction only marks the dates it is given. The time clock's and
// production's transactions embed it.
type PunchLabour struct{ LabourDays }

// PunchesChanged implements effects.Labour: the days LabourDaysAround the
// punches.
func (l PunchLabour) PunchesChanged(ctx context.Context, at ...time.Time) error {
	from, to := LabourDaysAround(at...)
	return l.DaysChanged(ctx, from, to)
}

// DayLine is a line's output on one day (entries not reversed): its units
// and the local hours it produced in (bit h for hour h).
type DayLine struct {
	Date   string
	LineID int64
	Units  int64
	Hours  uint32
}

// DateLine names a line on a day.
type DateLine struct {
	Date   string
	LineID int64
}

// LabourDay is one day's labour per line as the cache keeps it. Basis is
// LabourBasis of the settings it was computed with, "" when it was not or
// is no longer valid; Generation changes whenever the day is invalidated.
type LabourDay struct {
	Date       string
	Generation int64
	Basis      string
	PerLine    map[int64]time.Duration
}

// LabourBasis names the settings labour is computed with.
func LabourBasis(st organisation.Settings) string {
	return fmt.Sprintf("%s|%dh", st.Location().String(), st.MaxShiftHours)
}

// lineTotals sums day lines per line: units and the hours produced in.
func lineTotals(dls []DayLine) []LineOutput {
	index := map[int64]int{}
	var out []LineOutput
	for _, d := range dls {
		i, ok := index[d.LineID]
		if !ok {
			i = len(out)
			index[d.LineID] = i
			out = append(out, LineOutput{LineID: d.LineID})
		}
		out[i].Units += d.Units
		out[i].Slots += bits.OnesCount32(d.Hours)
	}
	return out
}

// producingFrom lists, per slot of the given dates, the lines that produced
// in it, in line id order.
func producingFrom(dls []DayLine, dates map[string]bool) map[Slot][]int64 {
	m := map[Slot][]int64{}
	for _, d := range dls {
		if !dates[d.Date] {
			continue
		}
		for h := d.Hours; h != 0; h &= h - 1 {
			s := Slot{Date: d.Date, Hour: bits.TrailingZeros32(h)}
			m[s] = append(m[s], d.LineID)
		}
	}
	for _, ls := range m {
		sort.Slice(ls, func(i, j int) bool { return ls[i] < ls[j] })
	}
	return m
}

// labourSettings are what labour needs from the organisation's settings.
type labourSettings struct {
	loc      *time.Location
	maxShift time.Duration
	basis    string
	now      time.Time
}

func (s *Service) labourSettings(ctx context.Context) (labourSettings, error) {
	st, err := s.Calendar.Settings.Get(ctx)
	if err != nil {
		return labourSettings{}, err
	}
	return labourSettings{loc: st.Location(), maxShift: time.Duration(st.MaxShiftHours) * time.Hour, basis: LabourBasis(st),
		now: s.Calendar.Now()}, nil
}

// dayWindow is the span of punches that count towards a day's labour.
func dayWindow(date string, loc *time.Location) (time.Time, time.Time) {
	d, _ := timeclock.ParseDate(date)
	return d.Start(loc).Add(-LabourWindow), d.AddDays(1).Start(loc).Add(LabourWindow)
}

// labourOfDays computes the labour of each of dates (ascending, in a short
// span) from the punches and assignments, calling fn with each day's labour
// per slot and line. Every day is computed from the punches within
// LabourWindow of it only, so a day's figure is the same whichever range
// it is computed in.
func (s *Service) labourOfDays(ctx context.Context, dates []string, producing map[Slot][]int64, ls labourSettings,
	fn func(date string, lab Labour)) error {
	return s.labourOfDaysBy(ctx, dates, producing, ls, func(date string, worked []Worked, compute func([]Worked) Labour) {
		fn(date, compute(worked))
	})
}

// labourOfDaysBy is labourOfDays handing fn each day's worked spans and the
// one computation (ComputeLabour with the day's assignments, zone and
// producing lines), so a caller may also apply it to part of the spans
// (one employee's) and get that part's share of the same figures.
func (s *Service) labourOfDaysBy(ctx context.Context, dates []string, producing map[Slot][]int64, ls labourSettings,
	fn func(date string, worked []Worked, compute func([]Worked) Labour)) error {
	if len(dates) == 0 {
		return nil
	}
	first, _ := dayWindow(dates[0], ls.loc)
	_, last := dayWindow(dates[len(dates)-1], ls.loc)
	eps, err := s.Store.Punches(ctx, first, last)
	if err != nil {
		return err
	}
	as, err := s.Store.Assignments(ctx, dates[0], dates[len(dates)-1])
	if err != nil {
		return err
	}
	assign := map[AssignKey]int64{}
	for _, a := range as {
		if a.LineID != nil {
			assign[AssignKey{a.Date, a.EmployeeID}] = *a.LineID
		}
	}
	var worked []Worked
	for _, date := range dates {
		from, to := dayWindow(date, ls.loc)
		worked = worked[:0]
		for _, ep := range eps {
			lo := sort.Search(len(ep.Punches), func(i int) bool { return !ep.Punches[i].At.Before(from) })
			hi := sort.Search(len(ep.Punches), func(i int) bool { return !ep.Punches[i].At.Before(to) })
			if lo == hi {
				continue
			}
			worked = append(worked, WorkedFromPunches(ep.EmployeeID, ep.Punches[lo:hi], ep.OpenSince, ls.now, ls.maxShift)...)
		}
		fn(date, worked, func(w []Worked) Labour { return ComputeLabour(w, assign, producing, ls.loc, date, date) })
	}
	return nil
}

// liveFrom is the first date whose labour still changes with the clock:
// that of the earliest open shift that still counts, or "" when none.
func (s *Service) liveFrom(ctx context.Context, ls labourSettings) (string, error) {
	starts, err := s.Store.OpenShifts(ctx)
	if err != nil {
		return "", err
	}
	out := ""
	for _, t := range starts {
		if ls.now.Sub(t) > ls.maxShift {
			continue // forgotten: counts nothing, and stays so until a punch
		}
		if d := t.In(ls.loc).Format(time.DateOnly); out == "" || d < out {
			out = d
		}
	}
	return out, nil
}

// rangeLabour is labour per day and line over [from, to]: kept days from
// the cache, the others computed (and kept, unless an open shift reaches them).
func (s *Service) rangeLabour(ctx context.Context, from, to string, dls []DayLine) (map[DateLine]time.Duration, error) {
	ls, err := s.labourSettings(ctx)
	if err != nil {
		return nil, err
	}
	kept, err := s.Store.LabourDays(ctx, from, to)
	if err != nil {
		return nil, err
	}
	out := map[DateLine]time.Duration{}
	var stale []string
	f, _ := timeclock.ParseDate(from)
	t, _ := timeclock.ParseDate(to)
	for d := f; !t.Before(d); d = d.AddDays(1) {
		date := d.String()
		if k, ok := kept[date]; ok && k.Basis == ls.basis {
			for line, dur := range k.PerLine {
				out[DateLine{date, line}] += dur
			}
			continue
		}
		stale = append(stale, date)
	}
	if len(stale) == 0 {
		return out, nil
	}
	live, err := s.liveFrom(ctx, ls)
	if err != nil {
		return nil, err
	}
	keepable := func(date string) bool { return live == "" || date < live }
	// Claimed first, the days not computed, so that a change racing this
	// read moves a generation.
	var claim []string
	for _, d := range stale {
		if k, ok := kept[d]; keepable(d) && (!ok || k.Basis == "") {
			claim = append(claim, d)
		}
	}
	if len(claim) > 0 {
		claimed, err := s.Store.ClaimLabourDays(ctx, claim)
		if err != nil {
			return nil, err
		}
		if kept, err = s.Store.LabourDays(ctx, stale[0], stale[len(stale)-1]); err != nil {
			return nil, err
		}
		if !claimed {
			before := keepable
			keepable = func(date string) bool { return before(date) && !slices.Contains(claim, date) }
		}
	}
	want := map[string]bool{}
	for _, d := range stale {
		want[d] = true
	}
	producing := producingFrom(dls, want)
	var save []LabourDay
	for _, run := range runs(stale) {
		err := s.labourOfDays(ctx, run, producing, ls, func(date string, lab Labour) {
			per := map[int64]time.Duration{}
			for sl, dur := range lab.PerLine {
				per[sl.LineID] += dur
				out[DateLine{date, sl.LineID}] += dur
			}
			if k, ok := kept[date]; ok && keepable(date) {
				save = append(save, LabourDay{Date: date, Generation: k.Generation, Basis: ls.basis, PerLine: per})
			}
		})
		if err != nil {
			return nil, err
		}
	}
	if len(save) > 0 {
		if err := s.Store.SaveLabour(ctx, save); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// runs splits ascending dates into runs whose gaps are at most a week, each
// computed from one read of punches.
func runs(dates []string) [][]string {
	var out [][]string
	start := 0
	for i := 1; i <= len(dates); i++ {
		if i < len(dates) {
			a, _ := timeclock.ParseDate(dates[i-1])
			b, _ := timeclock.ParseDate(dates[i])
			if !a.AddDays(7).Before(b) {
				continue
			}
		}
		out = append(out, dates[start:i])
		start = i
	}
	return out
}
