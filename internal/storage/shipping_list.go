package storage

import (
	"context"
	"database/sql"
	"strings"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/shipping"
)

var shipmentSorts = map[string]string{
	"number":      "s.number",
	"ship_date":   "s.ship_date",
	"destination": "s.dest_name_key",
	"carrier":     "s.carrier",
	"status":      "s.status",
	"created_at":  "s.created_at",
}

// shipmentWhere is the WHERE clause f selects and its arguments. A search
// matches the number, destination, tracking number or carrier, or the code
// of a batch on one of its lines.
func shipmentWhere(f shipping.Filter) (string, []any) {
	var conds []string
	var args []any
	if f.Status != "" {
		conds, args = append(conds, `s.status = ?`), append(args, f.Status)
	}
	if f.PartnerID != 0 {
		conds, args = append(conds, `s.partner_id = ?`), append(args, f.PartnerID)
	}
	if f.Carrier != "" {
		conds, args = append(conds, `LOWER(s.carrier) = ?`), append(args, strings.ToLower(f.Carrier))
	}
	if f.From != "" {
		conds, args = append(conds, `s.ship_date >= ?`), append(args, f.From)
	}
	if f.To != "" {
		conds, args = append(conds, `s.ship_date <= ?`), append(args, f.To)
	}
	if f.Search != "" {
		// The batches matching come first (a few of tens of thousands), then
		// their lines by index: no join per shipment.
		conds = append(conds, `(s.search_text LIKE ? ESCAPE '\' OR s.id IN (SELECT l.shipment_id FROM shipping_lines l
			WHERE l.batch_id IN (SELECT b.id FROM inventory_batches b WHERE b.code_key LIKE ? ESCAPE '\')))`)
		args = append(args, "%"+escapeLike(strings.ToLower(f.Search))+"%", "%"+escapeLike(inventory.CodeKey(f.Search))+"%")
	}
	return whereSQL(conds), args
}

func shipmentOrder(f shipping.Filter) string {
	col, dir := sortColumn(shipmentSorts, f.Sort, "s.number"), sortDir(f.Desc)
	return " ORDER BY " + col + dir + ", s.id" + dir
}

// searchSet is how many matches of a search are paged by id: a search
// (a substring of the text or of a batch code) scans the shipments once to
// find them, rather than once to count and again to page.
const searchSet = 5000

// Shipments is one page of the log and how many f selects.
func (s *ShippingStore) Shipments(ctx context.Context, f shipping.Filter) ([]shipping.Shipment, int, error) {
	where, args := shipmentWhere(f)
	if f.Search != "" {
		ids, err := scanAll(ctx, s.db, func(r rowScanner) (*int64, error) {
			var id int64
			return &id, r.Scan(&id)
		}, `SELECT s.id FROM shipping_shipments s`+where+` LIMIT ?`, append(args, searchSet+1)...)
		if err != nil {
			return nil, 0, err
		}
		if len(ids) <= searchSet {
			if len(ids) == 0 {
				return []shipping.Shipment{}, 0, nil
			}
			cond, arg := anyOf(s.db, "s.id", ids)
			list, err := s.page(ctx, f, ` WHERE `+cond, []any{arg}, f.PageSize, (f.Page-1)*f.PageSize)
			return list, len(ids), err
		}
	}
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM shipping_shipments s`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	list, err := s.page(ctx, f, where, args, f.PageSize, (f.Page-1)*f.PageSize)
	return list, total, err
}

func (s *ShippingStore) page(ctx context.Context, f shipping.Filter, where string, args []any, limit, offset int) ([]shipping.Shipment, error) {
	list, err := scanAll(ctx, s.db, scanShipment, `SELECT `+shipmentColumns+shipmentFrom+where+shipmentOrder(f)+` LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	return list, fillLines(ctx, s.db, list)
}

// EachShipment walks every shipment f selects, 500 at a time.
func (s *ShippingStore) EachShipment(ctx context.Context, f shipping.Filter, fn func(sh *shipping.Shipment) error) error {
	where, args := shipmentWhere(f)
	return eachPage(500, func(limit, offset int) ([]shipping.Shipment, error) {
		return s.page(ctx, f, where, args, limit, offset)
	}, fn)
}

// BatchShipments lists the shipments that carry a batch, newest first.
func (s *ShippingStore) BatchShipments(ctx context.Context, batchID int64) ([]shipping.BatchShipment, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*shipping.BatchShipment, error) {
		var b shipping.BatchShipment
		var partner sql.NullInt64
		err := r.Scan(&b.ID, &b.Number, &b.Status, &b.ShipDate, &b.Destination.Name, &b.Destination.Address,
			&b.Destination.Contact, &b.Quantity, &partner)
		b.PartnerID = nullID(partner)
		return &b, err
	}, `SELECT s.id, s.number, s.status, s.ship_date, s.dest_name, s.dest_address, s.dest_contact, l.quantity, s.partner_id
		FROM shipping_lines l JOIN shipping_shipments s ON s.id = l.shipment_id
		WHERE l.batch_id = ? ORDER BY s.ship_date DESC, s.id DESC`, batchID)
}
