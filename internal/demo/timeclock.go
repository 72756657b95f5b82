package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// demoEmployees spans the alphabet but for X (so the kiosk shows an empty letter),
// with names from the five languages the
// kiosk speaks. Employee n (from 1) has the PIN 1000+n.
var demoEmployees = [][2]string{
	{"Ana", "Almeida"}, {"Ben", "Adler"}, {"Carla", "Barros"}, {"Diego", "Castillo"}, {"Li", "Chen"},
	{"Dara", "Davies"}, {"Elif", "Erdem"}, {"Farah", "Farahani"}, {"Gabriel", "Gomes"}, {"Hana", "Hosseini"},
	{"Ivan", "Ibarra"}, {"Julia", "Jones"}, {"Kai", "Kim"}, {"Lucas", "Lima"}, {"Mei", "Lin"},
	{"Maria", "Martinez"}, {"Nima", "Navabi"}, {"Olga", "Ortega"}, {"Pedro", "Pereira"}, {"Quinn", "Quintero"},
	{"Rosa", "Ramirez"}, {"Sara", "Sadeghi"}, {"Tom", "Taylor"}, {"Uma", "Usman"}, {"Vitor", "Vieira"},
	{"Wei", "Wang"}, {"Ximena", "Solis"}, {"Yusuf", "Yilmaz"}, {"Zhang", "Wei"}, {"Zoe", "Zimmerman"},
	{"Beatriz", "Souza"}, {"Carlos", "Santos"}, {"Reza", "Rahimi"}, {"Lucia", "Lopez"}, {"Hao", "Huang"},
	{"Nadia", "Nasser"}, {"Omar", "Okafor"}, {"Paula", "Park"}, {"Emma", "Evans"}, {"Jun", "Jiang"},
}

// demoPIN is the PIN of the n-th demo employee (from 1).
func demoPIN(n int) string { return fmt.Sprint(1000 + n) }

// historyWeeks of punches come before today.
const historyWeeks = 6

// shift is a rota: when a shift starts and how long it lasts, on which
// weekdays, and whether a 30-minute lunch is punched out and back in.
type shift struct {
	start, length time.Duration // from local midnight of the day it starts
	days          []time.Weekday
	lunch         bool
}

var (
	weekdays    = []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}
	earlyShift  = shift{6 * time.Hour, 8*time.Hour + 30*time.Minute, weekdays, true}
	dayShift    = shift{8 * time.Hour, 8*time.Hour + 30*time.Minute, weekdays, true}
	lateShift   = shift{14 * time.Hour, 8*time.Hour + 30*time.Minute, weekdays, false}
	nightShift  = shift{22 * time.Hour, 8*time.Hour + 30*time.Minute, []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday}, false}
	partTime    = shift{6*time.Hour + 30*time.Minute, 8 * time.Hour, []time.Weekday{time.Wednesday, time.Saturday, time.Sunday}, false}
	weekendCrew = shift{12 * time.Hour, 10*time.Hour + 30*time.Minute, []time.Weekday{time.Friday, time.Saturday, time.Sunday, time.Monday}, true}
)

// rotaOf gives each demo employee a rota: mostly early and day shifts, a
// late and a night crew, weekend part-timers and a four-day crew (Friday to
// Monday, ten hours), so the floor is staffed every day.
func rotaOf(i int) shift {
	switch i % 10 {
	case 0, 1, 2:
		return earlyShift
	case 3, 4, 5:
		return dayShift
	case 6:
		return lateShift
	case 7:
		return nightShift
	case 8:
		return partTime
	}
	return weekendCrew
}

// Special cases, by index into demoEmployees.
const (
	forgetful = 5  // Dara Davies forgot to clock out on her last shift
	newHire   = 39 // Jun Jiang started two weeks ago
	onLeave   = 17 // Olga Ortega took a week off three weeks ago
	awayNow   = 7  // Farah Farahani is on holiday this week (so the kiosk's walkthrough finds her clocked out)
	addedOut  = 8  // Gabriel Gomes' missing clock-out, added by staff
	doubleIn  = 9  // Hana Hosseini's double tap at the kiosk, voided
	lateOut   = 2  // Carla Barros' clock-out entered late, corrected
)

