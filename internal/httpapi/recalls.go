package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/packline/packline/internal/recalls"
	"github.com/packline/packline/internal/text"
)

// recallSorts: recalls are listed newest first; "opened_at" is the one key.
var recallSorts = []string{"opened_at"}

func (s *Server) handleRecallList(w http.ResponseWriter, r *http.Request) error {
	l, err := readList(r, recallSorts, recalls.MaxPageSize)
	if err != nil {
		return err
	}
	status, err := queryEnum(r, "status", recalls.Statuses)
	if err != nil {
		return err
	}
	list, total, err := s.Recalls.List(r.Context(), recalls.Filter{Status: status, Page: l.Page, PageSize: l.PageSize})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"recalls": list, "total": total})
}

func (s *Server) handleRecallStart(w http.ResponseWriter, r *http.Request) error {
	return serveBody(w, r, http.StatusCreated, func(ctx context.Context, in recalls.NewRecall) (*recalls.Recall, error) {
		return s.Recalls.Start(ctx, in, recalls.Actor{UserID: userIDOf(r)})
	})
}

// recallWithList is a recall and its list of partners.
type recallWithList struct {
	Recall *recalls.Recall    `json:"recall"`
	Lines  []recalls.ListLine `json:"lines"`
}

func (s *Server) handleRecallGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, func(ctx context.Context, id int64) (*recallWithList, error) {
		rc, lines, err := s.Recalls.RecallList(ctx, id)
		if err != nil {
			return nil, err
		}
		return &recallWithList{Recall: rc, Lines: lines}, nil
	})
}

func (s *Server) handleRecallRelease(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody(w, r, http.StatusOK, func(ctx context.Context, id int64, in recalls.Release) (*recalls.Recall, error) {
		return s.Recalls.Release(ctx, id, in, recalls.Actor{UserID: userIDOf(r)})
	})
}

// recallListHeader: partner_id, last, is the directory's partner (empty for a
// destination typed for one shipment), so that a sheet can join the partners'.
var recallListHeader = []string{"recall", "destination", "contact", "address", "shipment", "ship_date", "status", "item_sku", "item", "batch", "expires_at", "quantity", "unit", "partner_id"}

// handleRecallCSV downloads the recall list: one row per shipment line.
func (s *Server) handleRecallCSV(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	rc, lines, err := s.Recalls.RecallList(r.Context(), id)
	if err != nil {
		return err
	}
	out := newCSV(w, rc.Number+"-"+strconv.FormatInt(rc.BatchID, 10)+".csv", recallListHeader)
	for _, l := range lines {
		exp, partner := "", ""
		if l.ExpiresAt != nil {
			exp = *l.ExpiresAt
		}
		if l.PartnerID != nil {
			partner = strconv.FormatInt(*l.PartnerID, 10)
		}
		if err := out.Row(rc.Number, text.CSVCell(l.Destination), text.CSVCell(l.Contact), text.CSVCell(l.Address), l.Number, l.ShipDate,
			l.Status, text.CSVCell(l.ItemSKU), text.CSVCell(l.ItemName), text.CSVCell(l.BatchCode), exp, l.Quantity.String(), text.CSVCell(l.Unit), partner); err != nil {
			return err
		}
	}
	return out.Close()
}
