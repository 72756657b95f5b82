package httpapi_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

type invBatch struct {
	ID         int64
	Code       string
	OnHand     float64 `json:"on_hand"`
	ReceivedAt string  `json:"received_at"`
	ExpiresAt  *string `json:"expires_at"`
	Source     string
	Move       *invMove
}

type invItem struct {
	ID       int64
	SKU      string
	Name     string
	Kind     string
	Unit     string
	OnHand   float64 `json:"on_hand"`
	LowStock bool    `json:"low_stock"`
	Archived bool
	Batches  []invBatch
}

type invMove struct {
	ID             int64
	BatchID        int64 `json:"batch_id"`
	Reason         string
	Quantity       float64
	BalanceAfter   float64  `json:"balance_after"`
	Counted        *float64 `json:"counted"`
	Note           string
	UserName       string  `json:"user_name"`
	ReversesID     *int64  `json:"reverses_id"`
	ReversesReason *string `json:"reverses_reason"`
	ReversedByID   *int64  `json:"reversed_by_id"`
	CreatedAt      string  `json:"created_at"`
}

func (e *env) newItem(sku, kind string, reorder string) invItem {
	e.t.Helper()
	var it invItem
	e.call("POST", "/api/inventory/items", e.token, fmt.Sprintf(
		`{"sku":%q,"name":"Item %s","kind":%q,"unit":"kg","category":"Cat","location":"Shelf","reorder_level":%s}`,
		sku, sku, kind, reorder), 201, &it)
	return it
}

func (e *env) receive(itemID int64, body string) invBatch {
	e.t.Helper()
	var b invBatch
	e.call("POST", fmt.Sprintf("/api/inventory/items/%d/batches", itemID), e.token, body, 201, &b)
	return b
}

func TestInventoryItemsAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		it := e.newItem("RICE-25", "raw_material", "100")
		if it.ID == 0 || it.SKU != "RICE-25" || it.OnHand != 0 || it.Batches == nil {
			t.Fatalf("created item %+v", it)
		}
		// Duplicate SKU, also in another case.
		for _, sku := range []string{"RICE-25", "rice-25"} {
			raw := e.call("POST", "/api/inventory/items", e.token, `{"sku":"`+sku+`","name":"x","kind":"packaging","unit":"each"}`, 409, nil)
			if !strings.Contains(errorOf(t, raw), "already exists") {
				t.Errorf("duplicate SKU error %s", raw)
			}
		}
		// Bad input is a 400 with a message, never a 500.
		for _, body := range []string{
			`{"sku":"A","kind":"raw_material","unit":"kg"}`,
			`{"sku":"A","name":"A","kind":"gravel","unit":"kg"}`,
			`{"sku":"A","name":"A","kind":"raw_material"}`,
			`{"sku":"A B","name":"A","kind":"raw_material","unit":"kg"}`,
			`{"sku":"A","name":"A","kind":"raw_material","unit":"kg","reorder_level":1.2345}`,
			`{"sku":"A","name":"A","kind":"raw_material","unit":"kg","reorder_level":-1}`,
			`{"sku":"A","name":"A","kind":"raw_material","unit":"kg","reorder_level":"lots"}`,
			`{"sku":5}`, `[1]`, `{`, ``,
		} {
			errorOf(t, e.call("POST", "/api/inventory/items", e.token, body, 400, nil))
		}
		e.call("POST", "/api/inventory/items", "", `{"sku":"Z","name":"Z","kind":"raw","unit":"kg"}`, 401, nil)
		e.call("GET", "/api/inventory/items", "", "", 401, nil)

		// Edit and archive.
		var edited invItem
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", it.ID), e.token, `{"name":"Long-grain rice","reorder_level":50.5}`, 200, &edited)
		if edited.Name != "Long-grain rice" || edited.SKU != "RICE-25" {
			t.Fatalf("edited %+v", edited)
		}
		e.call("PATCH", "/api/inventory/items/9999", e.token, `{"name":"x"}`, 404, nil)
		e.newItem("SOY", "raw", "0")
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", it.ID), e.token, `{"sku":"soy"}`, 409, nil)
		e.call("GET", "/api/inventory/items/abc", e.token, "", 404, nil)
	})
}

