package storage

import (
	"context"
	"database/sql"

	"github.com/packline/packline/internal/inventory"
)

// TraceStore implements inventory.TraceStore: the reads a trace is built
// from (by inventory.Tracer), over the ledger, production's batch links and
// the shipping log, each one statement over a set of ids.
type TraceStore struct{ traceReads }

var _ inventory.TraceStore = (*TraceStore)(nil)

// NewTraceStore returns the trace reads over db.
func NewTraceStore(db *DB) *TraceStore { return &TraceStore{traceReads{q: db}} }

// traceReads are the trace's reads over a querier: the database, or a
// transaction (a recall's batches, inventory.TraceLevels).
type traceReads struct{ q querier }

func (r traceReads) BatchExists(ctx context.Context, id int64) (bool, error) {
	var n int
	err := r.q.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches WHERE id = ?`, id).Scan(&n)
	return n > 0, err
}

func (r traceReads) Shipment(ctx context.Context, id int64) (*inventory.TraceShipment, error) {
	var s inventory.TraceShipment
	err := r.q.QueryRow(ctx, `SELECT number, ship_date, dest_name FROM shipping_shipments WHERE id = ?`, id).Scan(&s.Number, &s.Date, &s.Destination)
	if IsNoRows(err) {
		return nil, nil
	}
	return &s, err
}

func (r traceReads) RecipeComponents(ctx context.Context) (map[int64]bool, error) {
	rows, err := r.q.Query(ctx, `SELECT DISTINCT item_id FROM production_recipe_components`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

func (r traceReads) LinksFrom(ctx context.Context, consumed []int64, fn func(inventory.TraceLink)) error {
	return r.links(ctx, "consumed_batch_id", consumed, fn)
}

func (r traceReads) LinksInto(ctx context.Context, produced []int64, fn func(inventory.TraceLink)) error {
	return r.links(ctx, "produced_batch_id", produced, fn)
}

// links reads the links (quantity above zero) whose column is one of ids,
// with the produced batch and its run in the same row: one read, not three
// of thousands of ids.
func (r traceReads) links(ctx context.Context, column string, ids []int64, fn func(inventory.TraceLink)) error {
	return eachIn(ctx, r.q, `SELECT l.consumed_batch_id, l.produced_batch_id, l.quantity, l.first_entry_id,
		b.code, b.received_at, b.on_hand, e.date, e.line_id, e.product_id, COALESCE(o.units, 0), b.item_id
		FROM production_batch_links l JOIN inventory_batches b ON b.id = l.produced_batch_id
		JOIN production_entries e ON e.id = l.first_entry_id
		LEFT JOIN production_day_output o ON o.date = e.date AND o.line_id = e.line_id AND o.product_id = e.product_id
		WHERE %s AND l.quantity > 0`, "l."+column, ids,
		func(rows *sql.Rows) error {
			var l inventory.TraceLink
			if err := rows.Scan(&l.From, &l.To, &l.Quantity, &l.FirstEntry, &l.Produced.Code, &l.Produced.Received, &l.Produced.OnHand,
				&l.Run.Date, &l.Run.LineID, &l.Run.ProductID, &l.Run.Output, &l.Produced.ItemID); err != nil {
				return err
			}
			fn(l)
			return nil
		})
}

func (r traceReads) ShipmentLines(ctx context.Context, batches []int64) ([]inventory.TraceShipmentLine, error) {
	return r.shipmentLines(ctx, `l.batch_id`, batches)
}

func (r traceReads) ShipmentLinesOf(ctx context.Context, shipmentID int64) ([]inventory.TraceShipmentLine, error) {
	return r.shipmentLines(ctx, `l.shipment_id`, []int64{shipmentID})
}

// shipmentLines reads the lines of shipments shipped or delivered whose
// column is one of ids, by ship date and shipment.
func (r traceReads) shipmentLines(ctx context.Context, column string, ids []int64) ([]inventory.TraceShipmentLine, error) {
	var out []inventory.TraceShipmentLine
	err := eachIn(ctx, r.q, `SELECT l.batch_id, s.id, -m.quantity, s.number, s.ship_date, s.dest_name, s.dest_contact,
		COALESCE(s.partner_id, 0)
		FROM shipping_lines l JOIN shipping_shipments s ON s.id = l.shipment_id JOIN inventory_moves m ON m.id = l.move_id
		WHERE %s AND s.status IN ('shipped', 'delivered') ORDER BY s.ship_date, s.id`, column, ids,
		func(rows *sql.Rows) error {
			var l inventory.TraceShipmentLine
			if err := rows.Scan(&l.BatchID, &l.ShipmentID, &l.Quantity, &l.Number, &l.Date, &l.Destination, &l.Contact, &l.PartnerID); err != nil {
				return err
			}
			out = append(out, l)
			return nil
		})
	return out, err
}

func (r traceReads) Batches(ctx context.Context, ids []int64) (map[int64]inventory.TraceBatch, error) {
	out := map[int64]inventory.TraceBatch{}
	err := eachIn(ctx, r.q, `SELECT b.id, b.code, b.received_at, b.on_hand, b.item_id, i.name, i.unit
		FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id WHERE %s`, "b.id", ids,
		func(rows *sql.Rows) error {
			var id int64
			var b inventory.TraceBatch
			err := rows.Scan(&id, &b.Code, &b.Received, &b.OnHand, &b.ItemID, &b.Item, &b.Unit)
			out[id] = b
			return err
		})
	return out, err
}

func (r traceReads) LineNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	err := eachIn(ctx, r.q, `SELECT id, name FROM production_lines WHERE %s`, "id", ids, func(rows *sql.Rows) error {
		var id int64
		var name string
		err := rows.Scan(&id, &name)
		out[id] = name
		return err
	})
	return out, err
}

func (r traceReads) Items(ctx context.Context, ids []int64) (map[int64]inventory.TraceItem, error) {
	out := map[int64]inventory.TraceItem{}
	err := eachIn(ctx, r.q, `SELECT id, name, unit FROM inventory_items WHERE %s`, "id", ids, func(rows *sql.Rows) error {
		var id int64
		var it inventory.TraceItem
		err := rows.Scan(&id, &it.Name, &it.Unit)
		out[id] = it
		return err
	})
	return out, err
}
