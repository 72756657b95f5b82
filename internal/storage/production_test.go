package storage_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

type prodEnv struct {
	t         *testing.T
	db        *storage.DB
	inv       *inventory.Service
	svc       *production.Service
	rice, soy *inventory.Item
	bag, meal *inventory.Item
	line      *production.Line
}

func qty(s string) inventory.Quantity {
	v, err := inventory.ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return v
}

func newProdEnv(t *testing.T, db *storage.DB) *prodEnv {
	t.Helper()
	ctx := context.Background()
	e := &prodEnv{t: t, db: db, inv: newInventory(db)}
	e.svc = production.NewService(storage.NewProductionStore(db), &organisation.Calendar{Settings: storage.NewOrganisationService(db),
		Clock: func() time.Time { return db.Now() }})
	item := func(sku, kind, unit string) *inventory.Item {
		it, err := e.inv.CreateItem(ctx, inventory.NewItem{SKU: sku, Name: "Item " + sku, Kind: kind, Unit: unit})
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	e.rice, e.soy = item("RICE", inventory.KindRaw, "kg"), item("SOY", inventory.KindRaw, "kg")
	e.bag, e.meal = item("BAG", inventory.KindPackaging, "each"), item("MEAL", inventory.KindFinished, "bag")
	var err error
	e.line, err = e.svc.CreateLine(ctx, production.NewLine{Name: "Line 1", HourlyTarget: ptr64(100)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SetRecipe(ctx, e.meal.ID, []production.Component{
		{ItemID: e.rice.ID, Quantity: qty("0.18")}, {ItemID: e.soy.ID, Quantity: qty("0.05")}, {ItemID: e.bag.ID, Quantity: qty("1")},
	}, production.Actor{}); err != nil {
		t.Fatal(err)
	}
	return e
}

func ptr64(v int64) *int64 { return &v }

func (e *prodEnv) receive(itemID int64, q, expires string) *inventory.Batch {
	e.t.Helper()
	b, _, err := e.inv.ReceiveBatch(context.Background(), itemID, inventory.NewBatch{Quantity: qty(q), ExpiresAt: expires}, inventory.Actor{})
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// stock receives one batch of each component: rice, soy and bags.
func (e *prodEnv) stock(rice, soy, bags string) {
	e.t.Helper()
	e.receive(e.rice.ID, rice, "")
	e.receive(e.soy.ID, soy, "")
	e.receive(e.bag.ID, bags, "")
}

// newLabourEnv is a stocked production set-up (1000 rice, 1000 soy, 10000
// bags) beside a time clock whose time is now, for labour on a day's report.
func newLabourEnv(t *testing.T, db *storage.DB, now time.Time) (*clockEnv, *prodEnv) {
	t.Helper()
	env := newClockEnv(t, db)
	env.now.Store(now.UnixMilli())
	e := newProdEnv(t, db)
	e.stock("1000", "1000", "10000")
	return env, e
}

func (e *prodEnv) onHand(batchID int64) inventory.Quantity {
	e.t.Helper()
	d, err := e.inv.GetBatch(context.Background(), batchID, 0, 1)
	if err != nil {
		e.t.Fatal(err)
	}
	return d.OnHand
}

func (e *prodEnv) count(table string) int {
	var n int
	if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestProductionEntryFEFOSplitAndSameFinishedBatch(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		e := newProdEnv(t, db)
		late := e.receive(e.rice.ID, "100", "2027-06-01")
		early := e.receive(e.rice.ID, "10", "2027-01-01")
		soy := e.receive(e.soy.ID, "50", "")
		bag := e.receive(e.bag.ID, "1000", "")
		// 100 bags: 18 kg rice, split 10 from the earliest batch and 8 from the next.
		en, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 8, LineID: e.line.ID, ProductID: e.meal.ID, Units: 100}, production.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		if en.RecipeVersion != 1 || en.ProducedBatchCode != "MEAL-20261123-L"+itoa(e.line.ID) || len(en.Moves) != 5 {
			t.Fatalf("entry %+v", en)
		}
		wantMoves := map[int64]inventory.Quantity{early.ID: -qty("10"), late.ID: -qty("8"), soy.ID: -qty("5"), bag.ID: -qty("100"), en.ProducedBatchID: qty("100")}
		for _, m := range en.Moves {
			if wantMoves[m.BatchID] != m.Quantity || m.After != m.Before+m.Quantity {
				t.Errorf("move %+v", m)
			}
		}
		if e.onHand(early.ID) != 0 || e.onHand(late.ID) != qty("92") || e.onHand(soy.ID) != qty("45") {
			t.Errorf("stock after: %s %s %s", e.onHand(early.ID), e.onHand(late.ID), e.onHand(soy.ID))
		}
		// Picked batches, and the same finished batch for the same product, line and day.
		en2, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 9, LineID: e.line.ID, ProductID: e.meal.ID, Units: 10,
			Batches: []production.Pick{{BatchID: late.ID, Quantity: qty("1.8")}}}, production.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		if en2.ProducedBatchID != en.ProducedBatchID || e.onHand(en.ProducedBatchID) != qty("110") || e.onHand(late.ID) != qty("90.2") {
			t.Errorf("second entry %+v, finished %s", en2, e.onHand(en.ProducedBatchID))
		}
		uses, err := e.svc.BatchUses(ctx, late.ID)
		if err != nil || len(uses) != 2 || uses[0].EntryID != en2.ID || uses[0].Quantity != -qty("1.8") {
			t.Errorf("batch uses %+v %v", uses, err)
		}
		checkLedger(t, db)
	})
}

func itoa(n int64) string { return inventory.Quantity(n * 1000).String() }

func TestProductionRecipeVersionsKeptByEntries(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		e := newProdEnv(t, db)
		e.stock("100", "100", "100")
		first, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 8, LineID: e.line.ID, ProductID: e.meal.ID, Units: 10}, production.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		same, err := e.svc.SetRecipe(ctx, e.meal.ID, []production.Component{
			{ItemID: e.rice.ID, Quantity: qty("0.18")}, {ItemID: e.soy.ID, Quantity: qty("0.05")}, {ItemID: e.bag.ID, Quantity: qty("1")}}, production.Actor{})
		if err != nil || same.Version != 1 {
			t.Fatalf("unchanged recipe: %+v %v", same, err)
		}
		r2, err := e.svc.SetRecipe(ctx, e.meal.ID, []production.Component{{ItemID: e.rice.ID, Quantity: qty("0.2")}, {ItemID: e.bag.ID, Quantity: qty("1")}}, production.Actor{})
		if err != nil || r2.Version != 2 {
			t.Fatalf("new version: %+v %v", r2, err)
		}
		second, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 9, LineID: e.line.ID, ProductID: e.meal.ID, Units: 10}, production.Actor{})
		if err != nil || second.RecipeVersion != 2 || len(second.Moves) != 3 {
			t.Fatalf("second %+v %v", second, err)
		}
		again, _ := e.svc.Store.Entry(ctx, first.ID)
		if again.RecipeVersion != 1 {
			t.Errorf("first entry now says version %d", again.RecipeVersion)
		}
		_, err = e.svc.SetRecipe(ctx, e.meal.ID, []production.Component{{ItemID: e.meal.ID, Quantity: qty("1")}}, production.Actor{})
		if apperr.CodeOf(err) != "production.component_self" || apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("self component: %v", err)
		}
	})
}