func TestInventoryBatchesMovesAndHistory(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		it := e.newItem("VEG", "raw_material", "10")
		b1 := e.receive(it.ID, `{"quantity":12.5,"received_at":"2025-08-01","expires_at":"2025-09-01","source":"Green Valley"}`)
		if b1.Code != "VEG-20250801" || b1.OnHand != 12.5 || b1.Move == nil || b1.Move.Reason != "receive" {
			t.Fatalf("received batch %+v", b1)
		}
		b2 := e.receive(it.ID, `{"code":"LOT-7","quantity":3,"received_at":"2025-08-05"}`)
		e.call("POST", fmt.Sprintf("/api/inventory/items/%d/batches", it.ID), e.token, `{"code":"lot-7","quantity":1}`, 409, nil)
		for _, body := range []string{`{"quantity":0}`, `{"quantity":-2}`, `{}`, `{"quantity":1,"received_at":"01/08/2025"}`,
			`{"quantity":1,"received_at":"2025-08-01","expires_at":"2025-07-01"}`, `{"quantity":1,"source_type":"magic"}`} {
			errorOf(t, e.call("POST", fmt.Sprintf("/api/inventory/items/%d/batches", it.ID), e.token, body, 400, nil))
		}
		e.call("POST", "/api/inventory/items/9999/batches", e.token, `{"quantity":1}`, 404, nil)

		// Consume, adjust, too much, count.
		var use, adj, cnt, rev invMove
		e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"quantity":2.25,"reason":"consume","note":"line 1"}`, b1.ID), 201, &use)
		if use.Quantity != -2.25 || use.BalanceAfter != 10.25 || use.UserName != "Ada Admin" {
			t.Fatalf("consume %+v", use)
		}
		raw := e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"quantity":11,"reason":"consume"}`, b1.ID), 409, nil)
		if msg := errorOf(t, raw); !strings.Contains(msg, "Not enough stock") || !strings.Contains(msg, "10.25 kg") {
			t.Errorf("below-zero error %q", msg)
		}
		e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"quantity":-1,"reason":"adjust"}`, b1.ID), 400, nil) // no reason given
		e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"quantity":1,"reason":"ship"}`, b1.ID), 400, nil)
		e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"consume"}`, b1.ID), 400, nil)
		e.call("POST", "/api/inventory/moves", e.token, `{"batch_id":9999,"quantity":1,"reason":"consume"}`, 404, nil)
		e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"quantity":-1.5,"reason":"adjust","note":"spilled"}`, b1.ID), 201, &adj)
		e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", adj.ID), e.token, `{"note":"it was not spilled"}`, 201, &rev)
		if rev.Reason != "reversal" || rev.Quantity != 1.5 || rev.ReversesID == nil || *rev.ReversesID != adj.ID {
			t.Fatalf("reversal %+v", rev)
		}
		if msg := errorOf(t, e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", adj.ID), e.token, "", 409, nil)); !strings.Contains(msg, "already been reversed") {
			t.Errorf("second reversal: %q", msg)
		}
		e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", rev.ID), e.token, "", 409, nil)
		e.call("POST", "/api/inventory/moves/9999/reverse", e.token, "", 404, nil)
		e.call("POST", fmt.Sprintf("/api/inventory/batches/%d/count", b1.ID), e.token, `{"counted":9.75,"note":"stocktake"}`, 201, &cnt)
		if cnt.Reason != "count" || cnt.Quantity != -0.5 || cnt.Counted == nil || *cnt.Counted != 9.75 || cnt.BalanceAfter != 9.75 {
			t.Fatalf("count %+v", cnt)
		}
		e.call("POST", fmt.Sprintf("/api/inventory/batches/%d/count", b1.ID), e.token, `{"counted":-1}`, 400, nil)
		e.call("POST", fmt.Sprintf("/api/inventory/batches/%d/count", b1.ID), e.token, `{}`, 400, nil)

		// The batch page: every move, oldest first, with who and the running balance.
		var d struct {
			invBatch
			Item   invItem
			Moves  []invMove
			Totals map[string]float64
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d?limit=1", b1.ID), e.token, "", 200, &d)
		// The totals by reason cover the whole history, not the page.
		if want := map[string]float64{"receive": 12.5, "consume": -2.25, "adjust": -1.5, "reversal": 1.5, "count": -0.5}; fmt.Sprint(d.Totals) != fmt.Sprint(want) {
			t.Errorf("totals %v, want %v", d.Totals, want)
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", b1.ID), e.token, "", 200, &d)
		if d.OnHand != 9.75 || d.Item.SKU != "VEG" || len(d.Moves) != 5 {
			t.Fatalf("batch page %+v", d)
		}
		wantReasons := []string{"receive", "consume", "adjust", "reversal", "count"}
		wantBalance := []float64{12.5, 10.25, 8.75, 10.25, 9.75}
		for i, m := range d.Moves {
			if m.Reason != wantReasons[i] || m.BalanceAfter != wantBalance[i] || m.UserName != "Ada Admin" || m.CreatedAt == "" {
				t.Errorf("move %d = %+v", i, m)
			}
		}
		if d.Moves[2].ReversedByID == nil || *d.Moves[2].ReversedByID != rev.ID {
			t.Errorf("adjustment does not show its reversal: %+v", d.Moves[2])
		}
		e.call("GET", "/api/inventory/batches/9999", e.token, "", 404, nil)
		var page struct {
			Moves     []invMove
			NextAfter *int64 `json:"next_after"`
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d?limit=2", b1.ID), e.token, "", 200, &page)
		if len(page.Moves) != 2 || page.NextAfter == nil {
			t.Fatalf("paged history %+v", page)
		}
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d?limit=2&after=%d", b1.ID, *page.NextAfter), e.token, "", 200, &page)
		if len(page.Moves) != 2 || page.Moves[0].Reason != "adjust" {
			t.Fatalf("second page %+v", page)
		}

		// The item's total adds up to its batches.
		var got invItem
		e.call("GET", fmt.Sprintf("/api/inventory/items/%d", it.ID), e.token, "", 200, &got)
		if got.OnHand != 12.75 || len(got.Batches) != 2 || got.Batches[0].ID != b1.ID || got.Batches[1].ID != b2.ID {
			t.Fatalf("item %+v", got)
		}

		// The ledger, newest first.
		var ledger struct{ Moves []invMove }
		e.call("GET", fmt.Sprintf("/api/inventory/moves?item_id=%d&reason=adjust", it.ID), e.token, "", 200, &ledger)
		if len(ledger.Moves) != 1 || ledger.Moves[0].ID != adj.ID {
			t.Fatalf("ledger %+v", ledger)
		}
		e.call("GET", "/api/inventory/moves?reason=teleport", e.token, "", 400, nil)
		// The batch page's history: one batch, newest first, filtered by reason; a
		// reversal names the reason of what it undoes, listed apart from it.
		e.call("GET", fmt.Sprintf("/api/inventory/moves?batch_id=%d&reason=reversal", b1.ID), e.token, "", 200, &ledger)
		if len(ledger.Moves) != 1 || ledger.Moves[0].ReversesReason == nil || *ledger.Moves[0].ReversesReason != "adjust" {
			t.Fatalf("reversal in the ledger %+v", ledger)
		}
		e.call("GET", fmt.Sprintf("/api/inventory/moves?batch_id=%d&limit=2", b1.ID), e.token, "", 200, &ledger)
		if len(ledger.Moves) != 2 || ledger.Moves[0].Reason != "count" || ledger.Moves[1].ReversesReason == nil {
			t.Fatalf("newest first %+v", ledger)
		}
	})
}

func TestInventoryConcurrentConsumeAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		it := e.newItem("BAGS", "packaging", "0")
		b := e.receive(it.ID, `{"quantity":5}`)
		var wg sync.WaitGroup
		var mu sync.Mutex
		status := map[int]int{}
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.do("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"quantity":1,"reason":"consume"}`, b.ID))
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				mu.Lock()
				status[res.StatusCode]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if status[201] != 5 || status[409] != 15 {
			t.Fatalf("statuses %v, want 5×201 and 15×409", status)
		}
	})
}

func TestInventoryListFiltersSortPaging(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice := e.newItem("RICE", "raw_material", "100")
		bag := e.newItem("BAG", "packaging", "10")
		meal := e.newItem("MEAL", "finished_good", "0")
		e.receive(rice.ID, `{"quantity":150,"received_at":"2025-01-01","expires_at":"2099-01-01"}`)
		e.receive(rice.ID, `{"code":"RECALL-42","quantity":50,"received_at":"2025-01-02","expires_at":"2025-02-01"}`)
		e.receive(bag.ID, `{"quantity":4}`)
		e.receive(meal.ID, `{"quantity":30,"source_type":"production","source":"Line 1"}`)

		type listAnswer struct {
			Items []invItem
			Total int
		}
		list := func(q string) listAnswer {
			t.Helper()
			var out listAnswer
			e.call("GET", "/api/inventory/items?"+q, e.token, "", 200, &out)
			return out
		}
		skus := func(a listAnswer) string {
			var s []string
			for _, it := range a.Items {
				s = append(s, it.SKU)
			}
			return strings.Join(s, ",")
		}
		all := list("")
		if all.Total != 3 || skus(all) != "BAG,MEAL,RICE" { // by name: "Item BAG" < "Item MEAL" < "Item RICE"
			t.Fatalf("default list %+v", all)
		}
		for _, it := range all.Items {
			var sum float64
			for _, b := range it.Batches {
				sum += b.OnHand
			}
			if sum != it.OnHand {
				t.Errorf("%s: batches add up to %v, item says %v", it.SKU, sum, it.OnHand)
			}
		}
		r := all.Items[2]
		if len(r.Batches) != 2 || r.Batches[0].Code != "RECALL-42" { // oldest expiry first
			t.Errorf("rice batches %+v", r.Batches)
		}
		for q, want := range map[string]string{
			"sort=on_hand&order=desc":  "RICE,MEAL,BAG",
			"sort=sku":                 "BAG,MEAL,RICE",
			"kind=packaging":           "BAG",
			"kind=finished%20good":     "MEAL",
			"search=recall-4":          "RICE",
			"search=item%20m":          "MEAL",
			"low_stock=true":           "BAG",
			"expiring_within_days=30":  "RICE",
			"search=%25":               "",
			"page=2&page_size=2":       "RICE",
			"page_size=2&sort=on_hand": "BAG,MEAL",
			"category=Cat&location=Shelf&sort=name&order=desc": "RICE,MEAL,BAG",
		} {
			if got := skus(list(q)); got != want {
				t.Errorf("?%s: %q, want %q", q, got, want)
			}
		}
		// A renamed batch code is found by search under its new name only.
		var renamed invBatch
		e.call("PATCH", fmt.Sprintf("/api/inventory/batches/%d", r.Batches[0].ID), e.token, `{"code":"LOT-NEW"}`, 200, &renamed)
		if renamed.Code != "LOT-NEW" || renamed.ExpiresAt == nil {
			t.Errorf("patched batch %+v", renamed)
		}
		e.call("PATCH", fmt.Sprintf("/api/inventory/batches/%d", r.Batches[1].ID), e.token, `{"expires_at":""}`, 200, &renamed)
		if renamed.ExpiresAt != nil {
			t.Errorf("expiry not cleared: %+v", renamed)
		}
		if got := skus(list("search=lot-new")) + "|" + skus(list("search=recall")); got != "RICE|" {
			t.Errorf("search after renaming a batch: %q", got)
		}
		e.call("PATCH", fmt.Sprintf("/api/inventory/batches/%d", r.Batches[0].ID), e.token, fmt.Sprintf(`{"code":%q}`, r.Batches[1].Code), 409, nil)
		e.call("PATCH", fmt.Sprintf("/api/inventory/batches/%d", r.Batches[0].ID), e.token, `{"expires_at":"soon"}`, 400, nil)
		if got := list("page=2&page_size=2"); got.Total != 3 {
			t.Errorf("total on page 2: %d", got.Total)
		}
		for _, q := range []string{"sort=price", "order=up", "kind=gravel", "archived=maybe", "expiring_within_days=-1"} {
			errorOf(t, e.call("GET", "/api/inventory/items?"+q, e.token, "", 400, nil))
		}

		// Archive: BAG has stock, so first count it to zero.
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", bag.ID), e.token, `{"archived":true}`, 409, nil)
		e.call("POST", fmt.Sprintf("/api/inventory/batches/%d/count", list("kind=packaging").Items[0].Batches[0].ID), e.token, `{"counted":0}`, 201, nil)
		e.call("PATCH", fmt.Sprintf("/api/inventory/items/%d", bag.ID), e.token, `{"archived":true}`, 200, nil)
		if got := skus(list("")); got != "MEAL,RICE" {
			t.Errorf("after archiving: %q", got)
		}
		if got := skus(list("archived=true&include_empty=true")); got != "BAG" {
			t.Errorf("archived list: %q", got)
		}
		if got := list("archived=true").Items[0].Batches; len(got) != 0 {
			t.Errorf("empty batches are left out by default: %+v", got)
		}

		// Warnings.
		var w struct {
			LowStock []invItem `json:"low_stock"`
			Expiring []struct {
				Code     string
				ItemSKU  string `json:"item_sku"`
				Expired  bool
				DaysLeft int `json:"days_left"`
			}
		}
		e.call("GET", "/api/inventory/warnings?expiring_within_days=30", e.token, "", 200, &w)
		if len(w.LowStock) != 0 || len(w.Expiring) != 1 || w.Expiring[0].Code != "LOT-NEW" || !w.Expiring[0].Expired {
			t.Errorf("warnings %+v", w)
		}
		var facets struct{ Categories, Locations, Units []string }
		e.call("GET", "/api/inventory/facets", e.token, "", 200, &facets)
		if strings.Join(facets.Units, ",") != "kg" || strings.Join(facets.Categories, ",") != "Cat" {
			t.Errorf("facets %+v", facets)
		}
	})
}

