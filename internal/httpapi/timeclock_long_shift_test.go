package httpapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// A staff correction that makes a shift longer than the organisation's
// maximum (12 hours) is refused, 409 timeclock.shift_too_long with the
// shift's hours, unless it is confirmed with allow_long; shorter ones pass.
func TestPunchCorrectionOverTheMaximumShiftNeedsConfirming(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		emp := e.addEmployee("Lou", "Long", "24680")
		local := func(ago time.Duration) string {
			return time.Now().In(mustChicago()).Add(-ago).Format("2006-01-02T15:04")
		}
		punch := func(kind string, ago time.Duration, extra string, status int, out any) {
			t.Helper()
			e.call("POST", fmt.Sprintf("/api/staff/employees/%d/punches", emp.EmployeeID), e.token,
				fmt.Sprintf(`{"kind":%q,"at":%q,"reason":"Forgot to punch"%s}`, kind, local(ago), extra), status, out)
		}
		// A clock-in 30 hours ago, then the forgotten clock-out now.
		var in timeclock.Punch
		punch("in", 30*time.Hour, "", 201, &in)
		// The shift shows as forgotten, and its likely end is proposed: the
		// clock-in plus a usual shift (8 hours for someone without history).
		var now timeclock.Now
		e.call("GET", "/api/staff/timeclock/now", e.token, "", 200, &now)
		if len(now.ClockedIn) != 1 || !now.ClockedIn[0].Forgotten || now.ClockedIn[0].ProposedOut == nil ||
			!now.ClockedIn[0].ProposedOut.Equal(in.At.Add(8*time.Hour)) {
			t.Fatalf("the forgotten shift: %+v", now.ClockedIn)
		}
		var refused errJSON
		punch("out", time.Minute, "", 409, &refused)
		if refused.Code != "timeclock.shift_too_long" || refused.Field != "at" || refused.Params["max_hours"] != float64(12) {
			t.Fatalf("a 30-hour shift: %+v", refused)
		}
		if h, _ := refused.Params["hours"].(float64); h < 29.9 || h > 30 {
			t.Errorf("hours %v, want about 30", refused.Params["hours"])
		}
		// Refused, nothing was written: the employee is still clocked in.
		var punches struct {
			Punches []timeclock.Punch `json:"punches"`
		}
		e.call("GET", fmt.Sprintf("/api/staff/employees/%d/punches", emp.EmployeeID), e.token, "", 200, &punches)
		if len(punches.Punches) != 1 {
			t.Fatalf("a refused correction wrote a punch: %+v", punches.Punches)
		}
		// The usual end of the shift is fine; a confirmed long one too.
		var out timeclock.Punch
		punch("out", 22*time.Hour, "", 201, &out)
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", out.ID), e.token,
			fmt.Sprintf(`{"at":%q,"reason":"Stayed for the night shift"}`, local(10*time.Hour)), 409, &refused)
		if refused.Code != "timeclock.shift_too_long" {
			t.Errorf("moving the clock-out 20 hours after the clock-in: %+v", refused)
		}
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", out.ID), e.token,
			fmt.Sprintf(`{"at":%q,"reason":"Stayed for the night shift","allow_long":true}`, local(10*time.Hour)), 200, nil)
		// Moving the clock-in itself is judged against its clock-out.
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", in.ID), e.token,
			fmt.Sprintf(`{"at":%q,"reason":"Came in later"}`, local(18*time.Hour)), 200, nil)
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", in.ID), e.token,
			fmt.Sprintf(`{"at":%q,"reason":"Came in earlier"}`, local(40*time.Hour)), 409, &refused)
		if refused.Code != "timeclock.shift_too_long" {
			t.Errorf("moving the clock-in 30 hours before the clock-out: %+v", refused)
		}
	})
}
