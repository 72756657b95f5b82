package inventory

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// How a trace is built: level by level over production's batch links (one
// read of the store per level, over every batch the level before reached),
// each batch, run and shipment one node however often it is reached, then
// the nodes named in a few reads more.

// traceRun is a production run a trace reaches: the entries (not reversed)
// of one product on one line on one day, which all produce into that day's
// finished batch. id is the first entry of its links the trace met (the
// lowest).
type traceRun struct {
	id, produced int64
	TraceRun
	itemOf int64 // the item of the batch it produced
}

// nodeKey names a node while the graph is built ("kind:id" in the answer).
type nodeKey struct {
	kind string
	id   int64
}

func nk(kind string, id int64) nodeKey { return nodeKey{kind, id} }

func (k nodeKey) String() string { return NodeKey(k.kind, k.id) }

type flow struct {
	from, to nodeKey
	qty      Quantity
	unitOf   int64     // the batch whose item's unit the edge takes
	run      *traceRun // a run's edge to its batch: the run's output (filled by finish)
}

// link is a link the trace followed: what it drew from a batch into another.
type link struct {
	from, to, first int64
	qty             Quantity
}

// traceGraph gathers a trace's nodes and edges, then fills the nodes'
// names in a few reads.
type traceGraph struct {
	levels  TraceLevels
	nodes   []TraceNode
	index   map[nodeKey]int
	flows   []flow
	flowAt  map[[2]nodeKey]int
	batches []int64
	runs    map[int64]*traceRun // by the batch they produced into
	info    map[int64]TraceBatch
	// components are the items some recipe names (nil until read).
	components map[int64]bool
	linksOf    []link
}

func newTraceGraph(levels TraceLevels) *traceGraph {
	return &traceGraph{levels: levels, index: map[nodeKey]int{}, flowAt: map[[2]nodeKey]int{}, runs: map[int64]*traceRun{}, info: map[int64]TraceBatch{}}
}

