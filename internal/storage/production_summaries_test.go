package storage_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// summaryCheck compares the overview read from the maintained summaries and
// the labour cache with the same overview recomputed from scratch (entries
// and punches, cache emptied), and each of its days with the daily report
// (computed from the entries directly).
func summaryCheck(t *testing.T, db *storage.DB, svc *production.Service, from, to, step string) *production.Overview {
	t.Helper()
	ctx := context.Background()
	got, err := svc.Overview(ctx, from, to)
	if err != nil {
		t.Fatalf("%s: overview: %v", step, err)
	}
	again, err := svc.Overview(ctx, from, to) // from the cache this time
	if err != nil {
		t.Fatalf("%s: overview again: %v", step, err)
	}
	if err := db.RebuildProductionSummaries(ctx); err != nil {
		t.Fatal(err)
	}
	want, err := svc.Overview(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got)
	a, _ := json.Marshal(again)
	w, _ := json.Marshal(want)
	if string(g) != string(w) || string(a) != string(w) {
		t.Fatalf("%s: summaries disagree with a recomputation\n got   %s\n again %s\n want  %s", step, g, a, w)
	}
	for _, day := range got.Days {
		d, err := svc.Daily(ctx, day.Date)
		if err != nil {
			t.Fatal(err)
		}
		if d.Units != day.Units || d.LabourHours != day.LabourHours {
			t.Errorf("%s: %s: overview %d units %v h, daily %d units %v h", step, day.Date, day.Units, day.LabourHours, d.Units, d.LabourHours)
		}
	}
	return got
}

