package inventory

import (
	"context"
	"time"

	"github.com/packline/packline/internal/effects"
)

// Store is what the inventory needs from storage: reads outside a
// transaction, and InTx for every write. It holds no rules: it runs queries
// and reports a unique-key clash as ErrDuplicate.
//
// Getters return nil (and no error) for a row that does not exist.
type Store interface {
	Lookup
	// InTx runs fn in one write transaction, committed if fn returns nil.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// ImportChunk is how many rows of an import to stage per transaction,
	// 0 to write it in one transaction. Exclusive runs fn while every other
	// inventory write waits (the transactions fn runs through the ctx it is
	// given go on), so an import in several transactions cannot be changed
	// under.
	ImportChunk() int
	Exclusive(ctx context.Context, fn func(ctx context.Context) error) error
	// An import written in chunks is staged, so that it stays all or
	// nothing: OpenStage starts a stage, an id no read of the inventory looks
	// at; StageStock writes one part of the import into it (the rows
	// InsertStock would write), in a short transaction of its own;
	// Tx.PublishStage makes the whole stage visible in one transaction.
	// DiscardStage deletes a stage and its rows (after it is published, or
	// when the import fails); DiscardStages deletes every stage opened before
	// a time (those a stopped server left) and reports how many.
	OpenStage(ctx context.Context) (int64, error)
	StageStock(ctx context.Context, stage int64, items []*Item, rs []Receipt, createdBy *int64) error
	DiscardStage(ctx context.Context, stage int64) error
	DiscardStages(ctx context.Context, before time.Time) (int64, error)

	// Item is an item without its batches.
	Item(ctx context.Context, id int64) (*Item, error)
	// Items is one page of the items f selects, in f's order, and how many
	// it selects in all (f is normalised: Page, PageSize, Sort and ExpiresBy set).
	Items(ctx context.Context, f ListFilter) ([]Item, int, error)
	// EachItem walks every item f selects, in f's order, ignoring paging.
	EachItem(ctx context.Context, f ListFilter, fn func(it *Item) error) error
	// BatchesOf lists the batches of the given items, oldest expiry first
	// (FEFO), only those with stock unless includeEmpty.
	BatchesOf(ctx context.Context, itemIDs []int64, includeEmpty bool) ([]Batch, error)
	Batch(ctx context.Context, id int64) (*Batch, error)
	// BatchMoves lists up to limit moves of a batch with id > after, oldest first.
	BatchMoves(ctx context.Context, batchID, after int64, limit int) ([]Move, error)
	Move(ctx context.Context, id int64) (*Move, error)
	// Moves lists the moves f selects, newest first (f.Limit of them);
	// EachMove walks them all, oldest first.
	Moves(ctx context.Context, f MoveFilter) ([]Move, error)
	EachMove(ctx context.Context, f MoveFilter, fn func(m *Move) error) error
	// BatchTotals sums a batch's moves by reason over its whole history (reasons
	// without a move are absent).
	BatchTotals(ctx context.Context, batchID int64) (map[string]Quantity, error)
	Facets(ctx context.Context) (Facets, error)
	// LowStock lists unarchived items at or below their reorder level, by name.
	LowStock(ctx context.Context, limit int) ([]Item, error)
	// Expiring lists in-stock batches of unarchived items expiring on or
	// before a date, soonest first.
	Expiring(ctx context.Context, by string, limit int) ([]ExpiringBatch, error)
	// BatchesByCode lists up to limit batches whose code key is codeKey, of
	// the item whose SKU key is skuKey unless that is "", by item name.
	BatchesByCode(ctx context.Context, codeKey, skuKey string, limit int) ([]ItemBatch, error)
	// ReceiptBatches lists up to limit batches received on b's day from b's
	// source (name and type), b included, by item name then code.
	ReceiptBatches(ctx context.Context, b *Batch, limit int) ([]ItemBatch, error)
}

// Lookup answers the questions an import asks of many rows at once.
type Lookup interface {
	// ItemsBySKU maps each SKU key (SKUKey) that exists to its item
	// (without batches).
	ItemsBySKU(ctx context.Context, skuKeys []string) (map[string]*Item, error)
	// TakenCodes reports which of the given codes (CodeKey) each item
	// already has, keyed by item id.
	TakenCodes(ctx context.Context, codes map[int64][]string) (map[int64]map[string]bool, error)
}

