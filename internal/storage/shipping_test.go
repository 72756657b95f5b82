package storage_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// newShipping is the inventory and shipping over one inventory store on db.
func newShipping(db *storage.DB) (*inventory.Service, *shipping.Service) {
	cal := &organisation.Calendar{Settings: storage.NewOrganisationService(db), Clock: func() time.Time { return db.Now() }}
	inv := storage.NewInventoryStore(db)
	return inventory.NewService(inv, cal), shipping.NewService(storage.NewShippingStore(db, inv), cal)
}

func planned(lines ...shipping.NewLine) shipping.Input {
	return shipping.Input{ShipDate: "2026-03-02", Destination: shipping.Destination{Name: "Harbour Foods", Address: "1 Quay St", Contact: "Jo"},
		Carrier: "DHL", TrackingNumber: "TRK-1", Pallets: 2, WeightKg: 412.5, Lines: lines}
}

func onHand(t *testing.T, inv *inventory.Service, batchID int64) inventory.Quantity {
	t.Helper()
	d, err := inv.GetBatch(context.Background(), batchID, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.OnHand
}

// Transitions: planned → shipped → delivered; stock goes out on ship and
// comes back on a shipped shipment's cancel; wrong steps are Conflicts.
func TestShippingTransitionsAndStock(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		inv, sh := newShipping(db)
		it := mustItem(t, inv, "JAM-1")
		b1, b2 := mustReceive(t, inv, it.ID, 10), mustReceive(t, inv, it.ID, 5)
		s, err := sh.Create(ctx, planned(shipping.NewLine{BatchID: b1.ID, Quantity: inventory.Units(4)},
			shipping.NewLine{BatchID: b2.ID, Quantity: inventory.Units(5)}), inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Status != shipping.StatusPlanned || len(s.Lines) != 2 || s.Lines[0].ItemID != it.ID {
			t.Fatalf("created %+v", s)
		}
		// Planned: editable, deliver is a wrong step.
		carrier := "UPS"
		if s, err = sh.Update(ctx, s.ID, shipping.Patch{Carrier: &carrier}); err != nil || s.Carrier != "UPS" {
			t.Fatalf("update: %v %+v", err, s)
		}
		if _, err := sh.Deliver(ctx, s.ID, inventory.Actor{}); apperr.KindOf(err) != apperr.Conflict {
			t.Fatalf("deliver planned: %v", err)
		}
		if s, err = sh.Ship(ctx, s.ID, inventory.Actor{}); err != nil || s.Status != shipping.StatusShipped || s.ShippedAt == nil {
			t.Fatalf("ship: %v %+v", err, s)
		}
		if onHand(t, inv, b1.ID) != inventory.Units(6) || onHand(t, inv, b2.ID) != 0 {
			t.Fatalf("after ship: %s %s", onHand(t, inv, b1.ID), onHand(t, inv, b2.ID))
		}
		if _, err := sh.Update(ctx, s.ID, shipping.Patch{Carrier: &carrier}); apperr.CodeOf(err) != "shipping.not_editable" {
			t.Fatalf("edit shipped: %v", err)
		}
		if _, err := sh.Ship(ctx, s.ID, inventory.Actor{}); apperr.CodeOf(err) != "shipping.transition" {
			t.Fatalf("ship twice: %v", err)
		}
		if _, err := sh.Cancel(ctx, s.ID, " ", inventory.Actor{}); apperr.CodeOf(err) != "shipping.reason_required" {
			t.Fatalf("cancel without reason: %v", err)
		}
		if s, err = sh.Cancel(ctx, s.ID, "Customer refused", inventory.Actor{}); err != nil || s.Status != shipping.StatusCancelled {
			t.Fatalf("cancel: %v %+v", err, s)
		}
		if onHand(t, inv, b1.ID) != inventory.Units(10) || onHand(t, inv, b2.ID) != inventory.Units(5) {
			t.Fatal("stock did not come back")
		}
		if _, err := sh.Cancel(ctx, s.ID, "again", inventory.Actor{}); apperr.CodeOf(err) != "shipping.transition" {
			t.Fatalf("cancel twice: %v", err)
		}
		// A delivered shipment cannot be cancelled.
		s2, err := sh.Create(ctx, planned(shipping.NewLine{BatchID: b1.ID, Quantity: inventory.Units(1)}), inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sh.Ship(ctx, s2.ID, inventory.Actor{}); err != nil {
			t.Fatal(err)
		}
		if s2, err = sh.Deliver(ctx, s2.ID, inventory.Actor{}); err != nil || s2.DeliveredAt == nil {
			t.Fatalf("deliver: %v", err)
		}
		if _, err := sh.Cancel(ctx, s2.ID, "late", inventory.Actor{}); apperr.CodeOf(err) != "shipping.transition" {
			t.Fatalf("cancel delivered: %v", err)
		}
		checkLedger(t, db)
		// The batch's shipments: both, newest first.
		got, err := sh.ForBatch(ctx, b1.ID)
		if err != nil || len(got) != 2 || got[0].ID != s2.ID {
			t.Fatalf("for batch: %v %+v", err, got)
		}
	})
}

// Any line over its batch's on-hand refuses the whole shipment, naming the
// batch; nothing is written.
func TestShippingInsufficientWritesNothing(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		inv, sh := newShipping(db)
		a, b := mustItem(t, inv, "A-1"), mustItem(t, inv, "B-1")
		ba, bb := mustReceive(t, inv, a.ID, 10), mustReceive(t, inv, b.ID, 3)
		s, err := sh.Create(ctx, planned(shipping.NewLine{BatchID: ba.ID, Quantity: inventory.Units(5)},
			shipping.NewLine{BatchID: bb.ID, Quantity: inventory.Units(4)}), inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = sh.Ship(ctx, s.ID, inventory.Actor{})
		e, ok := apperr.As(err)
		if !ok || e.Code != "stock.insufficient" || e.Params["batch"] != bb.Code || apperr.KindOf(err) != apperr.Conflict {
			t.Fatalf("ship over stock: %v", err)
		}
		if onHand(t, inv, ba.ID) != inventory.Units(10) {
			t.Fatal("a line was written")
		}
		if got, _ := sh.Get(ctx, s.ID); got.Status != shipping.StatusPlanned {
			t.Fatalf("status %s", got.Status)
		}
		if _, err := sh.Create(ctx, planned(shipping.NewLine{BatchID: 999999, Quantity: 1}), inventory.Actor{}); apperr.CodeOf(err) != "shipping.unknown_batch" {
			t.Fatalf("unknown batch: %v", err)
		}
	})
}

