package httpapi

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
)

// actorOf is the request's signed-in user as inventory and shipping name them.
func actorOf(r *http.Request) inventory.Actor {
	return inventory.Actor{UserID: userIDOf(r)}
}

// listFilter reads the item list's query parameters; the list's policy
// (kinds, archived, default sort, bounds) is inventory.ListFilter.Normalise,
// applied by the service.
func listFilter(r *http.Request) (inventory.ListFilter, error) {
	l, err := readList(r, inventory.SortKeys, inventory.MaxPageSize)
	if err != nil {
		return inventory.ListFilter{}, err
	}
	q := r.URL.Query()
	f := inventory.ListFilter{
		Search:   q.Get("search"),
		Kind:     q.Get("kind"),
		Category: q.Get("category"),
		Location: q.Get("location"),
		Sort:     l.Sort,
		Desc:     l.Desc(false),
		Page:     l.Page,
		PageSize: l.PageSize,
	}
	if f.Archived, err = queryEnum(r, "archived", []string{"false", "true", "all"}); err != nil {
		return f, err
	}
	if f.LowStock, err = queryBool(r, "low_stock"); err != nil {
		return f, err
	}
	if f.IncludeEmpty, err = queryBool(r, "include_empty"); err != nil {
		return f, err
	}
	if v := q.Get("expiring_within_days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return f, inventory.ExpiringRangeError()
		}
		f.ExpiringWithinDays = &n
	}
	return f, nil
}

func (s *Server) handleInvListItems(w http.ResponseWriter, r *http.Request) error {
	f, err := listFilter(r)
	if err != nil {
		return err
	}
	items, total, err := s.Inventory.ListItems(r.Context(), f)
	if err != nil {
		return err
	}
	page, size := inventory.PageBounds(f.Page, f.PageSize)
	return writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": total, "page": page, "page_size": size})
}

func (s *Server) handleInvCreateItem(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[inventory.NewItem](w, r)
	if err != nil {
		return err
	}
	it, err := s.Inventory.CreateItem(r.Context(), in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, it)
}

func (s *Server) handleInvGetItem(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	it, err := s.Inventory.GetItem(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, it)
}

func (s *Server) handleInvPatchItem(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	p, err := decode[inventory.ItemPatch](w, r)
	if err != nil {
		return err
	}
	it, err := s.Inventory.UpdateItem(r.Context(), id, p)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, it)
}

func (s *Server) handleInvItemBatches(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	inStock, err := queryBool(r, "in_stock")
	if err != nil {
		return err
	}
	list, err := s.Inventory.ListBatches(r.Context(), id, inStock)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"batches": list})
}

func (s *Server) handleInvReceiveBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[inventory.NewBatch](w, r)
	if err != nil {
		return err
	}
	b, m, err := s.Inventory.ReceiveBatch(r.Context(), id, in, actorOf(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, struct {
		*inventory.Batch
		Move *inventory.Move `json:"move"`
	}{b, m})
}

// batchWithProduction is the batch page: the batch, its moves, and the
// production entries that consumed or produced it.
type batchWithProduction struct {
	*inventory.BatchDetail
	Production []production.BatchUse `json:"production"`
}

func (s *Server) handleInvGetBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	after, err := queryInt(r, "after", 0, 0, math.MaxInt)
	if err != nil {
		return err
	}
	limit, err := queryInt(r, "limit", 200, 1, 1000)
	if err != nil {
		return err
	}
	d, err := s.Inventory.GetBatch(r.Context(), id, int64(after), limit)
	if err != nil {
		return err
	}
	uses, err := s.batchProduction(r.Context(), id)
	if err != nil {
		return err
	}
	out, err := s.batchWithShipments(r.Context(), batchWithProduction{d, uses})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleInvPatchBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	p, err := decode[inventory.BatchPatch](w, r)
	if err != nil {
		return err
	}
	b, err := s.Inventory.UpdateBatch(r.Context(), id, p)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, b)
}

