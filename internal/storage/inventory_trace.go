package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/packline/packline/internal/inventory"
)

// TraceStore reads traces (inventory.TraceStore) from the ledger's
// production moves and the shipping log, level by level: each level is one
// query over the batches (or entries) the previous one reached, in chunks
// of ids.
type TraceStore struct{ db *DB }

// NewTraceStore returns the trace reads over db.
func NewTraceStore(db *DB) *TraceStore { return &TraceStore{db: db} }

// idSet is the SQL for the set of ids passed as one JSON array argument
// (so a level of thousands of batches is one statement, prepared once).
func idSet(d Dialect) string {
	if d == Postgres {
		return `(SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(? AS json)))`
	}
	return `(SELECT value FROM json_each(?))`
}

// eachID runs query (with %s where the set of ids goes, after the
// placeholders of args) over ids, calling scan for every row.
func eachID(ctx context.Context, q querier, d Dialect, query string, ids []int64, scan func(*sql.Rows) error, args ...any) error {
	if len(ids) == 0 {
		return nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	rows, err := q.Query(ctx, fmt.Sprintf(query, idSet(d)), append(slices.Clone(args), string(list))...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// traceRun is a production run a trace reaches: the entries (not
// reversed) of one product on one line on one day, which all produce into
// that day's finished batch. id is the first entry of its links the trace
// met (the lowest).
type traceRun struct {
	id, lineID, productID, produced int64
	date                            string
	output                          int64 // units, the day's summary of its product and line
	itemOf                          int64 // the item of the batch it produced
}

type runKey struct {
	date          string
	line, product int64
}

// nodeKey names a node while the graph is built ("kind:id" in the answer).
type nodeKey struct {
	kind string
	id   int64
}

func nk(kind string, id int64) nodeKey { return nodeKey{kind, id} }

func (k nodeKey) String() string { return inventory.NodeKey(k.kind, k.id) }

// batchInfo is what a batch node shows.
type batchInfo struct {
	code, name, unit, received string
	onHand                     inventory.Quantity
}

type flow struct {
	from, to nodeKey
	qty      inventory.Quantity
	unitOf   int64     // the batch whose item's unit the edge takes
	run      *traceRun // a run's edge to its batch: the run's output (filled by finish)
}

// traceGraph gathers a trace's nodes and edges, then fills the nodes'
// names in a few reads.
type traceGraph struct {
	q       querier
	d       Dialect
	nodes   []inventory.TraceNode
	index   map[nodeKey]int
	flows   []flow
	flowAt  map[[2]nodeKey]int
	batches []int64
	runs    map[int64]*traceRun // by the batch they produced into
	info    map[int64]batchInfo
	// components are the items some recipe names (nil until read).
	components map[int64]bool
	linksOf    []link
}

func newTraceGraph(q querier, d Dialect) *traceGraph {
	return &traceGraph{q: q, d: d, index: map[nodeKey]int{}, flowAt: map[[2]nodeKey]int{}, runs: map[int64]*traceRun{}, info: map[int64]batchInfo{}}
}

// node adds a node once; it reports whether it was new.
func (g *traceGraph) node(kind string, id int64) bool {
	k := nodeKey{kind, id}
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

// reserve makes room for n more nodes, so that a level of thousands does
// not grow the index step by step.
func (g *traceGraph) reserve(n int) {
	if n < 1024 {
		return
	}
	index := make(map[nodeKey]int, len(g.index)+n)
	for k, v := range g.index {
		index[k] = v
	}
	g.index = index
	g.nodes = slices.Grow(g.nodes, n)
	g.flows = slices.Grow(g.flows, n)
}

func (g *traceGraph) flow(f flow) {
	k := [2]nodeKey{f.from, f.to}
	if i, ok := g.flowAt[k]; ok {
		g.flows[i].qty += f.qty
		return
	}
	g.flowAt[k] = len(g.flows)
	g.flows = append(g.flows, f)
}

// run finds or adds the run that produced into batch to; entryID names it
// (the first entry of a link). It reports whether the run is new.
func (g *traceGraph) run(to, entryID int64) (*traceRun, bool) {
	if r := g.runs[to]; r != nil {
		r.id = min(r.id, entryID)
		return r, false
	}
	r := &traceRun{id: entryID, produced: to}
	g.runs[to] = r
	return r, true
}

// link is a row of production_batch_links.
type link struct {
	from, to, first int64
	qty             inventory.Quantity
}

func (g *traceGraph) links(ctx context.Context, column string, batches []int64) ([]link, error) {
	var out []link
	// The produced batch and its run come with the link: one row each, not
	// three reads of thousands of ids.
	err := eachID(ctx, g.q, g.d, `SELECT l.consumed_batch_id, l.produced_batch_id, l.quantity, l.first_entry_id,
		b.code, b.received_at, b.on_hand, e.date, e.line_id, e.product_id, COALESCE(o.units, 0), b.item_id
		FROM production_batch_links l JOIN inventory_batches b ON b.id = l.produced_batch_id
		JOIN production_entries e ON e.id = l.first_entry_id
		LEFT JOIN production_day_output o ON o.date = e.date AND o.line_id = e.line_id AND o.product_id = e.product_id
		WHERE l.`+column+` IN %s AND l.quantity > 0`, batches,
		func(rows *sql.Rows) error {
			var l link
			var b batchInfo
			var k runKey
			var units, item int64
			if err := rows.Scan(&l.from, &l.to, &l.qty, &l.first, &b.code, &b.received, &b.onHand,
				&k.date, &k.line, &k.product, &units, &item); err != nil {
				return err
			}
			out = append(out, l)
			g.info[l.to] = b
			r, _ := g.run(l.to, l.first)
			r.date, r.lineID, r.productID, r.output, r.itemOf = k.date, k.line, k.product, units, item
			return nil
		})
	g.linksOf = append(g.linksOf, out...)
	g.reserve(2 * len(out))
	return out, err
}

// consumers walks one level forward: the production runs (entries not
// reversed) that consumed the batches, and the batches they produced. It
// returns the produced batches not reached before.
func (g *traceGraph) consumers(ctx context.Context, batches []int64) ([]int64, error) {
	// A batch the trace produced is drawn on only if its item is a
	// component of some recipe (any version): the others end here.
	if g.components == nil {
		g.components = map[int64]bool{}
		rows, err := g.q.Query(ctx, `SELECT DISTINCT item_id FROM production_recipe_components`)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			g.components[id] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	batches = slices.DeleteFunc(slices.Clone(batches), func(b int64) bool {
		r := g.runs[b]
		return r != nil && !g.components[r.itemOf]
	})
	return g.walk(ctx, "consumed_batch_id", batches, func(l link) int64 { return l.to })
}

// makers walks one level backward: the production runs (entries not
// reversed) that produced into the batches, and the batches they consumed.
// It returns the consumed batches not reached before.
func (g *traceGraph) makers(ctx context.Context, batches []int64) ([]int64, error) {
	return g.walk(ctx, "produced_batch_id", batches, func(l link) int64 { return l.from })
}

// walk follows the batches' links on column (see links) and returns the
// batches at the links' far end, as end gives it, not reached before.
func (g *traceGraph) walk(ctx context.Context, column string, batches []int64, end func(link) int64) ([]int64, error) {
	ls, err := g.links(ctx, column, batches)
	var next []int64
	for _, l := range ls {
		if b := end(l); g.node(inventory.NodeBatch, b) {
			next = append(next, b)
		}
	}
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
	err := eachID(ctx, g.q, g.d, `SELECT l.batch_id, s.id, -m.quantity, s.number, s.ship_date, s.dest_name, s.dest_contact
		FROM shipping_lines l JOIN shipping_shipments s ON s.id = l.shipment_id JOIN inventory_moves m ON m.id = l.move_id
		WHERE `+where+` IN %s AND s.status IN ('shipped', 'delivered') ORDER BY s.ship_date, s.id`, ids,
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
		sk := nk(inventory.NodeShipment, l.shipment)
		if g.node(inventory.NodeShipment, l.shipment) {
			n := &g.nodes[g.index[sk]]
			n.Code, n.Label, n.Date = l.number, l.dest, l.date
		}
		g.flow(flow{from: nk(inventory.NodeBatch, l.batch), to: sk, qty: l.qty, unitOf: l.batch})
		key := strings.ToLower(l.dest)
		d, ok := dests[key]
		if !ok {
			d = l.shipment
			dests[key] = d
			g.node(inventory.NodeDestination, d)
		}
		n := &g.nodes[g.index[nk(inventory.NodeDestination, d)]]
		n.Code, n.Date = l.dest, l.date
		if l.contact != "" {
			n.Label = l.contact
		}
		g.flow(flow{from: sk, to: nk(inventory.NodeDestination, d), qty: l.qty, unitOf: l.batch})
	}
	return nil
}

// finish names the batches and entries and gives every edge its unit.
func (g *traceGraph) finish(ctx context.Context) (*inventory.Trace, error) {
	info := g.info
	var missing []int64
	for _, id := range g.batches {
		if _, ok := info[id]; !ok {
			missing = append(missing, id)
		}
	}
	err := eachID(ctx, g.q, g.d, `SELECT b.id, b.code, b.received_at, b.on_hand, i.name, i.unit
		FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id WHERE b.id IN %s`, missing,
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
	// The runs between the batches: a node each, named by its first entry.
	byID := map[int64]*traceRun{}
	for _, l := range g.linksOf {
		r := g.runs[l.to]
		rk := nk(inventory.NodeEntry, r.id)
		if g.node(inventory.NodeEntry, r.id) {
			byID[r.id] = r
			g.flows = append(g.flows, flow{from: rk, to: nk(inventory.NodeBatch, l.to), unitOf: l.to, run: r})
		}
		// A link is one consumed and produced batch: its edge is the only one
		// from that batch to that run, so it needs no merging.
		g.flows = append(g.flows, flow{from: nk(inventory.NodeBatch, l.from), to: rk, qty: l.qty, unitOf: l.from})
	}
	lines, items := map[int64]string{}, map[int64][2]string{}
	var lineIDs, itemIDs []int64
	for _, r := range byID {
		if _, ok := lines[r.lineID]; !ok {
			lines[r.lineID] = ""
			lineIDs = append(lineIDs, r.lineID)
		}
		if _, ok := items[r.productID]; !ok {
			items[r.productID] = [2]string{}
			itemIDs = append(itemIDs, r.productID)
		}
	}
	if err := eachID(ctx, g.q, g.d, `SELECT id, name FROM production_lines WHERE id IN %s`, lineIDs, func(rows *sql.Rows) error {
		var id int64
		var name string
		err := rows.Scan(&id, &name)
		lines[id] = name
		return err
	}); err != nil {
		return nil, err
	}
	if err := eachID(ctx, g.q, g.d, `SELECT id, name, unit FROM inventory_items WHERE id IN %s`, itemIDs, func(rows *sql.Rows) error {
		var id int64
		var name, unit string
		err := rows.Scan(&id, &name, &unit)
		items[id] = [2]string{name, unit}
		return err
	}); err != nil {
		return nil, err
	}
	// A run's output: the day's summary of its product and line (entries
	// not reversed), rewritten with every entry and reversal.
	outputOf := func(r *traceRun) inventory.Quantity { return inventory.Units(r.output) }
	// A produced batch is of its run's product: its name and unit.
	for _, r := range g.runs {
		if b, ok := info[r.produced]; ok && b.name == "" {
			b.name, b.unit = items[r.productID][0], items[r.productID][1]
			info[r.produced] = b
		}
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		switch n.Kind {
		case inventory.NodeBatch:
			b := info[n.ID]
			q := b.onHand
			n.Code, n.Label, n.Date, n.Quantity, n.Unit = b.code, b.name, b.received, &q, b.unit
		case inventory.NodeEntry:
			r := byID[n.ID]
			q := outputOf(r)
			n.Code, n.Label, n.Date, n.Quantity, n.Unit = lines[r.lineID], items[r.productID][0], r.date, &q, items[r.productID][1]
		}
	}
	edges := make([]inventory.TraceEdge, 0, len(g.flows))
	for _, f := range g.flows {
		q := f.qty
		if f.run != nil {
			q = outputOf(f.run)
		}
		edges = append(edges, inventory.TraceEdge{From: f.from.String(), To: f.to.String(), Quantity: &q, Unit: info[f.unitOf].unit})
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
	g := newTraceGraph(s.db, s.db.Dialect)
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
	g := newTraceGraph(s.db, s.db.Dialect)
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
