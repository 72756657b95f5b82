package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/text"
)

// shipmentFilter reads the log's query parameters.
func shipmentFilter(r *http.Request) (shipping.Filter, error) {
	l, err := readList(r, shipping.SortKeys, shipping.MaxPageSize)
	if err != nil {
		return shipping.Filter{}, err
	}
	q := r.URL.Query()
	f := shipping.Filter{
		Search:   q.Get("search"),
		Carrier:  q.Get("carrier"),
		From:     strings.TrimSpace(q.Get("from")),
		To:       strings.TrimSpace(q.Get("to")),
		Page:     l.Page,
		PageSize: l.PageSize,
	}
	f.Sort, f.Desc = l.sortOrNewest("number")
	if f.Status, err = queryEnum(r, "status", shipping.Statuses); err != nil {
		return f, err
	}
	if f.PartnerID, err = queryID(r, "partner_id"); err != nil {
		return f, err
	}
	if len(f.Carrier) > shipping.MaxCarrier {
		return f, apperr.TooLong("carrier", shipping.MaxCarrier, "Carrier is too long.")
	}
	for _, d := range [][2]string{{"from", f.From}, {"to", f.To}} {
		if err := apperr.CheckOptionalDate(d[0], d[1]); err != nil {
			return f, err
		}
	}
	return f, nil
}

func (s *Server) handleShipList(w http.ResponseWriter, r *http.Request) error {
	f, err := shipmentFilter(r)
	if err != nil {
		return err
	}
	list, total, err := s.Shipping.List(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"shipments": list, "total": total})
}

func (s *Server) handleShipCreate(w http.ResponseWriter, r *http.Request) error {
	return serveBody(w, r, http.StatusCreated, func(ctx context.Context, in shipping.Input) (*shipping.Shipment, error) {
		return s.Shipping.Create(ctx, in, actorOf(r))
	})
}

func (s *Server) handleShipGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Shipping.Get)
}

func (s *Server) handleShipPatch(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[shipping.Patch](w, r, http.StatusOK, s.Shipping.Update)
}

// handleShipStep answers ship and deliver.
func (s *Server) handleShipStep(step func(*shipping.Service, context.Context, int64, inventory.Actor) (*shipping.Shipment, error)) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		return serveByID(w, r, func(ctx context.Context, id int64) (*shipping.Shipment, error) {
			return step(s.Shipping, ctx, id, actorOf(r))
		})
	}
}

func (s *Server) handleShipCancel(w http.ResponseWriter, r *http.Request) error {
	type cancelBody struct {
		Reason string `json:"reason" text:"multiline"`
	}
	return serveIDBody(w, r, http.StatusOK, func(ctx context.Context, id int64, in cancelBody) (*shipping.Shipment, error) {
		return s.Shipping.Cancel(ctx, id, in.Reason, actorOf(r))
	})
}

var shipmentHeader = []string{"number", "status", "ship_date", "destination", "address", "contact", "carrier",
	"tracking_number", "pallets", "weight_kg", "lines", "created_at", "shipped_at", "delivered_at", "cancelled_at",
	"cancel_reason", "notes"}

func (s *Server) handleShipExport(w http.ResponseWriter, r *http.Request) error {
	f, err := shipmentFilter(r)
	if err != nil {
		return err
	}
	today, err := s.Shipping.Today(r.Context())
	if err != nil {
		return err
	}
	at := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	out := newCSV(w, "shipments-"+today+".csv", shipmentHeader)
	err = s.Shipping.Each(r.Context(), f, func(sh *shipping.Shipment) error {
		lines := make([]string, len(sh.Lines))
		for i, l := range sh.Lines {
			lines[i] = fmt.Sprintf("%s %s × %s %s", l.ItemSKU, l.BatchCode, l.Quantity, l.ItemUnit)
		}
		return out.Row(sh.Number, sh.Status, sh.ShipDate, text.CSVCell(sh.Destination.Name), text.CSVCell(sh.Destination.Address),
			text.CSVCell(sh.Destination.Contact), text.CSVCell(sh.Carrier), text.CSVCell(sh.TrackingNumber),
			strconv.Itoa(sh.Pallets), strconv.FormatFloat(sh.WeightKg, 'f', -1, 64), text.CSVCell(strings.Join(lines, "; ")),
			at(&sh.CreatedAt), at(sh.ShippedAt), at(sh.DeliveredAt), at(sh.CancelledAt), text.CSVCell(sh.CancelReason),
			text.CSVCell(sh.Notes))
	})
	if err != nil {
		return err
	}
	return out.Close()
}

// batchWithShipments is a batch's detail with the shipments that carried
// it: the recall trace from a batch to its destinations.
func (s *Server) batchWithShipments(ctx context.Context, d batchWithProduction) (any, error) {
	list := []shipping.BatchShipment{}
	if s.Shipping != nil {
		got, err := s.Shipping.ForBatch(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		list = got
	}
	return struct {
		batchWithProduction
		Shipments []shipping.BatchShipment `json:"shipments"`
	}{d, list}, nil
}
