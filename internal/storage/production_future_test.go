package storage_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// An entry for an hour that has not begun in the organisation's zone is
// refused (409 production.hour_not_yet) unless planning ahead is allowed;
// the hour is read on the zone's clock, also on the days summer time
// starts and ends, and across the zone's midnight while UTC is still on
// the day before.
func TestProductionRefusesHoursNotYetBegun(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		var now time.Time
		db.SetNow(func() time.Time { return now })
		e := newProdEnv(t, db)
		e.stock("1000", "1000", "10000")
		org := storage.NewOrganisationService(db)
		zone := "Europe/Berlin"
		if _, err := org.Update(ctx, organisation.Patch{TimeZone: &zone}); err != nil {
			t.Fatal(err)
		}
		entry := func(date string, hour int) error {
			_, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: date, Hour: hour, LineID: e.line.ID, ProductID: e.meal.ID, Units: 1}, production.Actor{})
			return err
		}
		cases := []struct {
			name     string
			now      time.Time // UTC
			date     string
			ok, not  int // an hour that has begun, the next one
			prevDate string
		}{
			// 01:30 UTC is 03:30 CEST: the clocks went from 02:00 to 03:00.
			{"summer time starts", time.Date(2026, 3, 29, 1, 30, 0, 0, time.UTC), "2026-03-29", 3, 4, "2026-03-28"},
			// 00:30 UTC is the first 02:30 (CEST), 01:30 UTC the second (CET).
			{"summer time ends, first 02:30", time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC), "2026-10-25", 2, 3, "2026-10-24"},
			{"summer time ends, second 02:30", time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC), "2026-10-25", 2, 3, "2026-10-24"},
			// 23:30 UTC on the 25th is 00:30 on the 26th in Berlin.
			{"after the zone's midnight", time.Date(2026, 11, 25, 23, 30, 0, 0, time.UTC), "2026-11-26", 0, 1, "2026-11-25"},
		}
		for _, c := range cases {
			now = c.now
			if err := entry(c.date, c.ok); err != nil {
				t.Fatalf("%s: hour %d has begun: %v", c.name, c.ok, err)
			}
			if err := entry(c.prevDate, 23); err != nil {
				t.Fatalf("%s: the day before: %v", c.name, err)
			}
			err := entry(c.date, c.not)
			if apperr.CodeOf(err) != "production.hour_not_yet" {
				t.Fatalf("%s: hour %d not begun: %v", c.name, c.not, err)
			}
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Kind != apperr.Conflict || ae.Field != "hour" {
				t.Fatalf("%s: %+v", c.name, err)
			}
			if err := entry("2026-12-31", 0); apperr.CodeOf(err) != "production.hour_not_yet" {
				t.Fatalf("%s: a later day: %v", c.name, err)
			}
		}
		if n := e.count("production_entries"); n != 2*len(cases) {
			t.Fatalf("%d entries written, want %d", n, 2*len(cases))
		}
		// Planning ahead allowed: a later hour is written.
		on := true
		if _, err := org.Update(ctx, organisation.Patch{AllowPlanningAhead: &on}); err != nil {
			t.Fatal(err)
		}
		if err := entry("2026-11-26", 9); err != nil {
			t.Fatalf("planning ahead: %v", err)
		}
	})
}