func readCSV(t *testing.T, e *env, path string) [][]string {
	t.Helper()
	res := e.do("GET", path, e.token, "")
	defer res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("GET %s: %d %v", path, res.StatusCode, res.Header)
	}
	body, _ := io.ReadAll(res.Body)
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(body), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestInventoryCSVExport(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice := e.newItem("RICE", "raw_material", "0")
		e.newItem("=HYPERLINK", "packaging", "0")
		e.receive(rice.ID, `{"code":"R1","quantity":2.5,"source":"=cmd()"}`)
		e.receive(rice.ID, `{"code":"R2","quantity":1}`)
		recs := readCSV(t, e, "/api/inventory/items.csv?sort=sku")
		if len(recs) != 4 || recs[0][0] != "sku" {
			t.Fatalf("items CSV %v", recs)
		}
		if recs[1][0] != "'=HYPERLINK" || recs[2][10] != "R1" || recs[2][11] != "2.5" || recs[2][14] != "'=cmd()" || recs[3][7] != "3.5" {
			t.Errorf("items CSV rows %v", recs)
		}
		if got := readCSV(t, e, "/api/inventory/items.csv?kind=finished_good"); len(got) != 1 {
			t.Errorf("empty export %v", got)
		}
		ledger := readCSV(t, e, fmt.Sprintf("/api/inventory/moves.csv?item_id=%d", rice.ID))
		if len(ledger) != 3 || ledger[1][4] != "R1" || ledger[1][5] != "receive" || ledger[1][11] != "Ada Admin" {
			t.Errorf("ledger CSV %v", ledger)
		}
		e.call("GET", "/api/inventory/moves.csv?from=yesterday", e.token, "", 400, nil)
		if res := e.do("GET", "/api/inventory/items.csv", "", ""); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("export without a token: %d", res.StatusCode)
		}
	})
}

func TestInventoryCSVImportAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		post := func(path, body string, want int, out any) []byte {
			t.Helper()
			req, _ := http.NewRequest("POST", e.srv.URL+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+e.token)
			req.Header.Set("Content-Type", "text/csv")
			res, err := e.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			if res.StatusCode != want {
				t.Fatalf("POST %s: %d, want %d: %s", path, res.StatusCode, want, raw)
			}
			if out != nil {
				if err := jsonUnmarshal(raw, out); err != nil {
					t.Fatal(err)
				}
			}
			return raw
		}
		bad := "sku,name,kind,unit,quantity\nRICE,Rice,raw,kg,10\nBAG,Bag,,each,x\n"
		var p struct {
			Valid bool
			Rows  []struct {
				Line   int
				Errors []struct{ Field, Code, Message string }
			}
			RowsWithErrors int `json:"rows_with_errors"`
		}
		post("/api/inventory/import/preview", bad, 200, &p)
		if p.Valid || p.RowsWithErrors != 1 || len(p.Rows[0].Errors) != 0 || len(p.Rows[1].Errors) != 2 || p.Rows[1].Line != 3 {
			t.Fatalf("preview %+v", p)
		}
		var rej struct {
			Error   string
			Preview struct {
				RowsWithErrors int `json:"rows_with_errors"`
			}
		}
		post("/api/inventory/import", bad, 400, &rej)
		if !strings.Contains(rej.Error, "nothing was imported") || rej.Preview.RowsWithErrors != 1 {
			t.Errorf("rejected import %+v", rej)
		}
		var list struct{ Total int }
		e.call("GET", "/api/inventory/items", e.token, "", 200, &list)
		if list.Total != 0 {
			t.Fatalf("a refused import wrote %d items", list.Total)
		}
		post("/api/inventory/import/preview", "name,colour\nx,y\n", 200, &p)
		if p.Valid {
			t.Error("a file without a sku column is not valid")
		}
		var res struct {
			ItemsCreated   int `json:"items_created"`
			BatchesCreated int `json:"batches_created"`
		}
		post("/api/inventory/import", "sku,name,kind,unit,quantity\nRICE,Rice,raw,kg,10\nBAG,Bag,packaging,each,\n", 201, &res)
		if res.ItemsCreated != 2 || res.BatchesCreated != 1 {
			t.Errorf("import result %+v", res)
		}
		// JSON body works too; a too-large file is a 413.
		e.call("POST", "/api/inventory/import/preview", e.token, `{"csv":"sku\nRICE\n"}`, 200, nil)
		post("/api/inventory/import/preview", strings.Repeat("x", 6<<20), 413, nil)
		tmpl := readCSV(t, e, "/api/inventory/import/template.csv")
		if len(tmpl) < 2 || tmpl[0][0] != "sku" {
			t.Errorf("template %v", tmpl)
		}
	})
}

func jsonUnmarshal(raw []byte, out any) error { return json.Unmarshal(raw, out) }
