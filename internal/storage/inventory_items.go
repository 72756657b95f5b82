package storage

import (
	"context"
	"database/sql"
	"strings"
	"unicode/utf8"

	"github.com/packline/packline/internal/inventory"
)

const itemColumns = `i.id, i.sku, i.name, i.kind, i.unit, i.category, i.location, i.reorder_level, i.notes,
	i.archived, i.on_hand, i.created_at, i.updated_at, i.servings_per_unit, i.unit_cost, i.shelf_life_days`

func scanItem(r rowScanner) (*inventory.Item, error) {
	var it inventory.Item
	var created, updated int64
	var servings, cost, shelf sql.NullInt64
	if err := r.Scan(&it.ID, &it.SKU, &it.Name, &it.Kind, &it.Unit, &it.Category, &it.Location, &it.ReorderLevel,
		&it.Notes, &it.Archived, &it.OnHand, &created, &updated, &servings, &cost, &shelf); err != nil {
		return nil, err
	}
	it.ServingsPerUnit, it.UnitCost, it.ShelfLifeDays = nullID(servings), nullID(cost), nullID(shelf)
	it.CreatedAt, it.UpdatedAt = FromMillis(created), FromMillis(updated)
	it.LowStock = it.IsLow()
	it.Batches = []inventory.Batch{}
	return &it, nil
}

