package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

type idOnly struct {
	ID int64 `json:"id"`
}

func (e *env) item(sku, kind, unit string) int64 {
	e.t.Helper()
	var it idOnly
	e.call("POST", "/api/inventory/items", e.token, fmt.Sprintf(`{"sku":%q,"name":"Item %s","kind":%q,"unit":%q}`, sku, sku, kind, unit), 201, &it)
	return it.ID
}

func (e *env) batch(itemID int64, qty, expires string) int64 {
	e.t.Helper()
	var out struct {
		Batch idOnly `json:"batch"`
		ID    int64  `json:"id"`
	}
	e.call("POST", fmt.Sprintf("/api/inventory/items/%d/batches", itemID), e.token,
		fmt.Sprintf(`{"quantity":%s,"expires_at":%q}`, qty, expires), 201, &out)
	if out.Batch.ID != 0 {
		return out.Batch.ID
	}
	return out.ID
}

func TestProductionAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice, bag, meal := e.item("RICE", "raw_material", "kg"), e.item("BAG", "packaging", "each"), e.item("MEAL", "finished_good", "bag")
		r1 := e.batch(rice, "5", "2027-01-01")
		r2 := e.batch(rice, "50", "2027-06-01")
		e.batch(bag, "500", "")

		var rec struct {
			ItemID     int64 `json:"item_id"`
			Version    int   `json:"version"`
			Components []struct {
				ItemID   int64       `json:"item_id"`
				Quantity json.Number `json:"quantity"`
			} `json:"components"`
		}
		e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.18},{"item_id":%d,"quantity":1}]}`, rice, bag), 200, &rec)
		if rec.Version != 1 || rec.ItemID != meal || len(rec.Components) != 2 || rec.Components[0].Quantity != "0.18" {
			t.Fatalf("recipe %+v", rec)
		}
		raw := e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":1}]}`, meal), 400, nil)
		if !strings.Contains(string(raw), `"code":"production.component_self"`) {
			t.Errorf("self component: %s", raw)
		}
		raw = e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":1}]}`, meal+100), 400, nil)
		if !strings.Contains(string(raw), `"code":"production.component_unknown"`) {
			t.Errorf("unknown component: %s", raw)
		}

		var line struct {
			ID           int64  `json:"id"`
			Name         string `json:"name"`
			HourlyTarget *int64 `json:"hourly_target"`
		}
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1","hourly_target":120}`, 201, &line)
		if line.Name != "Table 1" || line.HourlyTarget == nil || *line.HourlyTarget != 120 {
			t.Fatalf("line %+v", line)
		}
		e.call("POST", "/api/production/lines", e.token, `{"name":"table 1"}`, 409, nil)
		var lines struct{ Lines []json.RawMessage }
		e.call("GET", "/api/production/lines", e.token, "", 200, &lines)
		if len(lines.Lines) != 1 {
			t.Errorf("lines %s", lines.Lines)
		}

		type move struct {
			ID       int64       `json:"id"`
			BatchID  int64       `json:"batch_id"`
			ItemID   int64       `json:"item_id"`
			Quantity json.Number `json:"quantity"`
			Before   json.Number `json:"before"`
			After    json.Number `json:"after"`
		}
		var entry struct {
			ID              int64  `json:"id"`
			Date            string `json:"date"`
			Hour            int    `json:"hour"`
			LineID          int64  `json:"line_id"`
			ProductID       int64  `json:"product_id"`
			Units           int64  `json:"units"`
			RecipeVersion   int    `json:"recipe_version"`
			ProducedBatchID int64  `json:"produced_batch_id"`
			Moves           []move `json:"moves"`
		}
		// 50 bags need 9 kg of rice: all 5 of the first-expiring batch and 4 of the next.
		e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-23","hour":9,"line_id":%d,"product_id":%d,"units":50,"note":"first hour"}`, line.ID, meal), 201, &entry)
		if entry.Units != 50 || entry.RecipeVersion != 1 || entry.ProducedBatchID == 0 || len(entry.Moves) != 4 {
			t.Fatalf("entry %+v", entry)
		}
		want := map[int64]string{r1: "-5", r2: "-4", entry.ProducedBatchID: "50"}
		for _, m := range entry.Moves {
			if w, ok := want[m.BatchID]; ok && string(m.Quantity) != w {
				t.Errorf("move on batch %d: %s, want %s", m.BatchID, m.Quantity, w)
			}
		}
		raw = e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-23","hour":10,"line_id":%d,"product_id":%d,"units":1000}`, line.ID, meal), 409, nil)
		var body struct {
			Code   string         `json:"code"`
			Params map[string]any `json:"params"`
		}
		_ = json.Unmarshal(raw, &body)
		if body.Code != "production.components_short" || !strings.Contains(fmt.Sprint(body.Params["components"]), "Item RICE") ||
			!strings.Contains(fmt.Sprint(body.Params["components"]), "Item BAG") {
			t.Errorf("short: %s", raw)
		}
		e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-23","hour":10,"line_id":%d,"product_id":%d,"units":1,"batches":[{"batch_id":%d,"quantity":0.18}]}`, line.ID, meal, r2), 201, nil)

		var batch struct {
			OnHand     json.Number `json:"on_hand"`
			Production []struct {
				EntryID  int64       `json:"entry_id"`
				Date     string      `json:"date"`
				Hour     int         `json:"hour"`
				LineID   int64       `json:"line_id"`
				Quantity json.Number `json:"quantity"`
			} `json:"production"`
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", r2), e.token, "", 200, &batch)
		if batch.OnHand != "45.82" || len(batch.Production) != 2 || batch.Production[1].EntryID != entry.ID || batch.Production[1].Quantity != "-4" {
			t.Errorf("batch page %+v", batch)
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", entry.ProducedBatchID), e.token, "", 200, &batch)
		if batch.OnHand != "51" || len(batch.Production) != 2 || batch.Production[1].Quantity != "50" {
			t.Errorf("finished batch page %+v", batch)
		}

		var daily struct {
			Date    string            `json:"date"`
			Entries []json.RawMessage `json:"entries"`
			Totals  []struct {
				ProductID int64 `json:"product_id"`
				Units     int64 `json:"units"`
			} `json:"totals"`
			Consumed []struct {
				BatchID  int64       `json:"batch_id"`
				ItemID   int64       `json:"item_id"`
				Quantity json.Number `json:"quantity"`
			} `json:"consumed"`
			LabourHours        float64  `json:"labour_hours"`
			UnitsPerLabourHour *float64 `json:"units_per_labour_hour"`
		}
		e.call("GET", "/api/production/daily?date=2026-11-23", e.token, "", 200, &daily)
		if len(daily.Entries) != 2 || len(daily.Totals) != 1 || daily.Totals[0].Units != 51 || len(daily.Consumed) != 3 || daily.UnitsPerLabourHour != nil {
			t.Errorf("daily %+v", daily)
		}

		e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", entry.ID), e.token, `{"reason":""}`, 400, nil)
		e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", entry.ID), e.token, `{"reason":"Wrong line"}`, 201, nil)
		raw = e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", entry.ID), e.token, `{"reason":"Again"}`, 409, nil)
		if !strings.Contains(string(raw), `"code":"production.already_reversed"`) {
			t.Errorf("twice: %s", raw)
		}
		e.call("GET", "/api/production/daily?date=2026-11-23", e.token, "", 200, &daily)
		if daily.Totals[0].Units != 1 || len(daily.Entries) != 2 {
			t.Errorf("daily after reversal %+v", daily)
		}

		var ov struct {
			Days []struct {
				Date        string  `json:"date"`
				Units       int64   `json:"units"`
				LabourHours float64 `json:"labour_hours"`
			} `json:"days"`
			Totals struct {
				Units              int64    `json:"units"`
				LabourHours        float64  `json:"labour_hours"`
				UnitsPerLabourHour *float64 `json:"units_per_labour_hour"`
			} `json:"totals"`
		}
		e.call("GET", "/api/production/overview?from=2026-11-20&to=2026-11-26", e.token, "", 200, &ov)
		if len(ov.Days) != 7 || ov.Days[3].Units != 1 || ov.Totals.Units != 1 {
			t.Errorf("overview %+v", ov)
		}
		csv := e.call("GET", "/api/production/overview.csv?from=2026-11-20&to=2026-11-26", e.token, "", 200, nil)
		if !strings.Contains(string(csv), "date,units,labour_hours,units_per_labour_hour") || !strings.Contains(string(csv), "2026-11-23,1,0,") {
			t.Errorf("csv %s", csv)
		}
		e.call("GET", "/api/production/overview?from=2026-11-20&to=2026-01-01", e.token, "", 400, nil)
		e.call("GET", "/api/production/daily?date=2026-02-30", e.token, "", 400, nil)
		e.call("GET", "/api/production/daily", "", "", 401, nil)
		var today struct {
			Units    int64           `json:"units"`
			BestLine json.RawMessage `json:"best_line"`
		}
		e.call("GET", "/api/production/today", e.token, "", 200, &today)
		// The entries above are dated 2026-11-23: on that day in the
		// organisation's zone (Chicago) they are today's.
		chicago, err := time.LoadLocation("America/Chicago")
		if err != nil {
			t.Fatal(err)
		}
		if time.Now().In(chicago).Format("2006-01-02") == "2026-11-23" {
			if today.Units != 1 || string(today.BestLine) == "null" {
				t.Errorf("today (2026-11-23) %+v", today)
			}
		} else if today.Units != 0 || string(today.BestLine) != "null" {
			t.Errorf("today %+v", today)
		}
	})
}

