package inventory

import (
	"context"
	"slices"
	"strconv"

	"github.com/packline/packline/internal/apperr"
)

// The trace: where a batch went and where it came from, as a graph read
// from the ledger. Forward from a batch: the production entries that
// consumed it (not reversed), the batches they produced, further levels
// where those batches are components again, the shipments (shipped or
// delivered, not cancelled) that carried any of them, and their
// destinations. Backward from a batch or a shipment: the entries that
// produced it and the batches they consumed, down to the raw batches.
// Quantities are the ledger's moves, summed per edge.

// Trace directions.
const (
	TraceForward  = "forward"
	TraceBackward = "backward"
)

// TraceDirections lists the directions a trace may take.
var TraceDirections = []string{TraceForward, TraceBackward}

// Node kinds of a trace.
const (
	NodeBatch       = "batch"
	NodeEntry       = "entry"
	NodeShipment    = "shipment"
	NodeDestination = "destination"
)

// TraceNode is one thing a trace reaches. What the fields hold by kind:
//   - batch: ID the batch, Code its code, Label its item's name, Date its
//     received date, Quantity its on-hand now, Unit its item's unit;
//   - entry: a production run, the entries (not reversed) of one product on
//     one line on one day, which all produce into that day's finished batch:
//     ID its first entry the trace met, Code the line's name, Label the
//     product's name, Date the day, Quantity the run's output, Unit the
//     product's unit (a year of entries on a raw batch reads as one node a
//     day and line, not one an hour);
//   - shipment: ID the shipment, Code its number, Label the destination's
//     name, Date its ship date, Quantity nil;
//   - destination: ID the first shipment to it (one node per partner, and
//     for shipments naming none one per destination name, ignoring case),
//     Code its name, Label its contact (both as the latest shipment to it
//     has them), Date the latest ship date to it, Quantity nil.
type TraceNode struct {
	Kind     string    `json:"kind"`
	ID       int64     `json:"id"`
	Code     string    `json:"code"`
	Label    string    `json:"label"`
	Date     string    `json:"date"`
	Quantity *Quantity `json:"quantity"`
	Unit     string    `json:"unit"`
}

// Key is the node's name in edges: "kind:id", such as "batch:12".
func (n TraceNode) Key() string { return NodeKey(n.Kind, n.ID) }

// NodeKey is the name of a node in edges: "kind:id".
func NodeKey(kind string, id int64) string { return kind + ":" + strconv.FormatInt(id, 10) }

// TraceEdge is stock flowing from one node to the next, always downstream
// (batch → entry → batch → shipment → destination) whichever the trace's
// direction: Quantity of Unit (the upstream batch's item's unit; a
// destination edge has the shipment's total of one item, or nil when the
// shipment carried several items).
type TraceEdge struct {
	From     string    `json:"from"`
	To       string    `json:"to"`
	Quantity *Quantity `json:"quantity"`
	Unit     string    `json:"unit"`
}

// Trace is a trace's graph: the node it starts from first, then the others
// level by level.
type Trace struct {
	Nodes []TraceNode `json:"nodes"`
	Edges []TraceEdge `json:"edges"`
}

// TraceBatch is what a trace shows of a batch: its code, received date and
// on-hand now, and its item (its id, name and unit).
type TraceBatch struct {
	Code, Received string
	OnHand         Quantity
	ItemID         int64
	Item, Unit     string
}

// TraceRun is what a trace shows of a production run: its day, line and
// product, and its output in units (the day's summary of its product and
// line, entries not reversed).
type TraceRun struct {
	Date              string
	LineID, ProductID int64
	Output            int64
}

// TraceLink is a row of production's batch links (quantity above zero):
// Quantity of batch From drawn into batch To by a run whose entry
// FirstEntry is the first of the link; with the produced batch (its item's
// id, not its name and unit: the run's product names them) and the run.
type TraceLink struct {
	From, To, FirstEntry int64
	Quantity             Quantity
	Produced             TraceBatch
	Run                  TraceRun
}

// TraceShipmentLine is a line of a shipment (shipped or delivered, not
// cancelled) that carried a batch: the ship move's quantity and the
// shipment's number, ship date and destination's name and contact, and the
// partner it went to (0 for a destination typed for that shipment only).
type TraceShipmentLine struct {
	BatchID, ShipmentID int64
	Quantity            Quantity
	Number, Date        string
	Destination         string
	Contact             string
	PartnerID           int64
}

// TraceShipment is the start of a shipment's trace: its number, ship date
// and destination's name.
type TraceShipment struct {
	Number, Date, Destination string
}

