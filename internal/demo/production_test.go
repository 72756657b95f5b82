package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/packline/packline/internal/app"
)

// The demo's production agrees with its time clock: every day on which
// people worked has output at about the rate the demo packs (5 units a
// labour hour), the night crew's hours are produced at night, and no entry
// is for an hour that has not begun (today runs up to the current hour).
func checkDemoProduction(t *testing.T, svc *app.Services) {
	ctx := context.Background()
	cal := svc.Production.Calendar
	loc, err := cal.Zone(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := cal.Now().In(loc)
	today := now.Format(time.DateOnly)
	var night, daytime bool
	for d := now.AddDate(0, 0, -14); d.Format(time.DateOnly) <= today; d = d.AddDate(0, 0, 1) {
		date := d.Format(time.DateOnly)
		day, err := svc.Production.Daily(ctx, date)
		if err != nil {
			t.Fatal(err)
		}
		if day.LabourHours >= 1 && day.Units == 0 {
			t.Errorf("%s: %.2f labour hours and no units", date, day.LabourHours)
		}
		if day.LabourHours >= 8 && (day.UnitsPerLabourHour == nil || *day.UnitsPerLabourHour < 3 || *day.UnitsPerLabourHour > 7) {
			t.Errorf("%s: %d units from %.2f labour hours", date, day.Units, day.LabourHours)
		}
		for _, e := range day.Entries {
			if e.Date > today || (e.Date == today && e.Hour > now.Hour()) {
				t.Errorf("entry %d for %s %02d:00, after now (%s)", e.ID, e.Date, e.Hour, now.Format(time.DateTime))
			}
			night = night || e.Hour >= 22 || e.Hour < 5
			daytime = daytime || e.Hour >= 6 && e.Hour < 18
		}
	}
	if !night || !daytime {
		t.Errorf("night hours produced %v, day hours produced %v", night, daytime)
	}
}
