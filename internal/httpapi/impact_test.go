package httpapi_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/impact"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

type impactJSON struct {
	From, To      string
	Units         int64
	Meals         *int64
	MealsComplete bool    `json:"meals_complete"`
	LabourHours   float64 `json:"labour_hours"`
	People        int
	ShippedUnits  float64 `json:"shipped_units"`
	MaterialsCost int64   `json:"materials_cost"`
	CostComplete  bool    `json:"cost_complete"`
	Products      []struct {
		Units int64
		Meals *int64
	}
	Materials []struct {
		SKU       string
		BatchCode string `json:"batch_code"`
		Quantity  float64
		Cost      *int64
	}
	Shipments []struct {
		ID          int64
		Status      string
		Destination string
		Units       float64
	}
	Destinations []struct {
		Name      string
		Shipments int
		Units     float64
	}
	Days []struct {
		Date         string
		Units        int64
		Meals        int64
		LabourHours  float64 `json:"labour_hours"`
		ShippedUnits float64 `json:"shipped_units"`
	}
}

type dailyJSON struct {
	Units       int64
	LabourHours float64 `json:"labour_hours"`
	Cells       []struct {
		Hour        int
		LineID      int64   `json:"line_id"`
		Units       int64   `json:"units"`
		LabourHours float64 `json:"labour_hours"`
	}
	Consumed []struct {
		BatchCode string `json:"batch_code"`
		Quantity  float64
	}
}

// entryOn records units of product on a line at a local date and hour for
// project ("null" for none) and returns the entry's id and finished batch.
func (e *env) entryOn(date string, hour int, line, product int64, units int, project string) (int64, int64) {
	e.t.Helper()
	var out struct {
		ID              int64 `json:"id"`
		ProducedBatchID int64 `json:"produced_batch_id"`
	}
	e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":%q,"hour":%d,"line_id":%d,"product_id":%d,"units":%d,"project_id":%s}`,
		date, hour, line, product, units, project), 201, &out)
	return out.ID, out.ProducedBatchID
}

// shift clocks an employee in and out at local times (the organisation's zone).
func (e *env) shift(employee int64, in, out string) {
	e.t.Helper()
	for _, p := range [][2]string{{"in", in}, {"out", out}} {
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/punches", employee), e.token,
			fmt.Sprintf(`{"kind":%q,"at":%q,"reason":"Paper timesheet"}`, p[0], p[1]), 201, nil)
	}
}

