package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

// InventoryService implements inventory.Service.
//
// Every on-hand figure (inventory_batches.on_hand, inventory_items.on_hand
// and each move's balance_after) is a summary of inventory_moves, written in
// the same transaction as the move, under a lock on the batch row
// (PostgreSQL: SELECT … FOR UPDATE; SQLite: the single writer). Later areas
// (production, shipping) record their moves inside their own transactions
// with RecordMoveTx, ReceiveBatchTx and ReverseMoveTx.
type InventoryService struct {
	db *DB
}

var _ inventory.Service = (*InventoryService)(nil)

// NewInventoryService returns the inventory service over db.
func NewInventoryService(db *DB) *InventoryService { return &InventoryService{db: db} }

// querier is what DB and Tx share for reads.
type querier interface {
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

// Today is the organisation's current date (YYYY-MM-DD) in its time zone.
func (db *DB) Today(ctx context.Context) (string, error) {
	st, err := NewOrganisationService(db).Get(ctx)
	if err != nil {
		return "", err
	}
	return db.Now().In(st.Location()).Format(time.DateOnly), nil
}

func (db *DB) zone(ctx context.Context) (*time.Location, error) {
	st, err := NewOrganisationService(db).Get(ctx)
	if err != nil {
		return nil, err
	}
	return st.Location(), nil
}

// ---- items

const itemColumns = `i.id, i.sku, i.name, i.kind, i.unit, i.category, i.location, i.reorder_level, i.notes,
	i.archived, i.on_hand, i.created_at, i.updated_at`

func scanItem(r rowScanner) (*inventory.Item, error) {
	var it inventory.Item
	var created, updated int64
	if err := r.Scan(&it.ID, &it.SKU, &it.Name, &it.Kind, &it.Unit, &it.Category, &it.Location, &it.ReorderLevel,
		&it.Notes, &it.Archived, &it.OnHand, &created, &updated); err != nil {
		return nil, err
	}
	it.CreatedAt, it.UpdatedAt = FromMillis(created), FromMillis(updated)
	it.LowStock = it.IsLow()
	it.Batches = []inventory.Batch{}
	return &it, nil
}

func errSKUTaken(sku string) error {
	return apperr.Errorf(apperr.Conflict, "An item with SKU %s already exists.", sku)
}

var errItemNotFound = apperr.Errorf(apperr.NotFound, "Item not found.")

// CreateItem adds an item with nothing on hand. A SKU already used (ignoring
// case) is a Conflict.
func (s *InventoryService) CreateItem(ctx context.Context, n inventory.NewItem) (*inventory.Item, error) {
	var it *inventory.Item
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		var err error
		it, err = CreateItemTx(ctx, tx, n)
		return err
	})
	return it, err
}

// CreateItemTx is CreateItem inside tx.
func CreateItemTx(ctx context.Context, tx *Tx, n inventory.NewItem) (*inventory.Item, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var exists int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_items WHERE sku_key = ?`, inventory.SKUKey(n.SKU)).Scan(&exists); err != nil {
		return nil, err
	}
	if exists > 0 {
		return nil, errSKUTaken(n.SKU)
	}
	it := &inventory.Item{SKU: n.SKU, Name: n.Name, Kind: n.Kind, Unit: n.Unit, Category: n.Category,
		Location: n.Location, ReorderLevel: n.ReorderLevel, Notes: n.Notes}
	now := Millis(tx.Now)
	err := tx.QueryRow(ctx, `INSERT INTO inventory_items (sku, sku_key, name, name_key, kind, unit, category, location,
		reorder_level, notes, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		it.SKU, inventory.SKUKey(it.SKU), it.Name, strings.ToLower(it.Name), it.Kind, it.Unit, it.Category, it.Location,
		it.ReorderLevel, it.Notes, inventory.SearchText(it), now, now).Scan(&it.ID)
	if isUniqueViolation(err) {
		return nil, errSKUTaken(n.SKU)
	}
	if err != nil {
		return nil, err
	}
	it.CreatedAt, it.UpdatedAt = tx.Now, tx.Now
	it.LowStock = it.IsLow()
	it.Batches = []inventory.Batch{}
	return it, nil
}

