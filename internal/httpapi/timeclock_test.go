package httpapi_test

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

type employeeJSON struct {
	EmployeeID  int64      `json:"employee_id"`
	FirstName   string     `json:"first_name"`
	LastName    string     `json:"last_name"`
	ClockStatus string     `json:"clock_status"`
	LastEvent   *time.Time `json:"last_event"`
	Active      bool       `json:"active"`
	HasPIN      bool       `json:"has_pin"`
}

type pinAnswer struct {
	Valid    bool   `json:"valid"`
	Message  string `json:"message"`
	Code     string `json:"code"`
	Employee struct {
		ClockStatus string     `json:"clock_status"`
		LastEvent   *time.Time `json:"last_event"`
	} `json:"employee"`
	ClockToken string `json:"clock_token"`
}

type clockAnswer struct {
	NewStatus string    `json:"new_status"`
	Timestamp time.Time `json:"timestamp"`
}

func (e *env) addEmployee(first, last, pin string) employeeJSON {
	e.t.Helper()
	var out employeeJSON
	body, _ := json.Marshal(map[string]string{"first_name": first, "last_name": last, "pin": pin})
	e.call("POST", "/api/employees", e.token, string(body), 201, &out)
	return out
}

func (e *env) validPIN(id int64, pin string) pinAnswer {
	e.t.Helper()
	var out pinAnswer
	e.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":%q}`, id, pin), 200, &out)
	if !out.Valid || out.ClockToken == "" {
		e.t.Fatalf("PIN %s for %d: %+v", pin, id, out)
	}
	return out
}

