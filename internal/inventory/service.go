package inventory

import (
	"context"
	"errors"
	"time"
)

// Service holds the inventory's rules over a Store: what a move may do to
// stock, when an item may be archived, what an import may write. The HTTP
// layer and the demo call it; other areas call the in-transaction functions
// (Record, Receive, Reverse, SuggestPicks, Take) inside their own.
type Service struct {
	store Store
	cal   Calendar
}

// NewService returns the inventory over store, with cal for the
// organisation's today and time zone.
func NewService(store Store, cal Calendar) *Service { return &Service{store: store, cal: cal} }

// ---- items

// CreateItem adds an item with nothing on hand. A SKU already used (ignoring
// case) is a Conflict.
func (s *Service) CreateItem(ctx context.Context, n NewItem) (*Item, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var it *Item
	err := s.store.InTx(ctx, func(tx Tx) (err error) {
		it, err = createItem(ctx, tx, n)
		return err
	})
	return it, err
}

// createItem writes a validated item inside tx.
func createItem(ctx context.Context, tx Tx, n NewItem) (*Item, error) {
	taken, err := tx.SKUTaken(ctx, SKUKey(n.SKU), 0)
	if err != nil {
		return nil, err
	}
	if taken {
		return nil, errSKUTaken(n.SKU)
	}
	at := n.OccurredAt
	if at.IsZero() {
		at = tx.Now()
	}
	it := newItem(n, at.UTC().Truncate(time.Millisecond))
	if err := tx.InsertItem(ctx, it); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return nil, errSKUTaken(n.SKU)
		}
		return nil, err
	}
	return it, nil
}

func newItem(n NewItem, now time.Time) *Item {
	it := &Item{SKU: n.SKU, Name: n.Name, Kind: n.Kind, Unit: n.Unit, Category: n.Category,
		Location: n.Location, ReorderLevel: n.ReorderLevel, Notes: n.Notes, ServingsPerUnit: n.ServingsPerUnit,
		UnitCost: n.UnitCost, ShelfLifeDays: n.ShelfLifeDays, CreatedAt: now, UpdatedAt: now, Batches: []Batch{}}
	it.LowStock = it.IsLow()
	return it
}

