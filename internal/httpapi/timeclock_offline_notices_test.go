package httpapi_test

import (
	"fmt"
	"testing"
	"time"
)

// TestOfflineRefusalsToldOncePerEmployee: whoever has one employee's PIN can
// send refused offline punches at will (a right PIN clears the throttle):
// hundreds of them tell staff once, and another employee's refusal is told
// all the same.
func TestOfflineRefusalsToldOncePerEmployee(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		mia := e.addEmployee("Mia", "Nash", "7531")
		ned := e.addEmployee("Ned", "Ortiz", "8642")
		future := time.Now().Add(time.Hour)
		for range 3 {
			var ps []sealedPunch
			for range 100 {
				ps = append(ps, e.seal(k, mia.EmployeeID, "7531", "clockin", future))
			}
			got := e.deliver(batchBody(ps...))
			for i, r := range got {
				if r.Status != "refused" || r.Code != "offline.future" {
					t.Fatalf("punch %d: %+v", i, r)
				}
			}
		}
		e.deliver(batchBody(e.seal(k, ned.EmployeeID, "8642", "clockin", future)))
		notices := e.refusedNotices()
		if len(notices) != 2 {
			t.Fatalf("%d notices, want one of Mia and one of Ned", len(notices))
		}
		if notices[0]["employee_id"] != fmt.Sprint(ned.EmployeeID) || notices[1]["employee_id"] != fmt.Sprint(mia.EmployeeID) {
			t.Errorf("notices = %v", notices)
		}
		var rows int
		if err := e.db.QueryRow(t.Context(), `SELECT COUNT(*) FROM notifications WHERE kind = 'offline_punch_refused'`).Scan(&rows); err != nil || rows != 2 {
			t.Errorf("%d notification rows (%v), want 2 (one user, two employees)", rows, err)
		}
	})
}

// forgottenNotices are the admin's forgotten clock-out notifications.
func (e *env) forgottenNotices() []map[string]string {
	e.t.Helper()
	var p struct {
		Notifications []struct{ Params map[string]string }
	}
	e.call("GET", "/api/notifications?kind=forgotten_clockout&limit=100", e.token, "", 200, &p)
	out := []map[string]string{}
	for _, n := range p.Notifications {
		out = append(out, n.Params)
	}
	return out
}

// TestOfflineLongShiftTellsTheAdmins: a shift taken offline that is longer
// than the maximum shift (12 hours) tells the admins as the same shift
// online does (a forgotten clock-out), once: sealed as a clock-in 23.5 hours
// back and a clock-out now, or as a clock-in 13 hours back still open. A
// shift within the maximum tells no one.
func TestOfflineLongShiftTellsTheAdmins(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		ola := e.addEmployee("Ola", "Park", "1470")
		pia := e.addEmployee("Pia", "Quinn", "2581")
		raj := e.addEmployee("Raj", "Roy", "3692")
		now := time.Now().UTC()
		in := now.Add(-23*time.Hour - 30*time.Minute)
		shift := batchBody(
			e.seal(k, ola.EmployeeID, "1470", "clockin", in),
			e.seal(k, ola.EmployeeID, "1470", "clockout", now),
			e.seal(k, raj.EmployeeID, "3692", "clockin", now.Add(-11*time.Hour)),
			e.seal(k, raj.EmployeeID, "3692", "clockout", now),
		)
		wantStatuses(t, e.deliver(shift), "recorded", "recorded", "recorded", "recorded")
		got := e.forgottenNotices()
		if len(got) != 1 || got[0]["employee_id"] != fmt.Sprint(ola.EmployeeID) || got[0]["name"] != "Ola Park" ||
			got[0]["hours"] != "12" || got[0]["since"] != in.Truncate(time.Second).Format(time.RFC3339) {
			t.Fatalf("forgotten clock-out notices = %v, want one of Ola's shift", got)
		}
		e.deliver(shift) // answered from the store: no second notice
		wantStatuses(t, e.deliver(batchBody(e.seal(k, pia.EmployeeID, "2581", "clockin", now.Add(-13*time.Hour)))), "recorded")
		if got = e.forgottenNotices(); len(got) != 2 || got[0]["employee_id"] != fmt.Sprint(pia.EmployeeID) {
			t.Fatalf("forgotten clock-out notices = %v, want Ola's and Pia's", got)
		}
		// Both shifts are marked told, so housekeeping, which finds Pia's
		// still open, does not tell of it again.
		var marked int
		if err := e.db.QueryRow(t.Context(), `SELECT COUNT(*) FROM forgotten_clockouts WHERE employee_id IN (?, ?)`,
			ola.EmployeeID, pia.EmployeeID).Scan(&marked); err != nil || marked != 2 {
			t.Errorf("%d shifts marked told (%v), want 2", marked, err)
		}
	})
}
