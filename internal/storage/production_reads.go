package storage

// Production reads: entries with their moves, output summaries, a batch's
// uses, and the punches and line assignments labour hours come from.

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/timeclock"
)

const entryColumns = `e.id, e.date, e.hour, e.line_id, l.name, e.product_id, i.sku, i.name, i.unit, e.units, e.note,
	r.version, e.recipe_id, COALESCE(e.produced_batch_id, 0), COALESCE(pb.code, ''), e.reversed_at, e.reverse_reason,
	COALESCE(u.first_name || ' ' || u.last_name, ''), e.created_at, e.project_id, COALESCE(pj.name, '')`

const entryFrom = ` FROM production_entries e
	JOIN production_lines l ON l.id = e.line_id
	JOIN inventory_items i ON i.id = e.product_id
	JOIN production_recipes r ON r.id = e.recipe_id
	LEFT JOIN inventory_batches pb ON pb.id = e.produced_batch_id
	LEFT JOIN users u ON u.id = e.created_by
	LEFT JOIN projects pj ON pj.id = e.project_id`

// queryEntries reads entries and their moves (two queries).
func queryEntries(ctx context.Context, q querier, where string, args ...any) ([]production.Entry, error) {
	rows, err := q.Query(ctx, `SELECT `+entryColumns+entryFrom+where+` ORDER BY e.date, e.hour, l.name_key, e.id`, args...)
	if err != nil {
		return nil, err
	}
	out := []production.Entry{}
	index := map[int64]int{}
	for rows.Next() {
		var e production.Entry
		var recipeID, created int64
		var reversed, project sql.NullInt64
		if err := rows.Scan(&e.ID, &e.Date, &e.Hour, &e.LineID, &e.LineName, &e.ProductID, &e.ProductSKU, &e.ProductName,
			&e.ProductUnit, &e.Units, &e.Note, &e.RecipeVersion, &recipeID, &e.ProducedBatchID, &e.ProducedBatchCode,
			&reversed, &e.ReverseReason, &e.CreatedBy, &created, &project, &e.ProjectName); err != nil {
			rows.Close()
			return nil, err
		}
		e.SetRecipeID(recipeID)
		e.ProjectID = nullID(project)
		e.ReversedAt = NullMillis(reversed)
		e.Reversed = reversed.Valid
		e.CreatedBy = strings.TrimSpace(e.CreatedBy)
		e.CreatedAt = FromMillis(created)
		e.Moves = []production.EntryMove{}
		index[e.ID] = len(out)
		out = append(out, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return out, nil
	}
	// Moves of these entries: by document, in id order.
	ids := make([]int64, 0, len(out))
	for _, e := range out {
		ids = append(ids, e.ID)
	}
	err = eachIn(ctx, q, `SELECT m.id, m.doc_id, m.batch_id, m.item_id, m.quantity, m.balance_after, m.reason, b.code, i.sku, i.name, i.unit
		FROM inventory_moves m JOIN inventory_batches b ON b.id = m.batch_id JOIN inventory_items i ON i.id = m.item_id
		WHERE m.doc_type = ? AND %s ORDER BY m.id`, "m.doc_id", ids, func(rows *sql.Rows) error {
		var m production.EntryMove
		var doc int64
		var reason string
		if err := rows.Scan(&m.ID, &doc, &m.BatchID, &m.ItemID, &m.Quantity, &m.After, &reason, &m.BatchCode, &m.ItemSKU,
			&m.ItemName, &m.ItemUnit); err != nil {
			return err
		}
		m.Before = m.After - m.Quantity
		m.Reversal = reason == inventory.ReasonReversal
		if i, ok := index[doc]; ok {
			out[i].Moves = append(out[i].Moves, m)
		}
		return nil
	}, production.DocType)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Entry returns one entry with its moves.
func (s *ProductionStore) Entry(ctx context.Context, id int64) (*production.Entry, error) {
	es, err := queryEntries(ctx, s.db, ` WHERE e.id = ?`, id)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, nil
	}
	return &es[0], nil
}

// Entries lists the entries dated from..to with their moves.
func (s *ProductionStore) Entries(ctx context.Context, from, to string) ([]production.Entry, error) {
	return queryEntries(ctx, s.db, ` WHERE e.date >= ? AND e.date <= ?`, from, to)
}

// BatchUses lists the entries that consumed or produced a batch, newest first.
func (s *ProductionStore) BatchUses(ctx context.Context, batchID int64) ([]production.BatchUse, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*production.BatchUse, error) {
		var u production.BatchUse
		return &u, r.Scan(&u.EntryID, &u.Date, &u.Hour, &u.LineID, &u.LineName, &u.ProductID, &u.Quantity, &u.Reversed)
	}, `SELECT e.id, e.date, e.hour, e.line_id, l.name, e.product_id, m.quantity, e.reversed_at IS NOT NULL
		FROM inventory_moves m JOIN production_entries e ON e.id = m.doc_id JOIN production_lines l ON l.id = e.line_id
		WHERE m.batch_id = ? AND m.doc_type = ? AND m.reason <> ? ORDER BY e.date DESC, e.hour DESC, e.id DESC`,
		batchID, production.DocType, inventory.ReasonReversal)
}