func TestProductionShortStockWritesNothing(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		e := newProdEnv(t, db)
		e.stock("1", "0.1", "1000")
		moves, entries, batches := e.count("inventory_moves"), e.count("production_entries"), e.count("inventory_batches")
		_, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 8, LineID: e.line.ID, ProductID: e.meal.ID, Units: 10}, production.Actor{})
		ae, ok := apperr.As(err)
		if !ok || ae.Code != "production.components_short" || ae.Kind != apperr.Conflict || ae.Params["count"] != 2 {
			t.Fatalf("err = %v", err)
		}
		if e.count("inventory_moves") != moves || e.count("production_entries") != entries || e.count("inventory_batches") != batches {
			t.Error("a refused entry wrote something")
		}
	})
}

func TestProductionConcurrentEntriesOnOneBatch(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		e := newProdEnv(t, db)
		rice := e.receive(e.rice.ID, "9", "") // enough for 50 bags: 5 entries of 10
		e.receive(e.soy.ID, "100", "")
		e.receive(e.bag.ID, "1000", "")
		l2, _ := e.svc.CreateLine(ctx, production.NewLine{Name: "Line 2"})
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, short := 0, 0
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				line := e.line.ID
				if i%2 == 1 {
					line = l2.ID
				}
				_, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 8 + i%4, LineID: line, ProductID: e.meal.ID, Units: 10,
					Batches: []production.Pick{{BatchID: rice.ID, Quantity: qty("1.8")}}}, production.Actor{})
				mu.Lock()
				defer mu.Unlock()
				switch apperr.CodeOf(err) {
				case "":
					ok++
				case "production.components_short":
					short++
				default:
					t.Errorf("entry %d: %v", i, err)
				}
			}(i)
		}
		wg.Wait()
		if ok != 5 || short != 7 || e.onHand(rice.ID) != 0 || e.count("production_entries") != 5 {
			t.Errorf("ok %d short %d rice %s entries %d", ok, short, e.onHand(rice.ID), e.count("production_entries"))
		}
		checkLedger(t, db)
	})
}

