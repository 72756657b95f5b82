package storage

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/storage/engine"
)

// ProductionStore implements production.Store. Its Tx embeds the
// inventory's over the same database transaction, so an entry's stock moves
// (written by package inventory's ledger functions) commit with the entry.
type ProductionStore struct {
	db *DB
}

var _ production.Store = (*ProductionStore)(nil)

// NewProductionStore returns the production store over db.
func NewProductionStore(db *DB) *ProductionStore { return &ProductionStore{db: db} }

// prodTx is production.Tx over one database transaction.
type prodTx struct {
	inventory.Tx
	production.PunchLabour
	tx *Tx
}

var _ production.Tx = prodTx{}

func newProdTx(tx *Tx) prodTx {
	return prodTx{Tx: InventoryTx(tx), PunchLabour: production.PunchLabour{LabourDays: labourDays{tx: tx}}, tx: tx}
}

// InTx runs fn in one write transaction.
func (s *ProductionStore) InTx(ctx context.Context, fn func(tx production.Tx) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return fn(newProdTx(tx)) })
}

// ---- lines

const lineColumns = `id, name, hourly_target, archived, created_at`

func scanLine(r rowScanner) (*production.Line, error) {
	var l production.Line
	var target sql.NullInt64
	var created int64
	if err := r.Scan(&l.ID, &l.Name, &target, &l.Archived, &created); err != nil {
		return nil, err
	}
	if target.Valid {
		l.HourlyTarget = &target.Int64
	}
	l.CreatedAt = FromMillis(created)
	return &l, nil
}

// CreateLine adds a line; a name already used (ignoring case) is
// production.line_taken (409).
func (s *ProductionStore) CreateLine(ctx context.Context, n production.NewLine) (*production.Line, error) {
	var out *production.Line
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		var err error
		out, err = scanLine(tx.QueryRow(ctx, `INSERT INTO production_lines (name, name_key, hourly_target, archived, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING `+lineColumns, n.Name, strings.ToLower(n.Name), n.HourlyTarget, false, Millis(tx.Now)))
		if engine.IsUniqueViolation(err) {
			return production.ErrLineNameTaken
		}
		return err
	})
	return out, err
}

// Lines lists the lines that are not archived, by name.
func (s *ProductionStore) Lines(ctx context.Context) ([]production.Line, error) {
	return s.lines(ctx, ` WHERE archived = ?`, false)
}

// AllLines lists every line, archived ones too, by name.
func (s *ProductionStore) AllLines(ctx context.Context) ([]production.Line, error) {
	return s.lines(ctx, ``)
}

func (s *ProductionStore) lines(ctx context.Context, where string, args ...any) ([]production.Line, error) {
	return scanAll(ctx, s.db, scanLine, `SELECT `+lineColumns+` FROM production_lines`+where+` ORDER BY name_key, id`, args...)
}

func (t prodTx) LockLine(ctx context.Context, id int64) (*production.Line, error) {
	l, err := scanLine(t.tx.QueryRow(ctx, `SELECT `+lineColumns+` FROM production_lines WHERE id = ?`+t.tx.ForUpdate(), id))
	if IsNoRows(err) {
		return nil, nil
	}
	return l, err
}

// UpdateLine stores a line's name, target and archived flag.
func (t prodTx) UpdateLine(ctx context.Context, l production.Line) error {
	_, err := t.tx.Exec(ctx, `UPDATE production_lines SET name = ?, name_key = ?, hourly_target = ?, archived = ? WHERE id = ?`,
		l.Name, strings.ToLower(l.Name), l.HourlyTarget, l.Archived, l.ID)
	if engine.IsUniqueViolation(err) {
		return production.ErrLineNameTaken
	}
	return err
}

// EmployeeNames are first and last names by employee id.
func (s *ProductionStore) EmployeeNames(ctx context.Context, ids []int64) (map[int64][2]string, error) {
	out := map[int64][2]string{}
	if len(ids) == 0 {
		return out, nil
	}
	err := eachIn(ctx, s.db, `SELECT id, first_name, last_name FROM employees WHERE %s`, "id", ids, func(rows *sql.Rows) error {
		var id int64
		var n [2]string
		err := rows.Scan(&id, &n[0], &n[1])
		out[id] = n
		return err
	})
	return out, err
}

// ---- items and recipes

