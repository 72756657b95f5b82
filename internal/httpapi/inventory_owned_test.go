package httpapi_test

import (
	"fmt"
	"testing"
)

type ownedMove struct {
	ID         int64
	Reason     string
	Quantity   float64
	ReversedBy *int64 `json:"reversed_by_id"`
	Owner      *struct {
		Kind   string
		ID     int64
		Number string
		Date   string
		LineID int64 `json:"line_id"`
	}
}

type ownedErr struct {
	Code   string
	Params struct {
		Kind   string
		ID     int64
		Number string
		Date   string
	}
}

// A move that belongs to a shipment (ship) or a production entry (consume,
// produce) is never undone on its own: 409 move.owned naming the owner,
// nothing written. The ledger shows the owner on the move, and the
// shipment's cancel and the entry's reverse still undo those moves.
func TestOwnedMovesRefuseALoneUndo(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, line := e.mealSetup()
		entry, _ := e.produce(line, meal, 9, 10, "null")
		var detail struct {
			Moves []ownedMove
		}
		movesOf := func(itemID int64) []ownedMove {
			t.Helper()
			var list struct{ Moves []ownedMove }
			e.call("GET", fmt.Sprintf("/api/inventory/moves?item_id=%d&limit=500", itemID), e.token, "", 200, &list)
			return list.Moves
		}
		ledgerSize := func() int {
			t.Helper()
			var n int
			if err := e.db.QueryRow(t.Context(), `SELECT COUNT(*) FROM inventory_moves`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		refuse := func(m ownedMove, kind string, id int64) {
			t.Helper()
			before := ledgerSize()
			var got ownedErr
			e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", m.ID), e.token, `{"note":"by hand"}`, 409, &got)
			if got.Code != "move.owned" || got.Params.Kind != kind || got.Params.ID != id {
				t.Errorf("lone undo of a %s move: %+v, want move.owned naming %s %d", m.Reason, got, kind, id)
			}
			if after := ledgerSize(); after != before {
				t.Errorf("a refused undo wrote %d moves", after-before)
			}
		}

		// The entry's consume (rice) and produce (meal) moves.
		var consume, produce ownedMove
		for _, m := range movesOf(0) {
			switch m.Reason {
			case "consume":
				consume = m
			case "produce":
				produce = m
			}
		}
		if consume.Owner == nil || consume.Owner.Kind != "production_entry" || consume.Owner.ID != entry ||
			consume.Owner.Date != "2026-11-20" || consume.Owner.LineID != line {
			t.Fatalf("consume move's owner %+v", consume.Owner)
		}
		if produce.Owner == nil || produce.Owner.ID != entry {
			t.Fatalf("produce move's owner %+v", produce.Owner)
		}
		refuse(consume, "production_entry", entry)
		refuse(produce, "production_entry", entry)
		var p ownedErr
		e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", consume.ID), e.token, "", 409, &p)
		if p.Params.Date != "2026-11-20" {
			t.Errorf("owner's date %+v", p.Params)
		}

		// A shipment of some of the meals, shipped.
		var mealBatch int64
		if err := e.db.QueryRow(t.Context(), `SELECT id FROM inventory_batches WHERE item_id = ?`, meal).Scan(&mealBatch); err != nil {
			t.Fatal(err)
		}
		var sh shipment
		e.call("POST", "/api/shipments", e.token, shipBody(fmt.Sprintf(`{"batch_id":%d,"quantity":4}`, mealBatch)), 201, &sh)
		e.call("POST", fmt.Sprintf("/api/shipments/%d/ship", sh.ID), e.token, "", 200, &sh)
		e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", mealBatch), e.token, "", 200, &detail)
		var ship ownedMove
		for _, m := range detail.Moves {
			if m.Reason == "ship" {
				ship = m
			}
		}
		if ship.Owner == nil || ship.Owner.Kind != "shipment" || ship.Owner.ID != sh.ID || ship.Owner.Number != sh.Number || sh.Number == "" {
			t.Fatalf("ship move's owner %+v, shipment %s", ship.Owner, sh.Number)
		}
		refuse(ship, "shipment", sh.ID)
		var s ownedErr
		e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", ship.ID), e.token, "", 409, &s)
		if s.Params.Number != sh.Number {
			t.Errorf("owner's number %+v, want %s", s.Params, sh.Number)
		}

		// The owners still undo their moves: cancel the shipment, then reverse the entry.
		e.call("POST", fmt.Sprintf("/api/shipments/%d/cancel", sh.ID), e.token, `{"reason":"Truck broke down"}`, 200, &sh)
		if sh.Status != "cancelled" {
			t.Fatalf("cancel: %+v", sh)
		}
		e.call("POST", fmt.Sprintf("/api/production/entries/%d/reverse", entry), e.token, `{"reason":"Entered twice"}`, 201, nil)
		for _, id := range []int64{meal, 0} {
			for _, m := range movesOf(id) {
				if m.Owner != nil && m.Reason != "reversal" && m.ReversedBy == nil {
					t.Errorf("%s move %d was not undone by its owner", m.Reason, m.ID)
				}
			}
		}

		// A move of its own is still undone on its own.
		var manual ownedMove
		e.call("POST", "/api/inventory/moves", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"adjust","quantity":2,"note":"Found a box"}`, mealBatch), 201, &manual)
		if manual.Owner != nil {
			t.Fatalf("manual adjust has an owner %+v", manual.Owner)
		}
		e.call("POST", fmt.Sprintf("/api/inventory/moves/%d/reverse", manual.ID), e.token, "", 201, nil)
	})
}