// Tx is one write transaction. Another area that writes stock in its own
// transaction (production, shipping) declares a Tx that embeds this one, and
// storage implements both over one database transaction.
//
// Lock order: an item before any of its batches. Every move locks its item,
// so an archive and a move of the same item never interleave.
type Tx interface {
	Lookup
	// Notices: a move that takes an item down to its reorder level tells
	// staff once this transaction commits, and not if it rolls back.
	effects.Notices
	// Now is the transaction's one clock: every row it writes carries it.
	Now() time.Time

	// LockItem reads an item (without batches) and locks it until the end of
	// the transaction.
	LockItem(ctx context.Context, id int64) (*Item, error)
	// ItemOfBatch is the id of a batch's item (0 if no such batch); it never
	// changes, so it needs no lock.
	ItemOfBatch(ctx context.Context, batchID int64) (int64, error)
	// SKUTaken reports whether another item than except has the SKU key.
	SKUTaken(ctx context.Context, skuKey string, except int64) (bool, error)
	// InsertItem writes a new item and sets its ID.
	InsertItem(ctx context.Context, it *Item) error
	// UpdateItem writes an item's descriptive fields and archived flag.
	UpdateItem(ctx context.Context, it *Item) error

	// Batch reads a batch without locking it (nil when none).
	Batch(ctx context.Context, id int64) (*Batch, error)
	// LockBatch reads a batch and locks it until the end of the transaction.
	LockBatch(ctx context.Context, id int64) (*Batch, error)
	// RecallHold is the open recall holding a batch (nil when none).
	RecallHold(ctx context.Context, batchID int64) (*RecallHold, error)
	// StockedBatches lists an item's batches with stock, oldest expiry first.
	StockedBatches(ctx context.Context, itemID int64) ([]Batch, error)
	// CodeTaken reports whether another batch than except of the item has the code key.
	CodeTaken(ctx context.Context, itemID int64, codeKey string, except int64) (bool, error)
	// InsertBatch writes a new, empty batch and sets its ID.
	InsertBatch(ctx context.Context, b *Batch, createdBy *int64) error
	// UpdateBatch writes a batch's descriptive fields (never its on-hand).
	UpdateBatch(ctx context.Context, b *Batch) error

	// InsertStock writes an import at once: new items, then new batches of
	// new or existing items, each batch with its one move (the batch holds
	// the move's BalanceAfter and its item's on-hand grows by it). It sets
	// the items', batches' and moves' IDs and their item IDs.
	InsertStock(ctx context.Context, items []*Item, rs []Receipt, createdBy *int64) error
	// PublishStage writes what a stage holds as InsertStock would have
	// written items and rs (staged whole, in parts, by Store.StageStock),
	// and closes the stage. IDs are not set. A stage that is gone or holds
	// fewer rows is an error, and nothing is written.
	PublishStage(ctx context.Context, stage int64, items []*Item, rs []Receipt) error

	// Move reads a move with ReversedByID filled.
	Move(ctx context.Context, id int64) (*Move, error)
	// AppendMove writes a move, sets its ID, and adds its Quantity to its
	// batch's and item's on-hand.
	AppendMove(ctx context.Context, m *Move) error
}

// Receipt is a new batch of Item with the move that brings its stock in.
type Receipt struct {
	Item  *Item
	Batch *Batch
	Move  *Move
}

// ReceiptSums is what an import's receipts add to one item's summaries:
// its stock, its batches' codes (CodeKey) and their soonest expiry.
type ReceiptSums struct {
	Quantity   Quantity
	Codes      []string
	NextExpiry *string
}

// SumReceipts are what the receipts add to each item, and the items among
// them that are not fresh (touched: existing items), in first-seen order.
func SumReceipts(fresh []*Item, rs []Receipt) (map[*Item]*ReceiptSums, []*Item) {
	sums := map[*Item]*ReceiptSums{}
	var touched []*Item
	isFresh := map[*Item]bool{}
	for _, it := range fresh {
		isFresh[it] = true
	}
	for _, r := range rs {
		s := sums[r.Item]
		if s == nil {
			s = &ReceiptSums{}
			sums[r.Item] = s
			if !isFresh[r.Item] {
				touched = append(touched, r.Item)
			}
		}
		s.Quantity += r.Move.Quantity
		s.Codes = append(s.Codes, CodeKey(r.Batch.Code))
		if e := r.Batch.ExpiresAt; e != nil && (s.NextExpiry == nil || *e < *s.NextExpiry) {
			s.NextExpiry = e
		}
	}
	return sums, touched
}

// Calendar is where the Service learns the organisation's today and time
// zone (organisation.Calendar).
type Calendar interface {
	Now() time.Time
	Today(ctx context.Context) (string, error)
	Zone(ctx context.Context) (*time.Location, error)
}
