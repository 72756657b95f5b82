package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

type projectJSON struct {
	ID              int64
	Name            string
	ClientID        int64  `json:"client_id"`
	ClientName      string `json:"client_name"`
	OwnerName       string `json:"owner_name"`
	Status          string
	TargetUnits     int64   `json:"target_units"`
	ProducedUnits   int64   `json:"produced_units"`
	ShippedUnits    float64 `json:"shipped_units"`
	Progress        int
	ShippedProgress int  `json:"shipped_progress"`
	DaysLeft        *int `json:"days_left"`
	Team            []struct {
		ID   int64
		Name string
	}
	Production []struct {
		ID       int64
		Units    int64
		Reversed bool
	}
	Shipments []struct {
		ID     int64
		Status string
		Units  float64
	}
}

// mealSetup is a finished product with a recipe, stock for it and a line.
func (e *env) mealSetup() (meal, line int64) {
	e.t.Helper()
	rice, meal := e.item("RICE", "raw_material", "kg"), e.item("MEAL", "finished_good", "bag")
	e.batch(rice, "1000", "2030-01-01")
	e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token, fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.5}]}`, rice), 200, nil)
	var l idOnly
	e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1"}`, 201, &l)
	return meal, l.ID
}

func (e *env) produce(line, product int64, hour, units int, project string) (int64, []byte) {
	e.t.Helper()
	var out struct {
		ID          int64  `json:"id"`
		ProjectID   *int64 `json:"project_id"`
		ProjectName string `json:"project_name"`
	}
	raw := e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-20","hour":%d,"line_id":%d,"product_id":%d,"units":%d,"project_id":%s}`,
		hour, line, product, units, project), 201, &out)
	return out.ID, raw
}

