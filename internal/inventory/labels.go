package inventory

import (
	"context"
	"strings"

	"github.com/packline/packline/internal/apperr"
)

// ItemBatch is a batch with the item it belongs to named: what a batch label
// prints, and what a scanned label or a typed code finds.
type ItemBatch struct {
	Batch
	ItemSKU  string `json:"item_sku"`
	ItemName string `json:"item_name"`
	ItemUnit string `json:"item_unit"`
	ItemKind string `json:"item_kind"`
}

// MaxFoundBatches caps a lookup by code and a receipt's batches. Codes are
// unique per item, so a code names at most one batch of each item.
const MaxFoundBatches = 200

// FindBatches lists the batches whose code is code (any case), of the item
// whose SKU is sku when one is given, by item name: a batch label's QR code
// names the item and the batch, a bare code (typed, or a supplier's barcode)
// may name a batch of several items. Nothing found is an empty list.
func (s *Service) FindBatches(ctx context.Context, code, sku string) ([]ItemBatch, error) {
	code, sku = strings.TrimSpace(code), strings.TrimSpace(sku)
	if code == "" {
		return nil, apperr.Required("code", "Give a batch code.")
	}
	if err := validateCode(code); err != nil {
		return nil, err
	}
	if err := checkLen("sku", sku, MaxSKU, "SKU"); err != nil {
		return nil, err
	}
	return s.store.BatchesByCode(ctx, CodeKey(code), SKUKey(sku), MaxFoundBatches)
}

// ReceiptBatches lists the batches received together with batch id, itself
// included, by item name then code: a receipt is every batch received on
// the same day from the same source (the same source name and type), the
// delivery its labels are printed for.
func (s *Service) ReceiptBatches(ctx context.Context, id int64) ([]ItemBatch, error) {
	b, err := s.store.Batch(ctx, id)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errBatchNotFound()
	}
	return s.store.ReceiptBatches(ctx, b, MaxFoundBatches)
}
