package storage

import (
	"context"
	"database/sql"
	"strings"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/messaging"
)

const moveColumns = `m.id, m.batch_id, m.item_id, m.reason, m.quantity, m.balance_after, m.counted, m.note, m.reverses_id,
	r.id, m.doc_type, m.doc_id, m.user_id, COALESCE(u.first_name || ' ' || u.last_name, ''), m.created_at,
	b.code, i.sku, i.name, i.unit, COALESCE(sh.number, ''), COALESCE(pe.date, ''), COALESCE(pe.line_id, 0), COALESCE(o.reason, '')`

// moveFrom joins a move's names, and the shipment or production entry that
// owns it (inventory.Owner), found by its document.
const moveFrom = ` FROM inventory_moves m
	JOIN inventory_batches b ON b.id = m.batch_id
	JOIN inventory_items i ON i.id = m.item_id
	LEFT JOIN inventory_moves r ON r.reverses_id = m.id
	LEFT JOIN inventory_moves o ON o.id = m.reverses_id
	LEFT JOIN users u ON u.id = m.user_id
	LEFT JOIN shipping_shipments sh ON m.doc_type = '` + inventory.DocShipment + `' AND sh.id = m.doc_id
	LEFT JOIN production_entries pe ON m.doc_type = '` + inventory.DocProduction + `' AND pe.id = m.doc_id`

func scanMove(r rowScanner) (*inventory.Move, error) {
	var m inventory.Move
	var counted, reverses, reversedBy, docID, userID sql.NullInt64
	var docType, shipment, entryDate, reversesReason string
	var created, entryLine int64
	if err := r.Scan(&m.ID, &m.BatchID, &m.ItemID, &m.Reason, &m.Quantity, &m.BalanceAfter, &counted, &m.Note,
		&reverses, &reversedBy, &docType, &docID, &userID, &m.UserName, &created,
		&m.BatchCode, &m.ItemSKU, &m.ItemName, &m.ItemUnit, &shipment, &entryDate, &entryLine, &reversesReason); err != nil {
		return nil, err
	}
	if counted.Valid {
		c := inventory.Quantity(counted.Int64)
		m.Counted = &c
	}
	m.ReversesID = nullID(reverses)
	if reversesReason != "" {
		m.ReversesReason = &reversesReason
	}
	m.ReversedByID = nullID(reversedBy)
	m.UserID = nullID(userID)
	if docType != "" {
		m.Document = &inventory.Document{Type: docType, ID: docID.Int64}
		if m.Owner = inventory.OwnerOf(m.Document); m.Owner != nil {
			m.Owner.Number, m.Owner.Date, m.Owner.LineID = shipment, entryDate, entryLine
		}
	}
	m.UserName = strings.TrimSpace(m.UserName)
	m.CreatedAt = FromMillis(created)
	return &m, nil
}

