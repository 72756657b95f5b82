package inventory

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

func newTestService(t *testing.T) (*Service, *memStore) {
	t.Helper()
	st := newMemStore()
	return NewService(st, fixedCalendar("2025-08-15")), st
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v: code %q, want %q", err, got, code)
	}
}

func mustCreate(t *testing.T, s *Service, sku string) *Item {
	t.Helper()
	it, err := s.CreateItem(context.Background(), NewItem{SKU: sku, Name: "Item " + sku, Kind: KindRaw, Unit: "kg"})
	if err != nil {
		t.Fatal(err)
	}
	return it
}

func TestStockNeverBelowZero(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "RICE")
	b, m, err := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(10)}, Actor{})
	if err != nil || m.Reason != ReasonReceive || b.Code != "RICE-20250815" || b.ReceivedAt != "2025-08-15" {
		t.Fatalf("receive: %v %+v %+v", err, b, m)
	}
	_, err = s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: Units(11)})
	wantCode(t, err, "stock.insufficient")
	e, _ := apperr.As(err)
	if e.Params["batch"] != b.Code || e.Params["on_hand"] != "10" || e.Params["wanted"] != "11" || e.Kind != apperr.Conflict {
		t.Fatalf("params %+v", e.Params)
	}
	// Consume takes out whatever the sign; adjust is signed and needs a note.
	m, err = s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: -Units(4)})
	if err != nil || m.Quantity != -Units(4) || m.BalanceAfter != Units(6) {
		t.Fatalf("consume: %v %+v", err, m)
	}
	_, err = s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonAdjust, Quantity: Units(1)})
	wantCode(t, err, "field.required")
	_, err = s.RecordMove(ctx, NewMove{BatchID: 999, Reason: ReasonConsume, Quantity: 1})
	wantCode(t, err, "batch.not_found")
}

func TestCountMeansQuantityFound(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "SOY")
	b, _, _ := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(10)}, Actor{})
	found := Units(7)
	m, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonCount, Counted: &found})
	if err != nil || m.Quantity != -Units(3) || *m.Counted != found || m.BalanceAfter != found {
		t.Fatalf("count: %v %+v", err, m)
	}
	// A count given as a change records what was then found.
	m, err = s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonCount, Quantity: Units(2)})
	if err != nil || *m.Counted != Units(9) {
		t.Fatalf("count as change: %v %+v", err, m)
	}
	neg := -Units(1)
	_, err = s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonCount, Counted: &neg})
	wantCode(t, err, "quantity.negative")
}

func TestReversalRules(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "VEG")
	b, recv, _ := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(10)}, Actor{})
	use, _ := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: Units(4)})
	rev, err := s.Reverse(ctx, use.ID, " wrong batch ", Actor{})
	if err != nil || rev.Quantity != Units(4) || *rev.ReversesID != use.ID || rev.Note != "wrong batch" || rev.BalanceAfter != Units(10) {
		t.Fatalf("reverse: %v %+v", err, rev)
	}
	_, err = s.Reverse(ctx, use.ID, "", Actor{})
	wantCode(t, err, "move.already_reversed")
	_, err = s.Reverse(ctx, rev.ID, "", Actor{})
	wantCode(t, err, "move.is_reversal")
	_, err = s.Reverse(ctx, 999, "", Actor{})
	wantCode(t, err, "move.not_found")
	zero := Units(10)
	same, _ := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonCount, Counted: &zero})
	_, err = s.Reverse(ctx, same.ID, "", Actor{})
	wantCode(t, err, "move.nothing_to_undo")
	if _, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: Units(1)}); err != nil {
		t.Fatal(err)
	}
	_, err = s.Reverse(ctx, recv.ID, "", Actor{})
	wantCode(t, err, "move.undo_insufficient")
}

