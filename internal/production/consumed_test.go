package production

import "testing"

// What entries took from each batch: net of reversals, the output left out,
// batches in the order they first appear, nothing listed that came to zero.
func TestConsumedBy(t *testing.T) {
	t.Parallel()
	entries := []Entry{
		{ProductID: 9, Moves: []EntryMove{
			{BatchID: 2, ItemID: 5, Quantity: -300, BatchCode: "RICE-2"},
			{BatchID: 1, ItemID: 4, Quantity: -100, BatchCode: "BAG-1"},
			{BatchID: 7, ItemID: 9, Quantity: 40, BatchCode: "KIT-7"}, // the product made
		}},
		{ProductID: 9, Reversed: true, Moves: []EntryMove{
			{BatchID: 1, ItemID: 4, Quantity: -100},
			{BatchID: 1, ItemID: 4, Quantity: 100, Reversal: true},
			{BatchID: 2, ItemID: 5, Quantity: -50},
		}},
	}
	got := ConsumedBy(entries)
	if len(got) != 2 || got[0].BatchID != 2 || got[0].Quantity != 350 || got[0].BatchCode != "RICE-2" || got[1].BatchID != 1 || got[1].Quantity != 100 {
		t.Fatalf("ConsumedBy = %+v, want RICE-2 350 then BAG-1 100", got)
	}
	if none := ConsumedBy(nil); none == nil || len(none) != 0 {
		t.Fatalf("no entries: %#v, want an empty list", none)
	}
}