func getMove(ctx context.Context, q querier, id int64) (*inventory.Move, error) {
	m, err := scanMove(q.QueryRow(ctx, `SELECT `+moveColumns+moveFrom+` WHERE m.id = ?`, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return m, err
}

// Move reads one move with the names joined to it.
func (s *InventoryStore) Move(ctx context.Context, id int64) (*inventory.Move, error) {
	return getMove(ctx, s.db, id)
}

// Move reads one move inside the transaction.
func (t *invTx) Move(ctx context.Context, id int64) (*inventory.Move, error) {
	return getMove(ctx, t.tx, id)
}

// BatchMoves lists up to limit moves of a batch after a move id, oldest first.
func (s *InventoryStore) BatchMoves(ctx context.Context, batchID, after int64, limit int) ([]inventory.Move, error) {
	return scanAll(ctx, s.db, scanMove, `SELECT `+moveColumns+moveFrom+` WHERE m.batch_id = ? AND m.id > ? ORDER BY m.id LIMIT ?`,
		batchID, after, limit)
}

// moveWhere builds the WHERE clause of a ledger filter.
func moveWhere(f inventory.MoveFilter) (string, []any) {
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
	if !f.Since.IsZero() {
		conds = append(conds, `m.created_at >= ?`)
		args = append(args, Millis(f.Since))
	}
	if !f.Until.IsZero() {
		conds = append(conds, `m.created_at < ?`)
		args = append(args, Millis(f.Until))
	}
	if f.Before > 0 {
		conds = append(conds, `m.id < ?`)
		args = append(args, f.Before)
	}
	return whereSQL(conds), args
}

// Moves lists the moves f selects, newest first.
func (s *InventoryStore) Moves(ctx context.Context, f inventory.MoveFilter) ([]inventory.Move, error) {
	where, args := moveWhere(f)
	return scanAll(ctx, s.db, scanMove, `SELECT `+moveColumns+moveFrom+where+` ORDER BY m.id DESC LIMIT ?`,
		append(args, f.Limit)...)
}

// EachMove walks the moves f selects, oldest first.
func (s *InventoryStore) EachMove(ctx context.Context, f inventory.MoveFilter, fn func(*inventory.Move) error) error {
	where, args := moveWhere(f)
	return eachRow(ctx, s.db, `SELECT `+moveColumns+moveFrom+where+` ORDER BY m.id`, args, func(rows *sql.Rows) error {
		m, err := scanMove(rows)
		if err != nil {
			return err
		}
		return fn(m)
	})
}

// BatchTotals sums the batch's moves by reason in one aggregate.
func (s *InventoryStore) BatchTotals(ctx context.Context, batchID int64) (map[string]inventory.Quantity, error) {
	totals := map[string]inventory.Quantity{}
	err := eachRow(ctx, s.db, `SELECT reason, SUM(quantity) FROM inventory_moves WHERE batch_id = ? GROUP BY reason`, []any{batchID},
		func(rows *sql.Rows) error {
			var reason string
			var sum int64
			err := rows.Scan(&reason, &sum)
			totals[reason] = inventory.Quantity(sum)
			return err
		})
	return totals, err
}

// moveArgs are a move's columns for INSERT, in insertMove's order.
func moveArgs(m *inventory.Move) []any {
	var docType string
	var docID any
	if m.Document != nil {
		docType = m.Document.Type
		if m.Document.ID != 0 {
			docID = m.Document.ID
		}
	}
	var counted any
	if m.Counted != nil {
		counted = int64(*m.Counted)
	}
	return []any{m.BatchID, m.ItemID, m.Reason, m.Quantity, m.BalanceAfter, counted, m.Note, m.ReversesID,
		docType, docID, m.UserID, Millis(m.CreatedAt)}
}

const insertMove = `INSERT INTO inventory_moves (batch_id, item_id, reason, quantity, balance_after, counted, note,
	reverses_id, doc_type, doc_id, user_id, created_at) VALUES `

const moveValues = `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// AppendMove writes a move and adds its quantity to its batch's and item's
// on-hand.
func (t *invTx) AppendMove(ctx context.Context, m *inventory.Move) error {
	if err := t.tx.QueryRow(ctx, insertMove+moveValues+` RETURNING id`, moveArgs(m)...).Scan(&m.ID); err != nil {
		return mapDuplicate(err)
	}
	if m.Quantity == 0 {
		return nil
	}
	if _, err := t.tx.Exec(ctx, `UPDATE inventory_batches SET on_hand = on_hand + ? WHERE id = ?`, m.Quantity, m.BatchID); err != nil {
		return err
	}
	if _, err := t.tx.Exec(ctx, `UPDATE inventory_items SET on_hand = on_hand + ? WHERE id = ?`, m.Quantity, m.ItemID); err != nil {
		return err
	}
	if before := m.BalanceAfter - m.Quantity; (before > 0) != (m.BalanceAfter > 0) {
		return t.refreshNextExpiry(ctx, m.ItemID) // the batch came into stock or ran out
	}
	return nil
}

// Notice implements effects.Notices (inventory.Tx) on the transaction.
func (t *invTx) Notice(key string, n messaging.NewNotification) { t.tx.Notice(key, n) }

// refreshNextExpiry recomputes an item's soonest expiry among its batches
// with stock, the summary the expiring filter reads.
func (t *invTx) refreshNextExpiry(ctx context.Context, itemID int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE inventory_items SET next_expiry = (SELECT MIN(b.expires_at) FROM inventory_batches b
		WHERE b.item_id = ? AND b.on_hand > 0) WHERE id = ?`, itemID, itemID)
	return err
}
