package inventory

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/packline/packline/internal/messaging"
)

// memStore is an in-memory Store for testing the rules without a database.
// Transactions run one at a time on a copy that replaces the state on commit.
type memStore struct {
	mu      sync.Mutex
	state   memState
	nowTime time.Time
	// failStaging makes the StageStock call of that number (from 1) fail.
	failStaging, staged int
}

type memState struct {
	items   map[int64]Item
	batches map[int64]Batch
	moves   []Move
	nextID  int64
	// fellLow lists the items a low-stock notice was raised for, in order.
	fellLow []int64
	// stages counts the rows staged under each open stage.
	stages map[int64]int
}

func (s memState) clone() memState {
	c := memState{items: map[int64]Item{}, batches: map[int64]Batch{}, moves: slices.Clone(s.moves), nextID: s.nextID, fellLow: slices.Clone(s.fellLow),
		stages: maps.Clone(s.stages)}
	for k, v := range s.items {
		c.items[k] = v
	}
	for k, v := range s.batches {
		c.batches[k] = v
	}
	return c
}

func newMemStore() *memStore {
	return &memStore{state: memState{items: map[int64]Item{}, batches: map[int64]Batch{}},
		nowTime: time.Date(2025, 8, 15, 12, 0, 0, 0, time.UTC)}
}

type memTx struct {
	st  *memState
	now time.Time
}

func (s *memStore) InTx(ctx context.Context, fn func(Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state.clone()
	if err := fn(&memTx{st: &st, now: s.nowTime}); err != nil {
		return err
	}
	s.state = st
	return nil
}

// memStore writes imports in chunks of 2 rows, to test that path.
func (s *memStore) ImportChunk() int { return 2 }

func (s *memStore) Exclusive(ctx context.Context, fn func(context.Context) error) error {
	return fn(ctx)
}

func (s *memStore) OpenStage(ctx context.Context) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state.stages == nil {
		s.state.stages = map[int64]int{}
	}
	s.state.nextID++
	s.state.stages[s.state.nextID] = 0
	return s.state.nextID, nil
}

func (s *memStore) StageStock(ctx context.Context, stage int64, items []*Item, rs []Receipt, by *int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.staged++; s.staged == s.failStaging {
		return errors.New("staging failed")
	}
	if _, ok := s.state.stages[stage]; !ok {
		return errors.New("no such stage")
	}
	s.state.stages[stage] += len(items) + len(rs)
	return nil
}

func (s *memStore) DiscardStage(ctx context.Context, stage int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.state.stages, stage)
	return nil
}

func (s *memStore) DiscardStages(ctx context.Context, before time.Time) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := int64(len(s.state.stages))
	clear(s.state.stages)
	return n, nil
}

func (t *memTx) PublishStage(ctx context.Context, stage int64, items []*Item, rs []Receipt) error {
	if n, ok := t.st.stages[stage]; !ok || n != len(items)+len(rs) {
		return errors.New("stage incomplete")
	}
	delete(t.st.stages, stage)
	return t.InsertStock(ctx, items, rs, nil)
}

func (s *memStore) read() *memTx {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state.clone()
	return &memTx{st: &st, now: s.nowTime}
}

func (t *memTx) id() int64 { t.st.nextID++; return t.st.nextID }

func (t *memTx) Now() time.Time { return t.now }

func (t *memTx) RecallHold(ctx context.Context, batchID int64) (*RecallHold, error) { return nil, nil }

func (t *memTx) LockItem(ctx context.Context, id int64) (*Item, error) {
	it, ok := t.st.items[id]
	if !ok {
		return nil, nil
	}
	it.Batches = []Batch{}
	return &it, nil
}

func (t *memTx) ItemOfBatch(ctx context.Context, id int64) (int64, error) {
	return t.st.batches[id].ItemID, nil
}

func (t *memTx) SKUTaken(ctx context.Context, key string, except int64) (bool, error) {
	for id, it := range t.st.items {
		if id != except && SKUKey(it.SKU) == key {
			return true, nil
		}
	}
	return false, nil
}

func (t *memTx) InsertItem(ctx context.Context, it *Item) error {
	if taken, _ := t.SKUTaken(ctx, SKUKey(it.SKU), 0); taken {
		return ErrDuplicate
	}
	it.ID = t.id()
	t.st.items[it.ID] = *it
	return nil
}

func (t *memTx) UpdateItem(ctx context.Context, it *Item) error {
	cur := t.st.items[it.ID]
	it.OnHand = cur.OnHand
	t.st.items[it.ID] = *it
	return nil
}

func (t *memTx) Batch(ctx context.Context, id int64) (*Batch, error) { return t.LockBatch(ctx, id) }

func (t *memTx) LockBatch(ctx context.Context, id int64) (*Batch, error) {
	b, ok := t.st.batches[id]
	if !ok {
		return nil, nil
	}
	return &b, nil
}

