package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/packline/packline/internal/organisation"
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

// loadTimeclock adds the demo employees and two weeks of punches: ordinary
// shifts, a few people clocked in now, one forgotten clock-out and one
// correction with its reason.
func loadTimeclock(ctx context.Context, s Services) error {
	if s.Timeclock == nil {
		return nil
	}
	loc := organisation.Defaults.Location()
	now := time.Now()
	today := timeclock.DateOf(now, loc)
	rnd := rand.New(rand.NewPCG(4, 2))
	ids := make([]int64, len(demoEmployees))
	for i, name := range demoEmployees {
		e, err := s.Timeclock.CreateEmployee(ctx, timeclock.NewEmployee{FirstName: name[0], LastName: name[1], PIN: demoPIN(i + 1)})
		if err != nil {
			return fmt.Errorf("demo employee: %w", err)
		}
		ids[i] = e.ID
	}
	var correctable int64
	for i, id := range ids {
		for back := 14; back >= 1; back-- {
			day := today.AddDays(-back)
			if wd := day.Weekday(); wd == time.Sunday || (wd == time.Saturday && i%3 != 0) || rnd.IntN(10) == 0 {
				continue
			}
			if i == 5 && back == 1 {
				continue // Dara Davies forgot to clock out: see below
			}
			in := day.Start(loc).Add(time.Duration(6*60+rnd.IntN(180)) * time.Minute)
			out := in.Add(time.Duration(4*60+rnd.IntN(300)) * time.Minute)
			if err := s.Timeclock.SeedPunch(ctx, id, timeclock.KindIn, in); err != nil {
				return err
			}
			if err := s.Timeclock.SeedPunch(ctx, id, timeclock.KindOut, out); err != nil {
				return err
			}
		}
		if i == 2 {
			correctable = id
		}
	}
	// A handful are at work now.
	for _, i := range []int{0, 3, 8, 13, 20, 25} {
		start := now.Add(-time.Duration(60+rnd.IntN(180)) * time.Minute)
		if err := s.Timeclock.SeedPunch(ctx, ids[i], timeclock.KindIn, start); err != nil {
			return err
		}
	}
	// Dara's forgotten shift must look forgotten even early in the day.
	if err := s.Timeclock.SeedPunch(ctx, ids[5], timeclock.KindIn, now.Add(-20*time.Hour)); err != nil {
		return err
	}
	// A correction: Carla's last clock-out was entered late.
	var adminID int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&adminID); err == nil && correctable > 0 {
		ps, err := s.Timeclock.Punches(ctx, correctable, now.Add(-15*24*time.Hour), now)
		if err != nil {
			return err
		}
		for j := len(ps) - 1; j >= 0; j-- {
			if ps[j].Kind == timeclock.KindOut {
				if _, err := s.Timeclock.EditPunch(ctx, timeclock.Staff{UserID: adminID}, timeclock.PunchEdit{
					PunchID: ps[j].ID, At: ps[j].At.Add(-25 * time.Minute),
					Reason: "Left at the end of the line clean-up; clocked out late at the kiosk."}); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// timeclockLines tell the operator how to try the kiosk.
func timeclockLines() []string {
	e := demoEmployees
	return []string{fmt.Sprintf("Demo kiosk (/employee-portal) PINs: %s %s %s, %s %s %s, %s %s %s; the n-th of the %d demo employees has PIN %d+n.",
		e[0][0], e[0][1], demoPIN(1), e[1][0], e[1][1], demoPIN(2), e[29][0], e[29][1], demoPIN(30), len(e), 1000)}
}
