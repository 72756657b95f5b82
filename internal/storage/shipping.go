package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/shipping"
)

// ShippingStore implements shipping.Store. Its transactions open through
// the inventory store's WithTx, so they wait while an import writes in
// chunks, and write stock through InventoryTx in the same transaction.
//
// Files: shipping.go (writes, one shipment), shipping_list.go (the log,
// its search and the batch's shipments).
type ShippingStore struct {
	db  *DB
	inv *InventoryStore
}

var (
	_ shipping.Store = (*ShippingStore)(nil)
	_ shipping.Tx    = (*shipTx)(nil)
)

// NewShippingStore returns the shipping store over db, writing stock through inv.
func NewShippingStore(db *DB, inv *InventoryStore) *ShippingStore {
	return &ShippingStore{db: db, inv: inv}
}

// InTx runs fn in one write transaction.
func (s *ShippingStore) InTx(ctx context.Context, fn func(tx shipping.Tx) error) error {
	return s.inv.WithTx(ctx, func(tx *Tx) error {
		return fn(&shipTx{Tx: InventoryTx(tx), tx: tx})
	})
}

// shipTx is shipping's and the inventory's view of one transaction.
type shipTx struct {
	inventory.Tx
	tx *Tx
}

// NextNumber takes the year's next shipment number (see nextNumber).
func (t *shipTx) NextNumber(ctx context.Context, year int) (int, error) {
	return t.tx.nextNumber(ctx, "shipping_counters", year)
}

// InsertShipment writes a shipment and its lines.
func (t *shipTx) InsertShipment(ctx context.Context, sh *shipping.Shipment) error {
	err := t.tx.QueryRow(ctx, `INSERT INTO shipping_shipments (number, status, ship_date, dest_name, dest_name_key, dest_address,
		dest_contact, carrier, tracking_number, pallets, weight_kg, notes, search_text, created_at, created_by, updated_at, project_id,
		partner_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		sh.Number, sh.Status, sh.ShipDate, sh.Destination.Name, strings.ToLower(sh.Destination.Name), sh.Destination.Address,
		sh.Destination.Contact, sh.Carrier, sh.TrackingNumber, sh.Pallets, sh.WeightKg, sh.Notes, shipping.SearchText(sh),
		Millis(sh.CreatedAt), sh.CreatedBy, Millis(sh.UpdatedAt), sh.ProjectID, sh.PartnerID).Scan(&sh.ID)
	if err != nil {
		return err
	}
	return t.ReplaceLines(ctx, sh.ID, sh.Lines)
}

// LockShipment locks a shipment's row and reads it.
func (t *shipTx) LockShipment(ctx context.Context, id int64) (*shipping.Shipment, error) {
	if ok, err := t.tx.lockRow(ctx, "shipping_shipments", id); !ok {
		return nil, err
	}
	return getShipment(ctx, t.tx, id)
}

// UpdateShipment writes a shipment's fields and status.
func (t *shipTx) UpdateShipment(ctx context.Context, sh *shipping.Shipment) error {
	ms := func(p *time.Time) any {
		if p == nil {
			return nil
		}
		return Millis(*p)
	}
	_, err := t.tx.Exec(ctx, `UPDATE shipping_shipments SET status = ?, ship_date = ?, dest_name = ?, dest_name_key = ?,
		dest_address = ?, dest_contact = ?, carrier = ?, tracking_number = ?, pallets = ?, weight_kg = ?, notes = ?,
		search_text = ?, updated_at = ?, shipped_at = ?, shipped_by = ?, delivered_at = ?, delivered_by = ?,
		cancelled_at = ?, cancelled_by = ?, cancel_reason = ?, project_id = ?, partner_id = ? WHERE id = ?`,
		sh.Status, sh.ShipDate, sh.Destination.Name, strings.ToLower(sh.Destination.Name), sh.Destination.Address,
		sh.Destination.Contact, sh.Carrier, sh.TrackingNumber, sh.Pallets, sh.WeightKg, sh.Notes, shipping.SearchText(sh),
		Millis(sh.UpdatedAt), ms(sh.ShippedAt), sh.ShippedBy, ms(sh.DeliveredAt), sh.DeliveredBy,
		ms(sh.CancelledAt), sh.CancelledBy, sh.CancelReason, sh.ProjectID, sh.PartnerID, sh.ID)
	return err
}

// ReplaceLines writes a planned shipment's lines anew.
func (t *shipTx) ReplaceLines(ctx context.Context, id int64, lines []shipping.Line) error {
	if _, err := t.tx.Exec(ctx, `DELETE FROM shipping_lines WHERE shipment_id = ?`, id); err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := t.tx.Exec(ctx, `INSERT INTO shipping_lines (shipment_id, batch_id, item_id, quantity, expired_reason) VALUES (?, ?, ?, ?, ?)`,
			id, l.BatchID, l.ItemID, l.Quantity, l.Reason); err != nil {
			return err
		}
	}
	return nil
}

// ProjectOption reads a project a shipment may name.
func (t *shipTx) ProjectOption(ctx context.Context, id int64) (*projects.Option, error) {
	return projectOption(ctx, t.tx, id)
}

// Partner reads a partner a shipment may name.
func (t *shipTx) Partner(ctx context.Context, id int64) (*partners.Partner, error) {
	return partnerByID(ctx, t.tx, id)
}

// SetLineMove records a line's ship move.
func (t *shipTx) SetLineMove(ctx context.Context, id, batchID, moveID int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE shipping_lines SET move_id = ? WHERE shipment_id = ? AND batch_id = ?`, moveID, id, batchID)
	return err
}

