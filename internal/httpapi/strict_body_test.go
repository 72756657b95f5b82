package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/packline/packline/internal/paging"
)

// A body holding text that is not Unicode is refused with text.encoding
// naming the field, nested ones by their path, before anything is stored;
// a proper surrogate pair (an emoji) is text and is kept.
func TestBodyRefusesBrokenEncodingByPath(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		jam := e.newItem("JAM-1", "finished_good", "0")
		b := e.receive(jam.ID, `{"code":"LOT-A","quantity":10}`)
		line := fmt.Sprintf(`{"batch_id":%d,"quantity":1}`, b.ID)
		for _, c := range []struct{ name, body, field string }{
			{"nested lone surrogate", `{"ship_date":"2026-03-02","destination":{"name":"Harbour","address":"1 Quay \ud800St"},"lines":[` + line + `]}`, "destination.address"},
			{"nested invalid UTF-8", "{\"ship_date\":\"2026-03-02\",\"destination\":{\"name\":\"Harb\xc3our\",\"address\":\"x\"},\"lines\":[" + line + "]}", "destination.name"},
			{"a member name", "{\"destination\":{\"n\xffme\":\"x\"}}", "destination"},
		} {
			res := e.do("POST", "/api/shipments", e.token, c.body)
			checkRefused(t, c.name, res.StatusCode, readAll(res), c.field, "text.encoding")
		}
		var list struct{ Total int }
		e.call("GET", "/api/shipments", e.token, "", 200, &list)
		if list.Total != 0 {
			t.Fatalf("a refused shipment was stored: %d", list.Total)
		}
		// In a list: the element's index names it.
		res := e.do("PUT", "/api/faq/order", e.token, `{"ids":[1,"\udfff"]}`)
		checkRefused(t, "faq order", res.StatusCode, readAll(res), "ids[1]", "text.encoding")
		// The import's JSON form: the file is refused whole.
		res = e.do("POST", "/api/inventory/import/preview", e.token, `{"csv":"sku,name\nA,\ud800\n"}`)
		checkRefused(t, "import csv", res.StatusCode, readAll(res), "csv", "text.encoding")

		// A pair is one character: stored as sent.
		var c struct{ Name string }
		e.call("POST", "/api/clients", e.token, `{"name":"Harbour \ud83d\ude00 Foods"}`, 201, &c)
		if c.Name != "Harbour 😀 Foods" {
			t.Fatalf("client name %q", c.Name)
		}
	})
}

// A member the contract does not name is refused with field.unknown naming
// it (by its path when nested), not silently dropped: a misspelt field must
// not look like it was saved, and {"role":"admin"} must not look accepted.
func TestBodyRefusesUnknownFields(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, c := range []struct{ method, path, body, field string }{
			{"PATCH", "/api/user/preferences", `{"role":"admin"}`, "role"},
			{"PATCH", "/api/user/preferences", `{"theme":"dark","Role":"admin"}`, "Role"},
			{"POST", "/api/shipments", `{"ship_date":"2026-03-02","destination":{"name":"H","address":"A","phone":"1"}}`, "destination.phone"},
			{"POST", "/api/clients", `{"name":"Harbour","vat":"GB1"}`, "vat"},
			{"POST", "/api/inventory/import/preview", `{"csv":"sku,name\n","dry_run":true}`, "dry_run"},
			{"POST", "/api/notifications/read", `{"ids":[],"all":true}`, "all"},
		} {
			res := e.do(c.method, c.path, e.token, c.body)
			checkRefused(t, c.method+" "+c.path+" "+c.body, res.StatusCode, readAll(res), c.field, "field.unknown")
		}
		var prefs struct{ Theme string }
		e.call("GET", "/api/user/preferences", e.token, "", 200, &prefs)
		if prefs.Theme == "dark" {
			t.Fatalf("a refused body changed the preferences")
		}
		// Known fields in another case are what encoding/json has always
		// matched; they are not unknown.
		e.call("PATCH", "/api/user/preferences", e.token, `{"theme":"dark"}`, 200, nil)
	})
}

// contractOperation is one operation of the served OpenAPI document: its
// method in upper case, its path and its requestBody as written (nil: none).
type contractOperation struct {
	method, path string
	requestBody  json.RawMessage
}

