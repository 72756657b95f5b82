package inventory

import (
	"context"
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
//   - destination: ID the first shipment to it (destinations are named on
//     shipments; one node per name, ignoring case), Code its name, Label its
//     contact, Date the latest ship date to it, Quantity nil.
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

// TraceStore reads traces from the ledger, production and shipping. Each
// returns nil (no error) when the start does not exist.
type TraceStore interface {
	TraceBatch(ctx context.Context, batchID int64, direction string) (*Trace, error)
	TraceShipment(ctx context.Context, shipmentID int64) (*Trace, error)
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
	tr, err := t.Store.TraceBatch(ctx, batchID, direction)
	if err == nil && tr == nil {
		err = errBatchNotFound()
	}
	return tr, err
}

// TraceShipment traces a shipment backward: the batches it carried and
// everything they were made of (shipping.not_found). A planned or
// cancelled shipment carried nothing: its trace is the shipment alone.
func (t *Tracer) TraceShipment(ctx context.Context, shipmentID int64) (*Trace, error) {
	tr, err := t.Store.TraceShipment(ctx, shipmentID)
	if err == nil && tr == nil {
		err = apperr.New(apperr.NotFound, "shipping.not_found", apperr.Params{}, "Shipment not found.")
	}
	return tr, err
}