func TestKioskWalkThrough(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		ana := e.addEmployee(" Ana ", "Lima", "2468")
		if ana.EmployeeID == 0 || ana.FirstName != "Ana" || ana.ClockStatus != "clocked_out" || ana.LastEvent != nil || !ana.HasPIN || !ana.Active {
			t.Fatalf("created = %+v", ana)
		}
		raw := e.call("POST", "/api/employees", e.token, `{"first_name":"Bo","last_name":"adams","pin":"13579"}`, 201, nil)
		if strings.Contains(string(raw), "13579") || strings.Contains(string(raw), "pin_hash") {
			t.Errorf("the PIN leaks back: %s", raw)
		}
		gone := e.addEmployee("Old", "Zed", "1111")
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/archive", gone.EmployeeID), e.token, "", 200, nil)

		// The public list: exactly the spec's fields, active only, by last name.
		var list []map[string]any
		e.call("GET", "/api/employees", "", "", 200, &list)
		if len(list) != 2 {
			t.Fatalf("list = %v", list)
		}
		for _, item := range list {
			var keys []string
			for k := range item {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			if want := []string{"clock_status", "employee_id", "first_name", "last_event", "last_name"}; !reflect.DeepEqual(keys, want) {
				t.Errorf("kiosk employee keys = %v, want %v", keys, want)
			}
		}
		if list[0]["last_name"] != "adams" || list[1]["last_name"] != "Lima" || list[1]["last_event"] != nil {
			t.Errorf("order or values: %v", list)
		}

		// Wrong PIN, then right PIN.
		var wrong pinAnswer
		e.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"0000"}`, ana.EmployeeID), 200, &wrong)
		if wrong.Valid || wrong.Message != "Incorrect PIN. Please try again." || wrong.Code != "pin.incorrect" || wrong.ClockToken != "" {
			t.Errorf("wrong PIN = %+v", wrong)
		}
		ok := e.validPIN(ana.EmployeeID, "2468")
		if ok.Employee.ClockStatus != "clocked_out" || ok.Employee.LastEvent != nil {
			t.Errorf("right PIN = %+v", ok)
		}

		// Clocking needs the token: none is a 400 naming it, a wrong one a 403.
		noToken := e.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d}`, ana.EmployeeID), 400, nil)
		wantError(t, noToken, "field.required", "Enter your PIN first.")
		badToken := e.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":"x"}`, ana.EmployeeID), 403, nil)
		wantError(t, badToken, "clock.token_invalid", "Your PIN check has expired or was already used. Please enter your PIN again.")
		var in clockAnswer
		e.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, ana.EmployeeID, ok.ClockToken), 200, &in)
		if in.NewStatus != "clocked_in" || time.Since(in.Timestamp) > time.Minute {
			t.Errorf("clock in = %+v", in)
		}
		// Used token.
		e.call("POST", "/api/employees/clockout", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, ana.EmployeeID, ok.ClockToken), 403, nil)
		// Already in.
		again := e.validPIN(ana.EmployeeID, "2468")
		if again.Employee.ClockStatus != "clocked_in" || again.Employee.LastEvent == nil || !again.Employee.LastEvent.Equal(in.Timestamp) {
			t.Errorf("after clocking in = %+v", again)
		}
		wantError(t, e.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, ana.EmployeeID, again.ClockToken), 409, nil),
			"punch.already_in", "You are already clocked in.")
		// The list shows the new state at once.
		after := e.kioskList()
		if after[1].ClockStatus != "clocked_in" || after[1].LastEvent == nil || !after[1].LastEvent.Equal(in.Timestamp) {
			t.Errorf("list after clock-in = %+v", after[1])
		}
		var out clockAnswer
		e.call("POST", "/api/employees/clockout", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, ana.EmployeeID, again.ClockToken), 200, &out)
		if out.NewStatus != "clocked_out" {
			t.Errorf("clock out = %+v", out)
		}
		last := e.validPIN(ana.EmployeeID, "2468")
		wantError(t, e.call("POST", "/api/employees/clockout", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, ana.EmployeeID, last.ClockToken), 409, nil),
			"punch.already_out", "You are already clocked out.")
		// Archived employees cannot check a PIN.
		wantError(t, e.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"1111"}`, gone.EmployeeID), 404, nil),
			"employee.not_found", "Employee not found.")
	})
}

func TestKioskListCachedByVersion(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		e.addEmployee("Ana", "Lima", "2468")
		res := e.do("GET", "/api/employees", "", "")
		res.Body.Close()
		etag := res.Header.Get("ETag")
		if etag == "" || res.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("headers %v", res.Header)
		}
		res = e.send("GET", "/api/employees", "", nil, http.Header{"If-None-Match": {etag}})
		res.Body.Close()
		if res.StatusCode != 304 {
			t.Errorf("If-None-Match: status %d, want 304", res.StatusCode)
		}
		e.addEmployee("Bo", "Chen", "2468")
		if list := e.kioskList(); len(list) != 2 {
			t.Errorf("a new employee is missing from the cached list: %+v", list)
		}
	})
}

// kioskList is the kiosk's employee list (GET /api/employees).
func (e *env) kioskList() []employeeJSON {
	e.t.Helper()
	var list []employeeJSON
	e.call("GET", "/api/employees", "", "", 200, &list)
	return list
}

func TestKioskBadInput(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		ana := e.addEmployee("Ana", "Lima", "2468")
		cases := []struct {
			path, body string
			status     int
		}{
			{"/api/employees/validate-pin", ``, 400},
			{"/api/employees/validate-pin", `{`, 400},
			{"/api/employees/validate-pin", `[]`, 400},
			{"/api/employees/validate-pin", `{}`, 400},
			{"/api/employees/validate-pin", `{"employee_id":"1","pin":"1234"}`, 400},
			{"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":2468}`, ana.EmployeeID), 400},
			{"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":""}`, ana.EmployeeID), 400},
			{"/api/employees/validate-pin", `{"employee_id":-5,"pin":"1234"}`, 400},
			{"/api/employees/validate-pin", `{"employee_id":987654,"pin":"1234"}`, 404},
			{"/api/employees/validate-pin", `{"employee_id":1e30,"pin":"1234"}`, 400},
			{"/api/employees/clockin", `{}`, 400},
			{"/api/employees/clockin", `{"employee_id":1,"clock_token":5}`, 400},
			{"/api/employees/clockin", fmt.Sprintf(`{"employee_id":%d,"clock_token":"%s"}`, ana.EmployeeID, strings.Repeat("A", 5000)), 403},
			{"/api/employees/clockout", fmt.Sprintf(`{"employee_id":%d,"clock_token":"x.y"}`, ana.EmployeeID), 403},
			{"/api/employees/clockin", `{"employee_id":987654,"clock_token":"x"}`, 403},
		}
		for _, c := range cases {
			raw := e.call("POST", c.path, "", c.body, c.status, nil)
			errorOf(t, raw)
		}
		// Office endpoints need a token.
		for _, p := range []string{"/api/staff/employees", "/api/staff/employees/1", "/api/staff/timeclock/now",
			"/api/staff/timesheets", "/api/staff/timesheets.csv", "/api/staff/employees/1/punches", "/api/staff/timeclock/audit"} {
			e.call("GET", p, "", "", 401, nil)
		}
		e.call("POST", "/api/employees", "", `{"first_name":"A","last_name":"B","pin":"1234"}`, 401, nil)
		// Adding employees: clear 400s.
		for _, body := range []string{
			`{"first_name":"","last_name":"B","pin":"1234"}`,
			`{"first_name":"A","last_name":" ","pin":"1234"}`,
			`{"first_name":"A","last_name":"B"}`,
			`{"first_name":"A","last_name":"B","pin":"12a4"}`,
			`{"first_name":"A","last_name":"B","pin":"123"}`,
			`{"first_name":"A","last_name":"B","pin":"123456789"}`,
			`{"first_name":"A","last_name":"B","pin":"1234","pin_confirmation":"1235"}`,
			`{"first_name":"` + strings.Repeat("x", 101) + `","last_name":"B","pin":"1234"}`,
		} {
			errorOf(t, e.call("POST", "/api/employees", e.token, body, 400, nil))
		}
		if list := e.kioskList(); len(list) != 1 {
			t.Errorf("a rejected employee was written: %+v", list)
		}
	})
}

func TestKioskPINThrottleOverHTTP(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		ana := e.addEmployee("Ana", "Lima", "2468")
		for i := 0; i < 5; i++ {
			var a pinAnswer
			e.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"1111"}`, ana.EmployeeID), 200, &a)
			if a.Valid {
				t.Fatal("a wrong PIN was valid")
			}
		}
		res := e.do("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, ana.EmployeeID))
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" || !strings.Contains(errorOf(t, raw), "Try again in") {
			t.Fatalf("after 5 wrong PINs: %d %s (Retry-After %q)", res.StatusCode, raw, res.Header.Get("Retry-After"))
		}
		var body struct {
			Code   string
			Params map[string]any
		}
		if err := json.Unmarshal(raw, &body); err != nil || body.Code != "pin.throttled" || body.Params["retry_after_seconds"] == nil {
			t.Errorf("throttled body %s", raw)
		}
	})
}

