package storage

import (
	"context"
	"database/sql"
	"strings"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/recalls"
)

const batchColumns = `b.id, b.item_id, b.code, b.on_hand, b.received_at, b.expires_at, b.source, b.source_type, b.notes, b.created_at, ` + heldBy

// heldBy is the oldest open recall that holds batch b (NULL when none).
const heldBy = `(SELECT MIN(rb.recall_id) FROM recall_batches rb JOIN recalls r ON r.id = rb.recall_id
	WHERE rb.batch_id = b.id AND r.status = 'open')`

// batchHold is the hold a heldBy column read.
func batchHold(recall sql.NullInt64) *inventory.BatchHold {
	if !recall.Valid {
		return nil
	}
	return &inventory.BatchHold{RecallID: recall.Int64, Number: recalls.NumberOf(recall.Int64)}
}

// batchOrder is oldest expiry first (no expiry last), then oldest received:
// the order stock should be used in (FEFO).
const batchOrder = ` ORDER BY (b.expires_at IS NULL), b.expires_at, b.received_at, b.id`

func scanBatch(r rowScanner) (*inventory.Batch, error) { return scanBatchWith(r) }

func scanBatchWith(r rowScanner, extra ...any) (*inventory.Batch, error) {
	var b inventory.Batch
	var exp sql.NullString
	var created int64
	var held sql.NullInt64
	if err := r.Scan(append([]any{&b.ID, &b.ItemID, &b.Code, &b.OnHand, &b.ReceivedAt, &exp, &b.Source, &b.SourceType,
		&b.Notes, &created, &held}, extra...)...); err != nil {
		return nil, err
	}
	b.HeldBy = batchHold(held)
	if exp.Valid {
		b.ExpiresAt = &exp.String
	}
	b.CreatedAt = FromMillis(created)
	return &b, nil
}

// BatchesOf lists the batches of the given items, FEFO.
func (s *InventoryStore) BatchesOf(ctx context.Context, ids []int64, includeEmpty bool) ([]inventory.Batch, error) {
	if len(ids) == 0 {
		return []inventory.Batch{}, nil
	}
	cond, arg := anyOf(s.db, "b.item_id", ids)
	if !includeEmpty {
		cond += ` AND b.on_hand > 0`
	}
	return scanAll(ctx, s.db, scanBatch, `SELECT `+batchColumns+` FROM inventory_batches b WHERE `+cond+batchOrder, arg)
}

func getBatch(ctx context.Context, q querier, id int64, suffix string) (*inventory.Batch, error) {
	b, err := scanBatch(q.QueryRow(ctx, `SELECT `+batchColumns+` FROM inventory_batches b WHERE b.id = ?`+suffix, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return b, err
}

// Batch reads one batch.
func (s *InventoryStore) Batch(ctx context.Context, id int64) (*inventory.Batch, error) {
	return getBatch(ctx, s.db, id, "")
}

// Batch reads a batch in the transaction, without a lock.
func (t *invTx) Batch(ctx context.Context, id int64) (*inventory.Batch, error) {
	return getBatch(ctx, t.tx, id, "")
}

// LockBatch reads a batch and locks its row.
func (t *invTx) LockBatch(ctx context.Context, id int64) (*inventory.Batch, error) {
	return getBatch(ctx, t.tx, id, t.tx.ForUpdate())
}

// ItemOfBatch is the id of a batch's item, 0 if there is no such batch.
func (t *invTx) ItemOfBatch(ctx context.Context, batchID int64) (int64, error) {
	var id int64
	err := t.tx.QueryRow(ctx, `SELECT item_id FROM inventory_batches WHERE id = ?`, batchID).Scan(&id)
	if IsNoRows(err) {
		return 0, nil
	}
	return id, err
}

// StockedBatches lists an item's batches with stock, FEFO.
func (t *invTx) StockedBatches(ctx context.Context, itemID int64) ([]inventory.Batch, error) {
	return scanAll(ctx, t.tx, scanBatch, `SELECT `+batchColumns+` FROM inventory_batches b
		WHERE b.item_id = ? AND b.on_hand > 0`+batchOrder, itemID)
}

// CodeTaken reports whether a batch other than except of the item has the code key.
func (t *invTx) CodeTaken(ctx context.Context, itemID int64, key string, except int64) (bool, error) {
	var n int
	err := t.tx.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches WHERE item_id = ? AND code_key = ? AND id <> ?`,
		itemID, key, except).Scan(&n)
	return n > 0, err
}

// InsertBatch writes a new, empty batch and adds its code to its item's
// searchable codes.
func (t *invTx) InsertBatch(ctx context.Context, b *inventory.Batch, createdBy *int64) error {
	err := t.tx.QueryRow(ctx, `INSERT INTO inventory_batches (item_id, code, code_key, received_at, expires_at, source,
		source_type, notes, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		b.ItemID, b.Code, inventory.CodeKey(b.Code), b.ReceivedAt, b.ExpiresAt, b.Source, b.SourceType, b.Notes,
		createdBy, Millis(b.CreatedAt)).Scan(&b.ID)
	if err != nil {
		return mapDuplicate(err)
	}
	_, err = t.tx.Exec(ctx, `UPDATE inventory_items SET batch_codes = batch_codes || ? WHERE id = ?`,
		" "+inventory.CodeKey(b.Code), b.ItemID)
	return err
}

// UpdateBatch writes a batch's descriptive fields and refreshes its item's
// searchable codes.
func (t *invTx) UpdateBatch(ctx context.Context, b *inventory.Batch) error {
	_, err := t.tx.Exec(ctx, `UPDATE inventory_batches SET code = ?, code_key = ?, received_at = ?, expires_at = ?,
		source = ?, source_type = ?, notes = ? WHERE id = ?`, b.Code, inventory.CodeKey(b.Code), b.ReceivedAt,
		b.ExpiresAt, b.Source, b.SourceType, b.Notes, b.ID)
	if err != nil {
		return mapDuplicate(err)
	}
	codes, err := scanAll(ctx, t.tx, scanString, `SELECT code_key FROM inventory_batches WHERE item_id = ? ORDER BY id`, b.ItemID)
	if err != nil {
		return err
	}
	if _, err = t.tx.Exec(ctx, `UPDATE inventory_items SET batch_codes = ? WHERE id = ?`, " "+strings.Join(codes, " "), b.ItemID); err != nil {
		return err
	}
	return t.refreshNextExpiry(ctx, b.ItemID)
}

// Expiring lists in-stock batches of unarchived items expiring by a date.
func (s *InventoryStore) Expiring(ctx context.Context, by string, limit int) ([]inventory.ExpiringBatch, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*inventory.ExpiringBatch, error) {
		var e inventory.ExpiringBatch
		b, err := scanBatchWith(r, &e.ItemSKU, &e.ItemName, &e.ItemUnit)
		if err != nil {
			return nil, err
		}
		e.Batch = *b
		return &e, nil
	}, `SELECT `+batchColumns+`, i.sku, i.name, i.unit FROM inventory_batches b
		JOIN inventory_items i ON i.id = b.item_id
		WHERE b.on_hand > 0 AND b.expires_at IS NOT NULL AND b.expires_at <= ? AND i.archived = ?
		ORDER BY b.expires_at, b.id LIMIT ?`, by, false, limit)
}