// getItem reads one item, nil if there is none.
func getItem(ctx context.Context, q querier, id int64, suffix string) (*inventory.Item, error) {
	it, err := scanItem(q.QueryRow(ctx, `SELECT `+itemColumns+` FROM inventory_items i WHERE i.id = ?`+suffix, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return it, err
}

// Item reads one item without its batches.
func (s *InventoryStore) Item(ctx context.Context, id int64) (*inventory.Item, error) {
	return getItem(ctx, s.db, id, "")
}

// LockItem reads an item and locks its row.
func (t *invTx) LockItem(ctx context.Context, id int64) (*inventory.Item, error) {
	return getItem(ctx, t.tx, id, t.tx.ForUpdate())
}

// SKUTaken reports whether an item other than except has the SKU key.
func (t *invTx) SKUTaken(ctx context.Context, key string, except int64) (bool, error) {
	var n int
	err := t.tx.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_items WHERE sku_key = ? AND id <> ?`, key, except).Scan(&n)
	return n > 0, err
}

// InsertItem writes a new item.
func (t *invTx) InsertItem(ctx context.Context, it *inventory.Item) error {
	if err := t.insertItems(ctx, []*inventory.Item{it}, nil); err != nil {
		return err
	}
	if it.ServingsPerUnit == nil && it.UnitCost == nil && it.ShelfLifeDays == nil {
		return nil
	}
	// The impact figures and the shelf life are not among an import's columns (itemRow).
	_, err := t.tx.Exec(ctx, `UPDATE inventory_items SET servings_per_unit = ?, unit_cost = ?, shelf_life_days = ? WHERE id = ?`,
		it.ServingsPerUnit, it.UnitCost, it.ShelfLifeDays, it.ID)
	return err
}

// itemRow is a new item's values for the columns sku to updated_at of
// inventory_items (and of the import stage's items), with the summary its
// first batches give it (nil for none).
func itemRow(it *inventory.Item, sum *inventory.ReceiptSums) []any {
	if sum == nil {
		sum = &inventory.ReceiptSums{}
	}
	codes := ""
	if len(sum.Codes) > 0 {
		codes = " " + strings.Join(sum.Codes, " ")
	}
	return []any{it.SKU, inventory.SKUKey(it.SKU), it.Name, strings.ToLower(it.Name), it.Kind, it.Unit,
		it.Category, it.Location, it.ReorderLevel, it.Notes, inventory.SearchText(it), sum.Quantity, codes, sum.NextExpiry,
		Millis(it.CreatedAt), Millis(it.UpdatedAt)}
}

// insertItems writes new items, 200 to a statement, with the summaries
// their first batches give them (sums, nil for none).
func (t *invTx) insertItems(ctx context.Context, items []*inventory.Item, sums map[*inventory.Item]*inventory.ReceiptSums) error {
	return inChunks(items, 200, func(part []*inventory.Item) error {
		var q strings.Builder
		q.WriteString(`INSERT INTO inventory_items (sku, sku_key, name, name_key, kind, unit, category, location,
			reorder_level, notes, search_text, on_hand, batch_codes, next_expiry, created_at, updated_at) VALUES `)
		args := make([]any, 0, 16*len(part))
		for i, it := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, itemRow(it, sums[it])...)
		}
		q.WriteString(" RETURNING id, sku_key")
		rows, err := t.insertReturning(ctx, q.String(), args)
		if err != nil {
			return err
		}
		defer rows.Close()
		byKey := make(map[string]*inventory.Item, len(part))
		for _, it := range part {
			byKey[inventory.SKUKey(it.SKU)] = it
		}
		for rows.Next() {
			var id int64
			var key string
			if err := rows.Scan(&id, &key); err != nil {
				return err
			}
			if it := byKey[key]; it != nil {
				it.ID = id
			}
		}
		return mapDuplicate(rows.Err())
	})
}

// UpdateItem writes an item's fields and archived flag.
func (t *invTx) UpdateItem(ctx context.Context, it *inventory.Item) error {
	_, err := t.tx.Exec(ctx, `UPDATE inventory_items SET sku = ?, sku_key = ?, name = ?, name_key = ?, kind = ?, unit = ?,
		category = ?, location = ?, reorder_level = ?, notes = ?, search_text = ?, archived = ?, updated_at = ?,
		servings_per_unit = ?, unit_cost = ?, shelf_life_days = ? WHERE id = ?`,
		it.SKU, inventory.SKUKey(it.SKU), it.Name, strings.ToLower(it.Name), it.Kind, it.Unit, it.Category,
		it.Location, it.ReorderLevel, it.Notes, inventory.SearchText(it), it.Archived, Millis(it.UpdatedAt),
		it.ServingsPerUnit, it.UnitCost, it.ShelfLifeDays, it.ID)
	return mapDuplicate(err)
}

// listWhere builds the WHERE clause of a list filter. Each filter reads an
// index (migration 0023): search the trigram index (SQLite FTS5, PostgreSQL
// pg_trgm), low stock a partial index, expiring the items' next expiry.
func listWhere(d Dialect, f inventory.ListFilter) (string, []any) {
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
		// Batch codes are kept on the item too, so items alone answer.
		switch {
		case utf8.RuneCountInString(q) < 3: // shorter than a trigram: a scan
			conds = append(conds, `(i.search_text LIKE ? ESCAPE '\' OR i.batch_codes LIKE ? ESCAPE '\')`)
			args = append(args, "%"+escapeLike(strings.ToLower(q))+"%", "%"+escapeLike(inventory.CodeKey(q))+"%")
		case d == Postgres:
			conds = append(conds, `i.search_doc LIKE ? ESCAPE '\'`)
			args = append(args, "%"+escapeLike(strings.ToLower(q))+"%")
		default: // a phrase of trigrams matches exactly the documents holding q
			conds = append(conds, `i.id IN (SELECT rowid FROM inventory_search WHERE inventory_search MATCH ?)`)
			args = append(args, `"`+strings.ReplaceAll(strings.ToLower(q), `"`, `""`)+`"`)
		}
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
		conds = append(conds, lowStockSQL)
	}
	if f.ExpiringWithinDays != nil {
		conds = append(conds, `i.next_expiry IS NOT NULL AND i.next_expiry <= ?`)
		args = append(args, f.ExpiresBy)
	}
	return whereSQL(conds), args
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
	dir := sortDir(f.Desc)
	return " ORDER BY " + strings.Join(append(cols, "i.id"), dir+", ") + dir
}

// itemsFrom is the FROM of a list query. On SQLite a low-stock filter names
// its partial index: the planner would otherwise range over reorder levels
// and read every item's row to compare its stock.
func itemsFrom(d Dialect, f inventory.ListFilter) string {
	if f.LowStock && d == SQLite {
		return ` FROM inventory_items i INDEXED BY inventory_items_low`
	}
	return ` FROM inventory_items i`
}

// Items is one page of the items f selects and how many it selects.
func (s *InventoryStore) Items(ctx context.Context, f inventory.ListFilter) ([]inventory.Item, int, error) {
	where, args := listWhere(s.db.Dialect, f)
	from := itemsFrom(s.db.Dialect, f)
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*)`+from+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	if total == 0 {
		return []inventory.Item{}, 0, nil
	}
	// The page's ids come from the sort's index alone, however far in the
	// page is; only its rows are read.
	items, err := scanAll(ctx, s.db, scanItem, `SELECT `+itemColumns+` FROM inventory_items i WHERE i.id IN (SELECT i.id`+
		from+where+listOrder(f)+` LIMIT ? OFFSET ?)`+listOrder(f), append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	return items, total, err
}

// EachItem walks every item f selects, in f's order.
func (s *InventoryStore) EachItem(ctx context.Context, f inventory.ListFilter, fn func(*inventory.Item) error) error {
	where, args := listWhere(s.db.Dialect, f)
	return eachRow(ctx, s.db, `SELECT `+itemColumns+itemsFrom(s.db.Dialect, f)+where+listOrder(f), args, func(rows *sql.Rows) error {
		it, err := scanItem(rows)
		if err != nil {
			return err
		}
		return fn(it)
	})
}

// Facets lists the categories, locations and units in use.
func (s *InventoryStore) Facets(ctx context.Context) (inventory.Facets, error) {
	out := inventory.Facets{Categories: []string{}, Locations: []string{}, Units: []string{}}
	for _, c := range []struct {
		col string
		dst *[]string
	}{{"category", &out.Categories}, {"location", &out.Locations}, {"unit", &out.Units}} {
		vals, err := scanAll(ctx, s.db, scanString,
			`SELECT DISTINCT `+c.col+` FROM inventory_items WHERE `+c.col+` <> '' ORDER BY `+c.col+` LIMIT 500`)
		if err != nil {
			return out, err
		}
		*c.dst = vals
	}
	return out, nil
}

func scanString(r rowScanner) (*string, error) {
	var s string
	err := r.Scan(&s)
	return &s, err
}

// lowStockSQL is inventory.Item.IsLow in SQL (the partial index
// inventory_items_low serves it); TestLowStockSQLIsIsLow holds the two equal.
const lowStockSQL = `i.reorder_level > 0 AND i.on_hand <= i.reorder_level`

// LowStock lists unarchived items at or below their reorder level.
func (s *InventoryStore) LowStock(ctx context.Context, limit int) ([]inventory.Item, error) {
	return scanAll(ctx, s.db, scanItem, `SELECT `+itemColumns+` FROM inventory_items i
		WHERE i.archived = ? AND `+lowStockSQL+` ORDER BY i.name_key, i.id LIMIT ?`,
		false, limit)
}
