package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/recalls"
)

// RecallStore implements recalls.Store.
type RecallStore struct {
	db  *DB
	inv *InventoryStore
}

// NewRecallStore returns the recall store over db; its writes wait, like
// every stock write, while an import writes in chunks (inv.WithTx).
func NewRecallStore(db *DB, inv *InventoryStore) *RecallStore { return &RecallStore{db: db, inv: inv} }

// recallTx is recalls.Tx over one database transaction.
type recallTx struct {
	tx *Tx
	traceReads
}

func (s *RecallStore) InTx(ctx context.Context, fn func(tx recalls.Tx) error) error {
	return s.inv.WithTx(ctx, func(tx *Tx) error { return fn(recallTx{tx: tx, traceReads: traceReads{q: tx}}) })
}

func (t recallTx) Notice(key string, n messaging.NewNotification) { t.tx.Notice(key, n) }

// LinksFrom locks the batches it reads from before it reads what drew on
// them (FOR SHARE, in id order, on PostgreSQL; SQLite's single writer
// already serialises). Every consume or ship move locks its batch FOR
// UPDATE before it checks the hold (inventory.Record), so a production
// entry drawing on one of them either committed before the lock was
// granted, and its link is read here, or waits until the recall commits
// and is refused, batch.recalled. Nothing made at the same moment escapes.
func (t recallTx) LinksFrom(ctx context.Context, consumed []int64, fn func(inventory.TraceLink)) error {
	if err := t.tx.lockShared(ctx, "inventory_batches", consumed); err != nil {
		return err
	}
	return t.traceReads.LinksFrom(ctx, consumed, fn)
}

func (t recallTx) Now() time.Time { return t.tx.Now }

func (t recallTx) BatchLabel(ctx context.Context, batchID int64) (code, item string, found bool, err error) {
	err = t.tx.QueryRow(ctx, `SELECT b.code, i.name FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id WHERE b.id = ?`, batchID).Scan(&code, &item)
	if IsNoRows(err) {
		return "", "", false, nil
	}
	return code, item, err == nil, err
}

