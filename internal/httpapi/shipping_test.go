package httpapi_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

type shipLine struct {
	BatchID   int64   `json:"batch_id"`
	ItemID    int64   `json:"item_id"`
	Quantity  float64 `json:"quantity"`
	BatchCode string  `json:"batch_code"`
}

type shipment struct {
	ID            int64
	Number        string
	Status        string
	ShipDate      string `json:"ship_date"`
	Carrier       string
	ShippedByName string `json:"shipped_by_name"`
	Lines         []shipLine
}

func shipBody(lines ...string) string {
	return `{"ship_date":"2026-03-02","destination":{"name":"Harbour Foods","address":"1 Quay St\nPortsmouth","contact":"Jo 0123"},
		"carrier":"DHL","tracking_number":"TRK-77","pallets":2,"weight_kg":412.5,"notes":"Fragile",
		"lines":[` + strings.Join(lines, ",") + `]}`
}

// The API of the shipping log: plan, edit, ship (stock falls), the batch
// page lists it, search by batch code, CSV, cancel (stock returns), and the
// wrong steps answer 409 with a code.
func TestShippingAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		jam := e.newItem("JAM-1", "finished_good", "0")
		b1 := e.receive(jam.ID, `{"code":"LOT-A","quantity":10,"expires_at":"2027-01-01"}`)
		b2 := e.receive(jam.ID, `{"code":"LOT-B","quantity":4}`)
		var s shipment
		e.call("POST", "/api/shipments", e.token, shipBody(
			fmt.Sprintf(`{"batch_id":%d,"quantity":3}`, b1.ID), fmt.Sprintf(`{"batch_id":%d,"quantity":4}`, b2.ID)), 201, &s)
		if s.Status != "planned" || !strings.HasPrefix(s.Number, "SHP-") || len(s.Lines) != 2 || s.Lines[0].ItemID != jam.ID {
			t.Fatalf("created %+v", s)
		}
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", s.ID), e.token, `{"carrier":"UPS"}`, 200, &s)
		if s.Carrier != "UPS" || len(s.Lines) != 2 {
			t.Fatalf("patched %+v", s)
		}
		raw := e.call("POST", fmt.Sprintf("/api/shipments/%d/deliver", s.ID), e.token, "", 409, nil)
		if !strings.Contains(string(raw), `"shipping.transition"`) {
			t.Fatalf("deliver planned: %s", raw)
		}
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 200, &s)
		if s.Status != "shipped" || s.ShippedByName != "Ada Admin" {
			t.Fatalf("shipped %+v", s)
		}
		var d struct {
			OnHand    float64 `json:"on_hand"`
			Shipments []struct {
				ID       int64
				Number   string
				Quantity float64
			}
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", b1.ID), e.token, "", 200, &d)
		if d.OnHand != 7 || len(d.Shipments) != 1 || d.Shipments[0].Number != s.Number || d.Shipments[0].Quantity != 3 {
			t.Fatalf("batch after ship: %+v", d)
		}
		raw = e.call("PATCH", fmt.Sprintf("/api/shipments/%d", s.ID), e.token, `{"carrier":"DPD"}`, 409, nil)
		if !strings.Contains(string(raw), `"shipping.not_editable"`) {
			t.Fatalf("edit shipped: %s", raw)
		}
		var list struct {
			Shipments []shipment
			Total     int
		}
		e.call("GET", "/api/shipments?search=lot-b&status=shipped&sort=ship_date&order=asc&page=1&page_size=10", e.token, "", 200, &list)
		if list.Total != 1 || list.Shipments[0].ID != s.ID {
			t.Fatalf("search by batch code: %+v", list)
		}
		res := e.do("GET", "/api/shipments.csv?search=LOT-A", e.token, "")
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(readAll(res)), "\xef\xbb\xbf"))).ReadAll()
		if err != nil || res.StatusCode != 200 || len(rows) != 2 || rows[1][0] != s.Number || !strings.Contains(rows[1][10], "LOT-A") {
			t.Fatalf("csv %d %v %v", res.StatusCode, rows, err)
		}
		// A second shipment wanting more than is left: 409 naming the batch.
		var s2 shipment
		e.call("POST", "/api/shipments", e.token, shipBody(fmt.Sprintf(`{"batch_id":%d,"quantity":8}`, b1.ID)), 201, &s2)
		raw = e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s2.ID), e.token, "", 409, nil)
		var eb struct {
			Code   string
			Params map[string]any
		}
		_ = json.Unmarshal(raw, &eb)
		if eb.Code != "stock.insufficient" || eb.Params["batch"] != "LOT-A" {
			t.Fatalf("over stock: %s", raw)
		}
		e.call("POST", fmt.Sprintf("/api/shipments/%d/cancel", s.ID), e.token, `{"reason":"Customer refused"}`, 200, &s)
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", b1.ID), e.token, "", 200, &d)
		if s.Status != "cancelled" || d.OnHand != 10 {
			t.Fatalf("after cancel: %+v on hand %v", s, d.OnHand)
		}
		e.call("GET", fmt.Sprintf("/api/shipments/%d", s.ID), e.token, "", 200, &s)
		e.call("GET", "/api/shipments/999999", e.token, "", 404, nil)
	})
}

// Bad input is a 400 with a code, never a 5xx.
func TestShippingAPIRefusesBadInput(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		it := e.newItem("BAD-1", "finished_good", "0")
		b := e.receive(it.ID, `{"quantity":10}`)
		line := fmt.Sprintf(`{"batch_id":%d,"quantity":1}`, b.ID)
		for _, c := range []struct{ body, code string }{
			{`{"ship_date":"2026-13-01","destination":{"name":"X"},"lines":[` + line + `]}`, "field.date"},
			{`{"ship_date":"2026-03-01","destination":{"name":""},"lines":[` + line + `]}`, "field.required"},
			{`{"ship_date":"2026-03-01","destination":{"name":"X"},"lines":[]}`, "shipping.no_lines"},
			{`{"ship_date":"2026-03-01","destination":{"name":"X"},"lines":[` + line + `,` + line + `]}`, "shipping.duplicate_batch"},
			{`{"ship_date":"2026-03-01","destination":{"name":"X"},"lines":[{"batch_id":99999,"quantity":1}]}`, "shipping.unknown_batch"},
			{`{"ship_date":"2026-03-01","destination":{"name":"X"},"lines":[{"batch_id":1,"quantity":0}]}`, "quantity.not_positive"},
			{`{"ship_date":"2026-03-01","destination":{"name":"X"},"pallets":-1,"lines":[` + line + `]}`, "field.range"},
			{`{"ship_date":"2026-03-01","destination":{"name":"X"},"weight_kg":-2,"lines":[` + line + `]}`, "field.range"},
		} {
			raw := e.call("POST", "/api/shipments", e.token, c.body, 400, nil)
			if !strings.Contains(string(raw), `"code":"`+c.code+`"`) {
				t.Errorf("%s: %s, want %s", c.body, raw, c.code)
			}
		}
		for _, q := range []string{"status=lost", "sort=weight", "order=up", "from=yesterday", "to=2026-02-30"} {
			e.call("GET", "/api/shipments?"+q, e.token, "", 400, nil)
		}
		var s shipment
		e.call("POST", "/api/shipments", e.token, shipBody(line), 201, &s)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/cancel", s.ID), e.token, `{}`, 400, nil)
	})
}