func (e *env) shipOn(date, dest string, batch int64, qty int, project int64, then ...string) int64 {
	e.t.Helper()
	var s idOnly
	e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":%q,"destination":{"name":%q},
		"lines":[{"batch_id":%d,"quantity":%d}],"project_id":%d}`, date, dest, batch, qty, project), 201, &s)
	for _, action := range then {
		body := ""
		if action == "cancel" {
			body = `{"reason":"Truck broke down"}`
		}
		e.call("POST", fmt.Sprintf("/api/shipments/%d/%s", s.ID, action), e.token, body, 200, nil)
	}
	return s.ID
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.0001 }

// The report's figures equal recomputations from the entries, punches, moves
// and shipments, and the source screens for the same period: a reversed
// entry, a slot shared with work for nobody, a cancelled and a planned
// shipment, and a shift across midnight.
func TestImpactReportReconciles(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, line1 := e.mealSetup() // 0.5 kg rice a bag, 1000 kg in stock
		var rice struct{ ID int64 }
		var l2 idOnly
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 2"}`, 201, &l2)
		var items struct {
			Items []struct {
				ID  int64
				SKU string
			}
		}
		e.call("GET", "/api/inventory/items?search=RICE", e.token, "", 200, &items)
		rice.ID = items.Items[0].ID
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", rice.ID), e.token, `{"unit_cost":250}`, 200, nil) // 2.50 a kg
		var patched struct {
			ServingsPerUnit *int64 `json:"servings_per_unit"`
			UnitCost        *int64 `json:"unit_cost"`
		}
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", meal), e.token, `{"servings_per_unit":4}`, 200, &patched)
		if patched.ServingsPerUnit == nil || *patched.ServingsPerUnit != 4 || patched.UnitCost != nil {
			t.Fatalf("patched item: %+v", patched)
		}
		c, p := e.winterMeals(meal, 1000)
		pid := fmt.Sprint(p.ID)

		// 20 Nov, 22:00: the project on table 1, other work on table 2.
		_, batch := e.entryOn("2026-11-20", 22, line1, meal, 100, pid)
		e.entryOn("2026-11-20", 22, l2.ID, meal, 50, "null")
		// 23:00: table 1 shared, 60 for the project and 40 for nobody.
		e.entryOn("2026-11-20", 23, line1, meal, 60, pid)
		e.entryOn("2026-11-20", 23, line1, meal, 40, "null")
		// After midnight: 30 for the project; 20 more, reversed.
		e.entryOn("2026-11-21", 0, line1, meal, 30, pid)
		rev, _ := e.entryOn("2026-11-21", 1, line1, meal, 20, pid)
		e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", rev), e.token, `{"reason":"miscounted"}`, 201, nil)

		a, b, idle := e.addEmployee("Ann", "Night", "1234"), e.addEmployee("Ben", "Late", "2345"), e.addEmployee("Cy", "Day", "3456")
		e.shift(a.EmployeeID, "2026-11-20T22:00", "2026-11-21T01:30") // across midnight
		e.shift(b.EmployeeID, "2026-11-20T22:30", "2026-11-20T23:30")
		e.shift(idle.EmployeeID, "2026-11-20T10:00", "2026-11-20T12:00") // nothing produced then

		// Shipments of the 20th's finished batch.
		shipped := e.shipOn("2026-11-21", "Harbour Food Bank", batch, 50, p.ID, "ship")
		e.shipOn("2026-11-21", "Harbour Food Bank", batch, 30, p.ID, "ship", "cancel")
		e.shipOn("2026-11-22", "Harbour Food Bank", batch, 10, p.ID) // planned
		delivered := e.shipOn("2026-11-22", "North Pantry", batch, 25, p.ID, "ship", "deliver")

		var r impactJSON
		e.call("GET", "/api/projects/"+pid+"/impact?from=2026-11-20&to=2026-11-22", e.token, "", 200, &r)

		// Recomputed by hand from the punches: 22:00 Ann 60 + Ben 30 minutes,
		// unassigned, split over the two producing lines (45 to the
		// project's); 23:00 Ann 60 + Ben 30 on table 1 alone, 60 of its 100
		// units the project's (54); 00:00 Ann 60, the project's alone; 01:00
		// the reversed hour produced nothing: idle. Cy worked when nothing was made.
		wantMinutes := 45.0 + 54 + 60
		if !near(r.LabourHours, wantMinutes/60) || r.People != 2 {
			t.Errorf("labour %.2f h by %d people, want %.2f h by 2", r.LabourHours, r.People, wantMinutes/60)
		}
		if r.Units != 190 || r.Meals == nil || *r.Meals != 760 || !r.MealsComplete {
			t.Errorf("units %d meals %v complete %v, want 190, 760, true", r.Units, r.Meals, r.MealsComplete)
		}
		// 190 bags × 0.5 kg; the reversed entry's 10 kg came back.
		if len(r.Materials) != 1 || r.Materials[0].SKU != "RICE" || !near(r.Materials[0].Quantity, 95) ||
			r.Materials[0].Cost == nil || *r.Materials[0].Cost != 23750 || r.MaterialsCost != 23750 || !r.CostComplete {
			t.Errorf("materials %+v cost %d", r.Materials, r.MaterialsCost)
		}
		if len(r.Shipments) != 2 || r.Shipments[0].ID != shipped || r.Shipments[1].ID != delivered || !near(r.ShippedUnits, 75) {
			t.Errorf("shipments %+v shipped %v", r.Shipments, r.ShippedUnits)
		}
		if len(r.Destinations) != 2 || r.Destinations[0].Name != "Harbour Food Bank" || !near(r.Destinations[0].Units, 50) ||
			r.Destinations[1].Name != "North Pantry" || r.Destinations[1].Shipments != 1 {
			t.Errorf("destinations %+v", r.Destinations)
		}
		if len(r.Days) != 3 || r.Days[0].Units != 160 || r.Days[0].Meals != 640 || !near(r.Days[0].LabourHours, 1.65) ||
			r.Days[1].Units != 30 || !near(r.Days[1].LabourHours, 1) || !near(r.Days[1].ShippedUnits, 50) || !near(r.Days[2].ShippedUnits, 25) {
			t.Errorf("days %+v", r.Days)
		}

		// The daily report of each day: the project's share of its cells.
		var d20, d21 dailyJSON
		e.call("GET", "/api/production/daily?date=2026-11-20", e.token, "", 200, &d20)
		e.call("GET", "/api/production/daily?date=2026-11-21", e.token, "", 200, &d21)
		var share float64
		for _, c := range d20.Cells {
			switch {
			case c.Hour == 22 && c.LineID == line1:
				share += c.LabourHours
			case c.Hour == 23 && c.LineID == line1:
				share += c.LabourHours * 60 / 100
			}
		}
		if !near(share, r.Days[0].LabourHours) || !near(d21.LabourHours, r.Days[1].LabourHours) || d21.Units != r.Days[1].Units {
			t.Errorf("daily reports: 20th share %.2f, 21st %.2f h %d units; report %+v", share, d21.LabourHours, d21.Units, r.Days[:2])
		}
		// The 21st alone, where only the project produced: its materials are the daily report's consumed.
		var r21 impactJSON
		e.call("GET", "/api/projects/"+pid+"/impact?from=2026-11-21&to=2026-11-21", e.token, "", 200, &r21)
		if len(d21.Consumed) != 1 || len(r21.Materials) != 1 || !near(d21.Consumed[0].Quantity, r21.Materials[0].Quantity) ||
			d21.Consumed[0].BatchCode != r21.Materials[0].BatchCode || !near(r21.LabourHours, d21.LabourHours) {
			t.Errorf("21st: daily consumed %+v, report %+v", d21.Consumed, r21.Materials)
		}
		// The ledger: the rice batch lost the project's 95 kg and the other work's 45.
		var riceItem struct {
			OnHand float64 `json:"on_hand"`
		}
		e.call("GET", fmt.Sprintf("/api/inventory/items/%d", rice.ID), e.token, "", 200, &riceItem)
		if !near(1000-riceItem.OnHand, r.Materials[0].Quantity+45) {
			t.Errorf("rice on hand %.3f, report consumed %.3f", riceItem.OnHand, r.Materials[0].Quantity)
		}
		// The project page counts the same units and shipped units.
		if got := e.project(p.ID); got.ProducedUnits != r.Units || !near(got.ShippedUnits, r.ShippedUnits) {
			t.Errorf("project page %d produced %.0f shipped; report %d, %.0f", got.ProducedUnits, got.ShippedUnits, r.Units, r.ShippedUnits)
		}
		// The client's report over its one project is the same.
		var cr impactJSON
		e.call("GET", fmt.Sprintf("/api/clients/%d/impact?from=2026-11-20&to=2026-11-22", c.ID), e.token, "", 200, &cr)
		if cr.Units != r.Units || !near(cr.LabourHours, r.LabourHours) || cr.People != r.People || !near(cr.ShippedUnits, r.ShippedUnits) {
			t.Errorf("client report %+v", cr)
		}
		// Without servings or a cost, the report says so.
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", meal), e.token, `{"servings_per_unit":null}`, 200, nil)
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", rice.ID), e.token, `{"unit_cost":null}`, 200, nil)
		e.call("GET", "/api/projects/"+pid+"/impact?from=2026-11-20&to=2026-11-22", e.token, "", 200, &r)
		if r.Meals != nil || r.MealsComplete || r.MaterialsCost != 0 || r.CostComplete || r.Materials[0].Cost != nil {
			t.Errorf("without servings and cost: %+v", r)
		}

		// CSV: the same figures, one table.
		csv := string(e.call("GET", "/api/projects/"+pid+"/impact.csv?from=2026-11-20&to=2026-11-22", e.token, "", 200, nil))
		for _, want := range []string{"section,date,name", "summary,2026-11-20/2026-11-22,units,,,,190,", "day,2026-11-21,,,,,30,",
			"material,2026-11-20/2026-11-22,Item RICE,RICE,", "shipment,2026-11-22,Item MEAL,MEAL,", "North Pantry,25,"} {
			if !strings.Contains(csv, want) {
				t.Errorf("CSV lacks %q:\n%s", want, csv)
			}
		}

		// Bad periods are coded 400s; unknown records 404.
		for _, q := range []string{"from=2026-11-22&to=2026-11-20", "from=yesterday", "from=2020-01-01&to=2026-01-01"} {
			e.call("GET", "/api/projects/"+pid+"/impact?"+q, e.token, "", 400, nil)
		}
		e.call("GET", "/api/projects/99999/impact", e.token, "", 404, nil)
		e.call("GET", "/api/clients/99999/impact", e.token, "", 404, nil)
		e.call("GET", "/api/projects/"+pid+"/impact", "", "", 401, nil)
	})
}

