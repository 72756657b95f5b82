package production

import (
	"context"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// EntryLabour is the labour of some entries over a range, as the daily
// report counts it: each slot's labour on a line (ComputeLabour: assigned
// employees on their line, the others spread over the lines producing in
// the slot) is shared over that slot's non-reversed entries on the line in
// proportion to their units, and the chosen entries' shares are summed.
type EntryLabour struct {
	// Total is the chosen entries' labour.
	Total time.Duration
	// PerDay is Total by entry date.
	PerDay map[string]time.Duration
	// People are the employees whose clocked time makes up some of Total.
	People map[int64]bool
	// Entries are the range's entries chosen (reversed ones included), with
	// their moves, in the daily report's order.
	Entries []Entry
}

// LabourOfEntries reads every entry in [from, to] (at most MaxRangeDays),
// keeps those chosen, and works out their labour from the punches exactly
// as Daily does for each of the days, so the figures reconcile with the
// daily report: a day's Total is its report's labour_hours whenever the
// chosen entries are all of that day's output.
func (s *Service) LabourOfEntries(ctx context.Context, from, to string, chosen func(*Entry) bool) (*EntryLabour, error) {
	if err := CheckRange(from, to); err != nil {
		return nil, err
	}
	all, err := s.Store.Entries(ctx, from, to)
	if err != nil {
		return nil, err
	}
	out := &EntryLabour{PerDay: map[string]time.Duration{}, People: map[int64]bool{}, Entries: []Entry{}}
	var produced []Output
	slotUnits := map[SlotLine]int64{} // every entry's units
	mine := map[SlotLine]int64{}      // the chosen entries' units
	days := map[string]bool{}
	for i := range all {
		e := &all[i]
		pick := chosen(e)
		if pick {
			out.Entries = append(out.Entries, *e)
		}
		if e.Reversed {
			continue
		}
		produced = append(produced, Output{Date: e.Date, Hour: e.Hour, LineID: e.LineID, ProductID: e.ProductID, Units: e.Units})
		sl := SlotLine{Slot{e.Date, e.Hour}, e.LineID}
		slotUnits[sl] += e.Units
		if pick {
			mine[sl] += e.Units
			days[e.Date] = true
		}
	}
	if len(mine) == 0 {
		return out, nil
	}
	ls, err := s.labourSettings(ctx)
	if err != nil {
		return nil, err
	}
	// share is the part of a slot line's labour d that the chosen entries made.
	share := func(sl SlotLine, d time.Duration) time.Duration {
		if mine[sl] == slotUnits[sl] {
			return d
		}
		n, m := int64(d), slotUnits[sl]
		return time.Duration(n/m*mine[sl] + n%m*mine[sl]/m) // exact to the nanosecond, no overflow

	}
	producing := producingSlots(produced)
	f, _ := timeclock.ParseDate(from)
	t, _ := timeclock.ParseDate(to)
	var dates []string
	for d := f; !t.Before(d); d = d.AddDays(1) {
		if days[d.String()] {
			dates = append(dates, d.String())
		}
	}
	// Runs of consecutive days share one read of the punches.
	for _, run := range runs(dates) {
		err := s.labourOfDaysBy(ctx, run, producing, ls, func(date string, worked []Worked, compute func([]Worked) Labour) {
			lab := compute(worked)
			for sl, d := range lab.PerLine {
				if mine[sl] > 0 {
					part := share(sl, d)
					out.Total += part
					out.PerDay[date] += part
				}
			}
			byEmployee := map[int64][]Worked{}
			for _, w := range worked {
				byEmployee[w.EmployeeID] = append(byEmployee[w.EmployeeID], w)
			}
			for id, ws := range byEmployee {
				for sl, d := range compute(ws).PerLine {
					if mine[sl] > 0 && d > 0 {
						out.People[id] = true
						break
					}
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
