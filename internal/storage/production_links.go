package storage

import (
	"context"

	"github.com/packline/packline/internal/production"
)

// LinkBatches adds what an entry drew from each batch to its link with the
// batch it produced into (negative quantities: its reversal); a link that
// falls to nothing is removed.
func (t prodTx) LinkBatches(ctx context.Context, entryID, producedBatchID int64, draws []production.Draw) error {
	for _, d := range draws {
		if _, err := t.tx.Exec(ctx, `INSERT INTO production_batch_links (consumed_batch_id, produced_batch_id, quantity, first_entry_id)
			VALUES (?, ?, ?, ?) ON CONFLICT (consumed_batch_id, produced_batch_id)
			DO UPDATE SET quantity = production_batch_links.quantity + excluded.quantity`,
			d.BatchID, producedBatchID, d.Quantity, entryID); err != nil {
			return err
		}
	}
	_, err := t.tx.Exec(ctx, `DELETE FROM production_batch_links WHERE produced_batch_id = ? AND quantity <= 0`, producedBatchID)
	return err
}

// RebuildBatchLinks recomputes every batch link from the ledger (for data
// written around the service, such as load-test data).
func (db *DB) RebuildBatchLinks(ctx context.Context) error {
	return db.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM production_batch_links`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO production_batch_links (consumed_batch_id, produced_batch_id, quantity, first_entry_id)
			SELECT c.batch_id, e.produced_batch_id, -SUM(c.quantity), MIN(e.id)
			FROM inventory_moves c JOIN production_entries e ON e.id = c.doc_id
			WHERE c.reason = 'consume' AND c.doc_type = 'production' AND e.reversed_at IS NULL AND e.produced_batch_id IS NOT NULL
			GROUP BY c.batch_id, e.produced_batch_id`)
		return err
	})
}