func TestArchiveOnlyAtZeroAndArchivedTakesNoMoves(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "BOX")
	b, recv, _ := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(5)}, Actor{})
	yes, no := true, false
	_, err := s.UpdateItem(ctx, it.ID, ItemPatch{Archived: &yes})
	wantCode(t, err, "item.has_stock")
	zero := Quantity(0)
	if _, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonCount, Counted: &zero}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.UpdateItem(ctx, it.ID, ItemPatch{Archived: &yes}); err != nil || !got.Archived {
		t.Fatalf("archive at zero: %v", err)
	}
	for name, try := range map[string]func() error{
		"receive": func() error { _, _, err := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: 1}, Actor{}); return err },
		"adjust": func() error {
			_, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonAdjust, Quantity: 1, Note: "found"})
			return err
		},
		"count": func() error {
			_, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonCount, Counted: &zero})
			return err
		},
		"reverse": func() error { _, err := s.Reverse(ctx, recv.ID, "", Actor{}); return err },
	} {
		if err := try(); apperr.CodeOf(err) != "item.archived" {
			t.Errorf("%s on an archived item: %v, want item.archived", name, err)
		}
	}
	if _, err := s.UpdateItem(ctx, it.ID, ItemPatch{Archived: &no}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonAdjust, Quantity: 1, Note: "found"}); err != nil {
		t.Fatalf("restored item takes moves: %v", err)
	}
}

func TestCodesAndSKUs(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "veg-1")
	_, err := s.CreateItem(ctx, NewItem{SKU: "VEG-1", Name: "x", Kind: KindRaw, Unit: "kg"})
	wantCode(t, err, "item.sku_taken")
	nb := NewBatch{Quantity: Units(5), ReceivedAt: "2025-08-01"}
	a, _, _ := s.ReceiveBatch(ctx, it.ID, nb, Actor{})
	b, _, _ := s.ReceiveBatch(ctx, it.ID, nb, Actor{})
	if a.Code != "VEG-1-20250801" || b.Code != "VEG-1-20250801-2" {
		t.Fatalf("generated %q %q", a.Code, b.Code)
	}
	nb.Code = "veg-1-20250801"
	_, _, err = s.ReceiveBatch(ctx, it.ID, nb, Actor{})
	wantCode(t, err, "batch.code_taken")
	code := a.Code
	_, err = s.UpdateBatch(ctx, b.ID, BatchPatch{Code: &code})
	wantCode(t, err, "batch.code_taken")
	_, err = s.CreateItem(ctx, NewItem{SKU: "X", Name: "\u200b", Kind: KindRaw, Unit: "kg"})
	wantCode(t, err, "text.invisible")
}