// Shipment reads one shipment.
func (s *ShippingStore) Shipment(ctx context.Context, id int64) (*shipping.Shipment, error) {
	return getShipment(ctx, s.db, id)
}

func getShipment(ctx context.Context, q querier, id int64) (*shipping.Shipment, error) {
	return getFilled(ctx, q, scanShipment, fillLines, `SELECT `+shipmentColumns+shipmentFrom+` WHERE s.id = ?`, id)
}

const shipmentColumns = `s.id, s.number, s.status, s.ship_date, s.dest_name, s.dest_address, s.dest_contact, s.carrier,
	s.tracking_number, s.pallets, s.weight_kg, s.notes, s.created_at, s.created_by, COALESCE(cu.first_name || ' ' || cu.last_name, ''),
	s.updated_at, s.shipped_at, s.shipped_by, COALESCE(su.first_name || ' ' || su.last_name, ''),
	s.delivered_at, s.delivered_by, COALESCE(du.first_name || ' ' || du.last_name, ''),
	s.cancelled_at, s.cancelled_by, COALESCE(xu.first_name || ' ' || xu.last_name, ''), s.cancel_reason,
	s.project_id, COALESCE(pj.name, ''), s.partner_id`

const shipmentFrom = ` FROM shipping_shipments s
	LEFT JOIN users cu ON cu.id = s.created_by
	LEFT JOIN users su ON su.id = s.shipped_by
	LEFT JOIN users du ON du.id = s.delivered_by
	LEFT JOIN users xu ON xu.id = s.cancelled_by
	LEFT JOIN projects pj ON pj.id = s.project_id`

func scanShipment(r rowScanner) (*shipping.Shipment, error) {
	var sh shipping.Shipment
	var created, updated int64
	var createdBy, shippedAt, shippedBy, deliveredAt, deliveredBy, cancelledAt, cancelledBy, project, partner sql.NullInt64
	if err := r.Scan(&sh.ID, &sh.Number, &sh.Status, &sh.ShipDate, &sh.Destination.Name, &sh.Destination.Address,
		&sh.Destination.Contact, &sh.Carrier, &sh.TrackingNumber, &sh.Pallets, &sh.WeightKg, &sh.Notes,
		&created, &createdBy, &sh.CreatedByName, &updated, &shippedAt, &shippedBy, &sh.ShippedByName,
		&deliveredAt, &deliveredBy, &sh.DeliveredByName, &cancelledAt, &cancelledBy, &sh.CancelledByName, &sh.CancelReason,
		&project, &sh.ProjectName, &partner); err != nil {
		return nil, err
	}
	sh.CreatedAt, sh.UpdatedAt = FromMillis(created), FromMillis(updated)
	sh.CreatedBy, sh.ShippedBy, sh.DeliveredBy, sh.CancelledBy = nullID(createdBy), nullID(shippedBy), nullID(deliveredBy), nullID(cancelledBy)
	sh.ShippedAt, sh.DeliveredAt, sh.CancelledAt = NullMillis(shippedAt), NullMillis(deliveredAt), NullMillis(cancelledAt)
	sh.ProjectID, sh.PartnerID = nullID(project), nullID(partner)
	for _, n := range []*string{&sh.CreatedByName, &sh.ShippedByName, &sh.DeliveredByName, &sh.CancelledByName} {
		*n = strings.TrimSpace(*n)
	}
	sh.Lines = []shipping.Line{}
	return &sh, nil
}

// fillLines reads the lines of the given shipments.
func fillLines(ctx context.Context, q querier, list []shipping.Shipment) error {
	if len(list) == 0 {
		return nil
	}
	at, ids := byID(list, func(sh *shipping.Shipment) int64 { return sh.ID })
	cond, arg := anyOf(q, "l.shipment_id", ids)
	rows, err := q.Query(ctx, `SELECT l.shipment_id, l.batch_id, l.item_id, l.quantity, l.move_id, b.code, b.expires_at, b.on_hand,
		i.sku, i.name, i.unit, l.expired_reason, `+heldBy+`
		FROM shipping_lines l JOIN inventory_batches b ON b.id = l.batch_id JOIN inventory_items i ON i.id = l.item_id
		WHERE `+cond+` ORDER BY l.shipment_id, l.id`, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var sid int64
		var l shipping.Line
		var move sql.NullInt64
		var exp sql.NullString
		var held sql.NullInt64
		if err := rows.Scan(&sid, &l.BatchID, &l.ItemID, &l.Quantity, &move, &l.BatchCode, &exp, &l.OnHand,
			&l.ItemSKU, &l.ItemName, &l.ItemUnit, &l.Reason, &held); err != nil {
			return err
		}
		l.AllowExpired, l.HeldBy = l.Reason != "", batchHold(held)
		l.MoveID = nullID(move)
		if exp.Valid {
			e := exp.String
			l.ExpiresAt = &e
		}
		i := at[sid]
		list[i].Lines = append(list[i].Lines, l)
	}
	return rows.Err()
}