// TraceItem is an item's name and unit, as a run's node shows them.
type TraceItem struct {
	Name, Unit string
}

// TraceLevels are the reads that walk production's batch links one level at
// a time (a trace, and the batches a recall holds): each is one statement
// over a set of ids, which may be empty. A level can hold thousands of
// links: they are handed to fn one by one as they are read.
type TraceLevels interface {
	// RecipeComponents are the items some recipe (any version) names.
	RecipeComponents(ctx context.Context) (map[int64]bool, error)
	// LinksFrom calls fn with each link that drew on the batches.
	LinksFrom(ctx context.Context, consumed []int64, fn func(TraceLink)) error
	// LinksInto calls fn with each link that produced into the batches.
	LinksInto(ctx context.Context, produced []int64, fn func(TraceLink)) error
}

// TraceStore is what a trace reads from the ledger, production and
// shipping, level by level: it holds no rules (the graph is built by
// Tracer). Sets of ids may be empty; maps leave out the ids not found.
type TraceStore interface {
	TraceLevels
	// BatchExists reports whether the batch exists.
	BatchExists(ctx context.Context, id int64) (bool, error)
	// Shipment reads a shipment's start (nil when there is none).
	Shipment(ctx context.Context, id int64) (*TraceShipment, error)
	// ShipmentLines are the lines that carried the batches, and
	// ShipmentLinesOf those of one shipment, both by ship date and
	// shipment.
	ShipmentLines(ctx context.Context, batches []int64) ([]TraceShipmentLine, error)
	ShipmentLinesOf(ctx context.Context, shipmentID int64) ([]TraceShipmentLine, error)
	// Batches reads batches by id, with their items' names and units.
	Batches(ctx context.Context, ids []int64) (map[int64]TraceBatch, error)
	// LineNames reads production lines' names by id.
	LineNames(ctx context.Context, ids []int64) (map[int64]string, error)
	// Items reads items' names and units by id.
	Items(ctx context.Context, ids []int64) (map[int64]TraceItem, error)
}

// Tracer answers traces over a TraceStore.
type Tracer struct{ Store TraceStore }

// TraceBatch traces a batch forward (where it went) or backward (what it
// was made of): field.choice for another direction, batch.not_found.
func (t *Tracer) TraceBatch(ctx context.Context, batchID int64, direction string) (*Trace, error) {
	if direction == "" {
		direction = TraceForward
	}
	if direction != TraceForward && direction != TraceBackward {
		return nil, apperr.Choice("direction", TraceDirections)
	}
	ok, err := t.Store.BatchExists(ctx, batchID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errBatchNotFound()
	}
	g := newTraceGraph(t.Store)
	g.node(NodeBatch, batchID)
	step := g.consumers
	if direction == TraceBackward {
		step = g.makers
	}
	if err := g.walk(ctx, []int64{batchID}, step); err != nil {
		return nil, err
	}
	if direction == TraceForward {
		lines, err := t.Store.ShipmentLines(ctx, slices.Clone(g.batches))
		if err != nil {
			return nil, err
		}
		g.shipments(lines)
	}
	return g.finish(ctx, t.Store)
}

// TraceShipment traces a shipment backward: the batches it carried and
// everything they were made of (shipping.not_found). A planned or
// cancelled shipment carried nothing: its trace is the shipment alone.
func (t *Tracer) TraceShipment(ctx context.Context, shipmentID int64) (*Trace, error) {
	sh, err := t.Store.Shipment(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh == nil {
		return nil, apperr.New(apperr.NotFound, "shipping.not_found", apperr.Params{}, "Shipment not found.")
	}
	g := newTraceGraph(t.Store)
	g.node(NodeShipment, shipmentID)
	g.nodes[0].Code, g.nodes[0].Label, g.nodes[0].Date = sh.Number, sh.Destination, sh.Date
	lines, err := t.Store.ShipmentLinesOf(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	g.shipments(lines)
	if err := g.walk(ctx, slices.Clone(g.batches), g.makers); err != nil {
		return nil, err
	}
	return g.finish(ctx, t.Store)
}

// Downstream are a batch and every batch made from it, at any level (the
// batches of its forward trace): what a recall of the batch holds.
func Downstream(ctx context.Context, levels TraceLevels, batchID int64) ([]int64, error) {
	g := newTraceGraph(levels)
	g.node(NodeBatch, batchID)
	if err := g.walk(ctx, []int64{batchID}, g.consumers); err != nil {
		return nil, err
	}
	return g.batches, nil
}