// A share link opens the project's report signed out and nothing else;
// revoked or expired it says so; its token is kept only hashed.
func TestImpactShareLinks(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, line := e.mealSetup()
		_, p := e.winterMeals(meal, 100)
		e.entryOn("2026-11-20", 9, line, meal, 40, fmt.Sprint(p.ID))
		base := fmt.Sprintf("/api/projects/%d/impact/links", p.ID)

		type linkJSON struct {
			ID        int64
			Label     string
			Active    bool
			Path      *string
			Opens     int64
			ExpiresAt *string `json:"expires_at"`
		}
		var l linkJSON
		e.call("POST", base, e.token, `{"label":"Rotary Club","expires_on":"2099-01-31"}`, 201, &l)
		if l.Path == nil || !strings.HasPrefix(*l.Path, impact.PublicPrefix) || !l.Active || l.ExpiresAt == nil {
			t.Fatalf("link %+v", l)
		}
		token := strings.TrimPrefix(*l.Path, impact.PublicPrefix)
		var stored int
		if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM impact_links WHERE token_hash = ?`, impact.HashToken(token)).Scan(&stored); err != nil || stored != 1 {
			t.Fatalf("stored hashed: %d %v", stored, err)
		}
		if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM impact_links WHERE token_hash = ?`, token).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("token stored in clear: %d %v", stored, err)
		}

		var pub impactJSON
		e.call("GET", "/api/public/impact/"+token, "", "", 200, &pub)
		if pub.Units != 40 || pub.From != "2026-11-01" {
			t.Fatalf("public report %+v", pub)
		}
		var list struct{ Links []linkJSON }
		e.call("GET", base, e.token, "", 200, &list)
		if len(list.Links) != 1 || list.Links[0].Path != nil || list.Links[0].Opens != 1 || list.Links[0].Label != "Rotary Club" {
			t.Fatalf("links %+v", list)
		}

		code := func(path string) string {
			var er errJSON
			e.call("GET", path, "", "", 404, &er)
			return er.Code
		}
		if got := code("/api/public/impact/" + token + "x"); got != "impact.link_unknown" {
			t.Errorf("unknown token: %s", got)
		}
		// Expired (the expiry moved into the past).
		var l2 linkJSON
		e.call("POST", base, e.token, `{}`, 201, &l2)
		if err := e.db.WithTx(context.Background(), func(tx *storage.Tx) error {
			_, err := tx.Exec(context.Background(), `UPDATE impact_links SET expires_at = 1000 WHERE id = ?`, l2.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if got := code("/api/public/impact/" + strings.TrimPrefix(*l2.Path, impact.PublicPrefix)); got != "impact.link_expired" {
			t.Errorf("expired: %s", got)
		}
		var revoked linkJSON
		e.call("POST", fmt.Sprintf("%s/%d/revoke", base, l.ID), e.token, "", 200, &revoked)
		if revoked.Active {
			t.Errorf("revoked still active: %+v", revoked)
		}
		e.call("POST", fmt.Sprintf("%s/%d/revoke", base, l.ID), e.token, "", 200, nil) // again: no change
		if got := code("/api/public/impact/" + token); got != "impact.link_revoked" {
			t.Errorf("revoked: %s", got)
		}

		var er errJSON
		e.call("POST", base, e.token, `{"expires_on":"2020-01-01"}`, 400, &er)
		if er.Code != "impact.expiry_past" {
			t.Errorf("past expiry: %+v", er)
		}
		e.call("POST", base, e.token, `{"label":"x","token":"mine"}`, 400, nil)
		e.call("POST", fmt.Sprintf("%s/%d/revoke", base, 99999), e.token, "", 404, nil)
		e.call("POST", base, "", `{}`, 401, nil)
	})
}