func items(ctx context.Context, q querier, ids []int64) (map[int64]*inventory.Item, error) {
	out := map[int64]*inventory.Item{}
	if len(ids) == 0 {
		return out, nil
	}
	err := eachIn(ctx, q, `SELECT `+itemColumns+` FROM inventory_items i WHERE %s`, "i.id", ids, func(rows *sql.Rows) error {
		it, err := scanItem(rows)
		if err == nil {
			out[it.ID] = it
		}
		return err
	})
	return out, err
}

// Items returns the items with the given ids (absent ones missing).
func (s *ProductionStore) Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error) {
	return items(ctx, s.db, ids)
}

func (t prodTx) Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error) {
	return items(ctx, t.tx, ids)
}

// Products lists finished goods (not archived) that have a recipe, by name.
func (s *ProductionStore) Products(ctx context.Context) ([]inventory.Item, error) {
	return scanAll(ctx, s.db, scanItem, `SELECT `+itemColumns+` FROM inventory_items i WHERE i.kind = ? AND i.archived = ?
		AND EXISTS (SELECT 1 FROM production_recipes r WHERE r.item_id = i.id) ORDER BY i.name_key, i.id`, inventory.KindFinished, false)
}

func recipe(ctx context.Context, q querier, where string, args ...any) (*production.Recipe, error) {
	var r production.Recipe
	var created int64
	err := q.QueryRow(ctx, `SELECT id, item_id, version, created_at FROM production_recipes `+where, args...).
		Scan(&r.ID, &r.ItemID, &r.Version, &created)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.CreatedAt = FromMillis(created)
	err = eachRow(ctx, q, `SELECT c.item_id, c.quantity, i.sku, i.name, i.unit FROM production_recipe_components c
		JOIN inventory_items i ON i.id = c.item_id WHERE c.recipe_id = ? ORDER BY c.position`, []any{r.ID}, func(rows *sql.Rows) error {
		var c production.Component
		err := rows.Scan(&c.ItemID, &c.Quantity, &c.SKU, &c.Name, &c.Unit)
		r.Components = append(r.Components, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &r, nil
}

const currentRecipe = `WHERE item_id = ? ORDER BY version DESC LIMIT 1`

// RecipeVersions lists every version of an item's recipe, newest first.
func (s *ProductionStore) RecipeVersions(ctx context.Context, itemID int64) ([]production.Recipe, error) {
	var versions []int
	err := eachRow(ctx, s.db, `SELECT version FROM production_recipes WHERE item_id = ? ORDER BY version DESC`, []any{itemID}, func(rows *sql.Rows) error {
		var v int
		err := rows.Scan(&v)
		versions = append(versions, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	out := []production.Recipe{}
	for _, v := range versions {
		r, err := recipe(ctx, s.db, `WHERE item_id = ? AND version = ?`, itemID, v)
		if err != nil {
			return nil, err
		}
		if r != nil {
			out = append(out, *r)
		}
	}
	return out, nil
}

// Recipe returns an item's current recipe, or nil.
func (s *ProductionStore) Recipe(ctx context.Context, itemID int64) (*production.Recipe, error) {
	return recipe(ctx, s.db, currentRecipe, itemID)
}

func (t prodTx) CurrentRecipe(ctx context.Context, itemID int64) (*production.Recipe, error) {
	// Lock the product row: versions of one recipe are made one at a time.
	var id int64
	if err := t.tx.QueryRow(ctx, `SELECT id FROM inventory_items WHERE id = ?`+t.tx.ForUpdate(), itemID).Scan(&id); err != nil && !IsNoRows(err) {
		return nil, err
	}
	return recipe(ctx, t.tx, currentRecipe, itemID)
}

func (t prodTx) InsertRecipe(ctx context.Context, r *production.Recipe, by production.Actor) error {
	err := t.tx.QueryRow(ctx, `INSERT INTO production_recipes (item_id, version, created_by, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
		r.ItemID, r.Version, by.UserID, Millis(t.tx.Now)).Scan(&r.ID)
	if err != nil {
		return err
	}
	r.CreatedAt = t.tx.Now
	for i, c := range r.Components {
		if _, err := t.tx.Exec(ctx, `INSERT INTO production_recipe_components (recipe_id, position, item_id, quantity) VALUES (?, ?, ?, ?)`,
			r.ID, i, c.ItemID, c.Quantity); err != nil {
			return err
		}
	}
	return nil
}

// ---- stock

const stockColumns = `b.id, b.item_id, b.code, b.on_hand, b.received_at, b.expires_at`

func scanStock(rows *sql.Rows) ([]production.StockBatch, error) {
	defer rows.Close()
	out := []production.StockBatch{}
	for rows.Next() {
		var b production.StockBatch
		var exp sql.NullString
		if err := rows.Scan(&b.ID, &b.ItemID, &b.Code, &b.OnHand, &b.ReceivedAt, &exp); err != nil {
			return nil, err
		}
		if exp.Valid {
			b.ExpiresAt = &exp.String
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Stock lists the batches with stock of the given items.
func (s *ProductionStore) Stock(ctx context.Context, itemIDs []int64) ([]production.StockBatch, error) {
	if len(itemIDs) == 0 {
		return []production.StockBatch{}, nil
	}
	ofItems, arg := anyOf(s.db, "b.item_id", itemIDs)
	rows, err := s.db.Query(ctx, `SELECT `+stockColumns+` FROM inventory_batches b WHERE b.on_hand > 0 AND `+notHeld+`
		AND `+ofItems+batchOrder, arg)
	if err != nil {
		return nil, err
	}
	return scanStock(rows)
}

// LockStock locks the items in id order (the inventory's lock order: items
// before their batches, so concurrent entries never deadlock), then their
// batches with stock and the named ones.
func (t prodTx) LockStock(ctx context.Context, itemIDs, batchIDs []int64) ([]production.StockBatch, error) {
	ids := slices.Clone(itemIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return []production.StockBatch{}, nil
	}
	for _, id := range ids {
		if _, err := t.LockItem(ctx, id); err != nil {
			return nil, err
		}
	}
	ofItems, arg := anyOf(t.tx, "b.item_id", ids)
	cond, args := `b.on_hand > 0 AND `+notHeld, []any{arg}
	if len(batchIDs) > 0 {
		named, arg := anyOf(t.tx, "b.id", batchIDs)
		cond, args = `((b.on_hand > 0 AND `+notHeld+`) OR `+named+`)`, append(args, arg)
	}
	rows, err := t.tx.Query(ctx, `SELECT `+stockColumns+` FROM inventory_batches b WHERE `+ofItems+`
		AND `+cond+` ORDER BY b.id`+t.tx.ForUpdate(), args...)
	if err != nil {
		return nil, err
	}
	return scanStock(rows)
}

// BatchByCode is an item's batch with the code, or nil.
func (t prodTx) BatchByCode(ctx context.Context, itemID int64, code string) (*inventory.Batch, error) {
	b, err := scanBatch(t.tx.QueryRow(ctx, `SELECT `+batchColumns+` FROM inventory_batches b WHERE b.item_id = ? AND b.code_key = ?`,
		itemID, inventory.CodeKey(code)))
	if IsNoRows(err) {
		return nil, nil
	}
	return b, err
}

// ---- entries

func (t prodTx) InsertEntry(ctx context.Context, e *production.Entry, by production.Actor) error {
	e.CreatedAt = t.tx.Now
	return t.tx.QueryRow(ctx, `INSERT INTO production_entries (date, hour, line_id, product_id, units, note, recipe_id,
		created_by, created_at, project_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		e.Date, e.Hour, e.LineID, e.ProductID, e.Units, e.Note, e.RecipeID(), by.UserID, Millis(t.tx.Now), e.ProjectID).Scan(&e.ID)
}

// ProjectOption reads a project an entry may name.
func (t prodTx) ProjectOption(ctx context.Context, id int64) (*projects.Option, error) {
	return projectOption(ctx, t.tx, id)
}

func (t prodTx) SetProducedBatch(ctx context.Context, entryID, batchID int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE production_entries SET produced_batch_id = ? WHERE id = ?`, batchID, entryID)
	return err
}

func (t prodTx) LockEntry(ctx context.Context, id int64) (*production.Entry, error) {
	if ok, err := t.tx.lockRow(ctx, "production_entries", id); !ok {
		return nil, err
	}
	es, err := queryEntries(ctx, t.tx, ` WHERE e.id = ?`, id)
	if err != nil {
		return nil, err
	}
	return &es[0], nil
}

func (t prodTx) MarkReversed(ctx context.Context, id int64, reason string, by production.Actor) error {
	_, err := t.tx.Exec(ctx, `UPDATE production_entries SET reversed_at = ?, reversed_by = ?, reverse_reason = ? WHERE id = ?`,
		Millis(t.tx.Now), by.UserID, reason, id)
	return err
}
