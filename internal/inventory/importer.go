package inventory

import (
	"context"
	"errors"
	"slices"
)

// PreviewImport says what importing a CSV file would do, row by row; it
// writes nothing.
func (s *Service) PreviewImport(ctx context.Context, data []byte) (*ImportPreview, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	p := ParseImport(data, today)
	if len(p.Errors) == 0 {
		if _, err := checkImport(ctx, s.store, p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// importState is what the database told an import: the items its SKUs name
// and, per existing item, the answers about batch codes already asked.
type importState struct {
	items map[string]*Item          // by SKU key
	codes map[int64]map[string]bool // item id → code key → taken
}

// checkImport adds to p the errors only the database can tell: which SKUs
// exist (their rows only add stock), which of them are archived, and which
// batch codes are taken. It asks in a few queries whatever the file's size.
func checkImport(ctx context.Context, look Lookup, p *ImportPreview) (*importState, error) {
	var keys []string
	seen := map[string]bool{}
	for _, r := range p.Rows {
		if k := SKUKey(r.SKU); k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	items, err := look.ItemsBySKU(ctx, keys)
	if err != nil {
		return nil, err
	}
	// The codes to ask about: those given, and for rows without one the
	// codes GenerateCode would try first.
	ask := map[int64][]string{}
	generated := map[string]int{} // item id + date → rows wanting a code
	for _, r := range p.Rows {
		it := items[SKUKey(r.SKU)]
		if it == nil || !r.HasStock {
			continue
		}
		if r.BatchCode != "" {
			ask[it.ID] = append(ask[it.ID], CodeKey(r.BatchCode))
			continue
		}
		k := it.SKU + "\x00" + r.ReceivedAt
		generated[k]++
		// The j-th such row may take the j-th candidate, or the next.
		j := generated[k]
		ask[it.ID] = append(ask[it.ID], CodeKey(codeCandidate(it.SKU, r.ReceivedAt, j)),
			CodeKey(codeCandidate(it.SKU, r.ReceivedAt, j+1)))
	}
	taken, err := look.TakenCodes(ctx, ask)
	if err != nil {
		return nil, err
	}
	st := &importState{items: items, codes: map[int64]map[string]bool{}}
	for id, codes := range ask {
		known := map[string]bool{}
		for _, c := range codes {
			known[c] = taken[id][c]
		}
		st.codes[id] = known
	}
	for i := range p.Rows {
		r := &p.Rows[i]
		it := items[SKUKey(r.SKU)]
		switch {
		case it != nil:
			r.NewItem = false
			if it.Archived && r.HasStock {
				r.AddError("sku", "item_archived", "Item %s is archived; restore it before importing stock.", it.SKU)
			}
			if r.HasStock && r.BatchCode != "" && st.codes[it.ID][CodeKey(r.BatchCode)] {
				r.AddError("batch_code", "batch_code_taken", "Batch code %s already exists for %s.", r.BatchCode, r.SKU)
			}
		case r.NewItem:
			r.CheckNewItem()
		}
	}
	p.Finish()
	return st, nil
}

// CommitImport writes a whole import file in one transaction, or nothing if
// any row has an error (*ImportRejected). The file is read and checked
// before the transaction; inside it the database is asked again in a few
// queries and the rows are written in bulk, so a large file holds the
// writer for as short a time as possible.
func (s *Service) CommitImport(ctx context.Context, data []byte, by Actor) (*ImportResult, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	p := ParseImport(data, today)
	if len(p.Errors) > 0 {
		return nil, &ImportRejected{Preview: p}
	}
	if _, err := checkImport(ctx, s.store, p); err != nil {
		return nil, err
	}
	if !p.Valid {
		return nil, &ImportRejected{Preview: p}
	}
	var res ImportResult
	err = s.store.InTx(ctx, func(tx Tx) error {
		res = ImportResult{}
		st, err := checkImport(ctx, tx, p)
		if err != nil {
			return err
		}
		if !p.Valid { // changed since the check above
			return &ImportRejected{Preview: p}
		}
		return writeImport(ctx, tx, p, st, by, &res)
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// writeImport writes a checked import inside tx.
func writeImport(ctx context.Context, tx Tx, p *ImportPreview, st *importState, by Actor, res *ImportResult) error {
	// Lock the existing items stock goes into, in id order (no deadlocks),
	// and see again under the lock that none was archived meanwhile.
	var ids []int64
	for _, it := range st.items {
		ids = append(ids, it.ID)
	}
	slices.Sort(ids)
	locked := map[int64]*Item{}
	for _, id := range ids {
		it, err := tx.LockItem(ctx, id)
		if err != nil {
			return err
		}
		if it == nil {
			return errItemNotFound()
		}
		locked[id] = it
	}
	items := map[string]*Item{}
	for k, it := range st.items {
		items[k] = locked[it.ID]
	}
	var fresh []*Item
	for _, r := range p.Rows {
		if r.NewItem {
			it := newItem(NewItem{SKU: r.SKU, Name: r.Name, Kind: r.Kind, Unit: r.Unit, Category: r.Category,
				Location: r.Location, ReorderLevel: r.ReorderLevel}, tx.Now())
			items[SKUKey(r.SKU)] = it
			fresh = append(fresh, it)
		}
	}
	if err := tx.InsertItems(ctx, fresh); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return errSKUTaken(fresh[0].SKU)
		}
		return err
	}
	res.ItemsCreated = len(fresh)
	newCodes := map[int64]map[string]bool{}
	for _, it := range fresh {
		newCodes[it.ID] = map[string]bool{}
	}
	var rs []Receipt
	for _, r := range p.Rows {
		if !r.HasStock {
			continue
		}
		it := items[SKUKey(r.SKU)]
		if it.Archived {
			return errArchived(it)
		}
		known, isNew := newCodes[it.ID]
		if !isNew {
			known = st.codes[it.ID]
			if known == nil {
				known = map[string]bool{}
				st.codes[it.ID] = known
			}
		}
		taken := func(code string) (bool, error) {
			k := CodeKey(code)
			if t, ok := known[k]; ok || isNew {
				return t, nil
			}
			t, err := tx.CodeTaken(ctx, it.ID, k, 0)
			known[k] = t
			return t, err
		}
		n := NewBatch{Code: r.BatchCode, Quantity: r.Quantity, ReceivedAt: r.ReceivedAt, ExpiresAt: r.ExpiresAt,
			Source: r.Source, SourceType: r.SourceType, Note: "Opening stock (import)", Document: &Document{Type: "import"}}
		b, m, err := newReceipt(it, n, by, tx.Now(), taken)
		if err != nil {
			return err
		}
		known[CodeKey(b.Code)] = true
		b.OnHand, m.BalanceAfter = m.Quantity, m.Quantity
		m.ItemID, m.BatchCode, m.ItemSKU, m.ItemName, m.ItemUnit = it.ID, b.Code, it.SKU, it.Name, it.Unit
		it.OnHand += m.Quantity
		rs = append(rs, Receipt{Batch: b, Move: m})
	}
	if err := tx.InsertReceipts(ctx, rs, by.UserID); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return errCodeTaken(rs[0].Batch.Code, "an item")
		}
		return err
	}
	res.BatchesCreated = len(rs)
	return nil
}