func TestProductionReversal(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		e := newProdEnv(t, db)
		rice := e.receive(e.rice.ID, "10", "")
		e.receive(e.soy.ID, "10", "")
		e.receive(e.bag.ID, "100", "")
		en, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 8, LineID: e.line.ID, ProductID: e.meal.ID, Units: 10}, production.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.ReverseEntry(ctx, en.ID, " ", production.Actor{}); apperr.CodeOf(err) != "production.reason" {
			t.Errorf("no reason: %v", err)
		}
		rev, err := e.svc.ReverseEntry(ctx, en.ID, "Counted twice", production.Actor{})
		if err != nil || !rev.Reversed || rev.ReverseReason != "Counted twice" || len(rev.Moves) != 8 {
			t.Fatalf("reversed %+v %v", rev, err)
		}
		if e.onHand(rice.ID) != qty("10") || e.onHand(en.ProducedBatchID) != 0 {
			t.Errorf("after reversal: rice %s finished %s", e.onHand(rice.ID), e.onHand(en.ProducedBatchID))
		}
		if _, err := e.svc.ReverseEntry(ctx, en.ID, "again", production.Actor{}); apperr.CodeOf(err) != "production.already_reversed" || apperr.KindOf(err) != apperr.Conflict {
			t.Errorf("second reversal: %v", err)
		}
		d, err := e.svc.Daily(ctx, "2026-11-23")
		if err != nil || d.Units != 0 || len(d.Entries) != 1 || len(d.Consumed) != 0 {
			t.Errorf("daily after reversal %+v %v", d, err)
		}
		// A finished batch shipped since cannot be un-produced.
		en2, _ := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-23", Hour: 9, LineID: e.line.ID, ProductID: e.meal.ID, Units: 10}, production.Actor{})
		if _, err := e.inv.RecordMove(ctx, inventory.NewMove{BatchID: en2.ProducedBatchID, Reason: inventory.ReasonShip, Quantity: qty("5")}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.ReverseEntry(ctx, en2.ID, "oops", production.Actor{}); apperr.CodeOf(err) != "production.finished_used" {
			t.Errorf("shipped since: %v", err)
		}
		checkLedger(t, db)
	})
}

func TestProductionDailyLabourAcrossDST(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		env, e := newLabourEnv(t, db, time.Date(2026, 11, 5, 12, 0, 0, 0, time.UTC))
		ana := env.employee("Ana", "Lima", "1234")
		bo := env.employee("Bo", "Chen", "1234")
		// Ana works the fall-back night: 00:00–03:00 CDT/CST is 4 real hours.
		env.seedWall(wallPunch{ana.ID, "in", "2026-11-01 00:00"}, wallPunch{ana.ID, "out", "2026-11-01 03:00"},
			wallPunch{bo.ID, "in", "2026-10-31 23:30"}, wallPunch{bo.ID, "out", "2026-11-01 00:30"})
		for _, h := range []int{0, 1, 2} {
			if _, err := e.svc.CreateEntry(ctx, production.NewEntry{Date: "2026-11-01", Hour: h, LineID: e.line.ID, ProductID: e.meal.ID, Units: 40}, production.Actor{}); err != nil {
				t.Fatal(err)
			}
		}
		d, err := e.svc.Daily(ctx, "2026-11-01")
		if err != nil {
			t.Fatal(err)
		}
		// Ana 4 h + Bo's 30 minutes after midnight; his 30 minutes before it belong to 31 October.
		if d.Units != 120 || d.LabourHours != 4.5 || d.UnitsPerLabourHour == nil || *d.UnitsPerLabourHour != 26.67 {
			t.Fatalf("daily: units %d labour %v uplh %v", d.Units, d.LabourHours, d.UnitsPerLabourHour)
		}
		var hourOne float64
		for _, c := range d.Cells {
			if c.Hour == 1 {
				hourOne = c.LabourHours
			}
		}
		if hourOne != 2 {
			t.Errorf("the repeated hour has %v labour hours, want 2", hourOne)
		}
		// Assigned to another line, Ana's time leaves line 1.
		l2, _ := e.svc.CreateLine(ctx, production.NewLine{Name: "Line 2"})
		if err := e.svc.Assign(ctx, production.Assignment{Date: "2026-11-01", EmployeeID: ana.ID, LineID: &l2.ID}); err != nil {
			t.Fatal(err)
		}
		d, _ = e.svc.Daily(ctx, "2026-11-01")
		for _, lt := range d.LineTotals {
			if (lt.LineID == l2.ID && lt.LabourHours != 4) || (lt.LineID == e.line.ID && lt.LabourHours != 0.5) {
				t.Errorf("line totals %+v", d.LineTotals)
			}
		}
		o, err := e.svc.Overview(ctx, "2026-10-31", "2026-11-02")
		if err != nil || len(o.Days) != 3 || o.Days[1].Units != 120 || o.Days[1].LabourHours != 4.5 || o.Totals.Units != 120 {
			t.Errorf("overview %+v %v", o, err)
		}
	})
}
