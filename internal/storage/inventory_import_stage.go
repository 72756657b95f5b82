package storage

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
)

// An import staged in chunks (SQLite): its rows go to the stage tables of
// migration 0097 in short transactions, which nothing but PublishStage
// reads, and one transaction copies them into the inventory. A stage is
// discarded after it is published or when its import fails; one a stopped
// server left is discarded at the next start (DiscardStages).

var stageItemColumns = []string{"sku", "sku_key", "name", "name_key", "kind", "unit", "category", "location",
	"reorder_level", "notes", "search_text", "on_hand", "batch_codes", "next_expiry", "created_at", "updated_at"}

var stageReceiptColumns = []string{"item_id", "sku_key", "code", "code_key", "received_at", "expires_at", "source",
	"source_type", "notes", "quantity", "created_by", "batch_created_at", "reason", "note", "doc_type", "user_id", "move_created_at"}

// OpenStage starts a stage for an import.
func (s *InventoryStore) OpenStage(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO inventory_import_stages (created_at) VALUES (?) RETURNING id`, Millis(tx.Now)).Scan(&id)
	})
	return id, err
}

// StageStock writes one part of an import into a stage, in a transaction
// of its own. Its commit is not flushed to disk: the publishing transaction's
// is, and a stage lost to a power cut is an import that was never answered.
func (s *InventoryStore) StageStock(ctx context.Context, stage int64, fresh []*inventory.Item, rs []inventory.Receipt, createdBy *int64) error {
	sums, _ := inventory.SumReceipts(fresh, rs)
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		var seq int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(seq), 0) FROM (SELECT seq FROM inventory_import_items WHERE stage_id = ?
			UNION ALL SELECT seq FROM inventory_import_receipts WHERE stage_id = ?) s`, stage, stage).Scan(&seq); err != nil {
			return err
		}
		items := make([][]any, len(fresh))
		for i, it := range fresh {
			seq++
			items[i] = append([]any{stage, seq}, itemRow(it, sums[it])...)
		}
		if err := insertRows(ctx, tx, "inventory_import_items", stageItemColumns, items); err != nil {
			return err
		}
		receipts := make([][]any, len(rs))
		for i, r := range rs {
			var itemID any
			if r.Item.ID != 0 {
				itemID = r.Item.ID
			}
			b, m := r.Batch, r.Move
			var docType string
			if m.Document != nil {
				docType = m.Document.Type
			}
			seq++
			receipts[i] = []any{stage, seq, itemID, inventory.SKUKey(r.Item.SKU), b.Code, inventory.CodeKey(b.Code), b.ReceivedAt,
				b.ExpiresAt, b.Source, b.SourceType, b.Notes, m.Quantity, createdBy, Millis(b.CreatedAt), m.Reason, m.Note, docType,
				m.UserID, Millis(m.CreatedAt)}
		}
		return insertRows(ctx, tx, "inventory_import_receipts", stageReceiptColumns, receipts)
	})
}

// insertRows writes rows (stage_id, seq, then cols) into table, 100 to a
// statement.
func insertRows(ctx context.Context, tx *Tx, table string, cols []string, rows [][]any) error {
	one := "(" + placeholders(len(cols)+2) + ")"
	return inChunks(rows, 100, func(part [][]any) error {
		var q strings.Builder
		q.WriteString(`INSERT INTO ` + table + ` (stage_id, seq, ` + strings.Join(cols, ", ") + `) VALUES `)
		args := make([]any, 0, (len(cols)+2)*len(part))
		for i, r := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString(one)
			args = append(args, r...)
		}
		_, err := tx.Exec(ctx, q.String(), args...)
		return err
	})
}

