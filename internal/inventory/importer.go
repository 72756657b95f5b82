package inventory

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/packline/packline/internal/apperr"
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
				r.AddError("sku", "item_archived", apperr.Params{"sku": it.SKU}, "Item %s is archived; restore it before importing stock.", it.SKU)
			}
			if r.HasStock && r.BatchCode != "" && st.codes[it.ID][CodeKey(r.BatchCode)] {
				r.AddError("batch_code", "batch_code_taken", apperr.Params{"code": r.BatchCode, "sku": r.SKU},
					"Batch code %s already exists for %s.", r.BatchCode, r.SKU)
			}
		case r.NewItem:
			r.CheckNewItem()
		}
	}
	p.Finish()
	return st, nil
}

// CommitImport writes a whole import file, or nothing if any row has an
// error (*ImportRejected). The file is read and checked first; then the
// database is asked again in a few queries and the rows are written in bulk.
//
// Where the store writes it in one transaction (PostgreSQL), that one holds
// the item locks. Where it asks for chunks (SQLite, whose one writer the
// kiosk shares), every other inventory write is held off for the whole
// import, so nothing can change what was checked; the chunks are staged,
// each a short transaction a punch can slip in between, and one short
// transaction publishes the stage. Either way the import is all or nothing,
// also when the process is killed halfway (a stopped server's stage is
// discarded when the next one starts: DiscardStaleImports).
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
	var res *ImportResult
	if chunk := s.store.ImportChunk(); chunk > 0 {
		var stage int64
		// The stage is discarded once the other writes go on again, published
		// or not (nothing reads it; one whose discarding fails is left to
		// DiscardStaleImports).
		defer func() {
			if stage != 0 {
				_ = s.store.DiscardStage(context.WithoutCancel(ctx), stage)
			}
		}()
		err = s.store.Exclusive(ctx, func(ctx context.Context) error {
			st, err := checkImport(ctx, s.store, p)
			if err != nil {
				return err
			}
			if !p.Valid { // changed since the check above
				return &ImportRejected{Preview: p}
			}
			plan, err := planImport(ctx, s.store, p, st, by, s.cal.Now())
			if err != nil {
				return err
			}
			if stage, err = s.store.OpenStage(ctx); err != nil {
				return err
			}
			if err := s.stageAndPublish(ctx, stage, plan, chunk, by); err != nil {
				return err
			}
			res = plan.result()
			return nil
		})
	} else {
		err = s.store.InTx(ctx, func(tx Tx) error {
			st, err := checkImport(ctx, tx, p)
			if err != nil {
				return err
			}
			if !p.Valid { // changed since the check above
				return &ImportRejected{Preview: p}
			}
			if err := lockImportItems(ctx, tx, st); err != nil {
				return err
			}
			plan, err := planImport(ctx, tx, p, st, by, tx.Now())
			if err != nil {
				return err
			}
			res = plan.result()
			return plan.write(ctx, tx, plan.all(), by)
		})
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// stageAndPublish stages plan in parts of about chunk rows, then publishes
// it in one transaction.
func (s *Service) stageAndPublish(ctx context.Context, stage int64, plan *importPlan, chunk int, by Actor) error {
	for _, part := range plan.chunks(chunk) {
		if err := s.store.StageStock(ctx, stage, part.items, part.rs, by.UserID); err != nil {
			return err
		}
	}
	all := plan.all()
	return s.store.InTx(ctx, func(tx Tx) error {
		return importConflict(tx.PublishStage(ctx, stage, all.items, all.rs))
	})
}

// DiscardStaleImports deletes the stages of imports that can no longer be
// published: every stage opened before the given time. A server discards
// those opened before it started (a killed server's half-staged import),
// and housekeeping those older than an hour.
func (s *Service) DiscardStaleImports(ctx context.Context, before time.Time) (int64, error) {
	return s.store.DiscardStages(ctx, before)
}

// importConflict words a unique-key clash of an import's write.
func importConflict(err error) error {
	if errors.Is(err, ErrDuplicate) { // a concurrent writer took a SKU or code since the check
		return apperr.New(apperr.Conflict, "import.conflict", nil,
			"Another change took one of the file's SKUs or batch codes meanwhile; nothing was imported. Check the file again.")
	}
	return err
}

// lockImportItems locks the existing items an import adds stock to, in id
// order (no deadlocks), and reads them again under the lock.
func lockImportItems(ctx context.Context, tx Tx, st *importState) error {
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
	for k, it := range st.items {
		st.items[k] = locked[it.ID]
	}
	return nil
}

// importPlan is what an import writes: new items and new batches, each
// with its receive move, grouped by item in file order.
type importPlan struct {
	fresh  []*Item
	isNew  map[*Item]bool
	order  []*Item             // every item the import writes, first seen first
	byItem map[*Item][]Receipt // its new batches
	rows   int
}

type importPart struct {
	items []*Item
	rs    []Receipt
}

// planImport works out every batch code and move of a checked import.
// Codes the check did not ask about are asked of look.
func planImport(ctx context.Context, look Lookup, p *ImportPreview, st *importState, by Actor, now time.Time) (*importPlan, error) {
	plan := &importPlan{isNew: map[*Item]bool{}, byItem: map[*Item][]Receipt{}}
	items := map[string]*Item{}
	for k, it := range st.items {
		items[k] = it
	}
	seen := map[*Item]bool{}
	for _, r := range p.Rows {
		if r.NewItem {
			it := newItem(NewItem{SKU: r.SKU, Name: r.Name, Kind: r.Kind, Unit: r.Unit, Category: r.Category,
				Location: r.Location, ReorderLevel: r.ReorderLevel}, now)
			items[SKUKey(r.SKU)] = it
			plan.fresh = append(plan.fresh, it)
			plan.isNew[it] = true
		}
		if it := items[SKUKey(r.SKU)]; it != nil && !seen[it] && (r.NewItem || r.HasStock) {
			seen[it] = true
			plan.order = append(plan.order, it)
		}
	}
	newCodes := map[*Item]map[string]bool{} // codes given so far to each new item
	for _, it := range plan.fresh {
		newCodes[it] = map[string]bool{}
	}
	for _, r := range p.Rows {
		if !r.HasStock {
			continue
		}
		it := items[SKUKey(r.SKU)]
		if it.Archived {
			return nil, errArchived(it)
		}
		known, isNew := newCodes[it]
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
			got, err := look.TakenCodes(ctx, map[int64][]string{it.ID: {k}})
			known[k] = got[it.ID][k]
			return known[k], err
		}
		n := NewBatch{Code: r.BatchCode, Quantity: r.Quantity, ReceivedAt: r.ReceivedAt, ExpiresAt: r.ExpiresAt,
			Source: r.Source, SourceType: r.SourceType, Note: "Opening stock (import)", Document: &Document{Type: "import"}}
		b, m, err := newReceipt(it, n, by, now, taken)
		if err != nil {
			return nil, err
		}
		known[CodeKey(b.Code)] = true
		b.OnHand, m.BalanceAfter = m.Quantity, m.Quantity
		m.BatchCode, m.ItemSKU, m.ItemName, m.ItemUnit = b.Code, it.SKU, it.Name, it.Unit
		plan.byItem[it] = append(plan.byItem[it], Receipt{Item: it, Batch: b, Move: m})
		plan.rows++
	}
	return plan, nil
}

// all is the whole plan as one part.
func (p *importPlan) all() importPart { return p.chunks(0)[0] }

// chunks splits the plan into parts of about size rows (0: one part), an
// item always in one part with its batches.
func (p *importPlan) chunks(size int) []importPart {
	var out []importPart
	var cur importPart
	n := 0
	for _, it := range p.order {
		if p.isNew[it] {
			cur.items = append(cur.items, it)
		}
		cur.rs = append(cur.rs, p.byItem[it]...)
		n += 1 + len(p.byItem[it])
		if size > 0 && n >= size {
			out = append(out, cur)
			cur, n = importPart{}, 0
		}
	}
	if len(cur.items) > 0 || len(cur.rs) > 0 || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}

// write writes one part inside tx.
func (p *importPlan) write(ctx context.Context, tx Tx, part importPart, by Actor) error {
	if err := tx.InsertStock(ctx, part.items, part.rs, by.UserID); err != nil {
		return importConflict(err)
	}
	for _, r := range part.rs {
		r.Item.OnHand += r.Move.Quantity
	}
	return nil
}

func (p *importPlan) result() *ImportResult {
	return &ImportResult{ItemsCreated: len(p.fresh), BatchesCreated: p.rows}
}
