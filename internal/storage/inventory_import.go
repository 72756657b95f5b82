package storage

import (
	"context"
	"strings"

	"github.com/packline/packline/internal/inventory"
)

// The bulk reads and writes of an import: a few statements for thousands of
// rows, so that a large file holds SQLite's one writer only briefly.

// ItemsBySKU maps each existing SKU key to its item.
func (s *InventoryStore) ItemsBySKU(ctx context.Context, keys []string) (map[string]*inventory.Item, error) {
	return itemsBySKU(ctx, s.db, keys)
}

// ItemsBySKU maps each existing SKU key to its item, inside the transaction.
func (t *invTx) ItemsBySKU(ctx context.Context, keys []string) (map[string]*inventory.Item, error) {
	return itemsBySKU(ctx, t.tx, keys)
}

func itemsBySKU(ctx context.Context, q querier, keys []string) (map[string]*inventory.Item, error) {
	out := map[string]*inventory.Item{}
	if len(keys) == 0 {
		return out, nil
	}
	cond, arg := anyOf(q, "i.sku_key", keys)
	items, err := scanAll(ctx, q, scanItem, `SELECT `+itemColumns+` FROM inventory_items i WHERE `+cond, arg)
	for i := range items {
		out[inventory.SKUKey(items[i].SKU)] = &items[i]
	}
	return out, err
}

// TakenCodes reports which of the given code keys each item already has.
func (s *InventoryStore) TakenCodes(ctx context.Context, codes map[int64][]string) (map[int64]map[string]bool, error) {
	return takenCodes(ctx, s.db, codes)
}

// TakenCodes reports which of the given code keys each item already has,
// inside the transaction.
func (t *invTx) TakenCodes(ctx context.Context, codes map[int64][]string) (map[int64]map[string]bool, error) {
	return takenCodes(ctx, t.tx, codes)
}

func takenCodes(ctx context.Context, q querier, codes map[int64][]string) (map[int64]map[string]bool, error) {
	type pair struct {
		item int64
		code string
	}
	var pairs []pair
	for id, cs := range codes {
		seen := map[string]bool{}
		for _, c := range cs {
			if !seen[c] {
				seen[c] = true
				pairs = append(pairs, pair{id, c})
			}
		}
	}
	out := map[int64]map[string]bool{}
	err := inChunks(pairs, 400, func(part []pair) error {
		var cond strings.Builder
		args := make([]any, 0, 2*len(part))
		for i, p := range part {
			if i > 0 {
				cond.WriteString(" OR ")
			}
			cond.WriteString("(item_id = ? AND code_key = ?)")
			args = append(args, p.item, p.code)
		}
		rows, err := q.Query(ctx, `SELECT item_id, code_key FROM inventory_batches WHERE `+cond.String(), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var c string
			if err := rows.Scan(&id, &c); err != nil {
				return err
			}
			if out[id] == nil {
				out[id] = map[string]bool{}
			}
			out[id][c] = true
		}
		return rows.Err()
	})
	return out, err
}

// InsertStock writes an import: the new items with the summaries of their
// batches already in them, the batches (each holding its one move's stock)
// and the moves, then adds to the existing items' summaries, a few
// statements for thousands of rows.
func (t *invTx) InsertStock(ctx context.Context, fresh []*inventory.Item, rs []inventory.Receipt, createdBy *int64) error {
	sums, touched := inventory.SumReceipts(fresh, rs)
	if err := t.insertItems(ctx, fresh, sums); err != nil {
		return err
	}
	for _, r := range rs {
		r.Batch.ItemID, r.Move.ItemID = r.Item.ID, r.Item.ID
	}
	if err := inChunks(rs, 200, func(part []inventory.Receipt) error { return t.insertReceipts(ctx, part, createdBy) }); err != nil {
		return err
	}
	return t.growItems(ctx, touched, sums)
}

// growItems adds their new batches' stock and codes to existing items and
// recomputes their soonest expiry.
func (t *invTx) growItems(ctx context.Context, touched []*inventory.Item, sums map[*inventory.Item]*inventory.ReceiptSums) error {
	return inChunks(touched, 500, func(part []*inventory.Item) error {
		var q strings.Builder
		q.WriteString(`UPDATE inventory_items SET on_hand = inventory_items.on_hand + v.column2,
			batch_codes = inventory_items.batch_codes || v.column3,
			next_expiry = (SELECT MIN(b.expires_at) FROM inventory_batches b WHERE b.item_id = inventory_items.id AND b.on_hand > 0)
			FROM (VALUES `)
		args := make([]any, 0, 3*len(part))
		for i, it := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT))")
			s := sums[it]
			args = append(args, it.ID, s.Quantity, " "+strings.Join(s.Codes, " "))
		}
		q.WriteString(") AS v WHERE inventory_items.id = v.column1")
		st, err := t.prepared(ctx, q.String())
		if err != nil {
			return err
		}
		_, err = st.ExecContext(ctx, args...)
		return err
	})
}

// insertReceipts writes up to 200 new batches and their moves.
func (t *invTx) insertReceipts(ctx context.Context, part []inventory.Receipt, createdBy *int64) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO inventory_batches (item_id, code, code_key, received_at, expires_at, source,
		source_type, notes, on_hand, created_by, created_at) VALUES `)
	args := make([]any, 0, 11*len(part))
	for i, r := range part {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
		b := r.Batch
		args = append(args, b.ItemID, b.Code, inventory.CodeKey(b.Code), b.ReceivedAt, b.ExpiresAt, b.Source,
			b.SourceType, b.Notes, b.OnHand, createdBy, Millis(b.CreatedAt))
	}
	q.WriteString(" RETURNING id, item_id, code_key")
	rows, err := t.insertReturning(ctx, q.String(), args)
	if err != nil {
		return err
	}
	type key struct {
		item int64
		code string
	}
	byKey := make(map[key]*inventory.Batch, len(part))
	for _, r := range part {
		byKey[key{r.Batch.ItemID, inventory.CodeKey(r.Batch.Code)}] = r.Batch
	}
	for rows.Next() {
		var k key
		var id int64
		if err := rows.Scan(&id, &k.item, &k.code); err != nil {
			rows.Close()
			return err
		}
		if b := byKey[k]; b != nil {
			b.ID = id
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return mapDuplicate(err)
	}
	var mq strings.Builder
	mq.WriteString(insertMove)
	margs := make([]any, 0, 12*len(part))
	for i, r := range part {
		if i > 0 {
			mq.WriteString(", ")
		}
		mq.WriteString(moveValues)
		r.Move.BatchID = r.Batch.ID
		margs = append(margs, moveArgs(r.Move)...)
	}
	mq.WriteString(" RETURNING id, batch_id")
	mst, err := t.prepared(ctx, mq.String())
	if err != nil {
		return err
	}
	mrows, err := mst.QueryContext(ctx, margs...)
	if err != nil {
		return err
	}
	defer mrows.Close()
	moveOf := make(map[int64]*inventory.Move, len(part)) // each new batch has one move
	for _, r := range part {
		moveOf[r.Batch.ID] = r.Move
	}
	for mrows.Next() {
		var id, batchID int64
		if err := mrows.Scan(&id, &batchID); err != nil {
			return err
		}
		if m := moveOf[batchID]; m != nil {
			m.ID = id
		}
	}
	return mrows.Err()
}