func TestProductionLinesRecipeVersionsCrewAndDayHours(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		type lineJSON struct {
			ID           int64  `json:"id"`
			Name         string `json:"name"`
			HourlyTarget *int64 `json:"hourly_target"`
			Archived     bool   `json:"archived"`
		}
		var l1, l2 lineJSON
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table A","hourly_target":50}`, 201, &l1)
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table B"}`, 201, &l2)
		path := fmt.Sprintf("/api/production/lines/%d", l1.ID)
		e.call("PATCH", path, e.token, `{"name":"  Table   One "}`, 200, &l1)
		if l1.Name != "Table One" || l1.HourlyTarget == nil || *l1.HourlyTarget != 50 {
			t.Errorf("renamed: %+v", l1)
		}
		e.call("PATCH", path, e.token, `{"hourly_target":null}`, 200, &l1)
		if l1.HourlyTarget != nil || l1.Name != "Table One" {
			t.Errorf("target removed: %+v", l1)
		}
		raw := e.call("PATCH", path, e.token, `{"name":"table b"}`, 409, nil)
		if !strings.Contains(string(raw), `"code":"production.line_taken"`) {
			t.Errorf("taken name: %s", raw)
		}
		raw = e.call("PATCH", path, e.token, `{"hourly_target":"many"}`, 400, nil)
		if !strings.Contains(string(raw), `"code":"production.line_target"`) {
			t.Errorf("bad target: %s", raw)
		}
		e.call("PATCH", "/api/production/lines/99999", e.token, `{"archived":true}`, 404, nil)
		e.call("PATCH", path, e.token, `{"archived":true,"hourly_target":70}`, 200, &l1)
		var list struct{ Lines []lineJSON }
		e.call("GET", "/api/production/lines", e.token, "", 200, &list)
		if len(list.Lines) != 1 || list.Lines[0].ID != l2.ID {
			t.Errorf("active lines: %+v", list.Lines)
		}
		e.call("GET", "/api/production/lines?archived=include", e.token, "", 200, &list)
		if len(list.Lines) != 2 || !list.Lines[1].Archived || *list.Lines[1].HourlyTarget != 70 { // by name: Table B, Table One
			t.Errorf("all lines: %+v", list.Lines)
		}

		// Recipe versions: newest first, each with its components.
		rice, bag, kit := e.item("RICE", "raw_material", "kg"), e.item("BAG", "packaging", "each"), e.item("KIT", "finished_good", "kit")
		var versions struct {
			Versions []struct {
				Version    int `json:"version"`
				Components []struct {
					ItemID   int64       `json:"item_id"`
					Quantity json.Number `json:"quantity"`
				} `json:"components"`
			} `json:"versions"`
		}
		e.call("GET", fmt.Sprintf("/api/inventory/items/%d/recipe/versions", kit), e.token, "", 200, &versions)
		if len(versions.Versions) != 0 {
			t.Errorf("no recipe yet: %+v", versions)
		}
		for _, body := range []string{
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.25}]}`, rice),
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.125},{"item_id":%d,"quantity":1}]}`, rice, bag),
		} {
			e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", kit), e.token, body, 200, nil)
		}
		e.call("GET", fmt.Sprintf("/api/inventory/items/%d/recipe/versions", kit), e.token, "", 200, &versions)
		if v := versions.Versions; len(v) != 2 || v[0].Version != 2 || len(v[0].Components) != 2 || v[0].Components[0].Quantity != "0.125" ||
			v[1].Version != 1 || v[1].Components[0].Quantity != "0.25" {
			t.Errorf("versions: %+v", versions)
		}

		// The day's crew: who clocked in, and their line once assigned.
		ana := e.addEmployee("Ana", "Lima", "2468")
		e.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, ana.EmployeeID, e.validPIN(ana.EmployeeID, "2468").ClockToken), 200, nil)
		type crewJSON struct {
			Date string `json:"date"`
			Crew []struct {
				EmployeeID int64  `json:"employee_id"`
				FirstName  string `json:"first_name"`
				LineID     *int64 `json:"line_id"`
			} `json:"crew"`
		}
		var crew crewJSON
		e.call("GET", "/api/production/crew", e.token, "", 200, &crew)
		if len(crew.Crew) != 1 || crew.Crew[0].EmployeeID != ana.EmployeeID || crew.Crew[0].LineID != nil {
			t.Fatalf("crew: %+v", crew)
		}
		e.call("PUT", "/api/production/assignments", e.token, fmt.Sprintf(`{"date":%q,"employee_id":%d,"line_id":%d}`, crew.Date, ana.EmployeeID, l2.ID), 200, nil)
		e.call("GET", "/api/production/crew?date="+crew.Date, e.token, "", 200, &crew)
		if len(crew.Crew) != 1 || crew.Crew[0].LineID == nil || *crew.Crew[0].LineID != l2.ID {
			t.Errorf("crew after assigning: %+v", crew)
		}

		// The working day is a setting the daily report carries.
		var daily struct {
			Start int `json:"day_start_hour"`
			End   int `json:"day_end_hour"`
		}
		e.call("GET", "/api/production/daily", e.token, "", 200, &daily)
		if daily.Start != 6 || daily.End != 18 {
			t.Errorf("default day %d–%d", daily.Start, daily.End)
		}
		raw = e.call("PATCH", "/api/settings", e.token, `{"day_start_hour":9,"day_end_hour":9}`, 400, nil)
		if !strings.Contains(string(raw), `"code":"settings.day_hours_range"`) || !strings.Contains(string(raw), `"field":"day_end_hour"`) {
			t.Errorf("empty day: %s", raw)
		}
		e.call("PATCH", "/api/settings", e.token, `{"day_start_hour":4,"day_end_hour":22}`, 200, nil)
		e.call("GET", "/api/production/daily", e.token, "", 200, &daily)
		if daily.Start != 4 || daily.End != 22 {
			t.Errorf("day after the change %d–%d", daily.Start, daily.End)
		}
	})
}
