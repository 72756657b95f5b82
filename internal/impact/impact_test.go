package impact

import (
	"testing"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
)

func TestCostRoundsHalfUpInMinorUnits(t *testing.T) {
	for _, tc := range []struct {
		q    string
		cost int64
		want int64
	}{
		{"95", 250, 23750},
		{"0.001", 499, 0},   // 0.499 cents
		{"0.001", 500, 1},   // 0.5 cents rounds up
		{"1.234", 100, 123}, // 123.4
		{"-2", 250, -500},
	} {
		q, err := inventory.ParseQuantity(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if got := Cost(q, tc.cost); got != tc.want {
			t.Errorf("Cost(%s, %d) = %d, want %d", tc.q, tc.cost, got, tc.want)
		}
	}
}

// Assemble leaves reversed entries' units out, nets their moves, counts
// meals and costs only where items carry them, and counts a shipment's units
// of its project's product only.
func TestAssemble(t *testing.T) {
	servings, cost := int64(6), int64(100)
	items := map[int64]*inventory.Item{
		1: {ID: 1, ServingsPerUnit: &servings},
		2: {ID: 2, UnitCost: &cost},
		3: {ID: 3}, // no cost
	}
	q := func(s string) inventory.Quantity { v, _ := inventory.ParseQuantity(s); return v }
	lab := &production.EntryLabour{Total: 90 * time.Minute, PerDay: map[string]time.Duration{"2026-11-20": 90 * time.Minute},
		People: map[int64]bool{7: true, 9: true}, Entries: []production.Entry{
			{ID: 1, Date: "2026-11-20", ProductID: 1, Units: 10, Moves: []production.EntryMove{
				{BatchID: 20, ItemID: 2, Quantity: q("-5")}, {BatchID: 30, ItemID: 3, Quantity: q("-1")}, {BatchID: 10, ItemID: 1, Quantity: q("10")}}},
			{ID: 2, Date: "2026-11-21", ProductID: 1, Units: 4, Reversed: true, Moves: []production.EntryMove{
				{BatchID: 20, ItemID: 2, Quantity: q("-2")}, {BatchID: 20, ItemID: 2, Quantity: q("2")}}},
		}}
	ships := []Shipment{{ID: 5, ShipDate: "2026-11-21", Destination: "Pantry", ProjectID: 1, Lines: []ShipmentLine{
		{ItemID: 1, Quantity: q("8")}, {ItemID: 3, Quantity: q("1")}}}}
	r := &Report{From: "2026-11-20", To: "2026-11-21", MealsComplete: true, CostComplete: true}
	Assemble(r, lab, ships, items, map[int64]int64{1: 1})
	if r.Units != 10 || r.Meals == nil || *r.Meals != 60 || !r.MealsComplete {
		t.Errorf("units %d meals %v", r.Units, r.Meals)
	}
	if r.LabourHours != 1.5 || r.People != 2 || r.Days[0].LabourHours != 1.5 || r.Days[1].LabourHours != 0 {
		t.Errorf("labour %v people %d days %+v", r.LabourHours, r.People, r.Days)
	}
	if len(r.Materials) != 2 || r.MaterialsCost != 500 || r.CostComplete {
		t.Errorf("materials %+v cost %d complete %v", r.Materials, r.MaterialsCost, r.CostComplete)
	}
	if r.ShippedUnits != q("8") || r.Days[1].ShippedUnits != q("8") || len(r.Destinations) != 1 || r.Destinations[0].Shipments != 1 {
		t.Errorf("shipped %v days %+v destinations %+v", r.ShippedUnits, r.Days, r.Destinations)
	}
}