// UpdateItem applies a patch. Archiving an item that still has stock is a
// Conflict: its stock must be used, moved out or counted to zero first. The
// item's lock, which every move takes too, keeps that true until commit.
func (s *Service) UpdateItem(ctx context.Context, id int64, p ItemPatch) (*Item, error) {
	var out *Item
	err := s.store.InTx(ctx, func(tx Tx) error {
		cur, err := tx.LockItem(ctx, id)
		if err != nil {
			return err
		}
		if cur == nil {
			return errItemNotFound()
		}
		next, err := p.Apply(*cur)
		if err != nil {
			return err
		}
		if next.Archived && !cur.Archived && cur.OnHand != 0 {
			return errHasStock(cur)
		}
		if SKUKey(next.SKU) != SKUKey(cur.SKU) {
			taken, err := tx.SKUTaken(ctx, SKUKey(next.SKU), id)
			if err != nil {
				return err
			}
			if taken {
				return errSKUTaken(next.SKU)
			}
		}
		next.UpdatedAt = tx.Now()
		next.LowStock = next.IsLow()
		if err := tx.UpdateItem(ctx, &next); err != nil {
			if errors.Is(err, ErrDuplicate) {
				return errSKUTaken(next.SKU)
			}
			return err
		}
		out = &next
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, s.attachBatches(ctx, true, out)
}

// GetItem returns an item with every one of its batches, oldest expiry first.
func (s *Service) GetItem(ctx context.Context, id int64) (*Item, error) {
	it, err := s.store.Item(ctx, id)
	if err != nil {
		return nil, err
	}
	if it == nil {
		return nil, errItemNotFound()
	}
	return it, s.attachBatches(ctx, true, it)
}

// attachBatches loads the batches of items in one query and sets each
// item's Batches (those with stock unless includeEmpty).
func (s *Service) attachBatches(ctx context.Context, includeEmpty bool, items ...*Item) error {
	ids := make([]int64, len(items))
	byID := make(map[int64]*Item, len(items))
	for i, it := range items {
		ids[i] = it.ID
		it.Batches = []Batch{}
		byID[it.ID] = it
	}
	if len(ids) == 0 {
		return nil
	}
	batches, err := s.store.BatchesOf(ctx, ids, includeEmpty)
	if err != nil {
		return err
	}
	for _, b := range batches {
		if it := byID[b.ItemID]; it != nil {
			it.Batches = append(it.Batches, b)
		}
	}
	return nil
}

// normalise settles a list filter's paging, sort and expiry date.
func (s *Service) normalise(ctx context.Context, f *ListFilter) error {
	if err := f.Normalise(); err != nil {
		return err
	}
	if f.ExpiringWithinDays != nil {
		today, err := s.cal.Today(ctx)
		if err != nil {
			return err
		}
		f.ExpiresBy = AddDays(today, *f.ExpiringWithinDays)
	}
	return nil
}

// ListItems returns one page of items and how many match in all. Each item
// carries its batches with stock (every batch with IncludeEmpty), oldest
// expiry first.
func (s *Service) ListItems(ctx context.Context, f ListFilter) ([]Item, int, error) {
	if err := s.normalise(ctx, &f); err != nil {
		return nil, 0, err
	}
	items, total, err := s.store.Items(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	ptrs := make([]*Item, len(items))
	for i := range items {
		ptrs[i] = &items[i]
	}
	return items, total, s.attachBatches(ctx, f.IncludeEmpty, ptrs...)
}

// EachItemBatch walks every item matching f (ignoring paging), in list
// order, with each of its batches (all with IncludeEmpty, else those with
// stock); an item with none is given once with a nil batch.
func (s *Service) EachItemBatch(ctx context.Context, f ListFilter, fn func(it *Item, b *Batch) error) error {
	if err := s.normalise(ctx, &f); err != nil {
		return err
	}
	const chunk = 500
	var part []*Item
	flush := func() error {
		if err := s.attachBatches(ctx, f.IncludeEmpty, part...); err != nil {
			return err
		}
		for _, it := range part {
			if len(it.Batches) == 0 {
				if err := fn(it, nil); err != nil {
					return err
				}
			}
			for i := range it.Batches {
				if err := fn(it, &it.Batches[i]); err != nil {
					return err
				}
			}
		}
		part = part[:0]
		return nil
	}
	// Items are read in full first: the batches are read per chunk after.
	var all []*Item
	if err := s.store.EachItem(ctx, f, func(it *Item) error {
		all = append(all, it)
		return nil
	}); err != nil {
		return err
	}
	for _, it := range all {
		part = append(part, it)
		if len(part) == chunk {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// Facets lists the categories, locations and units in use.
func (s *Service) Facets(ctx context.Context) (Facets, error) { return s.store.Facets(ctx) }

// ---- batches

// ReceiveBatch records stock arriving as a new batch of an item: the batch
// and its receive move, in one transaction. An empty received date is today.
func (s *Service) ReceiveBatch(ctx context.Context, itemID int64, n NewBatch, by Actor) (*Batch, *Move, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, nil, err
	}
	n.Normalize(today)
	var b *Batch
	var m *Move
	err = s.store.InTx(ctx, func(tx Tx) (err error) {
		b, m, err = Receive(ctx, tx, itemID, n, by)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	m, err = s.named(ctx, m)
	return b, m, err
}

// named reads a just-written move back with the names joined to it.
func (s *Service) named(ctx context.Context, m *Move) (*Move, error) {
	full, err := s.store.Move(ctx, m.ID)
	if err != nil || full == nil {
		return m, err
	}
	return full, nil
}

// UpdateBatch changes a batch's code, dates, source or notes; never its
// quantity.
func (s *Service) UpdateBatch(ctx context.Context, id int64, p BatchPatch) (*Batch, error) {
	var out *Batch
	err := s.store.InTx(ctx, func(tx Tx) error {
		itemID, err := tx.ItemOfBatch(ctx, id)
		if err != nil {
			return err
		}
		if itemID == 0 {
			return errBatchNotFound()
		}
		it, err := tx.LockItem(ctx, itemID)
		if err != nil {
			return err
		}
		if it == nil {
			return errItemNotFound()
		}
		cur, err := tx.LockBatch(ctx, id)
		if err != nil {
			return err
		}
		if cur == nil {
			return errBatchNotFound()
		}
		next, err := p.Apply(*cur)
		if err != nil {
			return err
		}
		if CodeKey(next.Code) != CodeKey(cur.Code) {
			taken, err := tx.CodeTaken(ctx, cur.ItemID, CodeKey(next.Code), id)
			if err != nil {
				return err
			}
			if taken {
				return errCodeTaken(next.Code, it.SKU)
			}
		}
		if err := tx.UpdateBatch(ctx, &next); err != nil {
			if errors.Is(err, ErrDuplicate) {
				return errCodeTaken(next.Code, it.SKU)
			}
			return err
		}
		out = &next
		return nil
	})
	return out, err
}

// GetBatch returns a batch, its item and up to limit of its moves with id >
// after, oldest first, each with the balance after it.
func (s *Service) GetBatch(ctx context.Context, id, after int64, limit int) (*BatchDetail, error) {
	if limit < 1 || limit > 1000 {
		limit = 200
	}
	b, err := s.store.Batch(ctx, id)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errBatchNotFound()
	}
	it, err := s.store.Item(ctx, b.ItemID)
	if err != nil {
		return nil, err
	}
	if it == nil {
		return nil, errItemNotFound()
	}
	d := &BatchDetail{Batch: *b, Item: *it}
	if d.Moves, err = s.store.BatchMoves(ctx, id, after, limit+1); err != nil {
		return nil, err
	}
	if len(d.Moves) > limit {
		d.Moves = d.Moves[:limit]
		next := d.Moves[limit-1].ID
		d.NextAfter = &next
	}
	d.Totals, err = s.store.BatchTotals(ctx, id)
	return d, err
}

// ListBatches returns an item's batches, oldest expiry first: the order in
// which they should be used.
func (s *Service) ListBatches(ctx context.Context, itemID int64, inStockOnly bool) ([]Batch, error) {
	it, err := s.store.Item(ctx, itemID)
	if err != nil {
		return nil, err
	}
	if it == nil {
		return nil, errItemNotFound()
	}
	if err := s.attachBatches(ctx, !inStockOnly, it); err != nil {
		return nil, err
	}
	return it.Batches, nil
}

// ---- moves