func (t recallTx) InsertRecall(ctx context.Context, r *recalls.Recall, batches []int64) error {
	if err := t.tx.QueryRow(ctx, `INSERT INTO recalls (batch_id, reason, notes, status, opened_by, opened_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		r.BatchID, r.Reason, r.Notes, r.Status, r.OpenedBy, Millis(r.OpenedAt)).Scan(&r.ID); err != nil {
		return err
	}
	for _, b := range batches {
		if _, err := t.tx.Exec(ctx, `INSERT INTO recall_batches (recall_id, batch_id) VALUES (?, ?)`, r.ID, b); err != nil {
			return err
		}
	}
	return nil
}

func (t recallTx) LockRecall(ctx context.Context, id int64) (*recalls.Recall, error) {
	lock := ""
	if t.tx.Dialect() == Postgres {
		lock = " FOR UPDATE OF r"
	}
	r, err := scanRecall(t.tx.QueryRow(ctx, recallSelect+` WHERE r.id = ?`+lock, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return r, err
}

func (t recallTx) CloseRecall(ctx context.Context, r *recalls.Recall) error {
	var closedAt any
	if r.ClosedAt != nil {
		closedAt = Millis(*r.ClosedAt)
	}
	_, err := t.tx.Exec(ctx, `UPDATE recalls SET status = ?, notes = ?, closed_by = ?, closed_at = ? WHERE id = ?`,
		r.Status, r.Notes, r.ClosedBy, closedAt, r.ID)
	return err
}

// RecallHold is the oldest open recall holding the batch (inventory.Tx).
func (t *invTx) RecallHold(ctx context.Context, batchID int64) (*inventory.RecallHold, error) {
	var h inventory.RecallHold
	err := t.tx.QueryRow(ctx, `SELECT r.id, r.reason FROM recall_batches rb JOIN recalls r ON r.id = rb.recall_id
		WHERE rb.batch_id = ? AND r.status = 'open' ORDER BY r.id LIMIT 1`, batchID).Scan(&h.RecallID, &h.Reason)
	if IsNoRows(err) {
		return nil, nil
	}
	h.Number = recalls.NumberOf(h.RecallID)
	return &h, err
}

// notHeld is the condition that batch b is held by no open recall: the
// stock production suggests first-expiry-first-out leaves held batches out
// (picking one by name is refused by the ledger, batch.recalled).
const notHeld = `NOT EXISTS (SELECT 1 FROM recall_batches rb JOIN recalls r ON r.id = rb.recall_id
	WHERE rb.batch_id = b.id AND r.status = 'open')`

const recallSelect = `SELECT r.id, r.batch_id, b.code, i.name, i.sku, r.reason, r.notes, r.status,
	r.opened_by, COALESCE(ou.first_name || ' ' || ou.last_name, ''), r.opened_at,
	r.closed_by, COALESCE(cu.first_name || ' ' || cu.last_name, ''), r.closed_at,
	(SELECT COUNT(*) FROM recall_batches rb WHERE rb.recall_id = r.id)
	FROM recalls r JOIN inventory_batches b ON b.id = r.batch_id JOIN inventory_items i ON i.id = b.item_id
	LEFT JOIN users ou ON ou.id = r.opened_by LEFT JOIN users cu ON cu.id = r.closed_by`

func scanRecall(row rowScanner) (*recalls.Recall, error) {
	var r recalls.Recall
	var openedBy, closedBy, closedAt sql.NullInt64
	var openedAt int64
	if err := row.Scan(&r.ID, &r.BatchID, &r.BatchCode, &r.ItemName, &r.ItemSKU, &r.Reason, &r.Notes, &r.Status,
		&openedBy, &r.OpenedByName, &openedAt, &closedBy, &r.ClosedByName, &closedAt, &r.Batches); err != nil {
		return nil, err
	}
	r.Number = recalls.NumberOf(r.ID)
	r.OpenedBy, r.ClosedBy = nullID(openedBy), nullID(closedBy)
	r.OpenedAt, r.ClosedAt = FromMillis(openedAt), NullMillis(closedAt)
	r.OpenedByName, r.ClosedByName = strings.TrimSpace(r.OpenedByName), strings.TrimSpace(r.ClosedByName)
	return &r, nil
}

func (s *RecallStore) Recall(ctx context.Context, id int64) (*recalls.Recall, error) {
	r, err := scanRecall(s.db.QueryRow(ctx, recallSelect+` WHERE r.id = ?`, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return r, err
}

func (s *RecallStore) Recalls(ctx context.Context, f recalls.Filter) ([]recalls.Recall, int, error) {
	where, args := ``, []any{}
	if f.Status != "" {
		where, args = ` WHERE r.status = ?`, append(args, f.Status)
	}
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM recalls r`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := scanAll(ctx, s.db, scanRecall, recallSelect+where+` ORDER BY r.id DESC LIMIT ? OFFSET ?`,
		append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

func (s *RecallStore) List(ctx context.Context, id int64) ([]recalls.ListLine, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*recalls.ListLine, error) {
		var l recalls.ListLine
		var exp sql.NullString
		var partner sql.NullInt64
		err := r.Scan(&l.Destination, &l.Contact, &l.Address, &l.ShipmentID, &l.Number, &l.ShipDate, &l.Status,
			&l.BatchID, &l.BatchCode, &exp, &l.ItemSKU, &l.ItemName, &l.Quantity, &l.Unit, &partner)
		if exp.Valid {
			l.ExpiresAt = &exp.String
		}
		l.PartnerID = nullID(partner)
		return &l, err
	}, `SELECT s.dest_name, s.dest_contact, s.dest_address, s.id, s.number, s.ship_date, s.status,
		b.id, b.code, b.expires_at, i.sku, i.name, -m.quantity, i.unit, s.partner_id
		FROM recall_batches rb JOIN shipping_lines l ON l.batch_id = rb.batch_id
		JOIN shipping_shipments s ON s.id = l.shipment_id JOIN inventory_moves m ON m.id = l.move_id
		JOIN inventory_batches b ON b.id = l.batch_id JOIN inventory_items i ON i.id = b.item_id
		LEFT JOIN partners pt ON pt.id = s.partner_id
		WHERE rb.recall_id = ? AND s.status IN ('shipped', 'delivered')
		ORDER BY COALESCE(LOWER(pt.name), s.dest_name_key), COALESCE(s.partner_id, 0), s.ship_date, s.number, b.code`, id)
}