// ---- labour

// Punches returns every employee's non-voided punches in [from, to), and the
// start of each one's open shift.
func (s *ProductionStore) Punches(ctx context.Context, from, to time.Time) ([]production.EmployeePunches, error) {
	open := map[int64]*time.Time{}
	err := eachRow(ctx, s.db, `SELECT id, last_event_at FROM employees WHERE clock_status = ? AND last_event_at IS NOT NULL`,
		[]any{timeclock.ClockedIn}, func(rows *sql.Rows) error {
			var id, at int64
			err := rows.Scan(&id, &at)
			t := FromMillis(at)
			open[id] = &t
			return err
		})
	if err != nil {
		return nil, err
	}
	var out []production.EmployeePunches
	err = eachRow(ctx, s.db, `SELECT id, employee_id, kind, at FROM punches
		WHERE voided_at IS NULL AND at >= ? AND at < ? ORDER BY employee_id, at, id`, []any{Millis(from), Millis(to)}, func(rows *sql.Rows) error {
		var p timeclock.Punch
		var at int64
		if err := rows.Scan(&p.ID, &p.EmployeeID, &p.Kind, &at); err != nil {
			return err
		}
		p.At = FromMillis(at)
		if len(out) == 0 || out[len(out)-1].EmployeeID != p.EmployeeID {
			out = append(out, production.EmployeePunches{EmployeeID: p.EmployeeID, OpenSince: open[p.EmployeeID]})
		}
		cur := &out[len(out)-1]
		cur.Punches = append(cur.Punches, p)
		return nil
	})
	return out, err
}

// Assignments lists line assignments dated from..to.
func (s *ProductionStore) Assignments(ctx context.Context, from, to string) ([]production.Assignment, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*production.Assignment, error) {
		var a production.Assignment
		var line int64
		a.LineID = &line
		return &a, r.Scan(&a.Date, &a.EmployeeID, &line)
	}, `SELECT date, employee_id, line_id FROM production_assignments WHERE date >= ? AND date <= ?
		ORDER BY date, employee_id`, from, to)
}

// LockEmployee implements production.Tx.
func (t prodTx) LockEmployee(ctx context.Context, id int64) (found, active bool, err error) {
	err = t.tx.QueryRow(ctx, `SELECT active FROM employees WHERE id = ?`+t.tx.ForUpdate(), id).Scan(&active)
	if IsNoRows(err) {
		return false, false, nil
	}
	return err == nil, active, err
}

// SetAssignment implements production.Tx.
func (t prodTx) SetAssignment(ctx context.Context, a production.Assignment) error {
	if _, err := t.tx.Exec(ctx, `DELETE FROM production_assignments WHERE date = ? AND employee_id = ?`, a.Date, a.EmployeeID); err != nil {
		return err
	}
	if a.LineID != nil {
		if _, err := t.tx.Exec(ctx, `INSERT INTO production_assignments (date, employee_id, line_id) VALUES (?, ?, ?)`,
			a.Date, a.EmployeeID, *a.LineID); err != nil {
			return err
		}
	}
	return nil
}

// ActiveEmployees are the active employees' first and last names by id.
func (s *ProductionStore) ActiveEmployees(ctx context.Context) (map[int64][2]string, error) {
	out := map[int64][2]string{}
	err := eachRow(ctx, s.db, `SELECT id, first_name, last_name FROM employees WHERE active = ?`, []any{true}, func(rows *sql.Rows) error {
		var id int64
		var n [2]string
		err := rows.Scan(&id, &n[0], &n[1])
		out[id] = n
		return err
	})
	return out, err
}