func TestSuggestPicksFirstExpiringFirst(t *testing.T) {
	s, st := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "RICE")
	late, _, _ := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(5), ExpiresAt: "2026-01-01"}, Actor{})
	none, _, _ := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(5), Code: "NOEXP"}, Actor{})
	soon, _, _ := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(5), Code: "SOON", ExpiresAt: "2025-09-01"}, Actor{})
	err := st.InTx(ctx, func(tx Tx) error {
		picks, err := SuggestPicks(ctx, tx, it.ID, Units(12))
		if err != nil {
			return err
		}
		if len(picks) != 3 || picks[0].Batch.ID != soon.ID || picks[1].Batch.ID != late.ID || picks[2].Batch.ID != none.ID ||
			picks[2].Quantity != Units(2) {
			t.Errorf("picks %+v", picks)
		}
		moves, err := Take(ctx, tx, it.ID, Units(12), NewMove{Reason: ReasonShip, Document: &Document{Type: "shipment", ID: 7}})
		if err != nil || len(moves) != 3 || moves[2].BalanceAfter != Units(3) {
			t.Errorf("take: %v %+v", err, moves)
		}
		_, err = SuggestPicks(ctx, tx, it.ID, Units(4))
		wantCode(t, err, "stock.item_insufficient")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestImportAllOrNothing(t *testing.T) {
	s, st := newTestService(t)
	ctx := context.Background()
	ex := mustCreate(t, s, "EXISTS")
	if _, _, err := s.ReceiveBatch(ctx, ex.ID, NewBatch{Code: "LOT-1", Quantity: 1000}, Actor{}); err != nil {
		t.Fatal(err)
	}
	bad := "sku,name,kind,unit,batch_code,quantity\nRICE,Rice,raw,kg,R-1,5\nEXISTS,,,,LOT-1,3\n"
	_, err := s.CommitImport(ctx, []byte(bad), Actor{})
	var rej *ImportRejected
	if !errors.As(err, &rej) || rej.Coded().Code != "import.rejected" || len(st.state.items) != 1 {
		t.Fatalf("rejected import: %v, %d items", err, len(st.state.items))
	}
	good := "sku,name,kind,unit,batch_code,quantity,received_at\n" +
		"RICE,Rice,raw,kg,R-1,5,2025-08-01\nRICE,,,,,2,2025-08-01\nRICE,,,,,3,2025-08-01\nEXISTS,,,,,4,2025-08-15\n"
	res, err := s.CommitImport(ctx, []byte(good), Actor{})
	if err != nil || res.ItemsCreated != 1 || res.BatchesCreated != 4 {
		t.Fatalf("import: %v %+v", err, res)
	}
	var codes []string
	for _, b := range st.state.batches {
		codes = append(codes, b.Code)
	}
	got := strings.Join(codes, " ")
	for _, want := range []string{"RICE-20250801", "RICE-20250801-2", "EXISTS-20250815"} {
		if !strings.Contains(got, want) {
			t.Errorf("codes %q lack %s", got, want)
		}
	}
	for _, it := range st.state.items {
		var sum Quantity
		for _, b := range st.state.batches {
			if b.ItemID == it.ID {
				sum += b.OnHand
			}
		}
		if sum != it.OnHand {
			t.Errorf("%s: batches %v, item %v", it.SKU, sum, it.OnHand)
		}
	}
}

// A move a shipment or production entry owns is refused an undo on its own
// (Service.Reverse), while its owner undoes it inside its transaction
// (Reverse); a move of an import owns nothing.
func TestOwnedMoveIsUndoneOnlyByItsOwner(t *testing.T) {
	s, st := newTestService(t)
	ctx := context.Background()
	it := mustCreate(t, s, "RICE")
	b, _, err := s.ReceiveBatch(ctx, it.ID, NewBatch{Quantity: Units(10)}, Actor{})
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []*Document{{Type: DocShipment, ID: 7}, {Type: DocProduction, ID: 8}, {Type: "import"}} {
		m, err := s.RecordMove(ctx, NewMove{BatchID: b.ID, Reason: ReasonConsume, Quantity: Units(1), Document: doc})
		if err != nil {
			t.Fatal(err)
		}
		moves := len(st.state.moves)
		_, err = s.Reverse(ctx, m.ID, "", Actor{})
		if doc.ID == 0 {
			if err != nil {
				t.Fatalf("undo of an import's move: %v", err)
			}
			continue
		}
		wantCode(t, err, "move.owned")
		e, _ := apperr.As(err)
		if o := OwnerOf(doc); e.Kind != apperr.Conflict || e.Params["kind"] != o.Kind || e.Params["id"] != doc.ID || len(st.state.moves) != moves {
			t.Fatalf("%s: %+v, %d moves written", doc.Type, e, len(st.state.moves)-moves)
		}
		err = st.InTx(ctx, func(tx Tx) error {
			_, err := Reverse(ctx, tx, m.ID, "Cancelled", Actor{})
			return err
		})
		if err != nil {
			t.Fatalf("the owner's undo: %v", err)
		}
	}
}

// An import staged in chunks is published whole or not at all: a chunk that
// fails to stage leaves nothing, and no stage behind.
func TestChunkedImportFailingHalfwayWritesNothing(t *testing.T) {
	s, st := newTestService(t)
	st.failStaging = 2
	ctx := context.Background()
	file := "sku,name,kind,unit,quantity\nA,A,raw,kg,1\nB,B,raw,kg,2\nC,C,raw,kg,3\nD,D,raw,kg,4\n"
	if _, err := s.CommitImport(ctx, []byte(file), Actor{}); err == nil {
		t.Fatal("an import whose staging failed succeeded")
	}
	if len(st.state.items) != 0 || len(st.state.moves) != 0 || len(st.state.stages) != 0 {
		t.Fatalf("after a failed import: %d items, %d moves, %d stages", len(st.state.items), len(st.state.moves), len(st.state.stages))
	}
	res, err := s.CommitImport(ctx, []byte(file), Actor{})
	if err != nil || res.ItemsCreated != 4 || len(st.state.moves) != 4 || len(st.state.stages) != 0 {
		t.Fatalf("import: %v %+v, %d moves, %d stages", err, res, len(st.state.moves), len(st.state.stages))
	}
}
