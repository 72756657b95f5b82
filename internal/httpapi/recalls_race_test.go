package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// raced is one answer of a request sent beside another.
type raced struct {
	status int
	body   []byte
	err    error
}

// race sends two requests as the env's user, b lag after a, and returns
// their answers. It fails no test itself.
func (e *env) race(a, b [3]string, lag time.Duration) (raced, raced) {
	send := func(r [3]string, start <-chan struct{}, lag time.Duration) (out raced) {
		req, err := http.NewRequest(r[0], e.srv.URL+r[1], strings.NewReader(r[2]))
		if err != nil {
			return raced{err: err}
		}
		req.Header.Set("Authorization", "Bearer "+e.token)
		if r[2] != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		<-start
		time.Sleep(lag)
		res, err := e.srv.Client().Do(req)
		if err != nil {
			return raced{err: err}
		}
		defer res.Body.Close()
		out.status = res.StatusCode
		out.body, out.err = io.ReadAll(res.Body)
		return out
	}
	start := make(chan struct{})
	var ra, rb raced
	var wg sync.WaitGroup
	wg.Go(func() { ra = send(a, start, 0) })
	wg.Go(func() { rb = send(b, start, lag) })
	close(start)
	wg.Wait()
	return ra, rb
}

// A recall that arrives at the same moment as a production entry drawing on
// its batch, or as the shipment of a batch made from it, lets nothing
// escape: the recall holds every batch made before it, and whatever commits
// after it is refused (batch.recalled) or is on its list. Forty rounds of
// each race.
func TestRecallRacingProductionAndShipping(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		rice, meal := e.item("RICE", "raw_material", "kg"), e.item("MEAL", "finished_good", "bag")
		e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token,
			fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":1}]}`, rice), 200, nil)
		var line idOnly
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1"}`, 201, &line)
		recall := func(batch int64, reason string) [3]string {
			return [3]string{"POST", "/api/recalls", fmt.Sprintf(`{"batch_id":%d,"reason":%q}`, batch, reason)}
		}
		// Each entry is on a day of its own, so that it makes a batch of its own.
		day := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
		entry := func(batch int64) [3]string {
			day = day.AddDate(0, 0, 1)
			return [3]string{"POST", "/api/production/entries", fmt.Sprintf(`{"date":%q,"hour":9,"line_id":%d,"product_id":%d,"units":2,
				"batches":[{"batch_id":%d,"quantity":2}]}`, day.Format(time.DateOnly), line.ID, meal, batch)}
		}
		mustCode := func(what string, r raced, status int, code string) {
			t.Helper()
			if r.err != nil || r.status != status || (code != "" && !strings.Contains(string(r.body), `"code":"`+code+`"`)) {
				t.Fatalf("%s: %d %s %v, want %d %s", what, r.status, r.body, r.err, status, code)
			}
		}

		// The recall leaves 0 to 4 steps after the other, so that each wins some rounds.
		lag := func(round int, step time.Duration) time.Duration { return time.Duration(round%5) * step }
		var entriesFirst, shipsFirst int
		for round := range 40 {
			// A recall of r beside an entry that draws on r.
			r := e.batch(rice, "10", "2027-01-01")
			made, opened := e.race(entry(r), recall(r, fmt.Sprintf("Round %d", round)), lag(round, time.Millisecond))
			mustCode("recall", opened, 201, "")
			var rc recallOut
			_ = json.Unmarshal(opened.body, &rc)
			if made.status == 409 {
				mustCode("entry after the recall", made, 409, "batch.recalled")
				if rc.Batches != 1 {
					t.Fatalf("round %d: the entry was refused, yet the recall holds %d batches", round, rc.Batches)
				}
				continue
			}
			mustCode("entry before the recall", made, 201, "")
			entriesFirst++
			var out struct {
				ProducedBatchID int64 `json:"produced_batch_id"`
			}
			_ = json.Unmarshal(made.body, &out)
			if rc.Batches != 2 {
				t.Fatalf("round %d: the meal made from r (batch %d) committed first, yet the recall holds %d batches", round, out.ProducedBatchID, rc.Batches)
			}
			e.codeOf("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-25","destination":{"name":"Pantry"},
				"lines":[{"batch_id":%d,"quantity":1}]}`, out.ProducedBatchID), 409, "batch.recalled")
		}

		for round := range 40 {
			// A recall of r beside the shipment of a meal made from it.
			r := e.batch(rice, "10", "2027-01-01")
			var out struct {
				ProducedBatchID int64 `json:"produced_batch_id"`
			}
			e.call("POST", "/api/production/entries", e.token, entry(r)[2], 201, &out)
			var s idOnly
			e.call("POST", "/api/shipments", e.token, fmt.Sprintf(`{"ship_date":"2026-11-25","destination":{"name":"Harbour %d"},
				"lines":[{"batch_id":%d,"quantity":1}]}`, round, out.ProducedBatchID), 201, &s)
			shipped, opened := e.race([3]string{"POST", fmt.Sprintf("/api/shipments/%d/ship", s.ID), ""}, recall(r, fmt.Sprintf("Ship round %d", round)), lag(round, 4*time.Millisecond))
			mustCode("recall", opened, 201, "")
			var rc recallOut
			_ = json.Unmarshal(opened.body, &rc)
			if rc.Batches != 2 {
				t.Fatalf("round %d: the recall holds %d batches, want r and its meal", round, rc.Batches)
			}
			var list struct {
				Lines []struct {
					ShipmentID int64 `json:"shipment_id"`
				} `json:"lines"`
			}
			e.call("GET", fmt.Sprintf("/api/recalls/%d", rc.ID), e.token, "", 200, &list)
			if shipped.status == 409 {
				mustCode("ship after the recall", shipped, 409, "batch.recalled")
				if len(list.Lines) != 0 {
					t.Fatalf("round %d: the shipment was refused, yet the recall lists %+v", round, list.Lines)
				}
				continue
			}
			mustCode("ship before the recall", shipped, 200, "")
			shipsFirst++
			if len(list.Lines) != 1 || list.Lines[0].ShipmentID != s.ID {
				t.Fatalf("round %d: shipment %d left before the recall, yet its list is %+v", round, s.ID, list.Lines)
			}
		}
		t.Logf("the entry committed first in %d of 40 rounds, the shipment in %d of 40", entriesFirst, shipsFirst)
	})
}