func (s *Server) handleInvCount(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Counted *inventory.Quantity `json:"counted"`
		Note    string              `json:"note" text:"multiline"`
	}](w, r)
	if err != nil {
		return err
	}
	if in.Counted == nil {
		return apperr.Required("counted", "Enter the quantity counted.")
	}
	m, err := s.Inventory.RecordMove(r.Context(), inventory.NewMove{BatchID: id, Reason: inventory.ReasonCount,
		Counted: in.Counted, Note: in.Note, UserID: userIDOf(r)})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, m)
}

// movesAPIReasons are the reasons a person records directly; produce and
// ship come from production and shipping documents.
var movesAPIReasons = []string{inventory.ReasonReceive, inventory.ReasonConsume, inventory.ReasonAdjust, inventory.ReasonCount}

func (s *Server) handleInvRecordMove(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[struct {
		BatchID  int64               `json:"batch_id"`
		Quantity *inventory.Quantity `json:"quantity"`
		Counted  *inventory.Quantity `json:"counted"`
		Reason   string              `json:"reason"`
		Note     string              `json:"note" text:"multiline"`
	}](w, r)
	if err != nil {
		return err
	}
	if in.BatchID <= 0 {
		return apperr.Required("batch_id")
	}
	reason := strings.ToLower(in.Reason)
	if !slices.Contains(movesAPIReasons, reason) {
		return apperr.Choice("reason", movesAPIReasons)
	}
	n := inventory.NewMove{BatchID: in.BatchID, Reason: reason, Note: in.Note, UserID: userIDOf(r)}
	switch {
	case reason == inventory.ReasonCount && in.Counted != nil:
		n.Counted = in.Counted
	case in.Quantity == nil:
		return apperr.Required("quantity")
	default:
		n.Quantity = *in.Quantity
	}
	m, err := s.Inventory.RecordMove(r.Context(), n)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, m)
}

// reverseInput is the optional body of a reversal: why.
type reverseInput struct {
	Note string `json:"note" text:"multiline"`
}

func (s *Server) handleInvReverse(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in reverseInput // the body is optional
	if r.ContentLength != 0 {
		if in, err = decode[reverseInput](w, r); err != nil {
			return err
		}
	}
	m, err := s.Inventory.Reverse(r.Context(), id, in.Note, actorOf(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, m)
}

// moveFilter reads the ledger's query parameters.
func moveFilter(r *http.Request) (inventory.MoveFilter, error) {
	q := r.URL.Query()
	limit, err := queryInt(r, "limit", 100, 1, 500)
	if err != nil {
		return inventory.MoveFilter{}, err
	}
	f := inventory.MoveFilter{From: q.Get("from"), To: q.Get("to"), Limit: limit}
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"item_id", &f.ItemID}, {"batch_id", &f.BatchID}, {"before", &f.Before}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return f, apperr.New(apperr.Invalid, "field.positive_int", apperr.Params{"field": p.name},
					fmt.Sprintf("%s must be a positive whole number.", p.name)).OnField(p.name)
			}
			*p.dst = n
		}
	}
	f.Reason, err = queryEnum(r, "reason", inventory.Reasons)
	return f, err
}

func (s *Server) handleInvListMoves(w http.ResponseWriter, r *http.Request) error {
	f, err := moveFilter(r)
	if err != nil {
		return err
	}
	list, err := s.Inventory.ListMoves(r.Context(), f)
	if err != nil {
		return err
	}
	var next *int64
	if len(list) == f.Limit {
		id := list[len(list)-1].ID
		next = &id
	}
	return writeJSON(w, http.StatusOK, map[string]any{"moves": list, "next_before": next})
}

func (s *Server) handleInvWarnings(w http.ResponseWriter, r *http.Request) error {
	days, err := queryInt(r, "expiring_within_days", 30, 0, 3650)
	if err != nil {
		return err
	}
	wr, err := s.Inventory.Warnings(r.Context(), days)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"low_stock": wr.LowStock, "expiring": wr.Expiring,
		"expiring_within_days": days})
}

func (s *Server) handleInvFacets(w http.ResponseWriter, r *http.Request) error {
	f, err := s.Inventory.Facets(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, f)
}

// ---- CSV