func (t *memTx) fefo(itemID int64, stockedOnly bool) []Batch {
	var out []Batch
	for _, b := range t.st.batches {
		if b.ItemID == itemID && (!stockedOnly || b.OnHand > 0) {
			out = append(out, b)
		}
	}
	slices.SortFunc(out, func(a, b Batch) int {
		if (a.ExpiresAt == nil) != (b.ExpiresAt == nil) {
			if a.ExpiresAt == nil {
				return 1
			}
			return -1
		}
		if a.ExpiresAt != nil && *a.ExpiresAt != *b.ExpiresAt {
			return cmp.Compare(*a.ExpiresAt, *b.ExpiresAt)
		}
		return cmp.Or(cmp.Compare(a.ReceivedAt, b.ReceivedAt), cmp.Compare(a.ID, b.ID))
	})
	return out
}

func (t *memTx) StockedBatches(ctx context.Context, itemID int64) ([]Batch, error) {
	return t.fefo(itemID, true), nil
}

func (t *memTx) CodeTaken(ctx context.Context, itemID int64, key string, except int64) (bool, error) {
	for id, b := range t.st.batches {
		if id != except && b.ItemID == itemID && CodeKey(b.Code) == key {
			return true, nil
		}
	}
	return false, nil
}

func (t *memTx) InsertBatch(ctx context.Context, b *Batch, by *int64) error {
	if taken, _ := t.CodeTaken(ctx, b.ItemID, CodeKey(b.Code), 0); taken {
		return ErrDuplicate
	}
	b.ID = t.id()
	t.st.batches[b.ID] = *b
	return nil
}

func (t *memTx) UpdateBatch(ctx context.Context, b *Batch) error {
	cur := t.st.batches[b.ID]
	b.OnHand = cur.OnHand
	t.st.batches[b.ID] = *b
	return nil
}

func (t *memTx) Move(ctx context.Context, id int64) (*Move, error) {
	for _, m := range t.st.moves {
		if m.ID == id {
			for _, r := range t.st.moves {
				if r.ReversesID != nil && *r.ReversesID == id {
					rid := r.ID
					m.ReversedByID = &rid
				}
			}
			return &m, nil
		}
	}
	return nil, nil
}

func (t *memTx) AppendMove(ctx context.Context, m *Move) error {
	if m.ReversesID != nil {
		for _, r := range t.st.moves {
			if r.ReversesID != nil && *r.ReversesID == *m.ReversesID {
				return ErrDuplicate
			}
		}
	}
	m.ID = t.id()
	t.st.moves = append(t.st.moves, *m)
	b := t.st.batches[m.BatchID]
	b.OnHand += m.Quantity
	t.st.batches[m.BatchID] = b
	it := t.st.items[m.ItemID]
	it.OnHand += m.Quantity
	t.st.items[m.ItemID] = it
	return nil
}

func (t *memTx) Notice(key string, n messaging.NewNotification) {
	if n.Kind == messaging.KindLowStock {
		id, _ := strconv.ParseInt(n.Params["item_id"], 10, 64)
		t.st.fellLow = append(t.st.fellLow, id)
	}
}

func (t *memTx) InsertStock(ctx context.Context, items []*Item, rs []Receipt, by *int64) error {
	for _, it := range items {
		it.OnHand = 0
		if err := t.InsertItem(ctx, it); err != nil {
			return err
		}
	}
	for _, r := range rs {
		r.Batch.ItemID, r.Move.ItemID = r.Item.ID, r.Item.ID
		q := r.Batch.OnHand
		r.Batch.OnHand = 0
		if err := t.InsertBatch(ctx, r.Batch, by); err != nil {
			return err
		}
		r.Move.BatchID = r.Batch.ID
		if err := t.AppendMove(ctx, r.Move); err != nil {
			return err
		}
		r.Batch.OnHand = q
	}
	return nil
}

func (t *memTx) ItemsBySKU(ctx context.Context, keys []string) (map[string]*Item, error) {
	out := map[string]*Item{}
	for _, it := range t.st.items {
		if slices.Contains(keys, SKUKey(it.SKU)) {
			it := it
			out[SKUKey(it.SKU)] = &it
		}
	}
	return out, nil
}

func (t *memTx) TakenCodes(ctx context.Context, codes map[int64][]string) (map[int64]map[string]bool, error) {
	out := map[int64]map[string]bool{}
	for id, cs := range codes {
		for _, c := range cs {
			if taken, _ := t.CodeTaken(ctx, id, c, 0); taken {
				if out[id] == nil {
					out[id] = map[string]bool{}
				}
				out[id][c] = true
			}
		}
	}
	return out, nil
}

// The Store's reads, each on a snapshot.

func (s *memStore) ItemsBySKU(ctx context.Context, keys []string) (map[string]*Item, error) {
	return s.read().ItemsBySKU(ctx, keys)
}

func (s *memStore) TakenCodes(ctx context.Context, codes map[int64][]string) (map[int64]map[string]bool, error) {
	return s.read().TakenCodes(ctx, codes)
}

func (s *memStore) Item(ctx context.Context, id int64) (*Item, error) {
	return s.read().LockItem(ctx, id)
}

