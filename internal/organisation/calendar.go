package organisation

import (
	"context"
	"time"
)

// Calendar is the one source of "now", the organisation's time zone and its
// "today". Every area that means a day (a timesheet, a batch's expiry, a
// production date, the dashboard) asks it, so no code reads the zone its own
// way or falls back to UTC on an error.
type Calendar struct {
	Settings interface {
		Get(ctx context.Context) (Settings, error)
	}
	// Clock returns the current instant; nil means time.Now. Tests set it.
	Clock func() time.Time
}

// Now is the current instant, in UTC.
func (c *Calendar) Now() time.Time {
	if c.Clock != nil {
		return c.Clock().UTC()
	}
	return time.Now().UTC()
}

// Zone is the organisation's time zone.
func (c *Calendar) Zone(ctx context.Context) (*time.Location, error) {
	st, err := c.Settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	return st.Location(), nil
}

// Today is the organisation's current date, YYYY-MM-DD, in its zone.
func (c *Calendar) Today(ctx context.Context) (string, error) {
	loc, err := c.Zone(ctx)
	if err != nil {
		return "", err
	}
	return c.Now().In(loc).Format(time.DateOnly), nil
}