func (e *env) shipFor(batchID int64, qty int, project int64) int64 {
	e.t.Helper()
	var s struct {
		ID          int64
		ProjectID   *int64 `json:"project_id"`
		ProjectName string `json:"project_name"`
	}
	e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-21","destination":{"name":"Harbour Food Bank"},
		"lines":[{"batch_id":%d,"quantity":%d}],"project_id":%d}`, batchID, qty, project), 201, &s)
	if s.ProjectID == nil || *s.ProjectID != project || s.ProjectName == "" {
		e.t.Fatalf("shipment's project: %+v", s)
	}
	return s.ID
}

// newProject creates a project as the admin from a body formatted with args.
func (e *env) newProject(body string, args ...any) projectJSON {
	e.t.Helper()
	var p projectJSON
	e.call("POST", "/api/projects", e.token, fmt.Sprintf(body, args...), 201, &p)
	return p
}

// winterMeals creates the client Harbour Food Bank and its project Winter
// meals: target units of meal, from 2026-11-01, due 2099-12-31.
func (e *env) winterMeals(meal int64, target int) (clientJSON, projectJSON) {
	e.t.Helper()
	c := e.newClient("Harbour Food Bank")
	return c, e.newProject(`{"name":"Winter meals","client_id":%d,"product_id":%d,"target_units":%d,
		"start_date":"2026-11-01","due_date":"2099-12-31"}`, c.ID, meal, target)
}

func (e *env) project(id int64) projectJSON {
	e.t.Helper()
	var p projectJSON
	e.call("GET", fmt.Sprintf("/api/projects/%d", id), e.token, "", 200, &p)
	return p
}

// A project's progress is counted from real production entries and
// shipments: a reversed entry, a planned and a cancelled shipment do not
// count; lines of another item do not count.
func TestProjectProgress(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, line := e.mealSetup()
		c := e.newClient("Harbour Food Bank")
		p := e.newProject(`{"name":"Winter meals","client_id":%d,"product_id":%d,"target_units":200,
			"start_date":"2026-11-01","due_date":"2099-12-31","status":"important"}`, c.ID, meal)
		if p.ClientName != "Harbour Food Bank" || p.OwnerName != "Ada Admin" || p.Status != "important" || p.Progress != 0 || p.DaysLeft == nil {
			t.Fatalf("created %+v", p)
		}
		pid := fmt.Sprint(p.ID)

		e1, raw := e.produce(line, meal, 9, 100, pid)
		if !strings.Contains(string(raw), `"project_name":"Winter meals"`) {
			t.Fatalf("entry response: %s", raw)
		}
		e.produce(line, meal, 10, 60, pid)
		e.produce(line, meal, 11, 500, "null") // not for the project
		e2, _ := e.produce(line, meal, 12, 40, pid)
		e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", e2), e.token, `{"reason":"miscounted"}`, 201, nil)
		if got := e.project(p.ID); got.ProducedUnits != 160 || got.Progress != 80 || len(got.Production) != 3 {
			t.Fatalf("after production: %+v", got)
		}

		// The day's finished batch of the line holds what was made.
		var entry struct {
			ProducedBatchID int64 `json:"produced_batch_id"`
		}
		e.call("GET", fmt.Sprintf("/api/production/entries/%d", e1), e.token, "", 200, &entry)
		planned := e.shipFor(entry.ProducedBatchID, 10, p.ID)
		shipped := e.shipFor(entry.ProducedBatchID, 50, p.ID)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", shipped), e.token, "", 200, nil)
		cancelled := e.shipFor(entry.ProducedBatchID, 30, p.ID)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", cancelled), e.token, "", 200, nil)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/cancel", cancelled), e.token, `{"reason":"truck broke down"}`, 200, nil)
		got := e.project(p.ID)
		if got.ShippedUnits != 50 || got.ShippedProgress != 25 || len(got.Shipments) != 3 {
			t.Fatalf("after shipping: %+v", got)
		}
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", planned), e.token, "", 200, nil)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/deliver", shipped), e.token, "", 200, nil)
		if got := e.project(p.ID); got.ShippedUnits != 60 {
			t.Fatalf("after delivering: %+v", got)
		}

		// The list carries the same figures; filters, sort and paging.
		e.newProject(`{"name":"Spring kits","client_id":%d,"product_id":%d,"target_units":10,
			"start_date":"2026-11-01","due_date":"2026-12-01"}`, c.ID, meal)
		var list struct {
			Projects []projectJSON
			Total    int
		}
		e.call("GET", "/api/projects?sort=progress&order=desc&page=1&page_size=1", e.token, "", 200, &list)
		if list.Total != 2 || len(list.Projects) != 1 || list.Projects[0].ID != p.ID || list.Projects[0].ProducedUnits != 160 ||
			list.Projects[0].ShippedUnits != 60 || list.Projects[0].Progress != 80 {
			t.Fatalf("list: %+v", list)
		}
		e.call("GET", "/api/projects?search=harbour&status=in_progress", e.token, "", 200, &list)
		if list.Total != 1 || list.Projects[0].Name != "Spring kits" {
			t.Fatalf("filtered: %+v", list)
		}

		// Completed: no days left; archived: out of the default list and
		// no longer nameable by production or shipments.
		e.call("PATCH", "/api/projects/"+pid, e.token, `{"status":"completed"}`, 200, &got)
		if got.DaysLeft != nil || got.ProducedUnits != 160 {
			t.Fatalf("completed: %+v", got)
		}
		e.call("PATCH", "/api/projects/"+pid, e.token, `{"status":"archived"}`, 200, nil)
		e.call("GET", "/api/projects", e.token, "", 200, &list)
		if list.Total != 1 {
			t.Fatalf("archived listed: %+v", list)
		}
		raw = e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-20","hour":13,"line_id":%d,"product_id":%d,"units":1,"project_id":%d}`,
			line, meal, p.ID), 409, nil)
		if !strings.Contains(string(raw), `"projects.archived"`) {
			t.Errorf("entry for archived project: %s", raw)
		}
		raw = e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-21","destination":{"name":"X"},
			"lines":[{"batch_id":%d,"quantity":1}],"project_id":%d}`, entry.ProducedBatchID, p.ID), 409, nil)
		if !strings.Contains(string(raw), `"projects.archived"`) {
			t.Errorf("shipment for archived project: %s", raw)
		}
	})
}

// Bad input is a coded 400 (never a 500); staff may run projects and read
// client names for them, but not the clients themselves.
func TestProjectValidationAndAccess(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, line := e.mealSetup()
		rice := e.item("SALT", "raw_material", "kg")
		other := e.item("KIT", "finished_good", "box")
		c := e.newClient("Acme")
		body := func(mod string) string {
			base := map[string]any{"name": "P", "client_id": c.ID, "product_id": meal, "target_units": 5, "start_date": "2026-11-01", "due_date": "2026-11-30"}
			var extra map[string]any
			_ = json.Unmarshal([]byte(mod), &extra)
			for k, v := range extra {
				base[k] = v
			}
			b, _ := json.Marshal(base)
			return string(b)
		}
		for _, tc := range []struct{ mod, code string }{
			{`{"name":""}`, "field.required"},
			{`{"client_id":99999}`, "projects.unknown_client"},
			{`{"product_id":99999}`, "projects.unknown_product"},
			{fmt.Sprintf(`{"product_id":%d}`, rice), "projects.not_finished"},
			{`{"target_units":0}`, "field.range"},
			{`{"status":"done"}`, "field.choice"},
			{`{"due_date":"2026-10-01"}`, "projects.due_before_start"},
			{`{"start_date":"yesterday"}`, "field.date"},
			{`{"owner_id":99999}`, "projects.unknown_user"},
			{`{"team_ids":[99999]}`, "projects.unknown_user"},
		} {
			raw := e.call("POST", "/api/projects", e.token, body(tc.mod), 400, nil)
			if !strings.Contains(string(raw), `"`+tc.code+`"`) {
				t.Errorf("%s: %s", tc.mod, raw)
			}
		}
		e.call("GET", "/api/projects?status=nope", e.token, "", 400, nil)
		e.call("GET", "/api/projects?sort=nope", e.token, "", 400, nil)
		e.call("GET", "/api/projects/99999", e.token, "", 404, nil)
		e.call("PATCH", "/api/projects/99999", e.token, `{"name":"X"}`, 404, nil)

		var p projectJSON
		e.call("POST", "/api/projects", e.token, body(`{}`), 201, &p)
		raw := e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-20","hour":9,"line_id":%d,"product_id":%d,"units":1,"project_id":99999}`, line, meal), 400, nil)
		if !strings.Contains(string(raw), `"projects.unknown"`) {
			t.Errorf("unknown project: %s", raw)
		}
		e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", other), e.token, fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":1}]}`, rice), 200, nil)
		raw = e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-20","hour":9,"line_id":%d,"product_id":%d,"units":1,"project_id":%d}`, line, other, p.ID), 400, nil)
		if !strings.Contains(string(raw), `"projects.other_product"`) {
			t.Errorf("other product: %s", raw)
		}
		e.produce(line, meal, 9, 2, fmt.Sprint(p.ID))
		raw = e.call("PATCH", fmt.Sprintf("/api/projects/%d", p.ID), e.token, fmt.Sprintf(`{"product_id":%d}`, other), 409, nil)
		if !strings.Contains(string(raw), `"projects.product_in_use"`) {
			t.Errorf("product change with work: %s", raw)
		}

		// Staff: projects yes (owner defaults to them; team of users), clients no.
		staff := e.staffToken()
		var opts struct {
			Projects []struct{ ID int64 }
			People   []struct {
				ID   int64
				Name string
			}
		}
		e.call("GET", "/api/projects/options", staff, "", 200, &opts)
		if len(opts.Projects) != 1 || len(opts.People) != 2 {
			t.Fatalf("options: %+v", opts)
		}
		var sp projectJSON
		e.call("POST", "/api/projects", staff, body(fmt.Sprintf(`{"name":"Staff project","team_ids":[%d,%d]}`, opts.People[0].ID, opts.People[1].ID)), 201, &sp)
		if sp.OwnerName != "Sam Staff" || len(sp.Team) != 2 {
			t.Fatalf("staff's project: %+v", sp)
		}
		e.call("PATCH", fmt.Sprintf("/api/projects/%d", sp.ID), staff, `{"team_ids":[]}`, 200, &sp)
		if len(sp.Team) != 0 {
			t.Fatalf("team cleared: %+v", sp)
		}
		e.call("GET", "/api/projects", staff, "", 200, nil)
		e.call("GET", "/api/clients/options", staff, "", 200, nil)
		e.call("GET", "/api/clients", staff, "", 403, nil)
		e.call("POST", "/api/clients", staff, `{"name":"Nope"}`, 403, nil)
	})
}

