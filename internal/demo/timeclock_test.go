package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// TestDemoPunchesAgreeAcrossScreens loads the demo at a few moments (a
// Monday morning just after the spring DST change, a Sunday night) and
// checks what the dashboard and the timesheets would show: six weeks of
// history in the organisation's zone, nothing in the future, the people
// clocked in now are exactly the open shifts of the timesheet, one forgotten
// clock-out (Dara Davies), the three corrections with reasons, and weekly
// hours a person could have worked.
func TestDemoPunchesAgreeAcrossScreens(t *testing.T) {
	t.Parallel()
	chicago, _ := time.LoadLocation("America/Chicago")
	for _, at := range []time.Time{
		time.Date(2026, 3, 9, 10, 15, 0, 0, chicago),   // Monday after the DST change
		time.Date(2026, 11, 22, 21, 40, 0, 0, chicago), // Sunday night
	} {
		t.Run(at.Format("Mon 2006-01-02 15:04"), func(t *testing.T) {
			ctx := context.Background()
			db := storagetest.Open(t, storage.SQLite)
			db.SetNow(func() time.Time { return at.UTC() })
			svc := app.New(db, slog.New(slog.NewTextHandler(io.Discard, nil)), app.WithPasswordHashing(accounts.TestHashing))
			// Only what this test reads: the year of production the full demo
			// adds takes most of its load time and changes no punch.
			d := svc.Demo()
			d.Production, d.Clients, d.Projects, d.Payments, d.Documents, d.Messaging = nil, nil, nil, nil, nil, nil
			if _, err := demo.Load(ctx, d); err != nil {
				t.Fatal(err)
			}
			tc := svc.Timeclock
			now, err := tc.Now(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if now.ForgottenCount != 1 || now.Count < 2 || now.TimeZone != "America/Chicago" {
				t.Errorf("who is in: %d in, %d forgotten, zone %s", now.Count, now.ForgottenCount, now.TimeZone)
			}
			in := map[int64]bool{}
			for _, o := range now.ClockedIn {
				in[o.EmployeeID] = true
				if o.Forgotten != (o.FirstName == "Dara") {
					t.Errorf("%s %s forgotten = %v", o.FirstName, o.LastName, o.Forgotten)
				}
			}
			today := timeclock.DateOf(at, chicago)
			ts, err := tc.Timesheet(ctx, timeclock.TimesheetQuery{From: today.AddDays(-6 * 7), To: today})
			if err != nil {
				t.Fatal(err)
			}
			if len(ts.Employees) != 40 {
				t.Fatalf("%d employees", len(ts.Employees))
			}
			open := map[int64]bool{}
			for _, e := range ts.Employees {
				var first *time.Time
				for _, s := range e.Shifts {
					if s.In != nil && (first == nil || s.In.Before(*first)) {
						first = s.In
					}
					if s.In != nil && s.In.After(at) || s.Out != nil && s.Out.After(at) {
						t.Errorf("%s: a punch in the future: %+v", e.LastName, s)
					}
					if s.Out == nil && s.In != nil {
						open[e.EmployeeID] = true
					}
				}
				if first == nil || (e.LastName != "Jiang" && at.Sub(*first) < 5*7*24*time.Hour) {
					t.Errorf("%s %s: history starts %v", e.FirstName, e.LastName, first)
				}
				if avg := e.TotalHours / 6; avg < 10 || avg > 48 {
					t.Errorf("%s %s works %.1f hours a week", e.FirstName, e.LastName, avg)
				}
			}
			if len(open) != len(in) {
				t.Errorf("open shifts %v, clocked in %v", open, in)
			}
			for id := range in {
				if !open[id] {
					t.Errorf("employee %d is clocked in without an open shift", id)
				}
			}
			audit, err := tc.Audit(ctx, 0, 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(audit) != 3 {
				t.Errorf("%d corrections, want 3: %+v", len(audit), audit)
			}
			for _, a := range audit {
				if a.Reason == "" || a.UserName != "Dana Demo" || a.At.After(at) {
					t.Errorf("correction %+v", a)
				}
			}
		})
	}
}