// loadTimeclock adds the 40 demo employees and six weeks of their punches in
// the organisation's zone, shift by shift as their rotas say, with the
// odd late arrival, sick day and week off. Who is at work now is who the
// rotas say (so the dashboard and the timesheets agree); Dara's last shift
// is still open (a forgotten clock-out), and three corrections carry their
// reasons in the audit trail.
func loadTimeclock(ctx context.Context, s Services) error {
	if s.Timeclock == nil {
		return nil
	}
	cal := s.Timeclock.Calendar()
	loc, err := cal.Zone(ctx)
	if err != nil {
		return err
	}
	now := cal.Now()
	today := timeclock.DateOf(now, loc)
	first := today.AddDays(-7 * historyWeeks)
	rnd := rand.New(rand.NewPCG(4, 2))
	var adminID int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&adminID); err != nil {
		return err
	}
	staff := timeclock.Staff{UserID: adminID}
	ids := make([]int64, len(demoEmployees))
	for i, name := range demoEmployees {
		hired := first.AddDays(-30 - 7*i).Start(loc).Add(10 * time.Hour)
		if i == newHire {
			hired = today.AddDays(-14).Start(loc).Add(9 * time.Hour)
		}
		e, err := s.Timeclock.SeedEmployee(ctx, timeclock.NewEmployee{FirstName: name[0], LastName: name[1], PIN: demoPIN(i + 1)}, hired)
		if err != nil {
			return fmt.Errorf("demo employee: %w", err)
		}
		ids[i] = e.ID
	}
	var fix struct {
		addOut   time.Time // Gabriel's clock-out to add
		doubleIn time.Time // Hana's second tap
	}
	for i, id := range ids {
		r := rotaOf(i)
		var ps []timeclock.SeedPunch
		add := func(kind string, at time.Time) {
			if !at.After(now) {
				ps = append(ps, timeclock.SeedPunch{Kind: kind, At: at})
			}
		}
		// The day each shift starts, oldest first; a night shift started
		// yesterday may still be under way.
		var lastStart time.Time
		for d := first; !today.Before(d); d = d.AddDays(1) {
			if !works(r, d) || (i == newHire && d.Before(today.AddDays(-14))) ||
				(i == onLeave && !d.Before(today.AddDays(-20)) && d.Before(today.AddDays(-13))) ||
				(i == awayNow && !d.Before(today.AddDays(-4))) ||
				(d.Before(today) && rnd.IntN(40) == 0) { // a sick day now and then
				continue
			}
			in := at(d, loc, r.start+jitter(rnd, -12, 6))
			if rnd.IntN(25) == 0 {
				in = in.Add(time.Duration(10+rnd.IntN(35)) * time.Minute) // late: the bus, the traffic
			}
			out := in.Add(r.length + jitter(rnd, -5, 15))
			if in.After(now) {
				continue
			}
			if i == forgetful && today.AddDays(-1).Before(d) {
				continue // Dara stays home today…
			}
			lastStart = in
			add(timeclock.KindIn, in)
			if i == doubleIn && fix.doubleIn.IsZero() && !d.Before(today.AddDays(-9)) && d.Before(today.AddDays(-1)) {
				fix.doubleIn = in.Add(40 * time.Second)
				add(timeclock.KindIn, fix.doubleIn)
			}
			if r.lunch {
				lunch := in.Add(4*time.Hour + jitter(rnd, -20, 20))
				add(timeclock.KindOut, lunch)
				add(timeclock.KindIn, lunch.Add(30*time.Minute+jitter(rnd, -3, 8)))
			}
			if i == addedOut && fix.addOut.IsZero() && !d.Before(today.AddDays(-16)) && d.Before(today.AddDays(-1)) {
				fix.addOut = out
				continue // Gabriel walked out without punching
			}
			add(timeclock.KindOut, out)
		}
		if i == forgetful && len(ps) > 0 {
			// …after forgetting to clock out on her last shift.
			for len(ps) > 0 && !ps[len(ps)-1].At.Equal(lastStart) {
				ps = ps[:len(ps)-1]
			}
		}
		if err := s.Timeclock.SeedPunches(ctx, id, ps); err != nil {
			return err
		}
	}
	return demoCorrections(ctx, s.Timeclock, staff, ids, now, fix.addOut, fix.doubleIn)
}

// demoCorrections are what staff fixed, each with its reason.
func demoCorrections(ctx context.Context, tc *timeclock.Service, staff timeclock.Staff, ids []int64, now, missingOut, secondTap time.Time) error {
	if !missingOut.IsZero() {
		if _, err := tc.AddPunch(ctx, staff, timeclock.NewPunch{EmployeeID: ids[addedOut], Kind: timeclock.KindOut, At: missingOut,
			Reason: "Left by the loading dock without punching out; time confirmed by the shift lead."}); err != nil {
			return err
		}
	}
	if !secondTap.IsZero() {
		ps, err := tc.Punches(ctx, ids[doubleIn], secondTap.Add(-time.Minute), secondTap.Add(time.Minute))
		if err != nil {
			return err
		}
		for _, p := range ps {
			if p.At.Equal(secondTap.UTC().Truncate(time.Millisecond)) {
				if _, err := tc.VoidPunch(ctx, staff, p.ID, "Tapped twice at the kiosk."); err != nil {
					return err
				}
			}
		}
	}
	ps, err := tc.Punches(ctx, ids[lateOut], now.AddDate(0, 0, -8), now)
	if err != nil {
		return err
	}
	for j := range ps { // newest first
		if ps[j].Kind == timeclock.KindOut && ps[j].At.Before(now.Add(-24*time.Hour)) {
			_, err := tc.EditPunch(ctx, staff, timeclock.PunchEdit{PunchID: ps[j].ID, At: ps[j].At.Add(-25 * time.Minute),
				Reason: "Left at the end of the line clean-up; clocked out late at the kiosk."})
			return err
		}
	}
	return nil
}

// works reports whether rota r has a shift starting on day d.
func works(r shift, d timeclock.Date) bool {
	for _, w := range r.days {
		if d.Weekday() == w {
			return true
		}
	}
	return false
}

// at is the instant a time of day falls on day d in loc (wall clock, so a
// 6:00 start stays 6:00 across a DST change).
func at(d timeclock.Date, loc *time.Location, tod time.Duration) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, int(tod/time.Minute), 0, 0, loc)
}

// jitter is a random number of minutes in [lo, hi].
func jitter(rnd *rand.Rand, lo, hi int) time.Duration {
	return time.Duration(lo+rnd.IntN(hi-lo+1)) * time.Minute
}

// timeclockLines tell the operator how to try the kiosk.
func timeclockLines() []string {
	e := demoEmployees
	return []string{fmt.Sprintf("Demo kiosk (/employee-portal) PINs: %s %s %s, %s %s %s, %s %s %s; the n-th of the %d demo employees has PIN %d+n.",
		e[0][0], e[0][1], demoPIN(1), e[1][0], e[1][1], demoPIN(2), e[29][0], e[29][1], demoPIN(30), len(e), 1000)}
}
