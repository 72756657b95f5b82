package inventory

import (
	"context"
	"slices"
	"testing"
)

// A move that takes an item from above its reorder level to at or below it
// tells staff once; moves that stay below, or above, tell nobody; coming
// back above and down again tells them again. A failed move tells nobody.
func TestFellLowOnlyOnTheCrossing(t *testing.T) {
	s, st := newTestService(t)
	ctx := context.Background()
	it, err := s.CreateItem(ctx, NewItem{SKU: "OATS", Name: "Oats", Kind: KindRaw, Unit: "kg", ReorderLevel: Units(5)})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(8)}, Actor{})
	if err != nil {
		t.Fatal(err)
	}
	consume := func(q int64) {
		t.Helper()
		if _, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: Units(q)}); err != nil {
			t.Fatal(err)
		}
	}
	told := func(want int) {
		t.Helper()
		if got := len(st.state.fellLow); got != want {
			t.Fatalf("told %d times, want %d (%v)", got, want, st.state.fellLow)
		}
	}
	consume(2) // 8 -> 6: above
	told(0)
	consume(1) // 6 -> 5: at the level, crossed
	told(1)
	consume(1) // 5 -> 4: still low
	told(1)
	if _, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: Units(9)}); err == nil {
		t.Fatal("overdraw accepted")
	}
	told(1)
	if _, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonAdjust, Quantity: Units(3), Note: "found a sack"}); err != nil {
		t.Fatal(err) // 4 -> 7: above again
	}
	told(1)
	// Taking across two batches crosses once, on the pick that crosses.
	if _, _, err := s.ReceiveBatch(ctx, it.ID, NewBatch{Code: "OATS-2", Quantity: Units(1)}, Actor{}); err != nil {
		t.Fatal(err) // 8
	}
	if _, err := s.Take(ctx, it.ID, Units(7), NewMove{Reason: ReasonConsume}); err != nil {
		t.Fatal(err) // 8 -> 1
	}
	told(2)
	if !slices.Equal(st.state.fellLow, []int64{it.ID, it.ID}) {
		t.Fatalf("told of %v", st.state.fellLow)
	}
	// Without a reorder level nothing is ever low.
	plain := mustCreate(t, s, "SALT")
	pb, _, err := s.ReceiveBatch(ctx, plain.ID, NewBatch{Quantity: Units(2)}, Actor{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordMove(ctx, NewMove{BatchID: pb.ID, Reason: ReasonConsume, Quantity: Units(2)}); err != nil {
		t.Fatal(err)
	}
	told(2)
}
