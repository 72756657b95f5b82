package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

type recallOut struct {
	ID      int64  `json:"id"`
	Number  string `json:"number"`
	Status  string `json:"status"`
	Batches int    `json:"batches"`
	Reason  string `json:"reason"`
}

// A recall of a raw batch holds it and every batch made from it (two levels
// down) from production and shipping with 409 batch.recalled naming the
// recall, lists every partner that received them, tells staff, and its
// release lets them move again.
func TestRecallHoldsDownstreamBatchesUntilReleased(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		f := newTwoLevels(e)
		// A shipment of a case planned before the recall.
		var s idOnly
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-25","destination":{"name":"Late Pantry"},
			"lines":[{"batch_id":%d,"quantity":1}]}`, f.c1), 201, &s)
		var rc recallOut
		e.call("POST", "/api/recalls", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"Supplier recall: aflatoxin","notes":"Lot 44"}`, f.r1), 201, &rc)
		// r1, both pouch batches and the case batch.
		if rc.Status != "open" || rc.Batches != 4 || !strings.HasPrefix(rc.Number, "RCL-") {
			t.Fatalf("recall %+v", rc)
		}

		// The batches say which recall holds them.
		var held struct {
			HeldBy *struct {
				RecallID int64  `json:"recall_id"`
				Number   string `json:"number"`
			} `json:"held_by"`
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", f.c1), e.token, "", 200, &held)
		if held.HeldBy == nil || held.HeldBy.RecallID != rc.ID || held.HeldBy.Number != rc.Number {
			t.Errorf("held_by of a held case: %+v", held.HeldBy)
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", f.r2), e.token, "", 200, &held)
		if held.HeldBy != nil {
			t.Errorf("held_by of a batch nothing holds: %+v", held.HeldBy)
		}
		var planned struct {
			Lines []struct {
				HeldBy *struct {
					Number string `json:"number"`
				} `json:"held_by"`
			} `json:"lines"`
		}
		e.call("GET", fmt.Sprintf("/api/shipments/%d", s.ID), e.token, "", 200, &planned)
		if len(planned.Lines) != 1 || planned.Lines[0].HeldBy == nil || planned.Lines[0].HeldBy.Number != rc.Number {
			t.Errorf("the planned shipment's line says nothing of the hold: %+v", planned.Lines)
		}
		// Planning a downstream batch (a case) is refused on its line, naming the recall.
		var refused errJSON
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-25","destination":{"name":"Late Pantry"},
			"lines":[{"batch_id":%d,"quantity":1}]}`, f.c1), 409, &refused)
		if refused.Code != "batch.recalled" || refused.Field != "lines[0]" {
			t.Errorf("plan a recalled case: %+v", refused)
		}
		// Shipping the one planned before is refused, naming the recall.
		raw := e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 409, nil)
		var body struct {
			Code   string         `json:"code"`
			Params map[string]any `json:"params"`
		}
		_ = json.Unmarshal(raw, &body)
		if body.Code != "batch.recalled" || body.Params["recall"] != rc.Number {
			t.Errorf("ship a recalled case: %s", raw)
		}
		// So is producing from a recalled pouch batch picked by name: p2 still has 5 pouches.
		raw = e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-25","hour":9,"line_id":%d,"product_id":%d,"units":1,
			"batches":[{"batch_id":%d,"quantity":4}]}`, f.line, f.kase, f.p2), 409, nil)
		if !strings.Contains(string(raw), `"batch.recalled"`) {
			t.Errorf("produce from a recalled pouch batch: %s", raw)
		}
		// First-expiry-first-out leaves held batches out: no pouches to draw on.
		raw = e.call("POST", "/api/production/entries", e.token, fmt.Sprintf(`{"date":"2026-11-25","hour":9,"line_id":%d,"product_id":%d,"units":1}`,
			f.line, f.kase), 409, nil)
		if !strings.Contains(string(raw), `"production.components_short"`) {
			t.Errorf("FEFO over held pouches: %s", raw)
		}
		// r2, which nothing made of r1 touched, still ships.
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-25","destination":{"name":"Rice Bank"},
			"lines":[{"batch_id":%d,"quantity":1}]}`, f.r2), 201, &s)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 200, nil)

		// The recall list: Harbour Foods (2 cases) and Quay Kitchen (3 pouches); not the cancelled shipment.
		var got struct {
			Recall recallOut `json:"recall"`
			Lines  []struct {
				Destination string      `json:"destination"`
				Contact     string      `json:"contact"`
				Number      string      `json:"number"`
				BatchID     int64       `json:"batch_id"`
				Quantity    json.Number `json:"quantity"`
				Unit        string      `json:"unit"`
			} `json:"lines"`
		}
		e.call("GET", fmt.Sprintf("/api/recalls/%d", rc.ID), e.token, "", 200, &got)
		if len(got.Lines) != 2 || got.Lines[0].Destination != "Harbour Foods" || got.Lines[0].Contact != "Jo 0123" || got.Lines[0].Quantity != "2" ||
			got.Lines[0].BatchID != f.c1 || got.Lines[1].Destination != "Quay Kitchen" || got.Lines[1].Quantity != "3" || got.Lines[1].Unit != "pouch" {
			t.Errorf("recall list %+v", got.Lines)
		}
		res := e.do("GET", fmt.Sprintf("/api/recalls/%d/list.csv", rc.ID), e.token, "")
		var csv strings.Builder
		csv.Write(readAll(res))
		if res.StatusCode != 200 || !strings.Contains(csv.String(), "Harbour Foods,Jo 0123") || !strings.Contains(csv.String(), "Quay Kitchen") {
			t.Errorf("csv %d %s", res.StatusCode, csv.String())
		}

		// Staff are told.
		var notes struct {
			Notifications []struct {
				Kind   string            `json:"kind"`
				Params map[string]string `json:"params"`
				Link   string            `json:"link"`
			} `json:"notifications"`
		}
		e.call("GET", "/api/notifications", e.token, "", 200, &notes)
		found := false
		for _, n := range notes.Notifications {
			if n.Kind == "recall_started" && n.Params["recall"] == rc.Number && n.Link == fmt.Sprintf("/inventory/recalls/%d", rc.ID) {
				found = true
			}
		}
		if !found {
			t.Errorf("no recall notification in %+v", notes.Notifications)
		}

		e.wantPage("/api/recalls?status=open", "recalls", 1, rc.ID)
		e.call("GET", "/api/recalls?status=lost", e.token, "", 400, nil)

		// Released, the case ships.
		e.call("POST", fmt.Sprintf("/api/recalls/%d/release", rc.ID), e.token, `{"notes":"Supplier withdrew the recall"}`, 200, &rc)
		if rc.Status != "closed" {
			t.Errorf("released %+v", rc)
		}
		e.call("POST", fmt.Sprintf("/api/recalls/%d/release", rc.ID), e.token, `{}`, 409, nil)
		e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-25","destination":{"name":"Late Pantry"},
			"lines":[{"batch_id":%d,"quantity":1}]}`, f.c1), 201, &s)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), e.token, "", 200, nil)
		e.wantPage("/api/recalls?status=closed", "recalls", 1, rc.ID)
		e.call("POST", "/api/recalls", e.token, `{"batch_id":999999,"reason":"x"}`, 404, nil)
		e.call("POST", "/api/recalls", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":""}`, f.r1), 400, nil)
		e.call("GET", "/api/recalls/999999", e.token, "", 404, nil)
	})
}
