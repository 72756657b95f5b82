package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// An expired batch is refused on a shipment line and a production pick
// (409 batch.expired on the line or pick) unless the use is confirmed with
// a reason, which the line keeps and the consume move records; a product's
// shelf life gives the batch production makes its expiry.
func TestExpiredBatchesNeedAReason(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice, meal := e.item("RICE", "raw_material", "kg"), e.item("MEAL", "finished_good", "bag")
		var received idOnly
		e.call("POST", fmt.Sprintf("/api/inventory/items/%d/batches", rice), e.token,
			`{"quantity":10,"received_at":"2026-10-01","expires_at":"2026-11-01"}`, 201, &received)
		old := received.ID
		fresh := e.batch(rice, "10", "2027-06-01")
		e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":1}]}`, rice), 200, nil)
		var line idOnly
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1"}`, 201, &line)

		// Shipping: refused on its line, then confirmed with a reason.
		ship := func(extra string, status int, out any) []byte {
			return e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-20","destination":{"name":"Animal Feed Co"},
				"lines":[{"batch_id":%d,"quantity":2%s}]}`, old, extra), status, out)
		}
		var refused errJSON
		ship("", 409, &refused)
		if refused.Code != "batch.expired" || refused.Field != "lines[0]" || refused.Params["expires_at"] != "2026-11-01" || refused.Params["date"] != "2026-11-20" {
			t.Errorf("expired line: %+v", refused)
		}
		ship(`,"allow_expired":true`, 400, &refused)
		if refused.Code != "field.required" || refused.Field != "lines[0].reason" {
			t.Errorf("confirmed without a reason: %+v", refused)
		}
		ship(`,"reason":"Animal feed"`, 400, &refused)
		if refused.Code != "field.required" || refused.Field != "lines[0].allow_expired" {
			t.Errorf("a reason without the confirmation: %+v", refused)
		}
		var sh struct {
			ID    int64 `json:"id"`
			Lines []struct {
				AllowExpired bool   `json:"allow_expired"`
				Reason       string `json:"reason"`
			} `json:"lines"`
		}
		ship(`,"allow_expired":true,"reason":" Animal feed "`, 201, &sh)
		if len(sh.Lines) != 1 || !sh.Lines[0].AllowExpired || sh.Lines[0].Reason != "Animal feed" {
			t.Errorf("confirmed line: %+v", sh.Lines)
		}
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", sh.ID), e.token, "", 200, nil)
		// A batch good through the ship date ships as ever; one that expires
		// between planning and shipping is refused when shipped.
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-01","destination":{"name":"Pantry"},
			"lines":[{"batch_id":%d,"quantity":1}]}`, old), 201, nil)
		var later idOnly
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-10-30","destination":{"name":"Pantry"},
			"lines":[{"batch_id":%d,"quantity":1}]}`, old), 201, &later)
		e.call("PATCH", fmt.Sprintf("/api/shipments/%d", later.ID), e.token, `{"ship_date":"2026-11-02"}`, 200, nil)
		e.codeOf("POST", fmt.Sprintf("/api/shipments/%d/ship", later.ID), e.token, "", 409, "batch.expired")

		// Production: a pick of the expired batch is refused, then confirmed;
		// first-expiry-first-out never draws on it.
		entry := func(date, picks string, status int, out any) []byte {
			return e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":%q,"hour":9,"line_id":%d,"product_id":%d,"units":2%s}`,
				date, line.ID, meal, picks), status, out)
		}
		entry("2026-11-20", fmt.Sprintf(`,"batches":[{"batch_id":%d,"quantity":2}]`, old), 409, &refused)
		if refused.Code != "batch.expired" || refused.Field != "batches[0]" {
			t.Errorf("expired pick: %+v", refused)
		}
		var made struct {
			ID              int64 `json:"id"`
			ProducedBatchID int64 `json:"produced_batch_id"`
			Moves           []struct {
				BatchID int64 `json:"batch_id"`
			} `json:"moves"`
		}
		entry("2026-11-20", fmt.Sprintf(`,"batches":[{"batch_id":%d,"quantity":2,"allow_expired":true,"reason":"Tested, still good"}]`, old), 201, &made)
		var detail struct {
			Moves []struct {
				Reason string `json:"reason"`
				Note   string `json:"note"`
			} `json:"moves"`
			ExpiresAt *string `json:"expires_at"`
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", old), e.token, "", 200, &detail)
		var notes []string
		for _, m := range detail.Moves {
			if m.Reason == "consume" {
				notes = append(notes, m.Note)
			}
		}
		if len(notes) != 1 || notes[0] != "Expired batch used: Tested, still good" {
			t.Errorf("the consume move of an expired batch: %+v", detail.Moves)
		}
		entry("2026-11-21", "", 201, &made)
		if len(made.Moves) == 0 || made.Moves[0].BatchID != fresh {
			t.Errorf("first-expiry-first-out drew on %+v, want the fresh batch %d", made.Moves, fresh)
		}

		// No shelf life: no expiry. Seven days of it: made on the 22nd, good through the 29th.
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", made.ProducedBatchID), e.token, "", 200, &detail)
		if detail.ExpiresAt != nil {
			t.Errorf("expiry without a shelf life: %v", *detail.ExpiresAt)
		}
		var item struct {
			ShelfLifeDays *int64 `json:"shelf_life_days"`
		}
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", meal), e.token, `{"shelf_life_days":7}`, 200, &item)
		if item.ShelfLifeDays == nil || *item.ShelfLifeDays != 7 {
			t.Errorf("shelf life %v", item.ShelfLifeDays)
		}
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", meal), e.token, `{"shelf_life_days":0}`, 400, &refused)
		if refused.Code != "field.range" || refused.Field != "shelf_life_days" {
			t.Errorf("shelf life 0: %+v", refused)
		}
		entry("2026-11-22", "", 201, &made)
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", made.ProducedBatchID), e.token, "", 200, &detail)
		if detail.ExpiresAt == nil || *detail.ExpiresAt != "2026-11-29" {
			t.Errorf("a produced batch's expiry: %v", detail.ExpiresAt)
		}
		raw, _ := json.Marshal(detail)
		if strings.Contains(string(raw), "Expired batch used") {
			t.Errorf("a fresh batch's moves: %s", raw)
		}
	})
}