// forEachEnvWithImpact is forEachEnv with the impact service at hand: the
// monthly mail is run by housekeeping, not by a request.
func forEachEnvWithImpact(t *testing.T, fn func(t *testing.T, e *env, svc *impact.Service)) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		var svc *impact.Service
		e := newEnv(t, db, func(api *httpapi.Server) { svc = api.Impact })
		fn(t, e, svc)
	})
}

// The monthly mail queues one link a month per project to the client's
// billing address, whoever runs it and however often.
func TestImpactMonthlyMail(t *testing.T) {
	t.Parallel()
	forEachEnvWithImpact(t, func(t *testing.T, e *env, svc *impact.Service) {
		meal, _ := e.mealSetup()
		_, p := e.winterMeals(meal, 100)
		path := fmt.Sprintf("/api/projects/%d/impact/mail", p.ID)
		var m struct {
			Monthly   bool
			To        string
			LastMonth *string `json:"last_month"`
		}
		e.call("GET", path, e.token, "", 200, &m)
		if m.Monthly || m.To != "accounts@example.org" || m.LastMonth != nil {
			t.Fatalf("mail state %+v", m)
		}
		ctx := context.Background()
		if n, err := svc.MailMonthly(ctx, "https://packline.example.org"); err != nil || n != 0 {
			t.Fatalf("mailed while off: %d %v", n, err)
		}
		e.call("PUT", path, e.token, `{"monthly":true}`, 200, &m)
		if n, err := svc.MailMonthly(ctx, ""); err != nil || n != 0 {
			t.Fatalf("mailed without a public URL: %d %v", n, err)
		}
		for i, want := range []int{1, 0} {
			if n, err := svc.MailMonthly(ctx, "https://packline.example.org"); err != nil || n != want {
				t.Fatalf("run %d: %d mails, %v", i, n, err)
			}
		}
		var out struct {
			Mails []struct{ Kind, To, Subject string }
		}
		e.call("GET", "/api/users/mail", e.token, "", 200, &out)
		if len(out.Mails) != 1 || out.Mails[0].Kind != "impact_report" || out.Mails[0].To != "accounts@example.org" ||
			!strings.Contains(out.Mails[0].Subject, "Winter meals") {
			t.Fatalf("outbox %+v", out)
		}
		e.call("GET", path, e.token, "", 200, &m)
		if !m.Monthly || m.LastMonth == nil {
			t.Fatalf("after mailing %+v", m)
		}
		var links struct {
			Links []struct {
				Label  string
				Active bool
			}
		}
		e.call("GET", fmt.Sprintf("/api/projects/%d/impact/links", p.ID), e.token, "", 200, &links)
		if len(links.Links) != 1 || !strings.HasPrefix(links.Links[0].Label, "Monthly mail ") || !links.Links[0].Active {
			t.Fatalf("mailed link %+v", links)
		}
		e.call("PUT", path, e.token, `{"monthly":"yes"}`, 400, nil)
	})
}

