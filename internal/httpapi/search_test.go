package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

type searchHit struct {
	Kind     string `json:"kind"`
	ID       int64  `json:"id"`
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
}

// search asks GET /api/search?q=…&limit=… as token and returns the results.
func (e *env) search(token, q string, limit int) []searchHit {
	e.t.Helper()
	var out struct {
		Results []searchHit `json:"results"`
	}
	path := "/api/search?q=" + url.QueryEscape(q)
	if limit > 0 {
		path += fmt.Sprintf("&limit=%d", limit)
	}
	e.call("GET", path, token, "", 200, &out)
	return out.Results
}

// hitList is "kind:title" for each hit, in order.
func hitList(hits []searchHit) string {
	var s []string
	for _, h := range hits {
		s = append(s, h.Kind+":"+h.Title)
	}
	return strings.Join(s, ", ")
}

// One word finds an item, a shipment, an employee, a project, an
// invoice and a document, kind by kind, prefix matches first; staff get no
// invoices; trashed documents and archived employees and items are not found.
func TestSearchFindsEachKindItsUserMayOpen(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		var rice, anchovy, gone idOnly
		e.call("POST", "/api/inventory/items", e.token, `{"sku":"HARB-1","name":"Harbour rice","kind":"raw_material","unit":"kg"}`, 201, &rice)
		e.call("POST", "/api/inventory/items", e.token, `{"sku":"ANCH","name":"Anchovy harbour mix","kind":"raw_material","unit":"kg"}`, 201, &anchovy)
		e.call("POST", "/api/inventory/items", e.token, `{"sku":"OLD-HARB","name":"Old harbour salt","kind":"raw_material","unit":"kg"}`, 201, &gone)
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", gone.ID), e.token, `{"archived":true}`, 200, nil)
		lot := e.receive(rice.ID, `{"code":"HARB-LOT-7","quantity":50,"received_at":"2026-11-01"}`)
		ship := e.shipTo("Harbour Food Bank", "Jo", lot.ID, "2")
		hanna := e.addEmployee("Hanna", "Harbour", "4321")
		old := e.addEmployee("Otto", "Harbourside", "4322")
		e.call("POST", fmt.Sprintf("/api/staff/employees/%d/archive", old.EmployeeID), e.token, "", 200, nil)
		meal, _ := e.mealSetup()
		c := e.newClient("Quay Foods")
		p := e.newProject(`{"name":"Harbour winter meals","client_id":%d,"product_id":%d,"target_units":200,
			"start_date":"2026-11-01","due_date":"2099-12-31"}`, c.ID, meal)
		inv := e.draft(e.billClient("Harbour Kitchens"), `"lines":[{"description":"Meals","quantity":1,"unit_price_minor":100}]`)
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 200, &inv)
		doc := e.uploadOK("harbour-coa.pdf", []byte("%PDF-1.4\n% coa\n"), map[string]string{"type": "certificate_of_analysis"})
		trashed := e.uploadOK("harbour-old.pdf", []byte("%PDF-1.4\n% old\n"), map[string]string{"type": "other"})
		e.call("DELETE", fmt.Sprintf("/api/documents/%d", trashed.ID), e.token, "", 200, nil)

		got := hitList(e.search(e.token, "  HARBOUR ", 20))
		want := "item:Harbour rice, item:Anchovy harbour mix, shipment:" + shipNumber(e, ship) +
			", employee:Hanna Harbour, project:Harbour winter meals, invoice:" + *inv.Number + ", document:harbour-coa.pdf"
		if got != want {
			t.Fatalf("admin searching harbour:\n got %s\nwant %s", got, want)
		}
		hits := e.search(e.token, "harb-lot", 0)
		if len(hits) != 1 || hits[0].ID != lot.ID || hits[0].Subtitle != "Harbour rice · HARB-1" {
			t.Errorf("a batch by its code: %+v", hits)
		}
		if hits := e.search(e.token, "hanna", 0); len(hits) != 1 || hits[0].ID != hanna.EmployeeID {
			t.Errorf("an employee by first name: %+v", hits)
		}
		if hits := e.search(e.token, *inv.Number, 0); len(hits) != 1 || hits[0].Kind != "invoice" || hits[0].ID != inv.ID {
			t.Errorf("an invoice by number: %+v", hits)
		}
		if hits := e.search(e.token, "harbour-coa", 0); len(hits) != 1 || hits[0].ID != doc.ID {
			t.Errorf("a document by name: %+v", hits)
		}
		if hits := e.search(e.token, "winter", 0); len(hits) != 1 || hits[0].ID != p.ID || hits[0].Subtitle != "Quay Foods" {
			t.Errorf("a project by name: %+v", hits)
		}

		// limit is per kind: the item that starts with the query comes first.
		if got := hitList(e.search(e.token, "harbour", 1)); !strings.HasPrefix(got, "item:Harbour rice, shipment:") || strings.Contains(got, "Anchovy") {
			t.Errorf("limit 1: %s", got)
		}

		// Staff cannot open invoices: none are returned to them.
		staff := e.staffToken()
		if got := hitList(e.search(staff, "harbour", 20)); strings.Contains(got, "invoice:") || !strings.Contains(got, "document:harbour-coa.pdf") {
			t.Errorf("staff searching harbour: %s", got)
		}
		if hits := e.search(staff, *inv.Number, 0); len(hits) != 0 {
			t.Errorf("staff searching an invoice number: %+v", hits)
		}

		// A recall by its number.
		var rc struct {
			ID     int64  `json:"id"`
			Number string `json:"number"`
		}
		e.call("POST", "/api/recalls", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"Supplier recall"}`, lot.ID), 201, &rc)
		if hits := e.search(staff, strings.ToLower(rc.Number), 0); len(hits) != 1 || hits[0].Kind != "recall" || hits[0].ID != rc.ID ||
			hits[0].Title != rc.Number || hits[0].Subtitle != "HARB-LOT-7" {
			t.Errorf("a recall by number: %+v", hits)
		}
	})
}

// shipNumber reads a shipment's number.
func shipNumber(e *env, id int64) string {
	e.t.Helper()
	var s struct {
		Number string `json:"number"`
	}
	e.call("GET", fmt.Sprintf("/api/shipments/%d", id), e.token, "", 200, &s)
	return s.Number
}

// Short and empty queries find nothing; LIKE wildcards match themselves; a
// long query and a limit out of range are 400 with their code; signed out is 401.
func TestSearchQueryRules(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		e.call("POST", "/api/inventory/items", e.token, `{"sku":"RICE","name":"Rice","kind":"raw_material","unit":"kg"}`, 201, nil)
		for _, q := range []string{"", "r", "  r  ", "%%", "__"} {
			if hits := e.search(e.token, q, 0); len(hits) != 0 {
				t.Errorf("q=%q: %+v", q, hits)
			}
		}
		var out struct {
			Results []searchHit `json:"results"`
		}
		e.call("GET", "/api/search", e.token, "", 200, &out)
		if out.Results == nil || len(out.Results) != 0 {
			t.Errorf("no q: %+v", out)
		}
		if hits := e.search(e.token, "ri", 0); len(hits) != 1 || hits[0].Kind != "item" {
			t.Errorf("two characters: %+v", hits)
		}
		raw := e.call("GET", "/api/search?q="+strings.Repeat("a", 101), e.token, "", 400, nil)
		if billingCode(raw) != "field.too_long" {
			t.Errorf("101 characters: %s", raw)
		}
		for _, l := range []string{"0", "21", "x", "-1"} {
			raw := e.call("GET", "/api/search?q=rice&limit="+l, e.token, "", 400, nil)
			if billingCode(raw) != "field.range" {
				t.Errorf("limit=%s: %s", l, raw)
			}
		}
		e.call("GET", "/api/search?q=rice", "", "", 401, nil)
	})
}
