package storage

import (
	"context"

	"github.com/packline/packline/internal/inventory"
)

// itemBatchColumns are a batch's columns and its item's names (b and i).
const itemBatchColumns = batchColumns + `, i.sku, i.name, i.unit, i.kind`

func scanItemBatch(r rowScanner) (*inventory.ItemBatch, error) {
	var e inventory.ItemBatch
	b, err := scanBatchWith(r, &e.ItemSKU, &e.ItemName, &e.ItemUnit, &e.ItemKind)
	if err != nil {
		return nil, err
	}
	e.Batch = *b
	return &e, nil
}

// BatchesByCode lists the batches with a code key, of one item when skuKey
// is set (index inventory_batches_code).
func (s *InventoryStore) BatchesByCode(ctx context.Context, codeKey, skuKey string, limit int) ([]inventory.ItemBatch, error) {
	q := `SELECT ` + itemBatchColumns + ` FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id
		WHERE b.code_key = ?`
	args := []any{codeKey}
	if skuKey != "" {
		q += ` AND i.sku_key = ?`
		args = append(args, skuKey)
	}
	return scanAll(ctx, s.db, scanItemBatch, q+` ORDER BY i.name_key, i.id, b.id LIMIT ?`, append(args, limit)...)
}

// ReceiptBatches lists the batches received on b's day from b's source
// (index inventory_batches_received).
func (s *InventoryStore) ReceiptBatches(ctx context.Context, b *inventory.Batch, limit int) ([]inventory.ItemBatch, error) {
	return scanAll(ctx, s.db, scanItemBatch, `SELECT `+itemBatchColumns+` FROM inventory_batches b
		JOIN inventory_items i ON i.id = b.item_id
		WHERE b.received_at = ? AND b.source = ? AND b.source_type = ?
		ORDER BY i.name_key, i.id, b.code_key, b.id LIMIT ?`, b.ReceivedAt, b.Source, b.SourceType, limit)
}
