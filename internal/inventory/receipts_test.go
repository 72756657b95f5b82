package inventory

import "testing"

// An import's receipts add up per item: stock, code keys in order, the
// soonest expiry; the items that existed before come back in first-seen
// order.
func TestSumReceipts(t *testing.T) {
	fresh, old := &Item{SKU: "NEW"}, &Item{SKU: "OLD"}
	day := func(s string) *string { return &s }
	rs := []Receipt{
		{Item: old, Batch: &Batch{Code: "b1", ExpiresAt: day("2026-05-01")}, Move: &Move{Quantity: Units(2)}},
		{Item: fresh, Batch: &Batch{Code: "n1"}, Move: &Move{Quantity: Units(5)}},
		{Item: old, Batch: &Batch{Code: "b2", ExpiresAt: day("2026-03-01")}, Move: &Move{Quantity: Units(3)}},
	}
	sums, touched := SumReceipts([]*Item{fresh}, rs)
	if len(touched) != 1 || touched[0] != old {
		t.Fatalf("touched %v, want the old item only", touched)
	}
	o := sums[old]
	if o.Quantity != Units(5) || len(o.Codes) != 2 || o.Codes[0] != CodeKey("b1") || *o.NextExpiry != "2026-03-01" {
		t.Fatalf("old item's sums %+v", o)
	}
	if n := sums[fresh]; n.Quantity != Units(5) || n.NextExpiry != nil {
		t.Fatalf("new item's sums %+v", n)
	}
}