// contractOperations lists the operations of the served OpenAPI document.
func contractOperations(t *testing.T, e *env) []contractOperation {
	t.Helper()
	res := e.do("GET", "/api/openapi.json", "", "")
	var doc struct {
		Paths map[string]map[string]json.RawMessage
	}
	if err := json.Unmarshal(readAll(res), &doc); err != nil {
		t.Fatal(err)
	}
	var list []contractOperation
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			var op struct {
				RequestBody json.RawMessage `json:"requestBody"`
			}
			if method == "parameters" || json.Unmarshal(raw, &op) != nil {
				continue
			}
			list = append(list, contractOperation{strings.ToUpper(method), path, op.RequestBody})
		}
	}
	return list
}

// Every operation whose contract takes a JSON body refuses a member it does
// not name, so no handler decodes into a partial struct or twice.
func TestEveryJSONBodyRefusesUnknownFields(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		n := 0
		for _, op := range contractOperations(t, e) {
			var rb struct {
				Ref     string `json:"$ref"`
				Content map[string]json.RawMessage
			}
			if op.requestBody == nil || json.Unmarshal(op.requestBody, &rb) != nil ||
				(rb.Content["application/json"] == nil && rb.Ref == "") {
				continue
			}
			n++
			p := strings.NewReplacer("{id}", "1", "{token}", "x").Replace(op.path)
			res := e.do(op.method, p, e.token, `{"zz_not_a_field":1}`)
			checkRefused(t, op.method+" "+op.path, res.StatusCode, readAll(res), "zz_not_a_field", "field.unknown")
		}
		if n < 60 {
			t.Fatalf("only %d operations with a JSON body found in the contract", n)
		}
	})
}

// Every operation whose contract takes no body refuses one with members as
// it would refuse an unknown field, before it acts: a DELETE with a body is
// not a DELETE that ignored it. An empty body or {} is no body.
func TestEveryOperationWithoutABodyRefusesOne(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		n := 0
		for _, op := range contractOperations(t, e) {
			if op.requestBody != nil {
				continue
			}
			n++
			p := strings.ReplaceAll(op.path, "{id}", "1")
			res := e.do(op.method, p, e.token, `{"zz_not_a_field":1}`)
			checkRefused(t, op.method+" "+op.path, res.StatusCode, readAll(res), "zz_not_a_field", "field.unknown")
		}
		if n < 40 {
			t.Fatalf("only %d operations without a body found in the contract", n)
		}
		// Nothing, or an empty object, is no body.
		e.call("GET", "/api/user", e.token, "{}", 200, nil)
	})
}

// Every paged list reads the one list contract: order in any case, and a
// page or page size out of range is a 400 naming it, never clamped.
func TestEveryListHoldsTheListContract(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, path := range []string{"/api/inventory/items", "/api/shipments", "/api/staff/employees", "/api/documents",
			"/api/invoices", "/api/clients", "/api/projects", "/api/users"} {
			sorted := path != "/api/users" // the users list pages but has one order
			for _, order := range []string{"asc", "DESC", "Asc"} {
				e.call("GET", path+"?order="+order, e.token, "", 200, nil)
			}
			for _, c := range []struct{ query, field, code string }{
				{"order=sideways", "order", "field.choice"},
				{"page=0", "page", "field.range"},
				{"page=abc", "page", "field.range"},
				{"page_size=0", "page_size", "field.range"},
				{"page_size=100000", "page_size", "field.range"},
				{"sort=zzz", "sort", "field.choice"},
			} {
				if !sorted && (c.field == "sort" || c.field == "order") {
					continue
				}
				res := e.do("GET", path+"?"+c.query, e.token, "")
				checkRefused(t, path+"?"+c.query, res.StatusCode, readAll(res), c.field, c.code)
			}
		}
	})
}

// Every searched list takes one length of search, counted in characters:
// 200 Persian letters are a search, 201 letters are a 400 naming it. (The
// staff list's is shorter, and the users list keeps its own code.)
func TestEverySearchedListMeasuresSearchAlike(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		longest := url.QueryEscape(strings.Repeat("ب", paging.MaxSearch))
		tooLong := url.QueryEscape(strings.Repeat("b", paging.MaxSearch+1))
		for _, path := range []string{"/api/inventory/items", "/api/shipments", "/api/documents",
			"/api/invoices", "/api/clients", "/api/projects", "/api/faq"} {
			e.call("GET", path+"?search="+longest, e.token, "", 200, nil)
			res := e.do("GET", path+"?search="+tooLong, e.token, "")
			checkRefused(t, path+" with a search too long", res.StatusCode, readAll(res), "search", "field.too_long")
		}
	})
}