// Many shipments of one batch shipped at once never take it below zero:
// exactly as many succeed as the stock allows.
func TestShippingConcurrentNeverNegative(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		inv, sh := newShipping(db)
		it := mustItem(t, inv, "C-1")
		other := mustItem(t, inv, "C-2")
		b := mustReceive(t, inv, it.ID, 10)
		ob := mustReceive(t, inv, other.ID, 100)
		var ids []int64
		for i := range 12 {
			// Lines in both orders: the ledger's lock order must avoid deadlocks.
			lines := []shipping.NewLine{{BatchID: b.ID, Quantity: inventory.Units(3)}, {BatchID: ob.ID, Quantity: inventory.Units(1)}}
			if i%2 == 1 {
				lines[0], lines[1] = lines[1], lines[0]
			}
			s, err := sh.Create(ctx, planned(lines...), inventory.Actor{})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, s.ID)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, refused := 0, 0
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := sh.Ship(ctx, id, inventory.Actor{})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case apperr.CodeOf(err) == "stock.insufficient":
					refused++
				default:
					t.Errorf("ship: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 3 || refused != 9 || onHand(t, inv, b.ID) != inventory.Units(1) || onHand(t, inv, ob.ID) != inventory.Units(97) {
			t.Fatalf("ok %d refused %d on hand %s / %s", ok, refused, onHand(t, inv, b.ID), onHand(t, inv, ob.ID))
		}
		checkLedger(t, db)
	})
}