// node adds a node once; it reports whether it was new.
func (g *traceGraph) node(kind string, id int64) bool {
	k := nodeKey{kind, id}
	if _, ok := g.index[k]; ok {
		return false
	}
	g.index[k] = len(g.nodes)
	g.nodes = append(g.nodes, TraceNode{Kind: kind, ID: id})
	if kind == NodeBatch {
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

// level reads one level of links (read, LinksFrom or LinksInto, over the
// batches) and keeps them: the batches they produced (named later by their
// runs) and the runs.
func (g *traceGraph) level(ctx context.Context, read func(context.Context, []int64, func(TraceLink)) error, batches []int64) ([]link, error) {
	var out []link
	err := read(ctx, batches, func(l TraceLink) {
		out = append(out, link{from: l.From, to: l.To, first: l.FirstEntry, qty: l.Quantity})
		g.info[l.To] = TraceBatch{Code: l.Produced.Code, Received: l.Produced.Received, OnHand: l.Produced.OnHand}
		r, _ := g.run(l.To, l.FirstEntry)
		r.TraceRun, r.itemOf = l.Run, l.Produced.ItemID
	})
	if err != nil {
		return nil, err
	}
	g.linksOf = append(g.linksOf, out...)
	g.reserve(2 * len(out))
	return out, nil
}

// walk takes steps from the batches until a step reaches no batch it had
// not reached before.
func (g *traceGraph) walk(ctx context.Context, frontier []int64, step func(context.Context, []int64) ([]int64, error)) error {
	for len(frontier) > 0 {
		var err error
		if frontier, err = step(ctx, frontier); err != nil {
			return err
		}
	}
	return nil
}

// consumers walks one level forward: the production runs (entries not
// reversed) that consumed the batches, and the batches they produced. It
// returns the produced batches not reached before.
func (g *traceGraph) consumers(ctx context.Context, batches []int64) ([]int64, error) {
	// A batch the trace produced is drawn on only if its item is a
	// component of some recipe (any version): the others end here.
	if g.components == nil {
		c, err := g.levels.RecipeComponents(ctx)
		if err != nil {
			return nil, err
		}
		if c == nil {
			c = map[int64]bool{}
		}
		g.components = c
	}
	batches = slices.DeleteFunc(slices.Clone(batches), func(b int64) bool {
		r := g.runs[b]
		return r != nil && !g.components[r.itemOf]
	})
	ls, err := g.level(ctx, g.levels.LinksFrom, batches)
	if err != nil {
		return nil, err
	}
	return g.reached(ls, func(l link) int64 { return l.to }), nil
}

// makers walks one level backward: the production runs (entries not
// reversed) that produced into the batches, and the batches they consumed.
// It returns the consumed batches not reached before.
func (g *traceGraph) makers(ctx context.Context, batches []int64) ([]int64, error) {
	ls, err := g.level(ctx, g.levels.LinksInto, batches)
	if err != nil {
		return nil, err
	}
	return g.reached(ls, func(l link) int64 { return l.from }), nil
}

// reached adds the batches at the links' far end, as end gives it, and
// returns those not reached before.
func (g *traceGraph) reached(ls []link, end func(link) int64) []int64 {
	var next []int64
	for _, l := range ls {
		if b := end(l); g.node(NodeBatch, b) {
			next = append(next, b)
		}
	}
	return next
}

// shipments adds the shipments (shipped or delivered, not cancelled) that
// carried the batches, with their destinations: one node per partner, and
// one per destination name (ignoring case) for shipments naming no partner,
// with the id of its first shipment and the name of its latest.
func (g *traceGraph) shipments(lines []TraceShipmentLine) {
	slices.SortStableFunc(lines, func(a, b TraceShipmentLine) int { return strings.Compare(a.Date, b.Date) })
	dests := map[string]int64{} // "partner:id" or "name:" lower-cased name → its node's id (the first shipment to it)
	for _, l := range lines {
		g.node(NodeBatch, l.BatchID)
		sk := nk(NodeShipment, l.ShipmentID)
		if g.node(NodeShipment, l.ShipmentID) {
			n := &g.nodes[g.index[sk]]
			n.Code, n.Label, n.Date = l.Number, l.Destination, l.Date
		}
		g.flow(flow{from: nk(NodeBatch, l.BatchID), to: sk, qty: l.Quantity, unitOf: l.BatchID})
		key := "name:" + strings.ToLower(l.Destination)
		if l.PartnerID != 0 {
			key = "partner:" + strconv.FormatInt(l.PartnerID, 10)
		}
		d, ok := dests[key]
		if !ok {
			d = l.ShipmentID
			dests[key] = d
			g.node(NodeDestination, d)
		}
		n := &g.nodes[g.index[nk(NodeDestination, d)]]
		n.Code, n.Date = l.Destination, l.Date
		if l.Contact != "" {
			n.Label = l.Contact
		}
		g.flow(flow{from: sk, to: nk(NodeDestination, d), qty: l.Quantity, unitOf: l.BatchID})
	}
}

// finish names the batches and runs and gives every edge its unit.
func (g *traceGraph) finish(ctx context.Context, s TraceStore) (*Trace, error) {
	info := g.info
	var missing []int64
	for _, id := range g.batches {
		if _, ok := info[id]; !ok {
			missing = append(missing, id)
		}
	}
	read, err := s.Batches(ctx, missing)
	if err != nil {
		return nil, err
	}
	for id, b := range read {
		info[id] = b
	}
	// The runs between the batches: a node each, named by its first entry.
	byID := map[int64]*traceRun{}
	for _, l := range g.linksOf {
		r := g.runs[l.to]
		rk := nk(NodeEntry, r.id)
		if g.node(NodeEntry, r.id) {
			byID[r.id] = r
			g.flows = append(g.flows, flow{from: rk, to: nk(NodeBatch, l.to), unitOf: l.to, run: r})
		}
		// A link is one consumed and produced batch: its edge is the only one
		// from that batch to that run, so it needs no merging.
		g.flows = append(g.flows, flow{from: nk(NodeBatch, l.from), to: rk, qty: l.qty, unitOf: l.from})
	}
	seenLine, seenItem := map[int64]bool{}, map[int64]bool{}
	var lineIDs, itemIDs []int64
	for _, r := range byID {
		if !seenLine[r.LineID] {
			seenLine[r.LineID] = true
			lineIDs = append(lineIDs, r.LineID)
		}
		if !seenItem[r.ProductID] {
			seenItem[r.ProductID] = true
			itemIDs = append(itemIDs, r.ProductID)
		}
	}
	lines, err := s.LineNames(ctx, lineIDs)
	if err != nil {
		return nil, err
	}
	items, err := s.Items(ctx, itemIDs)
	if err != nil {
		return nil, err
	}
	// A run's output: the day's summary of its product and line (entries
	// not reversed), rewritten with every entry and reversal.
	outputOf := func(r *traceRun) Quantity { return Units(r.Output) }
	// A produced batch is of its run's product: its name and unit.
	for _, r := range g.runs {
		if b, ok := info[r.produced]; ok && b.Item == "" {
			b.Item, b.Unit = items[r.ProductID].Name, items[r.ProductID].Unit
			info[r.produced] = b
		}
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		switch n.Kind {
		case NodeBatch:
			b := info[n.ID]
			q := b.OnHand
			n.Code, n.Label, n.Date, n.Quantity, n.Unit = b.Code, b.Item, b.Received, &q, b.Unit
		case NodeEntry:
			r := byID[n.ID]
			q := outputOf(r)
			n.Code, n.Label, n.Date, n.Quantity, n.Unit = lines[r.LineID], items[r.ProductID].Name, r.Date, &q, items[r.ProductID].Unit
		}
	}
	edges := make([]TraceEdge, 0, len(g.flows))
	for _, f := range g.flows {
		q := f.qty
		if f.run != nil {
			q = outputOf(f.run)
		}
		edges = append(edges, TraceEdge{From: f.from.String(), To: f.to.String(), Quantity: &q, Unit: info[f.unitOf].Unit})
	}
	// A destination edge sums a shipment's lines: it has a quantity only
	// when they share one unit.
	units := map[string]map[string]bool{}
	for _, e := range edges {
		if strings.HasPrefix(e.To, NodeShipment+":") {
			if units[e.To] == nil {
				units[e.To] = map[string]bool{}
			}
			units[e.To][e.Unit] = true
		}
	}
	for i, e := range edges {
		if strings.HasPrefix(e.To, NodeDestination+":") && len(units[e.From]) > 1 {
			edges[i].Quantity, edges[i].Unit = nil, ""
		}
	}
	return &Trace{Nodes: g.nodes, Edges: edges}, nil
}