func (s *memStore) Items(ctx context.Context, f ListFilter) ([]Item, int, error) {
	var out []Item
	for _, it := range s.read().st.items {
		if (f.Archived == "true") == it.Archived || f.Archived == "all" {
			out = append(out, it)
		}
	}
	slices.SortFunc(out, func(a, b Item) int { return cmp.Compare(a.ID, b.ID) })
	return out, len(out), nil
}

func (s *memStore) EachItem(ctx context.Context, f ListFilter, fn func(*Item) error) error {
	items, _, _ := s.Items(ctx, f)
	for i := range items {
		if err := fn(&items[i]); err != nil {
			return err
		}
	}
	return nil
}

func (s *memStore) BatchesOf(ctx context.Context, ids []int64, includeEmpty bool) ([]Batch, error) {
	t := s.read()
	var out []Batch
	for _, id := range ids {
		out = append(out, t.fefo(id, !includeEmpty)...)
	}
	return out, nil
}

func (s *memStore) Batch(ctx context.Context, id int64) (*Batch, error) {
	return s.read().LockBatch(ctx, id)
}

func (s *memStore) BatchMoves(ctx context.Context, batchID, after int64, limit int) ([]Move, error) {
	t := s.read()
	var out []Move
	for _, m := range t.st.moves {
		if m.BatchID == batchID && m.ID > after && len(out) < limit {
			full, _ := t.Move(ctx, m.ID)
			out = append(out, *full)
		}
	}
	return out, nil
}

func (s *memStore) Move(ctx context.Context, id int64) (*Move, error) { return s.read().Move(ctx, id) }

func (s *memStore) Moves(ctx context.Context, f MoveFilter) ([]Move, error) {
	var out []Move
	moves := s.read().st.moves
	for i := len(moves) - 1; i >= 0 && len(out) < f.Limit; i-- {
		out = append(out, moves[i])
	}
	return out, nil
}

func (s *memStore) BatchTotals(ctx context.Context, batchID int64) (map[string]Quantity, error) {
	totals := map[string]Quantity{}
	err := s.EachMove(ctx, MoveFilter{BatchID: batchID}, func(m *Move) error {
		totals[m.Reason] += m.Quantity
		return nil
	})
	return totals, err
}

func (s *memStore) EachMove(ctx context.Context, f MoveFilter, fn func(*Move) error) error {
	for _, m := range s.read().st.moves {
		if err := fn(&m); err != nil {
			return err
		}
	}
	return nil
}

func (s *memStore) Facets(ctx context.Context) (Facets, error) { return Facets{}, nil }

func (s *memStore) LowStock(ctx context.Context, limit int) ([]Item, error) {
	var out []Item
	for _, it := range s.read().st.items {
		if !it.Archived && it.IsLow() {
			out = append(out, it)
		}
	}
	return out, nil
}

func (s *memStore) Expiring(ctx context.Context, by string, limit int) ([]ExpiringBatch, error) {
	var out []ExpiringBatch
	t := s.read()
	for _, b := range t.st.batches {
		if b.OnHand > 0 && b.ExpiresAt != nil && *b.ExpiresAt <= by {
			out = append(out, ExpiringBatch{Batch: b})
		}
	}
	return out, nil
}

// fixedCalendar is an organisation in UTC on a fixed day.
type fixedCalendar string

func (c fixedCalendar) Now() time.Time                                   { return time.Date(2025, 8, 15, 12, 0, 0, 0, time.UTC) }
func (c fixedCalendar) Today(ctx context.Context) (string, error)        { return string(c), nil }
func (c fixedCalendar) Zone(ctx context.Context) (*time.Location, error) { return time.UTC, nil }

func (s *memStore) itemBatches(keep func(b Batch, it Item) bool, limit int) []ItemBatch {
	t := s.read()
	out := []ItemBatch{}
	for _, b := range t.st.batches {
		it := t.st.items[b.ItemID]
		if keep(b, it) {
			out = append(out, ItemBatch{Batch: b, ItemSKU: it.SKU, ItemName: it.Name, ItemUnit: it.Unit, ItemKind: it.Kind})
		}
	}
	slices.SortFunc(out, func(a, b ItemBatch) int {
		return cmp.Or(cmp.Compare(a.ItemName, b.ItemName), cmp.Compare(CodeKey(a.Code), CodeKey(b.Code)), cmp.Compare(a.ID, b.ID))
	})
	return out[:min(len(out), limit)]
}

func (s *memStore) BatchesByCode(ctx context.Context, codeKey, skuKey string, limit int) ([]ItemBatch, error) {
	return s.itemBatches(func(b Batch, it Item) bool {
		return CodeKey(b.Code) == codeKey && (skuKey == "" || SKUKey(it.SKU) == skuKey)
	}, limit), nil
}

func (s *memStore) ReceiptBatches(ctx context.Context, r *Batch, limit int) ([]ItemBatch, error) {
	return s.itemBatches(func(b Batch, it Item) bool {
		return b.ReceivedAt == r.ReceivedAt && b.Source == r.Source && b.SourceType == r.SourceType
	}, limit), nil
}
