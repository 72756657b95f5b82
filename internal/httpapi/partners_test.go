package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
)

type partnerJSON struct {
	ID       int64
	Name     string
	Address  string
	Contact  string
	Notes    string
	Archived bool
}

func (e *env) newPartner(name, address, contact string) partnerJSON {
	e.t.Helper()
	var p partnerJSON
	e.call("POST", "/api/partners", e.token, fmt.Sprintf(`{"name":%q,"address":%q,"contact":%q}`, name, address, contact), 201, &p)
	return p
}

type partnerList struct {
	Partners []partnerJSON
	Total    int
}

func (l partnerList) names() string {
	var out []string
	for _, p := range l.Partners {
		out = append(out, p.Name)
	}
	return strings.Join(out, ", ")
}

// Partners: create, read, page, sort and search on the server, patch,
// archive and restore; a name is unique ignoring case; bad input is a coded
// 400; staff keep them as admins do.
func TestPartnersAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		a := e.newPartner("Riverbend Food Bank", "88 Levee Road\nBaton Rouge", "Dock office, 555-0117")
		if a.ID == 0 || a.Address != "88 Levee Road\nBaton Rouge" || a.Contact != "Dock office, 555-0117" || a.Archived {
			t.Fatalf("created %+v", a)
		}
		b := e.newPartner("eastside Community Pantry", "410 E 7th Street", "Maria Lopez")
		c := e.newPartner("St. Mark's Parish pantry", "12 Church Lane", "Fr. Tom")

		var list partnerList
		e.call("GET", "/api/partners?sort=name&order=asc&page=1&page_size=2", e.token, "", 200, &list)
		if list.Total != 3 || list.names() != "eastside Community Pantry, Riverbend Food Bank" {
			t.Fatalf("page 1 by name: %d %s", list.Total, list.names())
		}
		e.call("GET", "/api/partners?sort=name&order=asc&page=2&page_size=2", e.token, "", 200, &list)
		if list.Total != 3 || list.names() != "St. Mark's Parish pantry" {
			t.Fatalf("page 2: %d %s", list.Total, list.names())
		}
		e.call("GET", "/api/partners?sort=contact&order=desc", e.token, "", 200, &list)
		if list.names() != "eastside Community Pantry, St. Mark's Parish pantry, Riverbend Food Bank" {
			t.Fatalf("by contact, descending: %s", list.names())
		}
		for search, want := range map[string]string{
			"LEVEE":   "Riverbend Food Bank", // the address
			"maria":   "eastside Community Pantry",
			"pantry":  "eastside Community Pantry, St. Mark's Parish pantry",
			"nowhere": "",
		} {
			e.call("GET", "/api/partners?search="+search, e.token, "", 200, &list)
			if list.names() != want || list.Total != len(list.Partners) {
				t.Errorf("search %q: %d %s, want %s", search, list.Total, list.names(), want)
			}
		}

		var got partnerJSON
		e.call("PATCH", fmt.Sprintf("/api/partners/%d", b.ID), e.token, `{"name":"Eastside Community Pantry","notes":"Back dock\nafter 2 pm"}`, 200, &got)
		if got.Name != "Eastside Community Pantry" || got.Notes != "Back dock\nafter 2 pm" || got.Address != b.Address {
			t.Fatalf("patched %+v", got)
		}
		e.call("PATCH", fmt.Sprintf("/api/partners/%d", c.ID), e.token, `{"archived":true}`, 200, &got)
		if !got.Archived || got.Name != c.Name {
			t.Fatalf("archived %+v", got)
		}
		e.call("GET", fmt.Sprintf("/api/partners/%d", c.ID), e.token, "", 200, &got)
		if !got.Archived {
			t.Fatalf("read back %+v", got)
		}
		e.call("GET", "/api/partners", e.token, "", 200, &list)
		if list.Total != 2 || strings.Contains(list.names(), "St. Mark") {
			t.Fatalf("archived partner listed: %s", list.names())
		}
		e.call("GET", "/api/partners?include_archived=true&search=mark", e.token, "", 200, &list)
		if list.Total != 1 || !list.Partners[0].Archived {
			t.Fatalf("include_archived: %+v", list)
		}

		// A name is unique ignoring case, an archived partner's too, on create and rename.
		for _, c := range []struct{ method, path, body string }{
			{"POST", "/api/partners", `{"name":"RIVERBEND FOOD BANK"}`},
			{"POST", "/api/partners", `{"name":"  st. mark's parish PANTRY "}`},
			{"PATCH", fmt.Sprintf("/api/partners/%d", b.ID), `{"name":"riverbend food bank"}`},
		} {
			var refused errJSON
			e.call(c.method, c.path, e.token, c.body, 409, &refused)
			if refused.Code != "partners.name_taken" || refused.Field != "name" {
				t.Errorf("%s %s: %+v", c.method, c.body, refused)
			}
		}
		// Its own name in another case is no clash.
		e.call("PATCH", fmt.Sprintf("/api/partners/%d", a.ID), e.token, `{"name":"RIVERBEND Food Bank"}`, 200, &got)

		for _, c := range []struct{ body, code, field string }{
			{`{"name":""}`, "field.required", "name"},
			{`{"name":"   "}`, "field.required", "name"},
			{`{"name":"` + strings.Repeat("x", 201) + `"}`, "field.too_long", "name"},
			{`{"name":"X","contact":"` + strings.Repeat("x", 201) + `"}`, "field.too_long", "contact"},
			{`{"name":"X","phone":"555"}`, "field.unknown", "phone"},
			{`{"name":"X","contact":"a\nb"}`, "text.control", "contact"},
		} {
			var refused errJSON
			e.call("POST", "/api/partners", e.token, c.body, 400, &refused)
			if refused.Code != c.code || refused.Field != c.field {
				t.Errorf("%s: %+v, want %s on %s", c.body, refused, c.code, c.field)
			}
		}
		var missing errJSON
		e.call("GET", "/api/partners/99999", e.token, "", 404, &missing)
		if missing.Code != "partners.not_found" {
			t.Errorf("unknown: %+v", missing)
		}
		e.call("PATCH", "/api/partners/99999", e.token, `{"name":"X"}`, 404, nil)
		e.call("GET", "/api/partners?sort=nope", e.token, "", 400, nil)
		e.call("GET", "/api/partners?page_size=201", e.token, "", 400, nil)

		// Coordinators who are not admins keep the directory too.
		staff := e.staffToken()
		e.call("POST", "/api/partners", staff, `{"name":"Harbour Shelter"}`, 201, nil)
		e.call("GET", "/api/partners?search=harbour", staff, "", 200, &list)
		if list.Total != 1 {
			t.Fatalf("staff list: %+v", list)
		}
		e.call("GET", "/api/partners", "", "", 401, nil)
	})
}