// A project at its cap of share links still gets its monthly mail, and so
// does every project after it: the cap bounds the links people make, and
// one project's failure is not another's (a project at 100 links stopped
// every later project's mail, on every run).
func TestImpactMonthlyMailPastTheLinkCap(t *testing.T) {
	t.Parallel()
	forEachEnvWithImpact(t, func(t *testing.T, e *env, svc *impact.Service) {
		meal, _ := e.mealSetup()
		c := e.newClient("Harbour Food Bank")
		var ps []int64
		for _, name := range []string{"Full of links", "After it"} {
			p := e.newProject(`{"name":"`+name+`","client_id":%d,"product_id":%d,"target_units":100,
				"start_date":"2026-11-01","due_date":"2099-12-31"}`, c.ID, meal)
			e.call("PUT", fmt.Sprintf("/api/projects/%d/impact/mail", p.ID), e.token, `{"monthly":true}`, 200, nil)
			ps = append(ps, p.ID)
		}
		links := fmt.Sprintf("/api/projects/%d/impact/links", ps[0])
		for range impact.MaxLinks {
			e.call("POST", links, e.token, `{}`, 201, nil)
		}
		var er errJSON
		e.call("POST", links, e.token, `{}`, 409, &er)
		if er.Code != "impact.too_many_links" {
			t.Fatalf("past the cap: %+v", er)
		}
		if n, err := svc.MailMonthly(context.Background(), "https://packline.example.org"); err != nil || n != 2 {
			t.Fatalf("monthly mail past the cap: %d mails, %v", n, err)
		}
		e.call("POST", links, e.token, `{}`, 409, nil) // the mail's link does not lift the cap
	})
}