// instances starts n API servers over one database with one server secret,
// as several packline processes behind a load balancer.
func instances(t *testing.T, db *storage.DB, n int) []*httptest.Server {
	return fleet(t, n, func(int) *storage.DB { return db }, func(h http.Handler) http.Handler { return validated(t, h) })
}

// fleetEmployee creates Ana (PIN 2468) as a fleet's instance would.
func fleetEmployee(t *testing.T, db *storage.DB) *timeclock.Employee {
	t.Helper()
	emp, err := app.New(db, slog.New(slog.NewTextHandler(io.Discard, nil)), app.WithTimeclockKeys(fleetKeys(t))).Timeclock.CreateEmployee(
		context.Background(), timeclock.NewEmployee{FirstName: "Ana", LastName: "Lima", PIN: "2468"})
	if err != nil {
		t.Fatal(err)
	}
	return emp
}

// fleetKeys are the time clock keys of the fleet's one server secret.
func fleetKeys(t *testing.T) *timeclock.Keys {
	keys, err := timeclock.NewKeys([]byte("shared-secret-of-the-fleet"))
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// fleet starts n API servers with one server secret: server i over db(i),
// its handler wrapped by wrap.
func fleet(t *testing.T, n int, db func(i int) *storage.DB, wrap func(http.Handler) http.Handler) []*httptest.Server {
	t.Helper()
	keys := fleetKeys(t)
	var out []*httptest.Server
	for i := range n {
		api, _ := wiredAPI(db(i), app.WithTimeclockKeys(keys))
		srv := httptest.NewServer(wrap(api.Handler()))
		t.Cleanup(srv.Close)
		out = append(out, srv)
	}
	return out
}

func post(t *testing.T, url, body string, out any) int {
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return 0
	}
	defer res.Body.Close()
	if out != nil {
		_ = json.NewDecoder(res.Body).Decode(out)
	}
	return res.StatusCode
}