// UpdateItem applies a patch. Archiving an item that still has stock is a
// Conflict: its stock must be used, moved out or counted to zero first.
func (s *InventoryService) UpdateItem(ctx context.Context, id int64, p inventory.ItemPatch) (*inventory.Item, error) {
	var out *inventory.Item
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		cur, err := scanItem(tx.QueryRow(ctx, `SELECT `+itemColumns+` FROM inventory_items i WHERE i.id = ?`+tx.ForUpdate(), id))
		if IsNoRows(err) {
			return errItemNotFound
		}
		if err != nil {
			return err
		}
		next, err := p.Apply(*cur)
		if err != nil {
			return err
		}
		if next.Archived && !cur.Archived && cur.OnHand > 0 {
			return apperr.Errorf(apperr.Conflict, "%s still has %s %s on hand. Use, adjust or count it to zero before archiving.",
				cur.Name, cur.OnHand, cur.Unit)
		}
		if inventory.SKUKey(next.SKU) != inventory.SKUKey(cur.SKU) {
			var exists int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_items WHERE sku_key = ? AND id <> ?`,
				inventory.SKUKey(next.SKU), id).Scan(&exists); err != nil {
				return err
			}
			if exists > 0 {
				return errSKUTaken(next.SKU)
			}
		}
		_, err = tx.Exec(ctx, `UPDATE inventory_items SET sku = ?, sku_key = ?, name = ?, name_key = ?, kind = ?, unit = ?,
			category = ?, location = ?, reorder_level = ?, notes = ?, search_text = ?, archived = ?, updated_at = ? WHERE id = ?`,
			next.SKU, inventory.SKUKey(next.SKU), next.Name, strings.ToLower(next.Name), next.Kind, next.Unit, next.Category,
			next.Location, next.ReorderLevel, next.Notes, inventory.SearchText(&next), next.Archived, Millis(tx.Now), id)
		if isUniqueViolation(err) {
			return errSKUTaken(next.SKU)
		}
		if err != nil {
			return err
		}
		next.UpdatedAt = tx.Now
		next.LowStock = next.IsLow()
		out = &next
		return nil
	})
	if err != nil {
		return nil, err
	}
	out.Batches, err = s.batchesOf(ctx, []int64{out.ID}, true, out)
	return out, err
}

// GetItem returns an item with every one of its batches, oldest expiry first.
func (s *InventoryService) GetItem(ctx context.Context, id int64) (*inventory.Item, error) {
	it, err := scanItem(s.db.QueryRow(ctx, `SELECT `+itemColumns+` FROM inventory_items i WHERE i.id = ?`, id))
	if IsNoRows(err) {
		return nil, errItemNotFound
	}
	if err != nil {
		return nil, err
	}
	_, err = s.batchesOf(ctx, []int64{id}, true, it)
	return it, err
}

// listWhere builds the WHERE clause of a list filter.
func (s *InventoryService) listWhere(ctx context.Context, f inventory.ListFilter) (string, []any, error) {
	var conds []string
	var args []any
	switch f.Archived {
	case "true":
		conds = append(conds, `i.archived = ?`)
		args = append(args, true)
	case "all":
	default:
		conds = append(conds, `i.archived = ?`)
		args = append(args, false)
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		like := "%" + escapeLike(strings.ToLower(q)) + "%"
		code := "%" + escapeLike(inventory.CodeKey(q)) + "%"
		// Batch codes are kept on the item too, so one pass over items answers.
		conds = append(conds, `(i.search_text LIKE ? ESCAPE '\' OR i.batch_codes LIKE ? ESCAPE '\')`)
		args = append(args, like, code)
	}
	if f.Kind != "" {
		conds = append(conds, `i.kind = ?`)
		args = append(args, f.Kind)
	}
	if f.Category != "" {
		conds = append(conds, `i.category = ?`)
		args = append(args, f.Category)
	}
	if f.Location != "" {
		conds = append(conds, `i.location = ?`)
		args = append(args, f.Location)
	}
	if f.LowStock {
		conds = append(conds, `i.reorder_level > 0 AND i.on_hand <= i.reorder_level`)
	}
	if f.ExpiringWithinDays != nil {
		today, err := s.db.Today(ctx)
		if err != nil {
			return "", nil, err
		}
		// Served by the partial index on expiry of batches with stock.
		conds = append(conds, `i.id IN (SELECT eb.item_id FROM inventory_batches eb WHERE eb.on_hand > 0
			AND eb.expires_at IS NOT NULL AND eb.expires_at <= ?)`)
		args = append(args, addDays(today, *f.ExpiringWithinDays))
	}
	if len(conds) == 0 {
		return "", args, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

func addDays(date string, n int) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// listOrder sorts by one column, then by name for the grouping ones, then by
// id, so that pages never overlap; each order has a matching index.
func listOrder(f inventory.ListFilter) string {
	cols := map[string][]string{
		"name": {"i.name_key"}, "sku": {"i.sku_key"}, "kind": {"i.kind", "i.name_key"},
		"category": {"i.category", "i.name_key"}, "location": {"i.location", "i.name_key"},
		"on_hand": {"i.on_hand"}, "reorder_level": {"i.reorder_level"}, "updated_at": {"i.updated_at"},
	}[f.Sort]
	if cols == nil {
		cols = []string{"i.name_key"}
	}
	dir := " ASC"
	if f.Desc {
		dir = " DESC"
	}
	return " ORDER BY " + strings.Join(append(cols, "i.id"), dir+", ") + dir
}

// refreshBatchCodes rewrites an item's searchable list of batch codes.
func refreshBatchCodes(ctx context.Context, tx *Tx, itemID int64) error {
	rows, err := tx.Query(ctx, `SELECT code_key FROM inventory_batches WHERE item_id = ? ORDER BY id`, itemID)
	if err != nil {
		return err
	}
	var codes []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return err
		}
		codes = append(codes, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE inventory_items SET batch_codes = ? WHERE id = ?`, strings.Join(codes, " "), itemID)
	return err
}

// ListItems returns one page of items and how many match in all. Each item
// carries its batches with stock (every batch with IncludeEmpty), oldest
// expiry first, loaded for the whole page in one query.
func (s *InventoryService) ListItems(ctx context.Context, f inventory.ListFilter) ([]inventory.Item, int, error) {
	page, size := inventory.PageBounds(f.Page, f.PageSize)
	where, args, err := s.listWhere(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_items i`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	items := []inventory.Item{}
	if total == 0 {
		return items, 0, nil
	}
	rows, err := s.db.Query(ctx, `SELECT `+itemColumns+` FROM inventory_items i`+where+listOrder(f)+` LIMIT ? OFFSET ?`,
		append(args, size, (page-1)*size)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			return nil, 0, err
		}
		items = append(items, *it)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	rows.Close()
	ptrs := make([]*inventory.Item, len(items))
	ids := make([]int64, len(items))
	for i := range items {
		ptrs[i], ids[i] = &items[i], items[i].ID
	}
	if _, err := s.batchesOf(ctx, ids, f.IncludeEmpty, ptrs...); err != nil {
		return nil, 0, err
	}
	return items, total, nil
}

// EachItemBatch walks every item matching f, in list order, with each of its
// batches (all of them with IncludeEmpty, else those with stock); an item with
// none is given once with a nil batch.
func (s *InventoryService) EachItemBatch(ctx context.Context, f inventory.ListFilter, fn func(*inventory.Item, *inventory.Batch) error) error {
	where, args, err := s.listWhere(ctx, f)
	if err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT `+itemColumns+` FROM inventory_items i`+where+listOrder(f), args...)
	if err != nil {
		return err
	}
	var items []*inventory.Item
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			rows.Close()
			return err
		}
		items = append(items, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	const chunk = 500
	for start := 0; start < len(items); start += chunk {
		part := items[start:min(start+chunk, len(items))]
		ids := make([]int64, len(part))
		for i, it := range part {
			ids[i] = it.ID
		}
		if _, err := s.batchesOf(ctx, ids, f.IncludeEmpty, part...); err != nil {
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
	}
	return nil
}

// Facets lists the categories, locations and units in use.
func (s *InventoryService) Facets(ctx context.Context) (inventory.Facets, error) {
	out := inventory.Facets{Categories: []string{}, Locations: []string{}, Units: []string{}}
	for _, c := range []struct {
		col string
		dst *[]string
	}{{"category", &out.Categories}, {"location", &out.Locations}, {"unit", &out.Units}} {
		rows, err := s.db.Query(ctx, `SELECT DISTINCT `+c.col+` FROM inventory_items WHERE `+c.col+` <> '' ORDER BY `+c.col+` LIMIT 500`)
		if err != nil {
			return out, err
		}
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return out, err
			}
			*c.dst = append(*c.dst, v)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return out, err
		}
	}
	return out, nil
}

// ---- batches

const batchColumns = `b.id, b.item_id, b.code, b.on_hand, b.received_at, b.expires_at, b.source, b.source_type, b.notes, b.created_at`

// batchOrder is oldest expiry first (no expiry last), then oldest received.
const batchOrder = ` ORDER BY (b.expires_at IS NULL), b.expires_at, b.received_at, b.id`

func scanBatch(r rowScanner, extra ...any) (*inventory.Batch, error) {
	var b inventory.Batch
	var exp sql.NullString
	var created int64
	if err := r.Scan(append([]any{&b.ID, &b.ItemID, &b.Code, &b.OnHand, &b.ReceivedAt, &exp, &b.Source, &b.SourceType,
		&b.Notes, &created}, extra...)...); err != nil {
		return nil, err
	}
	if exp.Valid {
		b.ExpiresAt = &exp.String
	}
	b.CreatedAt = FromMillis(created)
	return &b, nil
}

// batchesOf loads the batches of the given items in one query and attaches
// them to items (matched by ID); it also returns them.
func (s *InventoryService) batchesOf(ctx context.Context, ids []int64, includeEmpty bool, items ...*inventory.Item) ([]inventory.Batch, error) {
	out := []inventory.Batch{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	q := `SELECT ` + batchColumns + ` FROM inventory_batches b WHERE b.item_id IN (` + placeholders(len(ids)) + `)`
	if !includeEmpty {
		q += ` AND b.on_hand > 0`
	}
	rows, err := s.db.Query(ctx, q+batchOrder, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byID := map[int64]*inventory.Item{}
	for _, it := range items {
		it.Batches = []inventory.Batch{}
		byID[it.ID] = it
	}
	for rows.Next() {
		b, err := scanBatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *b)
		if it := byID[b.ItemID]; it != nil {
			it.Batches = append(it.Batches, *b)
		}
	}
	return out, rows.Err()
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

var errBatchNotFound = apperr.Errorf(apperr.NotFound, "Batch not found.")

// ListBatches returns an item's batches, oldest expiry first: the order in
// which they should be used.
func (s *InventoryService) ListBatches(ctx context.Context, itemID int64, inStockOnly bool) ([]inventory.Batch, error) {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_items WHERE id = ?`, itemID).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errItemNotFound
	}
	return s.batchesOf(ctx, []int64{itemID}, !inStockOnly)
}

// ReceiveBatch records stock arriving as a new batch of an item: the batch
// and its receive move, in one transaction.
func (s *InventoryService) ReceiveBatch(ctx context.Context, itemID int64, n inventory.NewBatch, by inventory.Actor) (*inventory.Batch, *inventory.Move, error) {
	today, err := s.db.Today(ctx)
	if err != nil {
		return nil, nil, err
	}
	var b *inventory.Batch
	var moveID int64
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		var m *inventory.Move
		var err error
		b, m, err = ReceiveBatchTx(ctx, tx, itemID, n, today, by.UserID, nil)
		if err == nil {
			moveID = m.ID
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	m, err := getMove(ctx, s.db, moveID)
	return b, m, err
}

// ReceiveBatchTx creates a batch of itemID inside tx with its first move:
// a receive, or a produce when the source type is production. today fills an
// empty received date; doc, if not nil, is the document the stock came from.
// An empty code is generated from the SKU and the received date. A code the
// item already has is a Conflict; an archived item is a Conflict.
func ReceiveBatchTx(ctx context.Context, tx *Tx, itemID int64, n inventory.NewBatch, today string, userID *int64, doc *inventory.Document) (*inventory.Batch, *inventory.Move, error) {
	n.Normalize(today)
	if err := n.Validate(); err != nil {
		return nil, nil, err
	}
	// Lock the item: batch codes of one item are chosen one transaction at a time.
	var sku string
	var archived bool
	err := tx.QueryRow(ctx, `SELECT sku, archived FROM inventory_items WHERE id = ?`+tx.ForUpdate(), itemID).Scan(&sku, &archived)
	if IsNoRows(err) {
		return nil, nil, errItemNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	if archived {
		return nil, nil, apperr.Errorf(apperr.Conflict, "Item %s is archived; restore it before receiving stock.", sku)
	}
	taken := func(code string) (bool, error) {
		var c int
		err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches WHERE item_id = ? AND code_key = ?`,
			itemID, inventory.CodeKey(code)).Scan(&c)
		return c > 0, err
	}
	if n.Code == "" {
		var qerr error
		n.Code = inventory.GenerateCode(sku, n.ReceivedAt, func(c string) bool {
			t, err := taken(c)
			if err != nil && qerr == nil {
				qerr = err
			}
			return t && qerr == nil
		})
		if qerr != nil {
			return nil, nil, qerr
		}
	} else if t, err := taken(n.Code); err != nil {
		return nil, nil, err
	} else if t {
		return nil, nil, errCodeTaken(n.Code, sku)
	}
	var exp any
	if n.ExpiresAt != "" {
		exp = n.ExpiresAt
	}
	b := &inventory.Batch{ItemID: itemID, Code: n.Code, ReceivedAt: n.ReceivedAt, Source: n.Source,
		SourceType: n.SourceType, Notes: n.Notes, CreatedAt: tx.Now}
	if n.ExpiresAt != "" {
		e := n.ExpiresAt
		b.ExpiresAt = &e
	}
	err = tx.QueryRow(ctx, `INSERT INTO inventory_batches (item_id, code, code_key, received_at, expires_at, source,
		source_type, notes, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		itemID, n.Code, inventory.CodeKey(n.Code), n.ReceivedAt, exp, n.Source, n.SourceType, n.Notes, userID,
		Millis(tx.Now)).Scan(&b.ID)
	if isUniqueViolation(err) {
		return nil, nil, errCodeTaken(n.Code, sku)
	}
	if err != nil {
		return nil, nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE inventory_items SET batch_codes = batch_codes || ? WHERE id = ?`,
		" "+inventory.CodeKey(n.Code), itemID); err != nil {
		return nil, nil, err
	}
	reason := inventory.ReasonReceive
	if n.SourceType == inventory.SourceProduction {
		reason = inventory.ReasonProduce
	}
	m, err := RecordMoveTx(ctx, tx, inventory.NewMove{BatchID: b.ID, Reason: reason, Quantity: n.Quantity,
		Note: n.Note, UserID: userID, Document: doc})
	if err != nil {
		return nil, nil, err
	}
	b.OnHand = m.BalanceAfter
	return b, m, nil
}

func errCodeTaken(code, sku string) error {
	return &apperr.Error{Kind: apperr.Conflict, Field: "code", Message: fmt.Sprintf("Batch code %s is already used for %s.", code, sku)}
}

// UpdateBatch changes a batch's code, dates, source or notes; never its
// quantity.
func (s *InventoryService) UpdateBatch(ctx context.Context, id int64, p inventory.BatchPatch) (*inventory.Batch, error) {
	var out *inventory.Batch
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		cur, err := scanBatch(tx.QueryRow(ctx, `SELECT `+batchColumns+` FROM inventory_batches b WHERE b.id = ?`+tx.ForUpdate(), id))
		if IsNoRows(err) {
			return errBatchNotFound
		}
		if err != nil {
			return err
		}
		next, err := p.Apply(*cur)
		if err != nil {
			return err
		}
		if inventory.CodeKey(next.Code) != inventory.CodeKey(cur.Code) {
			var c int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches WHERE item_id = ? AND code_key = ? AND id <> ?`,
				cur.ItemID, inventory.CodeKey(next.Code), id).Scan(&c); err != nil {
				return err
			}
			if c > 0 {
				return errCodeTaken(next.Code, "this item")
			}
		}
		var exp any
		if next.ExpiresAt != nil {
			exp = *next.ExpiresAt
		}
		_, err = tx.Exec(ctx, `UPDATE inventory_batches SET code = ?, code_key = ?, received_at = ?, expires_at = ?,
			source = ?, source_type = ?, notes = ? WHERE id = ?`, next.Code, inventory.CodeKey(next.Code), next.ReceivedAt,
			exp, next.Source, next.SourceType, next.Notes, id)
		if isUniqueViolation(err) {
			return errCodeTaken(next.Code, "this item")
		}
		if err != nil {
			return err
		}
		out = &next
		return refreshBatchCodes(ctx, tx, cur.ItemID)
	})
	return out, err
}

// GetBatch returns a batch, its item and up to limit of its moves with id >
// after, oldest first, each with the balance after it.
func (s *InventoryService) GetBatch(ctx context.Context, id, after int64, limit int) (*inventory.BatchDetail, error) {
	if limit < 1 || limit > 1000 {
		limit = 200
	}
	var d inventory.BatchDetail
	b, err := scanBatch(s.db.QueryRow(ctx, `SELECT `+batchColumns+` FROM inventory_batches b WHERE b.id = ?`, id))
	if IsNoRows(err) {
		return nil, errBatchNotFound
	}
	if err != nil {
		return nil, err
	}
	d.Batch = *b
	it, err := scanItem(s.db.QueryRow(ctx, `SELECT `+itemColumns+` FROM inventory_items i WHERE i.id = ?`, b.ItemID))
	if err != nil {
		return nil, err
	}
	d.Item = *it
	d.Moves, err = queryMoves(ctx, s.db, ` WHERE m.batch_id = ? AND m.id > ? ORDER BY m.id LIMIT ?`, id, after, limit+1)
	if err != nil {
		return nil, err
	}
	if len(d.Moves) > limit {
		d.Moves = d.Moves[:limit]
		next := d.Moves[limit-1].ID
		d.NextAfter = &next
	}
	return &d, nil
}

// ---- moves

const moveColumns = `m.id, m.batch_id, m.item_id, m.reason, m.quantity, m.balance_after, m.counted, m.note, m.reverses_id,
	r.id, m.doc_type, m.doc_id, m.user_id, COALESCE(u.first_name || ' ' || u.last_name, ''), m.created_at,
	b.code, i.sku, i.name, i.unit`

const moveFrom = ` FROM inventory_moves m
	JOIN inventory_batches b ON b.id = m.batch_id
	JOIN inventory_items i ON i.id = m.item_id
	LEFT JOIN inventory_moves r ON r.reverses_id = m.id
	LEFT JOIN users u ON u.id = m.user_id`

func scanMove(r rowScanner) (*inventory.Move, error) {
	var m inventory.Move
	var counted, reverses, reversedBy, docID, userID sql.NullInt64
	var docType string
	var created int64
	if err := r.Scan(&m.ID, &m.BatchID, &m.ItemID, &m.Reason, &m.Quantity, &m.BalanceAfter, &counted, &m.Note,
		&reverses, &reversedBy, &docType, &docID, &userID, &m.UserName, &created,
		&m.BatchCode, &m.ItemSKU, &m.ItemName, &m.ItemUnit); err != nil {
		return nil, err
	}
	if counted.Valid {
		c := inventory.Quantity(counted.Int64)
		m.Counted = &c
	}
	m.ReversesID = nullID(reverses)
	m.ReversedByID = nullID(reversedBy)
	m.UserID = nullID(userID)
	if docType != "" {
		m.Document = &inventory.Document{Type: docType, ID: docID.Int64}
	}
	m.UserName = strings.TrimSpace(m.UserName)
	m.CreatedAt = FromMillis(created)
	return &m, nil
}

func nullID(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	id := v.Int64
	return &id
}

func queryMoves(ctx context.Context, q querier, tail string, args ...any) ([]inventory.Move, error) {
	rows, err := q.Query(ctx, `SELECT `+moveColumns+moveFrom+tail, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []inventory.Move{}
	for rows.Next() {
		m, err := scanMove(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *m)
	}
	return out, rows.Err()
}

var errMoveNotFound = apperr.Errorf(apperr.NotFound, "Move not found.")

func getMove(ctx context.Context, q querier, id int64) (*inventory.Move, error) {
	m, err := scanMove(q.QueryRow(ctx, `SELECT `+moveColumns+moveFrom+` WHERE m.id = ?`, id))
	if IsNoRows(err) {
		return nil, errMoveNotFound
	}
	return m, err
}

// RecordMove writes one move in its own transaction.
func (s *InventoryService) RecordMove(ctx context.Context, n inventory.NewMove) (*inventory.Move, error) {
	var id int64
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		m, err := RecordMoveTx(ctx, tx, n)
		if err == nil {
			id = m.ID
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return getMove(ctx, s.db, id)
}

// lockedBatch is a batch row locked for a move.
type lockedBatch struct {
	onHand   inventory.Quantity
	itemID   int64
	code     string
	unit     string
	archived bool
}

func lockBatch(ctx context.Context, tx *Tx, id int64) (*lockedBatch, error) {
	var lb lockedBatch
	err := tx.QueryRow(ctx, `SELECT on_hand, item_id, code FROM inventory_batches WHERE id = ?`+tx.ForUpdate(), id).
		Scan(&lb.onHand, &lb.itemID, &lb.code)
	if IsNoRows(err) {
		return nil, errBatchNotFound
	}
	if err != nil {
		return nil, err
	}
	if err := tx.QueryRow(ctx, `SELECT unit, archived FROM inventory_items WHERE id = ?`, lb.itemID).Scan(&lb.unit, &lb.archived); err != nil {
		return nil, err
	}
	return &lb, nil
}

func errBelowZero(lb *lockedBatch, delta inventory.Quantity) error {
	return apperr.Errorf(apperr.Conflict, "Not enough stock in batch %s: it has %s %s on hand, and this would take out %s %s.",
		lb.code, lb.onHand, lb.unit, -delta, lb.unit)
}

// RecordMoveTx writes one move inside tx, under a lock on its batch, and
// keeps the batch's and item's on-hand in step. A move that would take the
// batch below zero is a Conflict, and so is stock going into a batch of an
// archived item. The returned move lacks the joined names (user, item).
func RecordMoveTx(ctx context.Context, tx *Tx, n inventory.NewMove) (*inventory.Move, error) {
	if n.Reason == inventory.ReasonCount && n.Counted != nil {
		if *n.Counted < 0 || *n.Counted > inventory.MaxQuantity {
			return nil, apperr.InvalidField("counted", "The counted quantity must be zero or more.")
		}
	}
	delta, err := n.Signed()
	if err != nil {
		return nil, err
	}
	if n.Document != nil {
		if n.Document.Type == "" || len(n.Document.Type) > 40 {
			return nil, apperr.InvalidField("document", "A move's document needs a short type.")
		}
	}
	lb, err := lockBatch(ctx, tx, n.BatchID)
	if err != nil {
		return nil, err
	}
	var counted any
	if n.Reason == inventory.ReasonCount && n.Counted != nil {
		delta = *n.Counted - lb.onHand
		counted = int64(*n.Counted)
	} else if n.Reason == inventory.ReasonCount {
		counted = int64(lb.onHand + delta)
	}
	if delta > 0 && lb.archived && n.Reason != inventory.ReasonCount {
		return nil, apperr.Errorf(apperr.Conflict, "The item of batch %s is archived; restore it before adding stock.", lb.code)
	}
	return insertMove(ctx, tx, lb, n.BatchID, n.Reason, delta, counted, n.Note, nil, n.Document, n.UserID)
}

func insertMove(ctx context.Context, tx *Tx, lb *lockedBatch, batchID int64, reason string, delta inventory.Quantity,
	counted any, note string, reverses *int64, doc *inventory.Document, userID *int64) (*inventory.Move, error) {
	after := lb.onHand + delta
	if after < 0 {
		return nil, errBelowZero(lb, delta)
	}
	if after > inventory.MaxQuantity {
		return nil, apperr.InvalidField("quantity", "That would make the batch too large.")
	}
	var docType string
	var docID any
	if doc != nil {
		docType = doc.Type
		if doc.ID != 0 {
			docID = doc.ID
		}
	}
	m := &inventory.Move{BatchID: batchID, ItemID: lb.itemID, Reason: reason, Quantity: delta, BalanceAfter: after,
		Note: note, ReversesID: reverses, Document: doc, UserID: userID, CreatedAt: tx.Now, BatchCode: lb.code, ItemUnit: lb.unit}
	if c, ok := counted.(int64); ok {
		q := inventory.Quantity(c)
		m.Counted = &q
	}
	err := tx.QueryRow(ctx, `INSERT INTO inventory_moves (batch_id, item_id, reason, quantity, balance_after, counted, note,
		reverses_id, doc_type, doc_id, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		batchID, lb.itemID, reason, delta, after, counted, note, reverses, docType, docID, userID, Millis(tx.Now)).Scan(&m.ID)
	if err != nil {
		if isUniqueViolation(err) && reverses != nil {
			return nil, apperr.Errorf(apperr.Conflict, "This move has already been reversed.")
		}
		return nil, err
	}
	if delta != 0 {
		if _, err := tx.Exec(ctx, `UPDATE inventory_batches SET on_hand = on_hand + ? WHERE id = ?`, delta, batchID); err != nil {
			return nil, err
		}
		if _, err := tx.Exec(ctx, `UPDATE inventory_items SET on_hand = on_hand + ? WHERE id = ?`, delta, lb.itemID); err != nil {
			return nil, err
		}
	}
	lb.onHand = after
	return m, nil
}

// Reverse undoes a move with a reversing move in its own transaction.
func (s *InventoryService) Reverse(ctx context.Context, moveID int64, note string, by inventory.Actor) (*inventory.Move, error) {
	var id int64
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		m, err := ReverseMoveTx(ctx, tx, moveID, note, by.UserID)
		if err == nil {
			id = m.ID
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return getMove(ctx, s.db, id)
}

// ReverseMoveTx writes, inside tx, the move that undoes moveID: the opposite
// quantity on the same batch, pointing to it and keeping its document.
// Conflicts: the move was already reversed, is itself a reversal, changed
// nothing, or undoing it would take the batch below zero.
func ReverseMoveTx(ctx context.Context, tx *Tx, moveID int64, note string, userID *int64) (*inventory.Move, error) {
	note = strings.TrimSpace(note)
	if len([]rune(note)) > inventory.MaxNote {
		return nil, apperr.InvalidField("note", "Note must be at most %d characters.", inventory.MaxNote)
	}
	var batchID int64
	var qty inventory.Quantity
	var reason, docType string
	var docID sql.NullInt64
	err := tx.QueryRow(ctx, `SELECT batch_id, quantity, reason, doc_type, doc_id FROM inventory_moves WHERE id = ?`, moveID).
		Scan(&batchID, &qty, &reason, &docType, &docID)
	if IsNoRows(err) {
		return nil, errMoveNotFound
	}
	if err != nil {
		return nil, err
	}
	// Every move of a batch is written under its lock, so once it is held no
	// other reversal of this move can be in flight.
	lb, err := lockBatch(ctx, tx, batchID)
	if err != nil {
		return nil, err
	}
	if reason == inventory.ReasonReversal {
		return nil, apperr.Errorf(apperr.Conflict, "A reversal cannot itself be reversed; record a new move instead.")
	}
	var by int64
	err = tx.QueryRow(ctx, `SELECT id FROM inventory_moves WHERE reverses_id = ?`, moveID).Scan(&by)
	if err == nil {
		return nil, apperr.Errorf(apperr.Conflict, "This move has already been reversed (by move %d).", by)
	}
	if !IsNoRows(err) {
		return nil, err
	}
	if qty == 0 {
		return nil, apperr.Errorf(apperr.Conflict, "This move changed nothing, so there is nothing to undo.")
	}
	if lb.onHand-qty < 0 {
		return nil, apperr.Errorf(apperr.Conflict, "Cannot undo: batch %s has only %s %s on hand and undoing this move takes out %s %s. Undo the later moves first.",
			lb.code, lb.onHand, lb.unit, qty, lb.unit)
	}
	var doc *inventory.Document
	if docType != "" {
		doc = &inventory.Document{Type: docType, ID: docID.Int64}
	}
	rid := moveID
	return insertMove(ctx, tx, lb, batchID, inventory.ReasonReversal, -qty, nil, note, &rid, doc, userID)
}

// moveWhere builds the WHERE clause of a ledger filter.
func moveWhere(f inventory.MoveFilter) (string, []any, error) {
	var conds []string
	var args []any
	if f.ItemID > 0 {
		conds = append(conds, `m.item_id = ?`)
		args = append(args, f.ItemID)
	}
	if f.BatchID > 0 {
		conds = append(conds, `m.batch_id = ?`)
		args = append(args, f.BatchID)
	}
	if f.Reason != "" {
		conds = append(conds, `m.reason = ?`)
		args = append(args, f.Reason)
	}
	zone := f.Zone
	if zone == nil {
		zone = time.UTC
	}
	if f.From != "" {
		t, err := time.ParseInLocation(time.DateOnly, f.From, zone)
		if err != nil {
			return "", nil, apperr.InvalidField("from", "from must be a date like 2025-08-15.")
		}
		conds = append(conds, `m.created_at >= ?`)
		args = append(args, Millis(t))
	}
	if f.To != "" {
		t, err := time.ParseInLocation(time.DateOnly, f.To, zone)
		if err != nil {
			return "", nil, apperr.InvalidField("to", "to must be a date like 2025-08-15.")
		}
		conds = append(conds, `m.created_at < ?`)
		args = append(args, Millis(t.AddDate(0, 0, 1)))
	}
	if f.Before > 0 {
		conds = append(conds, `m.id < ?`)
		args = append(args, f.Before)
	}
	if len(conds) == 0 {
		return "", args, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// ListMoves returns ledger entries matching f, newest first.
func (s *InventoryService) ListMoves(ctx context.Context, f inventory.MoveFilter) ([]inventory.Move, error) {
	if f.Limit < 1 || f.Limit > 500 {
		f.Limit = 100
	}
	if f.Zone == nil {
		z, err := s.db.zone(ctx)
		if err != nil {
			return nil, err
		}
		f.Zone = z
	}
	where, args, err := moveWhere(f)
	if err != nil {
		return nil, err
	}
	return queryMoves(ctx, s.db, where+` ORDER BY m.id DESC LIMIT ?`, append(args, f.Limit)...)
}

// EachMove walks every ledger entry matching f, oldest first.
func (s *InventoryService) EachMove(ctx context.Context, f inventory.MoveFilter, fn func(*inventory.Move) error) error {
	if f.Zone == nil {
		z, err := s.db.zone(ctx)
		if err != nil {
			return err
		}
		f.Zone = z
	}
	where, args, err := moveWhere(f)
	if err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT `+moveColumns+moveFrom+where+` ORDER BY m.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		m, err := scanMove(rows)
		if err != nil {
			return err
		}
		if err := fn(m); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ---- warnings

// Warnings lists low-stock items and in-stock batches expiring within
// withinDays (expired ones included), at most 200 of each.
func (s *InventoryService) Warnings(ctx context.Context, withinDays int) (*inventory.Warnings, error) {
	today, err := s.db.Today(ctx)
	if err != nil {
		return nil, err
	}
	out := &inventory.Warnings{LowStock: []inventory.Item{}, Expiring: []inventory.ExpiringBatch{}}
	rows, err := s.db.Query(ctx, `SELECT `+itemColumns+` FROM inventory_items i
		WHERE i.archived = ? AND i.reorder_level > 0 AND i.on_hand <= i.reorder_level ORDER BY i.name_key, i.id LIMIT 200`, false)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out.LowStock = append(out.LowStock, *it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = s.db.Query(ctx, `SELECT `+batchColumns+`, i.sku, i.name, i.unit FROM inventory_batches b
		JOIN inventory_items i ON i.id = b.item_id
		WHERE b.on_hand > 0 AND b.expires_at IS NOT NULL AND b.expires_at <= ? AND i.archived = ?
		ORDER BY b.expires_at, b.id LIMIT 200`, addDays(today, withinDays), false)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t0, _ := time.Parse(time.DateOnly, today)
	for rows.Next() {
		var e inventory.ExpiringBatch
		b, err := scanBatch(rows, &e.ItemSKU, &e.ItemName, &e.ItemUnit)
		if err != nil {
			return nil, err
		}
		e.Batch = *b
		if t, err := time.Parse(time.DateOnly, *b.ExpiresAt); err == nil {
			e.DaysLeft = int(t.Sub(t0).Hours() / 24)
		}
		e.Expired = e.DaysLeft < 0
		out.Expiring = append(out.Expiring, e)
	}
	return out, rows.Err()
}

// ---- import

// checkImport adds to p the errors only the database can tell: which SKUs
// exist (their rows only add stock) and which batch codes are taken.
func checkImport(ctx context.Context, q querier, p *inventory.ImportPreview) (map[string]int64, error) {
	existing := map[string]int64{}
	var keys []any
	seen := map[string]bool{}
	for _, r := range p.Rows {
		k := inventory.SKUKey(r.SKU)
		if k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for start := 0; start < len(keys); start += 500 {
		part := keys[start:min(start+500, len(keys))]
		rows, err := q.Query(ctx, `SELECT id, sku_key FROM inventory_items WHERE sku_key IN (`+placeholders(len(part))+`)`, part...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var k string
			if err := rows.Scan(&id, &k); err != nil {
				rows.Close()
				return nil, err
			}
			existing[k] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	for i := range p.Rows {
		r := &p.Rows[i]
		id, exists := existing[inventory.SKUKey(r.SKU)]
		if exists {
			r.NewItem = false
		} else if r.NewItem {
			r.CheckNewItem()
		}
		if exists && r.HasStock && r.BatchCode != "" {
			var c int
			if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches WHERE item_id = ? AND code_key = ?`,
				id, inventory.CodeKey(r.BatchCode)).Scan(&c); err != nil {
				return nil, err
			}
			if c > 0 {
				r.AddError("batch_code", "batch_code_taken", "Batch code %s already exists for %s.", r.BatchCode, r.SKU)
			}
		}
	}
	p.Finish()
	return existing, nil
}

// PreviewImport parses and checks an import file; it writes nothing.
func (s *InventoryService) PreviewImport(ctx context.Context, data []byte) (*inventory.ImportPreview, error) {
	today, err := s.db.Today(ctx)
	if err != nil {
		return nil, err
	}
	p := inventory.ParseImport(data, today)
	if len(p.Errors) == 0 {
		if _, err := checkImport(ctx, s.db, p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// CommitImport writes a whole import file in one transaction, or nothing if
// any row has an error (*inventory.ImportRejected).
func (s *InventoryService) CommitImport(ctx context.Context, data []byte, by inventory.Actor) (*inventory.ImportResult, error) {
	today, err := s.db.Today(ctx)
	if err != nil {
		return nil, err
	}
	var res inventory.ImportResult
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		res = inventory.ImportResult{}
		p := inventory.ParseImport(data, today)
		if len(p.Errors) > 0 {
			return &inventory.ImportRejected{Preview: p}
		}
		ids, err := checkImport(ctx, tx, p)
		if err != nil {
			return err
		}
		if !p.Valid {
			return &inventory.ImportRejected{Preview: p}
		}
		for i := range p.Rows {
			r := &p.Rows[i]
			key := inventory.SKUKey(r.SKU)
			if r.NewItem {
				it, err := CreateItemTx(ctx, tx, inventory.NewItem{SKU: r.SKU, Name: r.Name, Kind: r.Kind, Unit: r.Unit,
					Category: r.Category, Location: r.Location, ReorderLevel: r.ReorderLevel})
				if err != nil {
					return fmt.Errorf("import line %d: %w", r.Line, err)
				}
				ids[key] = it.ID
				res.ItemsCreated++
			}
			if r.HasStock {
				_, _, err := ReceiveBatchTx(ctx, tx, ids[key], inventory.NewBatch{Code: r.BatchCode, Quantity: r.Quantity,
					ReceivedAt: r.ReceivedAt, ExpiresAt: r.ExpiresAt, Source: r.Source, SourceType: r.SourceType,
					Note: "Opening stock (import)"}, today, by.UserID, &inventory.Document{Type: "import"})
				if err != nil {
					return fmt.Errorf("import line %d: %w", r.Line, err)
				}
				res.BatchesCreated++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}
