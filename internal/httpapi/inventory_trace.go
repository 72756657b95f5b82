package httpapi

import (
	"context"
	"net/http"

	"github.com/packline/packline/internal/inventory"
)

// handleTraceBatch answers a batch's trace: ?direction=forward (where it
// went, the default) or backward (what it was made of).
func (s *Server) handleTraceBatch(w http.ResponseWriter, r *http.Request) error {
	direction, err := queryEnum(r, "direction", inventory.TraceDirections)
	if err != nil {
		return err
	}
	return serveByID(w, r, func(ctx context.Context, id int64) (*inventory.Trace, error) {
		return s.Trace.TraceBatch(ctx, id, direction)
	})
}

// handleTraceShipment answers a shipment's backward trace.
func (s *Server) handleTraceShipment(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Trace.TraceShipment)
}
