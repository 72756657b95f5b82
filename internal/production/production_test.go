package production

import (
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

func q(s string) Quantity {
	v, err := inventory.ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return v
}

func ptr[T any](v T) *T { return &v }

var mealBag = &Recipe{ID: 1, ItemID: 100, Version: 1, Components: []Component{
	{ItemID: 1, Quantity: q("0.18"), Name: "Rice", Unit: "kg"},
	{ItemID: 2, Quantity: q("0.05"), Name: "Soy", Unit: "kg"},
	{ItemID: 3, Quantity: q("1"), Name: "Bag", Unit: "each"},
}}

func names(r *Recipe) map[int64]Component {
	m := map[int64]Component{}
	for _, c := range r.Components {
		m[c.ItemID] = c
	}
	return m
}

func TestNeedsExact(t *testing.T) {
	needs, err := Needs(mealBag, 333)
	if err != nil {
		t.Fatal(err)
	}
	want := []Quantity{q("59.94"), q("16.65"), q("333")}
	for i, n := range needs {
		if n.Quantity != want[i] {
			t.Errorf("need %d = %s, want %s", i, n.Quantity, want[i])
		}
	}
	if _, err := Needs(&Recipe{Components: []Component{{ItemID: 1, Quantity: inventory.MaxQuantity}}}, 2); apperr.CodeOf(err) != "production.too_large" {
		t.Errorf("overflow: %v", err)
	}
}

func TestSuggestFEFOSplitsEarliestExpiryFirst(t *testing.T) {
	bs := []StockBatch{
		{ID: 1, ItemID: 1, OnHand: q("10"), ReceivedAt: "2026-01-01"}, // no expiry: last
		{ID: 2, ItemID: 1, OnHand: q("5.5"), ReceivedAt: "2026-02-01", ExpiresAt: ptr("2026-12-01")},
		{ID: 3, ItemID: 1, OnHand: q("4"), ReceivedAt: "2026-03-01", ExpiresAt: ptr("2026-11-25")},
		{ID: 4, ItemID: 1, OnHand: 0, ReceivedAt: "2026-01-01", ExpiresAt: ptr("2026-11-24")}, // empty: skipped
	}
	got, short := SuggestFEFO(q("12.25"), bs, "2026-11-23")
	want := []Draw{{BatchID: 3, ItemID: 1, Quantity: q("4")}, {BatchID: 2, ItemID: 1, Quantity: q("5.5")}, {BatchID: 1, ItemID: 1, Quantity: q("2.75")}}
	if short != 0 || len(got) != len(want) {
		t.Fatalf("got %v short %s", got, short)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("draw %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	_, short = SuggestFEFO(q("20"), bs, "2026-11-23")
	if short != q("0.5") {
		t.Errorf("short = %s, want 0.5", short)
	}
	// On 2026-11-26 batch 3 has expired: it is never suggested.
	got, _ = SuggestFEFO(q("5"), bs, "2026-11-26")
	if len(got) != 1 || got[0].BatchID != 2 {
		t.Errorf("expired batch suggested: %v", got)
	}
}

func stock() []StockBatch {
	return []StockBatch{
		{ID: 11, ItemID: 1, Code: "RICE-A", OnHand: q("10"), ExpiresAt: ptr("2027-12-01")},
		{ID: 12, ItemID: 1, Code: "RICE-B", OnHand: q("10"), ExpiresAt: ptr("2027-11-01")},
		{ID: 21, ItemID: 2, Code: "SOY-A", OnHand: q("1")},
		{ID: 31, ItemID: 3, Code: "BAG-A", OnHand: q("1000")},
	}
}

func TestAllocatePicksAndFEFO(t *testing.T) {
	needs, _ := Needs(mealBag, 20) // 3.6 rice, 1 soy, 20 bags
	draws, err := Allocate(needs, stock(), []Pick{{BatchID: 11, Quantity: q("1.6")}, {BatchID: 12, Quantity: q("2")}}, names(mealBag), "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	want := []Draw{{BatchID: 11, ItemID: 1, Quantity: q("1.6")}, {BatchID: 12, ItemID: 1, Quantity: q("2")}, {BatchID: 21, ItemID: 2, Quantity: q("1")}, {BatchID: 31, ItemID: 3, Quantity: q("20")}}
	if len(draws) != len(want) {
		t.Fatalf("draws %v", draws)
	}
	for i := range want {
		if draws[i] != want[i] {
			t.Errorf("draw %d = %+v, want %+v", i, draws[i], want[i])
		}
	}
}

func TestAllocateRefusals(t *testing.T) {
	n := names(mealBag)
	needs, _ := Needs(mealBag, 20)
	cases := []struct {
		name  string
		needs []Need
		picks []Pick
		code  string
	}{
		{"foreign batch", needs, []Pick{{BatchID: 99, Quantity: q("1")}}, "production.batch_not_component"},
		{"zero pick", needs, []Pick{{BatchID: 11}}, "production.pick_quantity"},
		{"picks short of need", needs, []Pick{{BatchID: 11, Quantity: q("3")}}, "production.picks_mismatch"},
		{"pick beyond batch", needs, []Pick{{BatchID: 11, Quantity: q("3.6")}, {BatchID: 11, Quantity: q("7")}}, "production.picks_mismatch"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Allocate(c.needs, stock(), c.picks, n, "2026-11-23")
			if got := apperr.CodeOf(err); got != c.code {
				t.Errorf("code = %q (%v), want %q", got, err, c.code)
			}
		})
	}
}

func TestShortStockNamesEveryShortComponent(t *testing.T) {
	needs, _ := Needs(mealBag, 200) // 36 rice (20 on hand), 10 soy (1 on hand), 200 bags (fine)
	_, err := Allocate(needs, stock(), nil, names(mealBag), "2026-11-23")
	e, ok := apperr.As(err)
	if !ok || e.Code != "production.components_short" || e.Kind != apperr.Conflict {
		t.Fatalf("err = %v", err)
	}
	short := e.Params["short"].([]Shortage)
	if len(short) != 2 || short[0].Name != "Rice" || short[0].Wanted != q("36") || short[0].OnHand != q("20") ||
		short[1].Name != "Soy" || short[1].OnHand != q("1") {
		t.Errorf("short = %+v", short)
	}
	if e.Params["components"] != "Rice (needs 36 kg, 20 on hand); Soy (needs 10 kg, 1 on hand)" {
		t.Errorf("components = %q", e.Params["components"])
	}
	// A pick beyond what its batch holds is short too, even with stock elsewhere.
	needs, _ = Needs(mealBag, 1)
	_, err = Allocate(needs, stock(), []Pick{{BatchID: 21, Quantity: q("0.05")}, {BatchID: 31, Quantity: q("0.5")}, {BatchID: 31, Quantity: q("0.5")}}, names(mealBag), "2026-11-23")
	if apperr.CodeOf(err) != "" {
		t.Errorf("merged picks: %v", err)
	}
	st := stock()
	st[2].OnHand = q("0.01")
	_, err = Allocate(needs, st, []Pick{{BatchID: 21, Quantity: q("0.05")}}, names(mealBag), "2026-11-23")
	if e, _ := apperr.As(err); e == nil || e.Code != "production.components_short" || e.Params["count"] != 1 {
		t.Errorf("pick beyond batch: %v", err)
	}
}

func TestCheckRecipe(t *testing.T) {
	product := &inventory.Item{ID: 100, Name: "Meal bag", Kind: inventory.KindFinished}
	items := map[int64]*inventory.Item{
		100: product,
		1:   {ID: 1, Name: "Rice", Kind: inventory.KindRaw},
		3:   {ID: 3, Name: "Bag", Kind: inventory.KindPackaging},
		7:   {ID: 7, Name: "Kit", Kind: inventory.KindFinished},
	}
	cases := []struct {
		comps []Component
		code  string
	}{
		{[]Component{{ItemID: 1, Quantity: q("0.18")}, {ItemID: 3, Quantity: q("1")}}, ""},
		{nil, "production.recipe_empty"},
		{[]Component{{ItemID: 100, Quantity: q("1")}}, "production.component_self"},
		{[]Component{{ItemID: 7, Quantity: q("1")}}, ""}, // two levels of production
		{[]Component{{ItemID: 9, Quantity: q("1")}}, "production.component_unknown"},
		{[]Component{{ItemID: 1, Quantity: 0}}, "production.component_quantity"},
		{[]Component{{ItemID: 1, Quantity: 1}, {ItemID: 1, Quantity: 2}}, "production.component_twice"},
	}
	for i, c := range cases {
		if got := apperr.CodeOf(CheckRecipe(product, c.comps, items)); got != c.code {
			t.Errorf("case %d: code %q, want %q", i, got, c.code)
		}
	}
	if got := apperr.CodeOf(CheckRecipe(items[1], cases[0].comps, items)); got != "production.not_finished" {
		t.Errorf("raw product: %q", got)
	}
}

func TestBatchCodeAndReversal(t *testing.T) {
	if got := BatchCode("meal-1", "2026-11-23", 2); got != "MEAL-1-20261123-L2" {
		t.Errorf("code = %q", got)
	}
	if got := BatchCode(string(make([]byte, 80)), "2026-11-23", 2); len(got) > inventory.MaxCode {
		t.Errorf("long code %d", len(got))
	}
	if err := CheckReversible(&Entry{ID: 5, Reversed: true}); apperr.CodeOf(err) != "production.already_reversed" || apperr.KindOf(err) != apperr.Conflict {
		t.Errorf("reversed twice: %v", err)
	}
	if err := CheckReversible(&Entry{ID: 5}); err != nil {
		t.Error(err)
	}
	if _, err := CheckReason("  "); apperr.CodeOf(err) != "production.reason" {
		t.Errorf("empty reason: %v", err)
	}
}

func chicago(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func slots(w Worked, loc *time.Location) map[Slot]time.Duration {
	m := map[Slot]time.Duration{}
	SplitBySlot(w, loc, func(s Slot, d time.Duration) { m[s] += d })
	return m
}

func TestSplitAcrossMidnight(t *testing.T) {
	loc := chicago(t)
	in := time.Date(2026, 11, 23, 22, 30, 0, 0, loc)
	got := slots(Worked{1, in, in.Add(3 * time.Hour)}, loc)
	want := map[Slot]time.Duration{
		{"2026-11-23", 22}: 30 * time.Minute, {"2026-11-23", 23}: time.Hour,
		{"2026-11-24", 0}: time.Hour, {"2026-11-24", 1}: 30 * time.Minute,
	}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for s, d := range want {
		if got[s] != d {
			t.Errorf("%v = %v, want %v", s, got[s], d)
		}
	}
}

func TestSplitAcrossDST(t *testing.T) {
	loc := chicago(t)
	// Clocks go back at 02:00 CDT on 2026-11-01: 01:00–02:00 happens twice.
	in := time.Date(2026, 11, 1, 0, 30, 0, 0, loc)
	got := slots(Worked{1, in, in.Add(4 * time.Hour)}, loc) // to 03:30 CST
	if got[Slot{"2026-11-01", 1}] != 2*time.Hour || got[Slot{"2026-11-01", 0}] != 30*time.Minute ||
		got[Slot{"2026-11-01", 2}] != time.Hour || got[Slot{"2026-11-01", 3}] != 30*time.Minute {
		t.Errorf("fall back: %v", got)
	}
	// Clocks go forward at 02:00 CST on 2026-03-08: there is no 02:00 hour.
	in = time.Date(2026, 3, 8, 1, 0, 0, 0, loc)
	got = slots(Worked{1, in, in.Add(2 * time.Hour)}, loc) // to 04:00 CDT
	if _, ok := got[Slot{"2026-03-08", 2}]; ok || got[Slot{"2026-03-08", 1}] != time.Hour || got[Slot{"2026-03-08", 3}] != time.Hour {
		t.Errorf("spring forward: %v", got)
	}
	var sum time.Duration
	for _, d := range got {
		sum += d
	}
	if sum != 2*time.Hour {
		t.Errorf("total %v", sum)
	}
}

func TestComputeLabourAssignedAndSpread(t *testing.T) {
	loc := chicago(t)
	at := func(h, m int) time.Time { return time.Date(2026, 11, 23, h, m, 0, 0, loc) }
	worked := []Worked{
		{1, at(8, 0), at(10, 0)},  // assigned to line 1
		{2, at(8, 0), at(9, 30)},  // unassigned: 8–9 split over lines 1 and 2, 9–9:30 to line 2 only
		{3, at(11, 0), at(12, 0)}, // unassigned, nothing produced: idle
	}
	assign := map[AssignKey]int64{{"2026-11-23", 1}: 1}
	producing := map[Slot][]int64{{"2026-11-23", 8}: {1, 2}, {"2026-11-23", 9}: {2}}
	lab := ComputeLabour(worked, assign, producing, loc, "2026-11-23", "2026-11-23")
	want := map[SlotLine]time.Duration{
		{Slot{"2026-11-23", 8}, 1}: 90 * time.Minute, {Slot{"2026-11-23", 8}, 2}: 30 * time.Minute,
		{Slot{"2026-11-23", 9}, 1}: time.Hour, {Slot{"2026-11-23", 9}, 2}: 30 * time.Minute,
	}
	for k, v := range want {
		if lab.PerLine[k] != v {
			t.Errorf("%v = %v, want %v", k, lab.PerLine[k], v)
		}
	}
	if lab.Idle[Slot{"2026-11-23", 11}] != time.Hour {
		t.Errorf("idle %v", lab.Idle)
	}
}

func TestUnitsPerLabourHour(t *testing.T) {
	if v := UnitsPerLabourHour(300, 90*time.Minute); v == nil || *v != 200 {
		t.Errorf("300 in 1.5h = %v", v)
	}
	if v := UnitsPerLabourHour(100, 0); v != nil {
		t.Errorf("no labour = %v", *v)
	}
	if v := UnitsPerLabourHour(30, 144*time.Second); v != nil { // 0.04 h: 750 an hour would be a lie
		t.Errorf("0.04 h = %v", *v)
	}
	if v := UnitsPerLabourHour(30, 15*time.Minute-time.Second); v != nil {
		t.Errorf("just under a quarter hour = %v", *v)
	}
	if v := UnitsPerLabourHour(30, 15*time.Minute); v == nil || *v != 120 {
		t.Errorf("a quarter hour = %v", v)
	}
	if v := UnitsPerLabourHour(100, 45*time.Minute); *v != 133.33 {
		t.Errorf("100 in 0.75h = %v", *v)
	}
}

func TestBuildDailyExcludesReversed(t *testing.T) {
	lines := []Line{{ID: 1, Name: "A", HourlyTarget: ptr(int64(100))}, {ID: 2, Name: "B"}}
	entries := []Entry{
		{ID: 1, Date: "2026-11-23", Hour: 8, LineID: 1, ProductID: 100, ProductName: "Meal", Units: 90,
			Moves: []EntryMove{{BatchID: 11, ItemID: 1, Quantity: -q("16.2")}, {BatchID: 50, ItemID: 100, Quantity: q("90")}}},
		{ID: 2, Date: "2026-11-23", Hour: 9, LineID: 1, ProductID: 100, ProductName: "Meal", Units: 50, Reversed: true,
			Moves: []EntryMove{{BatchID: 11, ItemID: 1, Quantity: -q("9")}, {BatchID: 11, ItemID: 1, Quantity: q("9"), Reversal: true}}},
	}
	lab := Labour{PerLine: map[SlotLine]time.Duration{{Slot{"2026-11-23", 8}, 1}: 30 * time.Minute}}
	d := BuildDaily("2026-11-23", lines, entries, lab)
	if d.Units != 90 || len(d.Totals) != 1 || d.Totals[0].Units != 90 || d.LabourHours != 0.5 || *d.UnitsPerLabourHour != 180 {
		t.Errorf("daily %+v", d)
	}
	if len(d.Consumed) != 1 || d.Consumed[0].Quantity != q("16.2") {
		t.Errorf("consumed %+v", d.Consumed)
	}
	if d.LineTotals[0].Target == nil || *d.LineTotals[0].Target != 100 || d.LineTotals[1].Target != nil {
		t.Errorf("targets %+v", d.LineTotals)
	}
}