// A project's page lists its invoices: GET /api/invoices?project_id=.
func TestProjectInvoices(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, _ := e.mealSetup()
		c := e.newClient("Acme")
		p := e.newProject(`{"name":"P","client_id":%d,"product_id":%d,"target_units":5,
			"start_date":"2026-11-01","due_date":"2026-11-30"}`, c.ID, meal)
		line := `"lines":[{"description":"Packing","quantity":5,"unit_price_minor":150}]`
		e.call("POST", "/api/invoices", e.token, fmt.Sprintf(`{"client_id":%d,"project_id":%d,%s}`, c.ID, p.ID, line), 201, nil)
		e.call("POST", "/api/invoices", e.token, fmt.Sprintf(`{"client_id":%d,%s}`, c.ID, line), 201, nil)
		var list struct {
			Invoices []struct {
				ProjectID *int64 `json:"project_id"`
			}
			Total int
		}
		e.call("GET", fmt.Sprintf("/api/invoices?project_id=%d", p.ID), e.token, "", 200, &list)
		if list.Total != 1 || list.Invoices[0].ProjectID == nil || *list.Invoices[0].ProjectID != p.ID {
			t.Fatalf("project's invoices: %+v", list)
		}
		e.call("GET", "/api/invoices?project_id=x", e.token, "", 400, nil)
		e.call("GET", fmt.Sprintf("/api/invoices?project_id=%d", p.ID), e.staffToken(), "", 403, nil)
	})
}