// Twenty shipments created at once get SHP-YYYY-0001 … 0020: no gaps, no
// duplicates; a refused creation gives its number back.
func TestShippingNumbersUnderConcurrency(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		inv, sh := newShipping(db)
		it := mustItem(t, inv, "N-1")
		b := mustReceive(t, inv, it.ID, 10)
		if _, err := sh.Create(ctx, planned(shipping.NewLine{BatchID: 424242, Quantity: 1}), inventory.Actor{}); err == nil {
			t.Fatal("unknown batch accepted")
		}
		year := db.Now().Year()
		var wg sync.WaitGroup
		var mu sync.Mutex
		var got []string
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := sh.Create(ctx, planned(shipping.NewLine{BatchID: b.ID, Quantity: 1}), inventory.Actor{})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				got = append(got, s.Number)
				mu.Unlock()
			}()
		}
		wg.Wait()
		sort.Strings(got)
		for i, n := range got {
			if want := fmt.Sprintf("SHP-%d-%04d", year, i+1); n != want {
				t.Fatalf("numbers %v: #%d is %s, want %s", got, i, n, want)
			}
		}
		if len(got) != 20 {
			t.Fatalf("%d numbers", len(got))
		}
	})
}

// The log is searched by number, destination, tracking number or a batch
// code on a line, and filtered by status, carrier and ship date.
func TestShippingSearch(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		inv, sh := newShipping(db)
		it := mustItem(t, inv, "S-1")
		b1, _, err := inv.ReceiveBatch(ctx, it.ID, inventory.NewBatch{Code: "LOT-APPLE-7", Quantity: inventory.Units(10)}, inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		b2, _, err := inv.ReceiveBatch(ctx, it.ID, inventory.NewBatch{Code: "LOT-PEAR-9", Quantity: inventory.Units(10)}, inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		in1 := planned(shipping.NewLine{BatchID: b1.ID, Quantity: 1})
		in2 := planned(shipping.NewLine{BatchID: b2.ID, Quantity: 1})
		in2.Destination.Name, in2.Carrier, in2.TrackingNumber, in2.ShipDate = "Mill Lane Market", "Royal Mail", "RM-55", "2026-04-10"
		s1, err := sh.Create(ctx, in1, inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		s2, err := sh.Create(ctx, in2, inventory.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sh.Ship(ctx, s2.ID, inventory.Actor{}); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			f    shipping.Filter
			want []int64
		}{
			{shipping.Filter{Search: "apple-7"}, []int64{s1.ID}},
			{shipping.Filter{Search: "LOT-"}, []int64{s2.ID, s1.ID}},
			{shipping.Filter{Search: "mill lane"}, []int64{s2.ID}},
			{shipping.Filter{Search: "rm-55"}, []int64{s2.ID}},
			{shipping.Filter{Search: s1.Number}, []int64{s1.ID}},
			{shipping.Filter{Search: "100%"}, nil},
			{shipping.Filter{Status: shipping.StatusShipped}, []int64{s2.ID}},
			{shipping.Filter{Carrier: "royal mail"}, []int64{s2.ID}},
			{shipping.Filter{From: "2026-04-01"}, []int64{s2.ID}},
			{shipping.Filter{To: "2026-03-31"}, []int64{s1.ID}},
			{shipping.Filter{Sort: "ship_date"}, []int64{s1.ID, s2.ID}},
		} {
			list, total, err := sh.List(ctx, c.f)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, s := range list {
				ids = append(ids, s.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(c.want) || total != len(c.want) {
				t.Errorf("%+v: %v (total %d), want %v", c.f, ids, total, c.want)
			}
		}
	})
}
