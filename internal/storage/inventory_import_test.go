package storage_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// importFile is an import of n rows: n/2 new items, each with an opening
// batch, and as many rows adding a second batch to them (one in ten with a
// generated code), with a few rows for items already in the database.
func importFile(n int) []byte {
	var b strings.Builder
	b.WriteString("sku,name,kind,unit,category,location,reorder_level,batch_code,quantity,received_at,expires_at,source,source_type\n")
	for i := range n {
		item := i / 2
		switch {
		case i%50 == 49:
			fmt.Fprintf(&b, "OLD-%d,,,,,,,NEW-LOT-%d,5,2025-08-01,,,\n", i%3, i)
		case i%2 == 0:
			fmt.Fprintf(&b, "IMP-%05d,Imported item %d,raw_material,kg,Grains,Dry store %d,10,LOT-%d,250.5,2025-08-01,2026-08-01,Harvest Foods,supplier\n",
				item, item, item%7, i)
		case i%20 == 1:
			fmt.Fprintf(&b, "IMP-%05d,,,,,,,,12,2025-08-02,,,\n", item)
		default:
			fmt.Fprintf(&b, "IMP-%05d,,,,,,,LOT-%d,12,2025-08-02,2026-09-01,,\n", item, i)
		}
	}
	return []byte(b.String())
}

// A 5,000-row import is read and checked before its transaction and written
// in bulk inside it (make bench reports its time).
func TestInventoryImport5000Rows(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		s := newInventory(db)
		ctx := context.Background()
		for i := range 3 {
			it := mustItem(t, s, fmt.Sprintf("OLD-%d", i))
			mustReceive(t, s, it.ID, 3)
		}
		rows := inventory.MaxImportRows
		if raceEnabled {
			rows = 1000
		}
		data := importFile(rows)
		start := time.Now()
		res, err := s.CommitImport(ctx, data, inventory.Actor{})
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d-row import committed in %v", db.Dialect, rows, took.Round(time.Millisecond))
		if res.ItemsCreated != rows/2 || res.BatchesCreated != rows {
			t.Fatalf("result %+v", res)
		}
		// No timing threshold here (a loaded machine would make it flaky):
		// make bench measures the import.
		checkLedger(t, db)
		// The imported batch codes are searchable, generated ones too.
		for _, q := range []string{fmt.Sprintf("LOT-%d", rows-2), "IMP-00010-20250802", fmt.Sprintf("NEW-LOT-%d", rows-1)} {
			if _, n, err := s.ListItems(ctx, inventory.ListFilter{Search: q}); err != nil || n != 1 {
				t.Errorf("search %s: %d items, %v", q, n, err)
			}
		}
		// The same file again: every code is taken now, nothing is written.
		p, err := s.PreviewImport(ctx, data)
		if err != nil || p.Valid || p.RowsWithErrors == 0 {
			t.Fatalf("re-import preview: %v valid=%v errors=%d", err, p.Valid, p.RowsWithErrors)
		}
	})
}

// A staged import is read by nothing until it is published in one
// transaction; a discarded stage (a stopped server's) is never published,
// and publishing it writes nothing.
func TestImportStageIsInvisibleUntilPublished(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		s := newInventory(db)
		store := storage.NewInventoryStore(db)
		ctx := context.Background()
		old := mustItem(t, s, "OLD")
		now := db.Now().UTC().Truncate(time.Millisecond)
		plan := func() ([]*inventory.Item, []inventory.Receipt) {
			var items []*inventory.Item
			var rs []inventory.Receipt
			receipt := func(it *inventory.Item, code string, q inventory.Quantity) {
				exp := "2027-01-01"
				rs = append(rs, inventory.Receipt{Item: it,
					Batch: &inventory.Batch{Code: code, ReceivedAt: "2026-11-01", ExpiresAt: &exp, OnHand: q, CreatedAt: now},
					Move: &inventory.Move{Reason: inventory.ReasonReceive, Quantity: q, BalanceAfter: q, Note: "Opening stock (import)",
						Document: &inventory.Document{Type: "import"}, CreatedAt: now}})
			}
			for i := range 3 {
				it := &inventory.Item{SKU: fmt.Sprintf("NEW-%d", i), Name: fmt.Sprintf("New %d", i), Kind: inventory.KindRaw, Unit: "kg",
					CreatedAt: now, UpdatedAt: now}
				items = append(items, it)
				receipt(it, "A", inventory.Units(2))
				receipt(it, "B", inventory.Units(3))
			}
			existing := *old
			receipt(&existing, "OLD-LOT", inventory.Units(7))
			return items, rs
		}
		visible := func() int {
			t.Helper()
			_, n, err := s.ListItems(ctx, inventory.ListFilter{Search: "new"})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		publish := func(stage int64, items []*inventory.Item, rs []inventory.Receipt) error {
			return store.InTx(ctx, func(tx inventory.Tx) error { return tx.PublishStage(ctx, stage, items, rs) })
		}

		// Staged, then discarded as a stopped server's stage is: never published.
		items, rs := plan()
		stage, err := store.OpenStage(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.StageStock(ctx, stage, items[:2], rs[:4], nil); err != nil {
			t.Fatal(err)
		}
		if err := store.StageStock(ctx, stage, items[2:], rs[4:], nil); err != nil {
			t.Fatal(err)
		}
		if n := visible(); n != 0 {
			t.Fatalf("a staged import shows %d items", n)
		}
		if n, err := store.DiscardStages(ctx, db.Now().Add(time.Second)); err != nil || n != 1 {
			t.Fatalf("discard: %d %v", n, err)
		}
		if err := publish(stage, items, rs); err == nil {
			t.Fatal("a discarded stage was published")
		}
		if n := visible(); n != 0 {
			t.Fatalf("publishing a discarded stage wrote %d items", n)
		}

		// Staged and published: all of it at once, the ledger whole.
		items, rs = plan()
		stage, err = store.OpenStage(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.StageStock(ctx, stage, items, rs, nil); err != nil {
			t.Fatal(err)
		}
		if err := publish(stage, items, rs); err != nil {
			t.Fatal(err)
		}
		if err := store.DiscardStage(ctx, stage); err != nil {
			t.Fatal(err)
		}
		list, n, err := s.ListItems(ctx, inventory.ListFilter{Search: "new"})
		if err != nil || n != 3 || list[0].OnHand != inventory.Units(5) || len(list[0].Batches) != 2 {
			t.Fatalf("published: %v %d %+v", err, n, list)
		}
		if got, err := s.GetItem(ctx, old.ID); err != nil || got.OnHand != inventory.Units(7) {
			t.Fatalf("existing item after the publish: %v %+v", err, got)
		}
		if _, n, err := s.ListItems(ctx, inventory.ListFilter{Search: "old-lot"}); err != nil || n != 1 {
			t.Fatalf("the existing item's new code is not searchable: %d %v", n, err)
		}
		checkLedger(t, db)
		var left int
		if err := db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM inventory_import_stages) + (SELECT COUNT(*) FROM inventory_import_items)
			+ (SELECT COUNT(*) FROM inventory_import_receipts)`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("%d staged rows left (%v)", left, err)
		}
	})
}