// PublishStage copies a stage into the inventory: its items, their batches
// and moves (in file order), then adds to the existing items' summaries
// from rs, and closes the stage. A stage that is gone or short of rows is
// an error (the transaction rolls back: nothing is written).
func (t *invTx) PublishStage(ctx context.Context, stage int64, fresh []*inventory.Item, rs []inventory.Receipt) error {
	res, err := t.tx.Exec(ctx, `DELETE FROM inventory_import_stages WHERE id = ?`, stage)
	if err != nil {
		return err
	}
	if err := wantRows(res, 1, "import stage"); err != nil {
		return err
	}
	cols := strings.Join(stageItemColumns, ", ")
	res, err = t.tx.Exec(ctx, `INSERT INTO inventory_items (`+cols+`) SELECT `+cols+
		` FROM inventory_import_items WHERE stage_id = ? ORDER BY seq`, stage)
	if err != nil {
		return mapDuplicate(err)
	}
	if err := wantRows(res, len(fresh), "staged items"); err != nil {
		return err
	}
	// A new item's id is found by its SKU key (unique), an existing one's is staged.
	res, err = t.tx.Exec(ctx, `INSERT INTO inventory_batches (item_id, code, code_key, received_at, expires_at, source,
		source_type, notes, on_hand, created_by, created_at)
		SELECT COALESCE(r.item_id, (SELECT i.id FROM inventory_items i WHERE i.sku_key = r.sku_key)), r.code, r.code_key,
			r.received_at, r.expires_at, r.source, r.source_type, r.notes, r.quantity, r.created_by, r.batch_created_at
		FROM inventory_import_receipts r WHERE r.stage_id = ? ORDER BY r.seq`, stage)
	if err != nil {
		return mapDuplicate(err)
	}
	if err := wantRows(res, len(rs), "staged batches"); err != nil {
		return err
	}
	res, err = t.tx.Exec(ctx, `INSERT INTO inventory_moves (batch_id, item_id, reason, quantity, balance_after, note,
		doc_type, user_id, created_at)
		SELECT b.id, b.item_id, r.reason, r.quantity, r.quantity, r.note, r.doc_type, r.user_id, r.move_created_at
		FROM inventory_import_receipts r
		JOIN inventory_batches b ON b.code_key = r.code_key
			AND b.item_id = COALESCE(r.item_id, (SELECT i.id FROM inventory_items i WHERE i.sku_key = r.sku_key))
		WHERE r.stage_id = ? ORDER BY r.seq`, stage)
	if err != nil {
		return err
	}
	if err := wantRows(res, len(rs), "staged moves"); err != nil {
		return err
	}
	sums, touched := inventory.SumReceipts(fresh, rs)
	return t.growItems(ctx, touched, sums)
}

// wantRows checks that a statement wrote n rows.
func wantRows(res interface{ RowsAffected() (int64, error) }, n int, what string) error {
	got, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if got != int64(n) {
		return fmt.Errorf("storage: %s: %d rows, want %d (the stage was discarded or is incomplete)", what, got, n)
	}
	return nil
}

// stagePurge is how many staged rows one discarding transaction deletes.
const stagePurge = 1000

// DiscardStage deletes a stage and its rows, a thousand rows a transaction.
func (s *InventoryStore) DiscardStage(ctx context.Context, stage int64) error {
	for _, table := range []string{"inventory_import_items", "inventory_import_receipts"} {
		for {
			var n int64
			err := s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
				res, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE stage_id = ? AND seq IN (SELECT seq FROM `+table+
					` WHERE stage_id = ? ORDER BY seq LIMIT ?)`, stage, stage, stagePurge)
				if err != nil {
					return err
				}
				n, err = res.RowsAffected()
				return err
			})
			if err != nil {
				return err
			}
			if n < stagePurge {
				break
			}
		}
	}
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM inventory_import_stages WHERE id = ?`, stage)
		return err
	})
}

// DiscardStages deletes the stages opened before a time, and the rows of
// stages already closed, and reports how many stages it discarded.
func (s *InventoryStore) DiscardStages(ctx context.Context, before time.Time) (int64, error) {
	ids, err := scanAll(ctx, s.db, func(r rowScanner) (*int64, error) {
		var id int64
		return &id, r.Scan(&id)
	}, `SELECT id FROM inventory_import_stages WHERE created_at < ?
		UNION SELECT stage_id FROM inventory_import_items WHERE stage_id NOT IN (SELECT id FROM inventory_import_stages)
		UNION SELECT stage_id FROM inventory_import_receipts WHERE stage_id NOT IN (SELECT id FROM inventory_import_stages)`,
		Millis(before))
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := s.DiscardStage(ctx, id); err != nil {
			return 0, err
		}
	}
	return int64(len(ids)), nil
}