type shipmentPartner struct {
	ID          int64
	PartnerID   *int64 `json:"partner_id"`
	Destination struct {
		Name, Address, Contact string
	}
}

// A shipment naming a partner takes its destination from the partner where
// none is given and keeps the partner's id; an unknown or archived partner
// is refused on partner_id; a one-off destination still works; an archived
// partner's old shipments still read and edit.
func TestShipmentPartner(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		it := e.newItem("MEAL-1", "finished_good", "0")
		b := e.receive(it.ID, `{"quantity":100}`)
		line := fmt.Sprintf(`{"batch_id":%d,"quantity":1}`, b.ID)
		east := e.newPartner("Eastside Community Pantry", "410 E 7th Street\nAustin, TX", "Maria Lopez")
		river := e.newPartner("Riverbend Food Bank", "88 Levee Road", "Dock office")

		var s shipmentPartner
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-24","partner_id":%d,"lines":[%s]}`, east.ID, line), 201, &s)
		if s.PartnerID == nil || *s.PartnerID != east.ID || s.Destination.Name != east.Name ||
			s.Destination.Address != east.Address || s.Destination.Contact != east.Contact {
			t.Fatalf("from the partner: %+v", s)
		}
		// What is typed stays; what is left empty is the partner's.
		var typed shipmentPartner
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-24","partner_id":%d,
			"destination":{"name":"Eastside Pantry, back dock","contact":""},"lines":[%s]}`, east.ID, line), 201, &typed)
		if typed.Destination.Name != "Eastside Pantry, back dock" || typed.Destination.Address != east.Address ||
			typed.Destination.Contact != east.Contact || typed.PartnerID == nil || *typed.PartnerID != east.ID {
			t.Fatalf("typed with a partner: %+v", typed)
		}
		// A one-off destination, typed for this shipment only.
		var once shipmentPartner
		e.call("POST", "/api/shipments", e.token, `{"ship_date":"2026-11-24","destination":{"name":"Church fair"},"lines":[`+line+`]}`, 201, &once)
		if once.PartnerID != nil || once.Destination.Name != "Church fair" {
			t.Fatalf("one-off: %+v", once)
		}
		raw := e.call("GET", fmt.Sprintf("/api/shipments/%d", once.ID), e.token, "", 200, nil)
		if !strings.Contains(string(raw), `"partner_id":null`) {
			t.Fatalf("a one-off's partner_id is not null: %s", raw)
		}
		// Neither a partner nor a name: the name is required.
		var refused errJSON
		e.call("POST", "/api/shipments", e.token, `{"ship_date":"2026-11-24","destination":{"address":"Somewhere"},"lines":[`+line+`]}`, 400, &refused)
		if refused.Code != "field.required" || refused.Field != "destination.name" {
			t.Errorf("no name, no partner: %+v", refused)
		}
		// An unknown partner, and an archived one, are refused on partner_id.
		e.call("POST", "/api/shipments", e.token, `{"ship_date":"2026-11-24","partner_id":99999,"lines":[`+line+`]}`, 400, &refused)
		if refused.Code != "partners.unknown" || refused.Field != "partner_id" {
			t.Errorf("unknown partner: %+v", refused)
		}
		e.call("PATCH", fmt.Sprintf("/api/partners/%d", river.ID), e.token, `{"archived":true}`, 200, nil)
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-24","partner_id":%d,"lines":[%s]}`, river.ID, line), 409, &refused)
		if refused.Code != "partners.archived" || refused.Field != "partner_id" || refused.Params["name"] != river.Name {
			t.Errorf("archived partner: %+v", refused)
		}
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", once.ID), e.token, fmt.Sprintf(`{"partner_id":%d}`, river.ID), 409, &refused)
		if refused.Code != "partners.archived" || refused.Field != "partner_id" {
			t.Errorf("archived partner on a patch: %+v", refused)
		}
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", once.ID), e.token, `{"partner_id":424242}`, 400, &refused)
		if refused.Code != "partners.unknown" || refused.Field != "partner_id" {
			t.Errorf("unknown partner on a patch: %+v", refused)
		}

		// Another partner without a destination takes the partner's.
		e.call("PATCH", fmt.Sprintf("/api/partners/%d", river.ID), e.token, `{"archived":false}`, 200, nil)
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", once.ID), e.token, fmt.Sprintf(`{"partner_id":%d}`, river.ID), 200, &once)
		if once.PartnerID == nil || *once.PartnerID != river.ID || once.Destination.Name != river.Name || once.Destination.Address != river.Address {
			t.Fatalf("patched to a partner: %+v", once)
		}
		// 0 takes the partner off and keeps the destination.
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", once.ID), e.token, `{"partner_id":0}`, 200, &once)
		if once.PartnerID != nil || once.Destination.Name != river.Name {
			t.Fatalf("partner taken off: %+v", once)
		}

		// An archived partner's shipments keep it, read and edit as before.
		e.call("PATCH", fmt.Sprintf("/api/partners/%d", east.ID), e.token, `{"archived":true,"name":"Eastside Pantry (closed)"}`, 200, nil)
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", s.ID), e.token, `{"carrier":"Own van"}`, 200, &s)
		if s.PartnerID == nil || *s.PartnerID != east.ID || s.Destination.Name != "Eastside Community Pantry" {
			t.Fatalf("shipment of an archived partner: %+v", s)
		}
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 200, &s)
		if s.PartnerID == nil || *s.PartnerID != east.ID {
			t.Fatalf("shipped: %+v", s)
		}
		var log struct {
			Shipments []shipmentPartner
			Total     int
		}
		e.call("GET", "/api/shipments?search=eastside&sort=number&order=asc", e.token, "", 200, &log)
		if log.Total != 2 || log.Shipments[0].PartnerID == nil || *log.Shipments[0].PartnerID != east.ID {
			t.Fatalf("the log: %+v", log)
		}
		// The log filtered to one partner: its shipments, whatever their destination says; not the
		// one-off "Church fair".
		e.wantPage(fmt.Sprintf("/api/shipments?partner_id=%d&sort=number&order=asc", east.ID), "shipments", 2, s.ID, typed.ID)
		e.wantPage(fmt.Sprintf("/api/shipments?partner_id=%d", river.ID), "shipments", 0)
		var bad errJSON
		e.call("GET", "/api/shipments?partner_id=east", e.token, "", 400, &bad)
		if bad.Code != "field.positive_int" || bad.Field != "partner_id" {
			t.Errorf("partner_id=east: %+v", bad)
		}
	})
}

