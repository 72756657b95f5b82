package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

type clientJSON struct {
	ID       int64
	Name     string
	Email    string
	Address  string
	City     string
	Country  string
	Archived bool
}

func (e *env) newClient(name string) clientJSON {
	e.t.Helper()
	var c clientJSON
	e.call("POST", "/api/clients", e.token, fmt.Sprintf(`{"name":%q,"email":"accounts@example.org","address":"1 Quay St\nUnit 4","city":"Leeds","country":"United Kingdom"}`, name), 201, &c)
	return c
}

// Clients: create, read, search and page, patch and archive; bad input is a
// coded 400; staff may read names for pickers but nothing else (403).
func TestClientsAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		a := e.newClient("Harbour Food Bank")
		if a.ID == 0 || a.Name != "Harbour Food Bank" || a.Address != "1 Quay St\nUnit 4" || a.City != "Leeds" {
			t.Fatalf("created %+v", a)
		}
		b := e.newClient("acme Co-Packing")
		e.newClient("Zenith Sponsors")

		var list struct {
			Clients []clientJSON
			Total   int
		}
		e.call("GET", "/api/clients?sort=name&order=asc&page=1&page_size=2", e.token, "", 200, &list)
		if list.Total != 3 || len(list.Clients) != 2 || list.Clients[0].ID != b.ID || list.Clients[1].ID != a.ID {
			t.Fatalf("page 1: %+v", list)
		}
		e.call("GET", "/api/clients?search=HARBOUR", e.token, "", 200, &list)
		if list.Total != 1 || list.Clients[0].ID != a.ID {
			t.Fatalf("search: %+v", list)
		}

		var got clientJSON
		e.call("PATCH", fmt.Sprintf("/api/clients/%d", a.ID), e.token, `{"city":"York","archived":true}`, 200, &got)
		if got.City != "York" || !got.Archived || got.Name != a.Name {
			t.Fatalf("patched %+v", got)
		}
		e.call("GET", fmt.Sprintf("/api/clients/%d", a.ID), e.token, "", 200, &got)
		if got.City != "York" {
			t.Fatalf("read back %+v", got)
		}
		e.call("GET", "/api/clients", e.token, "", 200, &list)
		if list.Total != 2 {
			t.Fatalf("archived client listed: %+v", list)
		}
		e.call("GET", "/api/clients?include_archived=true", e.token, "", 200, &list)
		if list.Total != 3 {
			t.Fatalf("include_archived: %+v", list)
		}

		for _, c := range []struct{ body, code string }{
			{`{"name":""}`, "field.required"},
			{`{"name":"X","email":"not an email"}`, "clients.email_invalid"},
			{`{"name":"` + strings.Repeat("x", 201) + `"}`, "field.too_long"},
		} {
			raw := e.call("POST", "/api/clients", e.token, c.body, 400, nil)
			if !strings.Contains(string(raw), `"`+c.code+`"`) {
				t.Errorf("%s: %s", c.body, raw)
			}
		}
		raw := e.call("GET", "/api/clients/99999", e.token, "", 404, nil)
		if !strings.Contains(string(raw), `"clients.not_found"`) {
			t.Errorf("unknown: %s", raw)
		}
		e.call("PATCH", "/api/clients/99999", e.token, `{"name":"X"}`, 404, nil)
		e.call("GET", "/api/clients?sort=nope", e.token, "", 400, nil)

		staff := e.staffToken()
		e.call("GET", "/api/clients", staff, "", 403, nil)
		e.call("POST", "/api/clients", staff, `{"name":"Nope"}`, 403, nil)
		e.call("GET", fmt.Sprintf("/api/clients/%d", b.ID), staff, "", 403, nil)
		e.call("PATCH", fmt.Sprintf("/api/clients/%d", b.ID), staff, `{"name":"Nope"}`, 403, nil)
		var opts struct {
			Clients []struct {
				ID   int64
				Name string
			}
		}
		e.call("GET", "/api/clients/options", staff, "", 200, &opts)
		if len(opts.Clients) != 2 || opts.Clients[0].Name != "acme Co-Packing" {
			t.Fatalf("options: %+v", opts)
		}
	})
}