// keptDays counts the labour cache's computed days.
func keptDays(t *testing.T, db *storage.DB) int {
	var n int
	if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM production_labour_days WHERE basis <> ''`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func dayOf(o *production.Overview, date string) production.OverviewDay {
	for _, d := range o.Days {
		if d.Date == date {
			return d
		}
	}
	return production.OverviewDay{}
}

func TestProductionSummariesAgreeWithRecomputation(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		env, e := newLabourEnv(t, db, time.Date(2026, 11, 10, 18, 0, 0, 0, time.UTC))
		l2, err := e.svc.CreateLine(ctx, production.NewLine{Name: "Line 2", HourlyTarget: ptr64(30)})
		if err != nil {
			t.Fatal(err)
		}
		wall := func(s string) time.Time { return chicagoWall(t, s) }
		ana := env.employee("Ana", "Lima", "1234")
		bo := env.employee("Bo", "Chen", "1234")
		// Ana works the fall-back night (00:00–03:00 is 4 real hours); Bo
		// works across midnight into it, and a day shift on the 2nd.
		env.seedWall(wallPunch{ana.ID, "in", "2026-11-01 00:00"}, wallPunch{ana.ID, "out", "2026-11-01 03:00"},
			wallPunch{bo.ID, "in", "2026-10-31 23:30"}, wallPunch{bo.ID, "out", "2026-11-01 00:30"},
			wallPunch{bo.ID, "in", "2026-11-02 08:00"}, wallPunch{bo.ID, "out", "2026-11-02 12:15"})
		entry := func(date string, hour int, line int64, units int64) *production.Entry {
			t.Helper()
			en, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: date, Hour: hour, LineID: line, ProductID: e.meal.ID, Units: units}, production.Actor{})
			if err != nil {
				t.Fatal(err)
			}
			return en
		}
		for _, h := range []int{0, 1, 2} {
			entry("2026-11-01", h, e.line.ID, 40)
		}
		entry("2026-10-31", 23, e.line.ID, 10)
		entry("2026-11-02", 9, e.line.ID, 25)
		entry("2026-11-02", 9, l2.ID, 35)
		from, to := "2026-10-25", "2026-11-08"

		o := summaryCheck(t, db, e.svc, from, to, "entries")
		if d := dayOf(o, "2026-11-01"); d.Units != 120 || d.LabourHours != 4.5 {
			t.Errorf("1 November: %+v", d)
		}
		if d := dayOf(o, "2026-10-31"); d.Units != 10 || d.LabourHours != 0.5 {
			t.Errorf("31 October: %+v", d)
		}
		if kept := keptDays(t, db); kept != 15 {
			t.Errorf("%d days kept after a read, want 15", kept)
		}

		// A second line producing in the repeated hour takes half its unassigned labour.
		en := entry("2026-11-01", 1, l2.ID, 20)
		if kept := keptDays(t, db); kept != 14 {
			t.Errorf("an entry left %d days kept, want 14", kept)
		}
		summaryCheck(t, db, e.svc, from, to, "entry on a second line")

		// Reversing it gives the hour back to line 1.
		if _, err := e.svc.ReverseEntry(ctx, en.ID, "Wrong line", production.Actor{}); err != nil {
			t.Fatal(err)
		}
		o = summaryCheck(t, db, e.svc, from, to, "reversal")
		if d := dayOf(o, "2026-11-01"); d.Units != 120 {
			t.Errorf("after reversal: %+v", d)
		}

		// Punch edits: Bo's forgotten clock-out across midnight added, Ana's
		// out moved an hour earlier in the repeated hour, Bo's day shift voided.
		summaryCheck(t, db, e.svc, from, to, "warm")
		if err := env.svc.SeedPunch(ctx, bo.ID, "in", wall("2026-11-03 22:00")); err != nil {
			t.Fatal(err)
		}
		entry("2026-11-04", 0, e.line.ID, 15)
		summaryCheck(t, db, e.svc, from, to, "open shift")
		if _, err := env.svc.AddPunch(ctx, env.staff, timeclock.NewPunch{EmployeeID: bo.ID, Kind: "out", At: wall("2026-11-04 01:30"), Reason: "Forgot"}); err != nil {
			t.Fatal(err)
		}
		o = summaryCheck(t, db, e.svc, from, to, "added punch across midnight")
		if d3, d4 := dayOf(o, "2026-11-03"), dayOf(o, "2026-11-04"); d3.LabourHours != 0 || d4.LabourHours != 1 {
			// Only the hour after midnight had a line producing.
			t.Errorf("across midnight: 3rd %+v 4th %+v", d3, d4)
		}
		punches, err := env.svc.Punches(ctx, ana.ID, wall("2026-10-30 00:00"), wall("2026-11-09 00:00"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range punches {
			if p.Kind == "out" {
				if _, err := env.svc.EditPunch(ctx, env.staff, timeclock.PunchEdit{PunchID: p.ID, At: p.At.Add(-time.Hour), Reason: "Left early"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		o = summaryCheck(t, db, e.svc, from, to, "edited punch")
		if d := dayOf(o, "2026-11-01"); d.LabourHours != 3.5 {
			t.Errorf("after moving Ana's out an hour earlier: %+v", d)
		}
		punches, _ = env.svc.Punches(ctx, bo.ID, wall("2026-11-02 00:00"), wall("2026-11-03 00:00"))
		for _, p := range punches {
			if _, err := env.svc.VoidPunch(ctx, env.staff, p.ID, "Not here that day"); err != nil {
				t.Fatal(err)
			}
		}
		o = summaryCheck(t, db, e.svc, from, to, "voided punches")
		if d := dayOf(o, "2026-11-02"); d.LabourHours != 0 || d.Units != 60 {
			t.Errorf("after voiding Bo's day: %+v", d)
		}

		// An assignment moves labour between lines.
		if err := e.svc.Assign(ctx, production.Assignment{Date: "2026-11-01", EmployeeID: ana.ID, LineID: &l2.ID}); err != nil {
			t.Fatal(err)
		}
		o = summaryCheck(t, db, e.svc, from, to, "assignment")
		for _, l := range o.Lines {
			if l.LineID == l2.ID && l.LabourHours != 3 {
				t.Errorf("line 2 after assigning Ana: %+v", l)
			}
		}

		// The maximum shift is the cache's basis: changing it recomputes.
		settings := storage.NewOrganisationService(db)
		h := 8
		if _, err := settings.Update(ctx, organisation.Patch{MaxShiftHours: &h}); err != nil {
			t.Fatal(err)
		}
		summaryCheck(t, db, e.svc, from, to, "max shift changed")
	})
}

// A shift open now grows with the clock: its days are never kept.
func TestProductionOpenShiftLabourNotKept(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		env, e := newLabourEnv(t, db, time.Date(2026, 11, 10, 15, 0, 0, 0, time.UTC)) // 09:00 in Chicago
		ana := env.employee("Ana", "Lima", "1234")
		if err := env.clock(ana.ID, env.token(ana.ID, "1234"), timeclock.ClockedIn); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-10", Hour: 9, LineID: e.line.ID, ProductID: e.meal.ID, Units: 40}, production.Actor{}); err != nil {
			t.Fatal(err)
		}
		env.advance(30 * time.Minute)
		o := summaryCheck(t, db, e.svc, "2026-11-01", "2026-11-10", "open for half an hour")
		if d := dayOf(o, "2026-11-10"); d.LabourHours != 0.5 {
			t.Errorf("today after 30 minutes: %+v", d)
		}
		env.advance(30 * time.Minute)
		o = summaryCheck(t, db, e.svc, "2026-11-01", "2026-11-10", "open for an hour")
		if d := dayOf(o, "2026-11-10"); d.LabourHours != 1 {
			t.Errorf("today after an hour: %+v", d)
		}
		if kept := keptDays(t, db); kept != 9 {
			t.Errorf("%d days kept, want the 9 before the open shift", kept)
		}
		if err := env.clock(ana.ID, env.token(ana.ID, "1234"), timeclock.ClockedOut); err != nil {
			t.Fatal(err)
		}
		summaryCheck(t, db, e.svc, "2026-11-01", "2026-11-10", "clocked out")
		if kept := keptDays(t, db); kept != 10 {
			t.Errorf("%d days kept after clocking out, want 10", kept)
		}
	})
}

// A punch at the kiosk invalidates the kept labour of the days around it in
// its own write (on PostgreSQL one statement with the punch): a day kept
// with Ana's hour is read again with Bo's shift begun at the kiosk since.
func TestKioskPunchInvalidatesKeptLabour(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		env, e := newLabourEnv(t, db, chicagoWall(t, "2026-11-09 09:00"))
		ana := env.employee("Ana", "Lima", "1234")
		bo := env.employee("Bo", "Chen", "4321")
		produce := func(hour int) {
			t.Helper()
			if _, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-09", Hour: hour, LineID: e.line.ID, ProductID: e.meal.ID, Units: 40}, production.Actor{}); err != nil {
				t.Fatal(err)
			}
		}
		produce(9)
		if err := env.clock(ana.ID, env.token(ana.ID, "1234"), timeclock.ClockedIn); err != nil {
			t.Fatal(err)
		}
		env.advance(time.Hour)
		if err := env.clock(ana.ID, env.token(ana.ID, "1234"), timeclock.ClockedOut); err != nil {
			t.Fatal(err)
		}
		env.advance(time.Hour) // 11:00
		produce(11)
		o := summaryCheck(t, db, e.svc, "2026-11-02", "2026-11-09", "Ana's hour")
		if d := dayOf(o, "2026-11-09"); d.LabourHours != 1 {
			t.Errorf("9 November with Ana's hour: %+v", d)
		}
		if kept := keptDays(t, db); kept != 8 {
			t.Fatalf("%d days kept, want 8 (no shift open)", kept)
		}
		if err := env.clock(bo.ID, env.token(bo.ID, "4321"), timeclock.ClockedIn); err != nil {
			t.Fatal(err)
		}
		env.advance(30 * time.Minute)
		o = summaryCheck(t, db, e.svc, "2026-11-02", "2026-11-09", "Bo clocked in at the kiosk")
		if d := dayOf(o, "2026-11-09"); d.LabourHours != 1.5 {
			t.Errorf("9 November half an hour into Bo's shift: %+v", d)
		}
	})
}

// A change passes a day not computed by without writing its row (punches
// at the kiosk do not all write the same rows), and a day a read claimed
// is no longer passed by: the change moves its generation.
func TestLabourChangesPassUncomputedDaysBy(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		env := newClockEnv(t, db) // 9 March, 15:00 UTC
		st := storage.NewProductionStore(db)
		ana := env.employee("Ana", "Lima", "1234")
		day := "2026-03-08" // within a punch's reach
		generation := func() production.LabourDay {
			t.Helper()
			read, err := st.LabourDays(ctx, day, day)
			if err != nil {
				t.Fatal(err)
			}
			return read[day]
		}
		punch := func(to string) {
			t.Helper()
			if err := env.clock(ana.ID, env.token(ana.ID, "1234"), to); err != nil {
				t.Fatal(err)
			}
		}
		if claimed, err := st.ClaimLabourDays(ctx, []string{day}); err != nil || !claimed {
			t.Fatal(claimed, err)
		}
		claimed := generation()
		if err := st.SaveLabour(ctx, []production.LabourDay{{Date: day, Generation: claimed.Generation, Basis: "basis"}}); err != nil {
			t.Fatal(err)
		}
		punch(timeclock.ClockedIn) // invalidates the kept day
		invalid := generation()
		if invalid.Basis != "" || invalid.Generation == claimed.Generation {
			t.Fatalf("a punch left the kept day %+v (was %+v)", invalid, claimed)
		}
		punch(timeclock.ClockedOut) // passes it by
		if got := generation(); got.Generation != invalid.Generation {
			t.Fatalf("a punch wrote a day not computed: generation %d → %d", invalid.Generation, got.Generation)
		}
		// Claimed, the day is no longer passed by.
		if ok, err := st.ClaimLabourDays(ctx, []string{day}); err != nil || !ok {
			t.Fatal(ok, err)
		}
		reading := generation()
		punch(timeclock.ClockedIn)
		if got := generation(); got.Generation == reading.Generation {
			t.Fatal("a punch passed a claimed day by")
		}
	})
}

// On PostgreSQL a claim waits for the transactions that wrote the labour
// table (and so may have passed a day not computed by) to end.
func TestLabourClaimWaitsForWritersInFlight(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		if db.Dialect != storage.Postgres {
			t.Skip("SQLite's one writer has committed every earlier change")
		}
		ctx := context.Background()
		st := storage.NewProductionStore(db)
		writing := make(chan struct{})
		finish := make(chan struct{})
		wrote := make(chan error, 1)
		go func() {
			wrote <- db.WithTx(ctx, func(tx *storage.Tx) error {
				// A change that passes every day by (none is computed).
				if _, err := tx.Exec(ctx, `UPDATE production_labour_days SET generation = generation + 1, basis = ''
					WHERE date >= '2026-03-01' AND date <= '2026-03-10' AND basis <> ''`); err != nil {
					return err
				}
				close(writing)
				<-finish
				return nil
			})
		}()
		<-writing
		claimed := make(chan bool, 1)
		go func() {
			ok, err := st.ClaimLabourDays(ctx, []string{"2026-03-05"})
			if err != nil {
				t.Error(err)
			}
			claimed <- ok
		}()
		select {
		case <-claimed:
			t.Fatal("the claim did not wait for the writer in flight")
		case <-time.After(200 * time.Millisecond):
		}
		close(finish)
		if err := <-wrote; err != nil {
			t.Fatal(err)
		}
		if !<-claimed {
			t.Fatal("the claim was given up")
		}
	})
}

// Labour computed before a change is not stored after it.
func TestProductionLabourSaveSkipsChangedDays(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		env := newClockEnv(t, db)
		e := newProdEnv(t, db)
		st := storage.NewProductionStore(db)
		ana := env.employee("Ana", "Lima", "1234")
		days := []string{"2026-03-01", "2026-03-02"}
		if claimed, err := st.ClaimLabourDays(ctx, days); err != nil || !claimed {
			t.Fatal(claimed, err)
		}
		read, err := st.LabourDays(ctx, days[0], days[1])
		if err != nil || len(read) != 2 {
			t.Fatalf("%v %v", read, err)
		}
		// A change to the 2nd lands between the read and the save.
		if err := e.svc.Assign(ctx, production.Assignment{Date: days[1], EmployeeID: ana.ID, LineID: &e.line.ID}); err != nil {
			t.Fatal(err)
		}
		var save []production.LabourDay
		for _, d := range days {
			save = append(save, production.LabourDay{Date: d, Generation: read[d].Generation, Basis: "basis",
				PerLine: map[int64]time.Duration{e.line.ID: time.Hour}})
		}
		if err := st.SaveLabour(ctx, save); err != nil {
			t.Fatal(err)
		}
		after, _ := st.LabourDays(ctx, days[0], days[1])
		if a, b := after[days[0]], after[days[1]]; a.Basis != "basis" || a.PerLine[e.line.ID] != time.Hour || b.Basis != "" || len(b.PerLine) != 0 {
			t.Errorf("after save: %+v %+v", a, b)
		}
	})
}
