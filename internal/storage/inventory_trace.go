package storage

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/packline/packline/internal/inventory"
)

// TraceStore reads traces (inventory.TraceStore) from the ledger's
// production moves and the shipping log, level by level: each level is one
// query over the batches (or entries) the previous one reached, in chunks
// of traceChunk ids.
type TraceStore struct{ db *DB }

// NewTraceStore returns the trace reads over db.
func NewTraceStore(db *DB) *TraceStore { return &TraceStore{db: db} }

const traceChunk = 500

// eachChunk runs q (with %s where the ids' placeholders go) over ids in
// chunks, calling scan for every row.
func eachChunk(ctx context.Context, q querier, query string, ids []int64, scan func(*sql.Rows) error) error {
	for len(ids) > 0 {
		n := min(len(ids), traceChunk)
		rows, err := q.Query(ctx, fmt.Sprintf(query, placeholders(n)), int64Args(ids[:n])...)
		if err != nil {
			return err
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// traceEntry is a production entry a trace reaches.
type traceEntry struct {
	id, lineID, productID, units, produced int64
	date                                   string
	hour                                   int
}

type flow struct {
	from, to string
	qty      inventory.Quantity
	unitOf   int64 // the batch whose item's unit the edge takes (0: unitItem)
	unitItem int64 // or the item whose unit it takes
}

// traceGraph gathers a trace's nodes and edges, then fills the nodes'
// names in a few reads.
type traceGraph struct {
	q        querier
	nodes    []inventory.TraceNode
	index    map[string]int
	flows    []flow
	flowAt   map[[2]string]int
	batches  []int64
	entries  map[int64]traceEntry
	shipUnit map[int64]string // shipment → the one unit of its traced lines ("" when several)
}

func newTraceGraph(q querier) *traceGraph {
	return &traceGraph{q: q, index: map[string]int{}, flowAt: map[[2]string]int{}, entries: map[int64]traceEntry{}, shipUnit: map[int64]string{}}
}

// node adds a node once; it reports whether it was new.
func (g *traceGraph) node(kind string, id int64) bool {
	k := inventory.NodeKey(kind, id)
	if _, ok := g.index[k]; ok {
		return false
	}
	g.index[k] = len(g.nodes)
	g.nodes = append(g.nodes, inventory.TraceNode{Kind: kind, ID: id})
	if kind == inventory.NodeBatch {
		g.batches = append(g.batches, id)
	}
	return true
}

func (g *traceGraph) flow(f flow) {
	k := [2]string{f.from, f.to}
	if i, ok := g.flowAt[k]; ok {
		g.flows[i].qty += f.qty
		return
	}
	g.flowAt[k] = len(g.flows)
	g.flows = append(g.flows, f)
}

func (g *traceGraph) entry(e traceEntry) {
	if g.node(inventory.NodeEntry, e.id) {
		g.entries[e.id] = e
	}
}

// consumers walks one level forward: the entries (not reversed) that
// consumed the batches, and the batches they produced. It returns the
// produced batches not reached before.
func (g *traceGraph) consumers(ctx context.Context, batches []int64) ([]int64, error) {
	var next []int64
	err := eachChunk(ctx, g.q, `SELECT c.batch_id, c.quantity, e.id, e.date, e.hour, e.line_id, e.product_id, e.units, e.produced_batch_id
		FROM inventory_moves c JOIN production_entries e ON e.id = c.doc_id
		WHERE c.batch_id IN (%s) AND c.reason = 'consume' AND c.doc_type = 'production' AND e.reversed_at IS NULL`, batches,
		func(rows *sql.Rows) error {
			var b int64
			var q inventory.Quantity
			var e traceEntry
			var produced sql.NullInt64
			if err := rows.Scan(&b, &q, &e.id, &e.date, &e.hour, &e.lineID, &e.productID, &e.units, &produced); err != nil {
				return err
			}
			e.produced = produced.Int64
			_, seen := g.entries[e.id]
			g.entry(e)
			ek := inventory.NodeKey(inventory.NodeEntry, e.id)
			g.flow(flow{from: inventory.NodeKey(inventory.NodeBatch, b), to: ek, qty: -q, unitOf: b})
			if e.produced != 0 && !seen { // once per entry, whatever it consumed
				if g.node(inventory.NodeBatch, e.produced) {
					next = append(next, e.produced)
				}
				g.flow(flow{from: ek, to: inventory.NodeKey(inventory.NodeBatch, e.produced), qty: inventory.Units(e.units), unitItem: e.productID})
			}
			return nil
		})
	return next, err
}

// makers walks one level backward: the entries (not reversed) that
// produced into the batches, and the batches they consumed. It returns the
// consumed batches not reached before.
func (g *traceGraph) makers(ctx context.Context, batches []int64) ([]int64, error) {
	var entries []int64
	err := eachChunk(ctx, g.q, `SELECT p.batch_id, p.quantity, e.id, e.date, e.hour, e.line_id, e.product_id, e.units
		FROM inventory_moves p JOIN production_entries e ON e.id = p.doc_id
		WHERE p.batch_id IN (%s) AND p.reason = 'produce' AND p.doc_type = 'production' AND e.reversed_at IS NULL`, batches,
		func(rows *sql.Rows) error {
			var b int64
			var q inventory.Quantity
			var e traceEntry
			if err := rows.Scan(&b, &q, &e.id, &e.date, &e.hour, &e.lineID, &e.productID, &e.units); err != nil {
				return err
			}
			e.produced = b
			if _, seen := g.entries[e.id]; !seen {
				entries = append(entries, e.id)
			}
			g.entry(e)
			g.flow(flow{from: inventory.NodeKey(inventory.NodeEntry, e.id), to: inventory.NodeKey(inventory.NodeBatch, b), qty: q, unitOf: b})
			return nil
		})
	if err != nil {
		return nil, err
	}
	var next []int64
	err = eachChunk(ctx, g.q, `SELECT c.doc_id, c.batch_id, c.quantity FROM inventory_moves c
		WHERE c.doc_type = 'production' AND c.doc_id IN (%s) AND c.reason = 'consume'`, entries,
		func(rows *sql.Rows) error {
			var e, b int64
			var q inventory.Quantity
			if err := rows.Scan(&e, &b, &q); err != nil {
				return err
			}
			if g.node(inventory.NodeBatch, b) {
				next = append(next, b)
			}
			g.flow(flow{from: inventory.NodeKey(inventory.NodeBatch, b), to: inventory.NodeKey(inventory.NodeEntry, e), qty: -q, unitOf: b})
			return nil
		})
	return next, err
}

// shipmentLine is a traced shipment's line: the shipment, its destination
// and the ledger's ship move.
type shipmentLine struct {
	batch, shipment int64
	qty             inventory.Quantity
	number, date    string
	dest, contact   string
}

// shipments adds the shipments (shipped or delivered, not cancelled) that
// carried the batches, with their destinations. where selects the lines.
func (g *traceGraph) shipments(ctx context.Context, where string, ids []int64) error {
	var lines []shipmentLine
	err := eachChunk(ctx, g.q, `SELECT l.batch_id, s.id, -m.quantity, s.number, s.ship_date, s.dest_name, s.dest_contact
		FROM shipping_lines l JOIN shipping_shipments s ON s.id = l.shipment_id JOIN inventory_moves m ON m.id = l.move_id
		WHERE `+where+` IN (%s) AND s.status IN ('shipped', 'delivered') ORDER BY s.ship_date, s.id`, ids,
		func(rows *sql.Rows) error {
			var l shipmentLine
			if err := rows.Scan(&l.batch, &l.shipment, &l.qty, &l.number, &l.date, &l.dest, &l.contact); err != nil {
				return err
			}
			lines = append(lines, l)
			return nil
		})
	if err != nil {
		return err
	}
	slices.SortStableFunc(lines, func(a, b shipmentLine) int { return strings.Compare(a.date, b.date) })
	dests := map[string]int64{} // lower-cased name → its node's id (the first shipment to it)
	for _, l := range lines {
		g.node(inventory.NodeBatch, l.batch)
		sk := inventory.NodeKey(inventory.NodeShipment, l.shipment)
		if g.node(inventory.NodeShipment, l.shipment) {
			n := &g.nodes[g.index[sk]]
			n.Code, n.Label, n.Date = l.number, l.dest, l.date
		}
		g.flow(flow{from: inventory.NodeKey(inventory.NodeBatch, l.batch), to: sk, qty: l.qty, unitOf: l.batch})
		key := strings.ToLower(l.dest)
		d, ok := dests[key]
		if !ok {
			d = l.shipment
			dests[key] = d
			g.node(inventory.NodeDestination, d)
		}
		n := &g.nodes[g.index[inventory.NodeKey(inventory.NodeDestination, d)]]
		n.Code, n.Date = l.dest, l.date
		if l.contact != "" {
			n.Label = l.contact
		}
		g.flow(flow{from: sk, to: inventory.NodeKey(inventory.NodeDestination, d), qty: l.qty, unitOf: l.batch})
	}
	return nil
}

// finish names the batches and entries and gives every edge its unit.
func (g *traceGraph) finish(ctx context.Context) (*inventory.Trace, error) {
	type batchInfo struct {
		code, name, unit, received string
		onHand                     inventory.Quantity
	}
	info := map[int64]batchInfo{}
	err := eachChunk(ctx, g.q, `SELECT b.id, b.code, b.received_at, b.on_hand, i.name, i.unit
		FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id WHERE b.id IN (%s)`, g.batches,
		func(rows *sql.Rows) error {
			var id int64
			var b batchInfo
			if err := rows.Scan(&id, &b.code, &b.received, &b.onHand, &b.name, &b.unit); err != nil {
				return err
			}
			info[id] = b
			return nil
		})
	if err != nil {
		return nil, err
	}
	lines, items := map[int64]string{}, map[int64][2]string{}
	var lineIDs, itemIDs []int64
	for _, e := range g.entries {
		if _, ok := lines[e.lineID]; !ok {
			lines[e.lineID] = ""
			lineIDs = append(lineIDs, e.lineID)
		}
		if _, ok := items[e.productID]; !ok {
			items[e.productID] = [2]string{}
			itemIDs = append(itemIDs, e.productID)
		}
	}
	if err := eachChunk(ctx, g.q, `SELECT id, name FROM production_lines WHERE id IN (%s)`, lineIDs, func(rows *sql.Rows) error {
		var id int64
		var name string
		err := rows.Scan(&id, &name)
		lines[id] = name
		return err
	}); err != nil {
		return nil, err
	}
	if err := eachChunk(ctx, g.q, `SELECT id, name, unit FROM inventory_items WHERE id IN (%s)`, itemIDs, func(rows *sql.Rows) error {
		var id int64
		var name, unit string
		err := rows.Scan(&id, &name, &unit)
		items[id] = [2]string{name, unit}
		return err
	}); err != nil {
		return nil, err
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		switch n.Kind {
		case inventory.NodeBatch:
			b := info[n.ID]
			q := b.onHand
			n.Code, n.Label, n.Date, n.Quantity, n.Unit = b.code, b.name, b.received, &q, b.unit
		case inventory.NodeEntry:
			e := g.entries[n.ID]
			q := inventory.Units(e.units)
			n.Code = fmt.Sprintf("%s %02d:00", lines[e.lineID], e.hour)
			n.Label, n.Date, n.Quantity, n.Unit = items[e.productID][0], e.date, &q, items[e.productID][1]
		}
	}
	edges := make([]inventory.TraceEdge, 0, len(g.flows))
	for _, f := range g.flows {
		unit := items[f.unitItem][1]
		if f.unitOf != 0 {
			unit = info[f.unitOf].unit
		}
		q := f.qty
		edges = append(edges, inventory.TraceEdge{From: f.from, To: f.to, Quantity: &q, Unit: unit})
	}
	// A destination edge sums a shipment's lines: it has a quantity only
	// when they share one unit.
	units := map[string]map[string]bool{}
	for _, e := range edges {
		if strings.HasPrefix(e.To, inventory.NodeShipment+":") {
			if units[e.To] == nil {
				units[e.To] = map[string]bool{}
			}
			units[e.To][e.Unit] = true
		}
	}
	for i, e := range edges {
		if strings.HasPrefix(e.To, inventory.NodeDestination+":") && len(units[e.From]) > 1 {
			edges[i].Quantity, edges[i].Unit = nil, ""
		}
	}
	return &inventory.Trace{Nodes: g.nodes, Edges: edges}, nil
}

// TraceBatch reads a batch's trace (nil when there is no such batch).
func (s *TraceStore) TraceBatch(ctx context.Context, batchID int64, direction string) (*inventory.Trace, error) {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_batches WHERE id = ?`, batchID).Scan(&n); err != nil || n == 0 {
		return nil, err
	}
	g := newTraceGraph(s.db)
	g.node(inventory.NodeBatch, batchID)
	frontier := []int64{batchID}
	step := g.consumers
	if direction == inventory.TraceBackward {
		step = g.makers
	}
	for len(frontier) > 0 {
		var err error
		if frontier, err = step(ctx, frontier); err != nil {
			return nil, err
		}
	}
	if direction == inventory.TraceForward {
		if err := g.shipments(ctx, `l.batch_id`, slices.Clone(g.batches)); err != nil {
			return nil, err
		}
	}
	return g.finish(ctx)
}

// TraceShipment reads a shipment's backward trace (nil when there is no
// such shipment).
func (s *TraceStore) TraceShipment(ctx context.Context, shipmentID int64) (*inventory.Trace, error) {
	var number, date, dest string
	err := s.db.QueryRow(ctx, `SELECT number, ship_date, dest_name FROM shipping_shipments WHERE id = ?`, shipmentID).Scan(&number, &date, &dest)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	g := newTraceGraph(s.db)
	g.node(inventory.NodeShipment, shipmentID)
	g.nodes[0].Code, g.nodes[0].Label, g.nodes[0].Date = number, dest, date
	if err := g.shipments(ctx, `l.shipment_id`, []int64{shipmentID}); err != nil {
		return nil, err
	}
	frontier := slices.Clone(g.batches)
	for len(frontier) > 0 {
		if frontier, err = g.makers(ctx, frontier); err != nil {
			return nil, err
		}
	}
	return g.finish(ctx)
}
