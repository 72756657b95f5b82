package production

import (
	"context"
	"testing"
	"time"
)

// A punch reaches the days within LabourWindow of it in any zone; several
// punches reach the days around the earliest to the latest; PunchLabour
// marks exactly those days.
func TestLabourDaysAround(t *testing.T) {
	at := time.Date(2026, 3, 10, 23, 30, 0, 0, time.UTC)
	if from, to := LabourDaysAround(at); from != "2026-03-08" || to != "2026-03-13" {
		t.Fatalf("one punch: %s to %s, want 2026-03-08 to 2026-03-13", from, to)
	}
	early := time.Date(2026, 3, 1, 0, 30, 0, 0, time.FixedZone("UTC+14", 14*3600))
	if from, to := LabourDaysAround(at, early); from != "2026-02-25" || to != "2026-03-13" {
		t.Fatalf("two punches: %s to %s, want 2026-02-25 to 2026-03-13", from, to)
	}
	var days [][2]string
	l := PunchLabour{LabourDays: daysFunc(func(from, to string) { days = append(days, [2]string{from, to}) })}
	if err := l.PunchesChanged(context.Background(), at); err != nil || len(days) != 1 || days[0] != [2]string{"2026-03-08", "2026-03-13"} {
		t.Fatalf("PunchesChanged marked %v (%v)", days, err)
	}
}

type daysFunc func(from, to string)

func (f daysFunc) DaysChanged(_ context.Context, from, to string) error {
	f(from, to)
	return nil
}