func TestConcurrentClockInsAcrossInstances(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		srvs := instances(t, db, 3)
		emp := fleetEmployee(t, db)
		const n = 50
		// Fifty kiosks each pass the PIN check (on any instance)…
		tokens := make([]string, n)
		for i := range tokens {
			var a pinAnswer
			if st := post(t, srvs[i%3].URL+"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, emp.ID), &a); st != 200 || !a.Valid {
				t.Fatalf("PIN check %d: %d %+v", i, st, a)
			}
			tokens[i] = a.ClockToken
		}
		// …and all press Clock In at once, on different instances.
		statuses := make([]int, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				statuses[i] = post(t, srvs[i%3].URL+"/api/employees/clockin", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, emp.ID, tokens[i]), nil)
			}(i)
		}
		close(start)
		wg.Wait()
		count := map[int]int{}
		for _, s := range statuses {
			count[s]++
		}
		if count[200] != 1 || count[409] != n-1 {
			t.Errorf("statuses %v: want exactly one 200 and %d 409s", count, n-1)
		}

		// One token replayed fifty times at once: it clocks out once.
		var a pinAnswer
		post(t, srvs[0].URL+"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, emp.ID), &a)
		count = map[int]int{}
		var mu sync.Mutex
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				st := post(t, srvs[i%3].URL+"/api/employees/clockout", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, emp.ID, a.ClockToken), nil)
				mu.Lock()
				count[st]++
				mu.Unlock()
			}(i)
		}
		wg.Wait()
		if count[200] != 1 || count[200]+count[409]+count[403] != n {
			t.Errorf("replayed token statuses %v: want exactly one 200, the rest 403 or 409", count)
		}
		var punches int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM punches`).Scan(&punches); err != nil || punches != 2 {
			t.Errorf("%d punches recorded (%v), want 2", punches, err)
		}
		// Every instance lists the same, current state.
		for _, s := range srvs {
			res, err := http.Get(s.URL + "/api/employees")
			if err != nil {
				t.Fatal(err)
			}
			var list []employeeJSON
			_ = json.NewDecoder(res.Body).Decode(&list)
			res.Body.Close()
			if len(list) != 1 || list[0].ClockStatus != "clocked_out" {
				t.Errorf("instance %s lists %+v", s.URL, list)
			}
		}
	})
}

func TestOfficeEmployees(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for i, n := range []string{"Adams", "Baker", "Chen", "Diaz", "Evans"} {
			e.addEmployee(fmt.Sprintf("F%d", i), n, "2468")
		}
		var page struct {
			Employees []employeeJSON `json:"employees"`
			Total     int            `json:"total"`
			Page      int            `json:"page"`
			PageSize  int            `json:"page_size"`
		}
		e.call("GET", "/api/staff/employees?sort=last_name&order=desc&page=2&page_size=2", e.token, "", 200, &page)
		if page.Total != 5 || page.Page != 2 || len(page.Employees) != 2 || page.Employees[0].LastName != "Chen" || page.Employees[1].LastName != "Baker" {
			t.Errorf("page = %+v", page)
		}
		e.call("GET", "/api/staff/employees?search=dia", e.token, "", 200, &page)
		if page.Total != 1 || page.Employees[0].LastName != "Diaz" {
			t.Errorf("search = %+v", page)
		}
		e.call("GET", "/api/staff/employees?sort=pin", e.token, "", 400, nil)
		e.call("GET", "/api/staff/employees?order=sideways", e.token, "", 400, nil)
		e.call("GET", "/api/staff/employees?status=deleted", e.token, "", 400, nil)

		id := page.Employees[0].EmployeeID
		var got employeeJSON
		e.call("PATCH", fmt.Sprintf("/api/staff/employees/%d", id), e.token, `{"first_name":"  Dolores  "}`, 200, &got)
		if got.FirstName != "Dolores" || got.LastName != "Diaz" {
			t.Errorf("patched = %+v", got)
		}
		e.call("PATCH", fmt.Sprintf("/api/staff/employees/%d", id), e.token, `{"last_name":""}`, 400, nil)
		e.call("GET", "/api/staff/employees/999999", e.token, "", 404, nil)
		e.call("GET", "/api/staff/employees/abc", e.token, "", 404, nil)

		// PIN reset: entered twice, never readable.
		e.call("PUT", fmt.Sprintf("/api/staff/employees/%d/pin", id), e.token, `{"pin":"97531","pin_confirmation":"97532"}`, 400, nil)
		e.call("PUT", fmt.Sprintf("/api/staff/employees/%d/pin", id), e.token, `{"pin":"97531","pin_confirmation":"97531"}`, 200, nil)
		e.validPIN(id, "97531")
		var old pinAnswer
		e.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, id), 200, &old)
		if old.Valid {
			t.Error("the old PIN still works")
		}

		// Clock in at the kiosk; who is in now.
		tok := e.validPIN(id, "97531")
		e.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, id, tok.ClockToken), 200, nil)
		var now timeclock.Now
		e.call("GET", "/api/staff/timeclock/now", e.token, "", 200, &now)
		if now.Count != 1 || now.ClockedIn[0].EmployeeID != id || now.ForgottenCount != 0 || now.MaxShiftHours != 12 || now.TimeZone != "America/Chicago" {
			t.Errorf("now = %+v", now)
		}
		// Clocked-in employees cannot be archived.
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/archive", id), e.token, "", 409, nil)

		// Punches and a correction with its audit trail.
		var punches struct {
			Punches  []timeclock.Punch `json:"punches"`
			TimeZone string            `json:"time_zone"`
		}
		e.call("GET", fmt.Sprintf("/api/staff/employees/%d/punches", id), e.token, "", 200, &punches)
		if len(punches.Punches) != 1 || punches.Punches[0].Kind != "in" || punches.Punches[0].Source != "kiosk" {
			t.Fatalf("punches = %+v", punches)
		}
		p := punches.Punches[0]
		newAt := p.At.Add(-30 * time.Minute).Format(time.RFC3339)
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", p.ID), e.token, fmt.Sprintf(`{"at":%q}`, newAt), 400, nil)
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", p.ID), e.token, fmt.Sprintf(`{"at":"yesterday","reason":"x"}`), 400, nil)
		var edited timeclock.Punch
		e.call("PATCH", fmt.Sprintf("/api/staff/punches/%d", p.ID), e.token, fmt.Sprintf(`{"at":%q,"reason":"Arrived earlier"}`, newAt), 200, &edited)
		if len(edited.Audit) != 1 || edited.Audit[0].UserName != "Ada Admin" || !edited.Audit[0].Before.At.Equal(p.At) || edited.Audit[0].Reason != "Arrived earlier" {
			t.Errorf("edited = %+v", edited)
		}
		// A missing clock-out, given in the organisation's local time.
		local := time.Now().In(mustChicago()).Add(-time.Minute).Format("2006-01-02T15:04")
		var added timeclock.Punch
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/punches", id), e.token, fmt.Sprintf(`{"kind":"out","at":%q,"reason":"Forgot to clock out"}`, local), 201, &added)
		if added.Kind != "out" || added.Source != "staff" || added.At.In(mustChicago()).Format("2006-01-02T15:04") != local {
			t.Errorf("added = %+v", added)
		}
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/punches", id), e.token, `{"kind":"sideways","at":"2026-01-01T10:00","reason":"x"}`, 400, nil)
		var voided timeclock.Punch
		e.call("POST", fmt.Sprintf("/api/staff/punches/%d/void", added.ID), e.token, `{"reason":""}`, 400, nil)
		e.call("POST", fmt.Sprintf("/api/staff/punches/%d/void", added.ID), e.token, `{"reason":"Wrong person"}`, 200, &voided)
		if !voided.Voided || len(voided.Audit) != 2 {
			t.Errorf("voided = %+v", voided)
		}
		e.call("POST", fmt.Sprintf("/api/staff/punches/%d/void", added.ID), e.token, `{"reason":"again"}`, 409, nil)
		var audit struct {
			Audit []timeclock.AuditEntry `json:"audit"`
		}
		e.call("GET", fmt.Sprintf("/api/staff/timeclock/audit?employee_id=%d", id), e.token, "", 200, &audit)
		if len(audit.Audit) != 3 || audit.Audit[0].Action != "void" {
			t.Errorf("audit = %+v", audit)
		}
		// Close the shift again and read the timesheet of today, and as CSV.
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/punches", id), e.token, fmt.Sprintf(`{"kind":"out","at":%q,"reason":"Forgot to clock out"}`, local), 201, nil)
		today := time.Now().In(mustChicago()).Format("2006-01-02")
		var ts timeclock.Timesheet
		e.call("GET", "/api/staff/timesheets?day="+today, e.token, "", 200, &ts)
		if ts.From != today || len(ts.Employees) != 5 {
			t.Fatalf("timesheet = %+v", ts)
		}
		var sheet *timeclock.EmployeeSheet
		for i := range ts.Employees {
			if ts.Employees[i].EmployeeID == id {
				sheet = &ts.Employees[i]
			}
		}
		if sheet == nil || len(sheet.Shifts) != 1 || sheet.Shifts[0].Out == nil || !reflect.DeepEqual(sheet.Shifts[0].Flags, []string{"corrected"}) {
			t.Errorf("sheet = %+v", sheet)
		}
		e.call("GET", "/api/staff/timesheets?week=2026-03-08", e.token, "", 200, &ts)
		if ts.From != "2026-03-02" || ts.To != "2026-03-08" || len(ts.Days) != 7 {
			t.Errorf("week = %s..%s (%d days)", ts.From, ts.To, len(ts.Days))
		}
		e.call("GET", "/api/staff/timesheets?from=2026-03-09&to=2026-03-01", e.token, "", 400, nil)
		e.call("GET", "/api/staff/timesheets?from=2020-01-01&to=2026-03-01", e.token, "", 400, nil)
		e.call("GET", "/api/staff/timesheets?day=tomorrow", e.token, "", 400, nil)
		e.call("GET", "/api/staff/timesheets?employee_id=x", e.token, "", 400, nil)
		res := e.do("GET", "/api/staff/timesheets.csv?day="+today+fmt.Sprintf("&employee_id=%d", id), e.token, "")
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "attachment") || !strings.Contains(string(raw), "Diaz,Dolores") {
			t.Errorf("csv: %d %v\n%s", res.StatusCode, res.Header, raw)
		}

		// Archive leaves the kiosk, keeps the history; unarchive brings it back.
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/archive", id), e.token, "", 200, &got)
		if got.Active {
			t.Error("still active")
		}
		kiosk := e.kioskList()
		if len(kiosk) != 4 {
			t.Errorf("kiosk lists %d, want 4", len(kiosk))
		}
		e.call("GET", fmt.Sprintf("/api/staff/employees/%d/punches", id), e.token, "", 200, &punches)
		if len(punches.Punches) != 3 {
			t.Errorf("history after archive = %d punches", len(punches.Punches))
		}
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/unarchive", id), e.token, "", 200, &got)
		kiosk = e.kioskList()
		if !got.Active || len(kiosk) != 5 {
			t.Errorf("after unarchive: %+v, kiosk %d", got, len(kiosk))
		}
	})
}

func mustChicago() *time.Location {
	l, _ := time.LoadLocation("America/Chicago")
	return l
}

func BenchmarkKioskList300(b *testing.B) {
	db := storagetest.Open(b, storage.SQLite)
	api, svc := wiredAPI(db)
	for i := 0; i < 300; i++ {
		if _, err := svc.Timeclock.CreateEmployee(context.Background(), timeclock.NewEmployee{FirstName: "F", LastName: fmt.Sprintf("L%03d", i), PIN: "1234"}); err != nil {
			b.Fatal(err)
		}
	}
	h := api.Handler()
	req := httptest.NewRequest("GET", "/api/employees", nil)
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

func TestKioskListGzip(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		e.addEmployee("Ana", "Lima", "2468")
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/employees", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		// A transport that does not decompress for us.
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers %v", res.Header)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		var list []employeeJSON
		if err := json.NewDecoder(zr).Decode(&list); err != nil || len(list) != 1 || list[0].LastName != "Lima" {
			t.Fatalf("decoded %+v, %v", list, err)
		}
	})
}

// wantError checks an error body's code and English message.
func wantError(t *testing.T, raw []byte, code, message string) {
	t.Helper()
	var b struct {
		Error, Code string
		Params      map[string]any
	}
	if err := json.Unmarshal(raw, &b); err != nil || b.Code != code || b.Error != message || b.Params == nil {
		t.Errorf("error body %s, want code %q and message %q", raw, code, message)
	}
}
