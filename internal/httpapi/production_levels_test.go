package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// twoLevels is two levels of production on one env: rice and film make
// pouches, pouches and boxes make cases, with a reversed entry and a
// cancelled shipment beside the real ones.
type twoLevels struct {
	rice, film, pouch, box, kase int64 // items
	r1, r2                       int64 // rice batches (r1 expires first)
	p1, p2                       int64 // pouch batches (20 and 21 November)
	c1                           int64 // the case batch (22 November)
	reversed                     int64 // the reversed pouch entry (20 November, 10:00)
	s1, s2, s3                   int64 // shipments: 2 cases to Harbour Foods, 1 case cancelled, 3 pouches to Quay Kitchen
	line                         int64
}

func (e *env) shipTo(name, contact string, batchID int64, qty string) int64 {
	e.t.Helper()
	var s idOnly
	e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-24","destination":{"name":%q,"address":"1 Quay St","contact":%q},
		"lines":[{"batch_id":%d,"quantity":%s}]}`, name, contact, batchID, qty), 201, &s)
	e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 200, nil)
	return s.ID
}

func (e *env) entry(date string, hour int, line, product, units int64) (id, produced int64) {
	e.t.Helper()
	var out struct {
		ID              int64 `json:"id"`
		ProducedBatchID int64 `json:"produced_batch_id"`
	}
	e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":%q,"hour":%d,"line_id":%d,"product_id":%d,"units":%d}`,
		date, hour, line, product, units), 201, &out)
	return out.ID, out.ProducedBatchID
}

func newTwoLevels(e *env) twoLevels {
	e.t.Helper()
	var f twoLevels
	f.rice, f.film = e.item("RICE", "raw_material", "kg"), e.item("FILM", "packaging", "each")
	f.pouch, f.box, f.kase = e.item("POUCH", "finished_good", "pouch"), e.item("BOX", "packaging", "each"), e.item("CASE", "finished_good", "case")
	f.r1, f.r2 = e.batch(f.rice, "10", "2027-01-01"), e.batch(f.rice, "10", "2027-06-01")
	e.batch(f.film, "100", "")
	e.batch(f.box, "10", "")
	e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", f.pouch), e.token,
		fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.5},{"item_id":%d,"quantity":1}]}`, f.rice, f.film), 200, nil)
	e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", f.kase), e.token,
		fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":4},{"item_id":%d,"quantity":1}]}`, f.pouch, f.box), 200, nil)
	var line idOnly
	e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1"}`, 201, &line)
	f.line = line.ID
	_, f.p1 = e.entry("2026-11-20", 9, f.line, f.pouch, 10) // 5 kg of r1
	f.reversed, _ = e.entry("2026-11-20", 10, f.line, f.pouch, 4)
	e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", f.reversed), e.token, `{"reason":"Wrong product"}`, 201, nil)
	_, f.p2 = e.entry("2026-11-21", 9, f.line, f.pouch, 10) // 5 kg of r1, then 0 of r2
	_, f.c1 = e.entry("2026-11-22", 9, f.line, f.kase, 3)   // 10 pouches of p1 and 2 of p2
	f.s1 = e.shipTo("Harbour Foods", "Jo 0123", f.c1, "2")
	f.s2 = e.shipTo("Dock Pantry", "Sam 0456", f.c1, "1")
	e.call("POST", fmt.Sprintf("/api/shipments/%d/cancel", f.s2), e.token, `{"reason":"Truck broke down"}`, 200, nil)
	f.s3 = e.shipTo("Quay Kitchen", "Lee 0789", f.p2, "3")
	return f
}

// A finished good is a component of another's recipe, drawn
// first-expiry-first-out like any; a recipe that contains its own product,
// directly or through other recipes, is refused naming the cycle.
func TestTwoLevelsOfProduction(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		f := newTwoLevels(e)
		var batch struct {
			OnHand json.Number `json:"on_hand"`
		}
		for id, want := range map[int64]string{f.r1: "0", f.r2: "10", f.p1: "0", f.p2: "5", f.c1: "1"} {
			e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", id), e.token, "", 200, &batch)
			if string(batch.OnHand) != want {
				t.Errorf("batch %d on hand %s, want %s", id, batch.OnHand, want)
			}
		}
		raw := e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", f.pouch), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.5},{"item_id":%d,"quantity":1}]}`, f.rice, f.kase), 400, nil)
		var body struct {
			Code   string         `json:"code"`
			Field  string         `json:"field"`
			Params map[string]any `json:"params"`
		}
		_ = json.Unmarshal(raw, &body)
		if body.Code != "production.recipe_cycle" || body.Field != "components" ||
			body.Params["items"] != "Item POUCH → Item CASE → Item POUCH" {
			t.Errorf("cycle: %s", raw)
		}
		// Through a third level: a pallet of cases, then cases made of pallets.
		pallet := e.item("PALLET", "finished_good", "pallet")
		e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", pallet), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":40}]}`, f.kase), 200, nil)
		raw = e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", f.pouch), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":1}]}`, pallet), 400, nil)
		if !strings.Contains(string(raw), `"items":"Item POUCH → Item PALLET → Item CASE → Item POUCH"`) {
			t.Errorf("indirect cycle: %s", raw)
		}
	})
}
