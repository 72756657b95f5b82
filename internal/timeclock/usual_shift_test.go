package timeclock

import (
	"testing"
	"time"
)

// An employee's usual shift is the median of their closed shifts; open
// ones do not count, and someone without any works DefaultShift.
func TestUsualShift(t *testing.T) {
	at := time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)
	shift := func(day int, hours float64) Shift {
		in := at.AddDate(0, 0, day)
		out := in.Add(time.Duration(hours * float64(time.Hour)))
		return Shift{In: &in, Out: &out}
	}
	open := at.AddDate(0, 0, 9)
	for _, c := range []struct {
		shifts []Shift
		want   time.Duration
	}{
		{nil, DefaultShift},
		{[]Shift{{In: &open}}, DefaultShift},
		{[]Shift{shift(0, 6), shift(1, 4), shift(2, 7.5)}, 6 * time.Hour},
		{[]Shift{shift(0, 6), shift(1, 4), shift(2, 7.5), shift(3, 10), {In: &open}}, 7*time.Hour + 30*time.Minute},
	} {
		if got := UsualShift(c.shifts); got != c.want {
			t.Errorf("UsualShift(%d shifts) = %v, want %v", len(c.shifts), got, c.want)
		}
	}
}
