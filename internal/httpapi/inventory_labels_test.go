package httpapi_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

type itemBatch struct {
	ID         int64
	ItemID     int64 `json:"item_id"`
	Code       string
	ReceivedAt string  `json:"received_at"`
	ExpiresAt  *string `json:"expires_at"`
	ItemSKU    string  `json:"item_sku"`
	ItemName   string  `json:"item_name"`
	ItemUnit   string  `json:"item_unit"`
	ItemKind   string  `json:"item_kind"`
}

// TestBatchLookupAndReceiptAPI: a label's code finds its batch (of one item
// with the SKU, of every item without), a receipt is the batches received on
// one day from one source, and bad input is a 400 or 404, never a 500.
func TestBatchLookupAndReceiptAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice := e.newItem("RICE-25", "raw_material", "0")
		beans := e.newItem("BEANS/1", "raw_material", "0")
		oil := e.newItem("OIL-5", "raw_material", "0")
		r1 := e.receive(rice.ID, `{"code":"LOT 7/A","quantity":10,"received_at":"2026-03-02","expires_at":"2027-01-31","source":"Mill Co","source_type":"supplier"}`)
		b1 := e.receive(beans.ID, `{"code":"lot 7/a","quantity":4,"received_at":"2026-03-02","source":"Mill Co","source_type":"supplier"}`)
		e.receive(oil.ID, `{"code":"O-1","quantity":2,"received_at":"2026-03-02","source":"Other","source_type":"supplier"}`)
		e.receive(oil.ID, `{"code":"O-2","quantity":2,"received_at":"2026-03-03","source":"Mill Co","source_type":"supplier"}`)

		find := func(query string) []itemBatch {
			t.Helper()
			var out struct{ Batches []itemBatch }
			e.call("GET", "/api/inventory/batches?"+query, e.token, "", 200, &out)
			return out.Batches
		}
		// Without a SKU the code (any case) names both items' batches, by item name.
		got := find("code=" + url.QueryEscape("Lot 7/a"))
		if len(got) != 2 || got[0].ID != b1.ID || got[1].ID != r1.ID || got[1].ItemSKU != "RICE-25" ||
			got[1].ItemName != "Item RICE-25" || got[1].ItemUnit != "kg" || got[1].ItemKind != "raw_material" ||
			got[1].ExpiresAt == nil || *got[1].ExpiresAt != "2027-01-31" {
			t.Fatalf("by code: %+v", got)
		}
		// With the SKU (any case), only that item's.
		if got := find("code=" + url.QueryEscape("LOT 7/A") + "&sku=rice-25"); len(got) != 1 || got[0].ID != r1.ID {
			t.Fatalf("by code and sku: %+v", got)
		}
		if got := find("code=NOPE"); got == nil || len(got) != 0 {
			t.Fatalf("unknown code: %+v", got)
		}
		if got := find("code=O-1&sku=RICE-25"); len(got) != 0 {
			t.Fatalf("another item's code: %+v", got)
		}

		// The receipt: same day and source, itself included, by item name.
		var rec struct{ Batches []itemBatch }
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d/receipt", r1.ID), e.token, "", 200, &rec)
		if len(rec.Batches) != 2 || rec.Batches[0].ID != b1.ID || rec.Batches[1].ID != r1.ID {
			t.Fatalf("receipt: %+v", rec.Batches)
		}

		// Refused input: 400 naming the parameter, 404 for no batch, never 500.
		for _, c := range []struct {
			path, code string
			status     int
		}{
			{"/api/inventory/batches", "field.required", 400},
			{"/api/inventory/batches?code=" + strings.Repeat("x", 65), "field.too_long", 400},
			{"/api/inventory/batches?code=a&sku=" + strings.Repeat("x", 65), "field.too_long", 400},
			{"/api/inventory/batches/999999/receipt", "batch.not_found", 404},
		} {
			raw := e.call("GET", c.path, e.token, "", c.status, nil)
			if !strings.Contains(string(raw), `"code":"`+c.code+`"`) {
				t.Errorf("%s: %s", c.path, raw)
			}
		}
		// Signed out: 401.
		e.call("GET", "/api/inventory/batches?code=O-1", "", "", 401, nil)
	})
}

// TestLabelLinkOpensTheApp: a label's link /b/… is a route of the office
// app (which finds the batch, or asks for a sign-in first).
func TestLabelLinkOpensTheApp(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		// A code that looks like a file name ("LOT.7") is still the route.
		for _, p := range []string{"/b/RICE-25/10/LOT%207%2FA/17/270131", "/b/RICE-25/10/LOT.7"} {
			resp := e.do("GET", p, "", "")
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("GET %s: %d %s %.200s", p, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
		}
	})
}
