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
// in bulk inside it (issue 9 item 9; make bench reports its time).
func TestInventoryImport5000Rows(t *testing.T) {
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