// Where the recall list, the trace and the impact report group by
// destination, a partner is one destination whatever its shipments called
// it, and a one-off destination of the same name is another.
func TestPartnerGroupsRecallAndTrace(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		it := e.newItem("MEAL-2", "finished_good", "0")
		b := e.receive(it.ID, `{"code":"LOT-P","quantity":100}`)
		east := e.newPartner("Eastside Community Pantry", "410 E 7th Street", "Maria Lopez")
		ship := func(body string) int64 {
			var s idOnly
			e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-24",%s,"lines":[{"batch_id":%d,"quantity":2}]}`, body, b.ID), 201, &s)
			e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 200, nil)
			return s.ID
		}
		s1 := ship(fmt.Sprintf(`"partner_id":%d`, east.ID))
		s2 := ship(fmt.Sprintf(`"partner_id":%d,"destination":{"name":"Zed's dock (Eastside)"}`, east.ID))
		s3 := ship(`"destination":{"name":"Eastside Community Pantry"}`) // typed, no partner
		s4 := ship(`"destination":{"name":"Another Pantry"}`)

		var rc recallOut
		e.call("POST", "/api/recalls", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"Seal failure"}`, b.ID), 201, &rc)
		var got struct {
			Lines []struct {
				Destination string
				ShipmentID  int64  `json:"shipment_id"`
				PartnerID   *int64 `json:"partner_id"`
			}
		}
		e.call("GET", fmt.Sprintf("/api/recalls/%d", rc.ID), e.token, "", 200, &got)
		var order []string
		for _, l := range got.Lines {
			p := "-"
			if l.PartnerID != nil {
				p = fmt.Sprint(*l.PartnerID == east.ID)
			}
			order = append(order, fmt.Sprintf("%d:%s", l.ShipmentID, p))
		}
		// By the partner's name or the one-off's, the partner's lines together.
		want := []string{fmt.Sprintf("%d:-", s4), fmt.Sprintf("%d:-", s3), fmt.Sprintf("%d:true", s1), fmt.Sprintf("%d:true", s2)}
		if strings.Join(order, " ") != strings.Join(want, " ") {
			t.Errorf("recall list %v, want %v", order, want)
		}
		// The CSV names the partner of each line, last (empty for a typed destination).
		res := e.do("GET", fmt.Sprintf("/api/recalls/%d/list.csv", rc.ID), e.token, "")
		rows, err := csv.NewReader(bytes.NewReader(readAll(res))).ReadAll()
		if err != nil || len(rows) != 5 || rows[0][len(rows[0])-1] != "partner_id" {
			t.Fatalf("recall csv %v %v", rows, err)
		}
		var partnerCells []string
		for _, r := range rows[1:] {
			partnerCells = append(partnerCells, r[len(r)-1])
		}
		if id := fmt.Sprint(east.ID); strings.Join(partnerCells, ",") != ",,"+id+","+id {
			t.Errorf("recall csv partner cells %q, want two empty then %s twice", partnerCells, id)
		}

		g := e.trace(fmt.Sprintf("/api/inventory/batches/%d/trace", b.ID))
		var dests []string
		for _, n := range g.Nodes {
			if n.Kind == "destination" {
				dests = append(dests, n.Code)
			}
		}
		if len(dests) != 3 {
			t.Errorf("trace destinations %v: want the partner, the typed Eastside and Another Pantry", dests)
		}
	})
}
