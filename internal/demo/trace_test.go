package demo_test

import (
	"context"
	"testing"

	"github.com/packline/packline/internal/app"
)

// The demo's trace and ledger agree: what production drew from each batch
// (its entries' consume moves, less what undoing them gave back) is what
// the trace's links say was drawn on it; every batch production made has
// the entry that made it; and the weeks of packing before the hourly
// production are traced too, so a recall of an old raw batch finds meals.
func checkDemoTrace(t *testing.T, svc *app.Services) {
	ctx := context.Background()
	rows, err := svc.DB.Query(ctx, `SELECT b.code,
		COALESCE((SELECT -SUM(m.quantity) FROM inventory_moves m LEFT JOIN inventory_moves o ON o.id = m.reverses_id
			WHERE m.batch_id = b.id AND m.doc_type = 'production' AND (m.reason = 'consume' OR o.reason = 'consume')), 0),
		COALESCE((SELECT SUM(l.quantity) FROM production_batch_links l WHERE l.consumed_batch_id = b.id), 0)
		FROM inventory_batches b ORDER BY b.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	drawn := 0
	for rows.Next() {
		var code string
		var ledger, trace int64
		if err := rows.Scan(&code, &ledger, &trace); err != nil {
			t.Fatal(err)
		}
		if ledger != trace {
			t.Errorf("batch %s: production drew %d thousandths in the ledger, %d in the trace", code, ledger, trace)
		}
		if trace > 0 {
			drawn++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var orphans, oldRaw int
	if err := svc.DB.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches b WHERE b.source_type = 'production'
		AND NOT EXISTS (SELECT 1 FROM production_entries e WHERE e.produced_batch_id = b.id)`).Scan(&orphans); err != nil {
		t.Fatal(err)
	}
	if orphans != 0 {
		t.Errorf("%d batches from production that no entry made", orphans)
	}
	// Raw batches received more than a month ago that the trace leads from.
	if err := svc.DB.QueryRow(ctx, `SELECT COUNT(DISTINCT l.consumed_batch_id) FROM production_batch_links l
		JOIN inventory_batches b ON b.id = l.consumed_batch_id JOIN production_entries e ON e.id = l.first_entry_id
		WHERE e.note = 'Packing session'`).Scan(&oldRaw); err != nil {
		t.Fatal(err)
	}
	if drawn < 10 || oldRaw < 5 {
		t.Errorf("the trace leads from %d batches, %d of them drawn on by the packing sessions", drawn, oldRaw)
	}
}
