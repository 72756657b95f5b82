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

// A partner is one destination whatever its shipments called it, named as
// its latest shipment names it; shipments naming no partner are one per
// name, ignoring case, even one that shares a partner's name.
func TestAssembleGroupsDestinationsByPartner(t *testing.T) {
	q := func(s string) inventory.Quantity { v, _ := inventory.ParseQuantity(s); return v }
	east := int64(3)
	ship := func(id int64, day, dest string, partner *int64, units string) Shipment {
		return Shipment{ID: id, ShipDate: day, Destination: dest, ProjectID: 1, PartnerID: partner,
			Lines: []ShipmentLine{{ItemID: 1, Quantity: q(units)}}}
	}
	ships := []Shipment{
		ship(1, "2026-11-20", "Eastside Pantry", &east, "10"),
		ship(2, "2026-11-21", "Eastside Community Pantry", &east, "5"),
		ship(3, "2026-11-21", "eastside community pantry", nil, "4"),
		ship(4, "2026-11-21", "Eastside Community Pantry", nil, "1"),
	}
	r := &Report{From: "2026-11-20", To: "2026-11-21"}
	Assemble(r, &production.EntryLabour{}, ships, map[int64]*inventory.Item{1: {ID: 1}}, map[int64]int64{1: 1})
	if len(r.Destinations) != 2 {
		t.Fatalf("destinations %+v", r.Destinations)
	}
	p, typed := r.Destinations[0], r.Destinations[1]
	if p.PartnerID == nil || *p.PartnerID != east || p.Name != "Eastside Community Pantry" || p.Shipments != 2 || p.Units != q("15") {
		t.Errorf("the partner's %+v", p)
	}
	if typed.PartnerID != nil || typed.Shipments != 2 || typed.Units != q("5") {
		t.Errorf("the typed name's %+v", typed)
	}
	if r.Shipments[0].PartnerID == nil || r.Shipments[2].PartnerID != nil {
		t.Errorf("shipments %+v", r.Shipments)
	}
}
