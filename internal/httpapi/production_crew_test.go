package httpapi_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// An archived line takes no new entry and no assignment (409
// production.line_archived on line_id); an active employee who has not
// clocked in may be put on a line ahead (and shows as not worked), an
// archived one may not.
func TestProductionArchivedLineAndPlannedCrew(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice, meal := e.item("RICE", "raw_material", "kg"), e.item("MEAL", "finished_good", "bag")
		e.batch(rice, "50", "2027-01-01")
		e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.5}]}`, rice), 200, nil)
		var open, old idOnly
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1"}`, 201, &open)
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 9"}`, 201, &old)
		e.call("PATCH", fmt.Sprintf("/api/production/lines/%d", old.ID), e.token, `{"archived":true}`, 200, nil)

		entry := func(line int64) string {
			return fmt.Sprintf(`{"date":"2026-11-23","hour":9,"line_id":%d,"product_id":%d,"units":10}`, line, meal)
		}
		raw := e.call("POST", "/api/production/entries", e.token, entry(old.ID), 409, nil)
		if c, f := codeAndField(t, raw); c != "production.line_archived" || f != "line_id" {
			t.Errorf("entry on an archived line: %s", raw)
		}
		var rice0 invItem
		e.call("GET", fmt.Sprintf("/api/inventory/items/%d", rice), e.token, "", 200, &rice0)
		if rice0.OnHand != 50 {
			t.Errorf("the refused entry moved stock: %v on hand", rice0.OnHand)
		}
		e.call("POST", "/api/production/entries", e.token, entry(open.ID), 201, nil)

		ana, bo := e.addEmployee("Ana", "Alves", "2468"), e.addEmployee("Bo", "Brandt", "1357")
		gone := e.addEmployee("Cy", "Cole", "9753")
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/archive", gone.EmployeeID), e.token, "", 200, nil)

		assign := func(emp, line int64) string {
			return fmt.Sprintf(`{"date":"2026-11-23","employee_id":%d,"line_id":%d}`, emp, line)
		}
		raw = e.call("PUT", "/api/production/assignments", e.token, assign(ana.EmployeeID, old.ID), 409, nil)
		if c, f := codeAndField(t, raw); c != "production.line_archived" || f != "line_id" {
			t.Errorf("assignment to an archived line: %s", raw)
		}
		raw = e.call("PUT", "/api/production/assignments", e.token, assign(gone.EmployeeID, open.ID), 409, nil)
		if c, _ := codeAndField(t, raw); c != "production.employee_archived" {
			t.Errorf("assignment of an archived employee: %s", raw)
		}
		e.call("PUT", "/api/production/assignments", e.token,
			fmt.Sprintf(`{"date":"2026-11-23","employee_id":%d,"line_id":null}`, gone.EmployeeID), 200, nil)

		// Ana never clocked in: planned ahead, she joins the crew, marked as not worked.
		e.call("PUT", "/api/production/assignments", e.token, assign(ana.EmployeeID, open.ID), 200, nil)
		var crew struct {
			Crew []struct {
				EmployeeID int64  `json:"employee_id"`
				LineID     *int64 `json:"line_id"`
				Worked     bool   `json:"worked"`
			} `json:"crew"`
			Available []struct {
				EmployeeID int64  `json:"employee_id"`
				FirstName  string `json:"first_name"`
			} `json:"available"`
		}
		e.call("GET", "/api/production/crew?date=2026-11-23", e.token, "", 200, &crew)
		if len(crew.Crew) != 1 || crew.Crew[0].EmployeeID != ana.EmployeeID || crew.Crew[0].LineID == nil ||
			*crew.Crew[0].LineID != open.ID || crew.Crew[0].Worked {
			t.Errorf("crew %+v", crew.Crew)
		}
		if len(crew.Available) != 1 || crew.Available[0].EmployeeID != bo.EmployeeID {
			t.Errorf("available %+v, want only Bo (Ana is on the crew, Cy archived)", crew.Available)
		}
	})
}

// codeAndField decodes an error body's code and field.
func codeAndField(t *testing.T, raw []byte) (code, field string) {
	t.Helper()
	var b struct {
		Code  string `json:"code"`
		Field string `json:"field"`
	}
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("error body %s: %v", raw, err)
	}
	return b.Code, b.Field
}
