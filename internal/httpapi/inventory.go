package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/text"
)

func actorOf(r *http.Request) inventory.Actor {
	if u := userFrom(r.Context()); u != nil {
		id := u.ID
		return inventory.Actor{UserID: &id}
	}
	return inventory.Actor{}
}

// quantityField reads an optional JSON number as an exact quantity.
func quantityField(field string, n json.Number) (inventory.Quantity, bool, error) {
	if n == "" {
		return 0, false, nil
	}
	q, err := inventory.ParseQuantity(n.String())
	if err != nil {
		return 0, false, apperr.InvalidField(field, "%s must be a number with at most 3 decimals.", field)
	}
	return q, true, nil
}

// listFilter reads the item list's query parameters.
func listFilter(r *http.Request) (inventory.ListFilter, error) {
	q := r.URL.Query()
	f := inventory.ListFilter{
		Search:   q.Get("search"),
		Kind:     strings.TrimSpace(q.Get("kind")),
		Category: q.Get("category"),
		Location: q.Get("location"),
		Sort:     q.Get("sort"),
		Archived: q.Get("archived"),
		Page:     queryInt(r, "page", 1, 1, 1_000_000),
		PageSize: queryInt(r, "page_size", 25, 1, inventory.MaxPageSize),
	}
	if len(f.Search) > 200 {
		return f, apperr.InvalidField("search", "Search is too long.")
	}
	if f.Kind != "" {
		if k := inventory.NormalizeKind(f.Kind); k != "" {
			f.Kind = k
		} else {
			return f, apperr.InvalidField("kind", "kind must be one of %s.", strings.Join(inventory.Kinds, ", "))
		}
	}
	if f.Sort == "" {
		f.Sort = "name"
	} else if !slices.Contains(inventory.SortKeys, f.Sort) {
		return f, apperr.InvalidField("sort", "sort must be one of %s.", strings.Join(inventory.SortKeys, ", "))
	}
	switch strings.ToLower(q.Get("order")) {
	case "", "asc":
	case "desc":
		f.Desc = true
	default:
		return f, apperr.InvalidField("order", "order must be asc or desc.")
	}
	switch f.Archived {
	case "", "false", "0":
		f.Archived = "false"
	case "true", "1":
		f.Archived = "true"
	case "all":
	default:
		return f, apperr.InvalidField("archived", "archived must be false, true or all.")
	}
	f.LowStock = boolParam(q.Get("low_stock"))
	f.IncludeEmpty = boolParam(q.Get("include_empty"))
	if v := q.Get("expiring_within_days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 3650 {
			return f, apperr.InvalidField("expiring_within_days", "expiring_within_days must be a whole number of days from 0 to 3650.")
		}
		f.ExpiringWithinDays = &n
	}
	return f, nil
}

func boolParam(v string) bool { return v == "true" || v == "1" || v == "yes" }

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

// itemInput is the JSON of a new item or an item patch.
type itemInput struct {
	SKU          *string     `json:"sku"`
	Name         *string     `json:"name"`
	Kind         *string     `json:"kind"`
	Unit         *string     `json:"unit"`
	Category     *string     `json:"category"`
	Location     *string     `json:"location"`
	ReorderLevel json.Number `json:"reorder_level"`
	Notes        *string     `json:"notes"`
	Archived     *bool       `json:"archived"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func (s *Server) handleInvCreateItem(w http.ResponseWriter, r *http.Request) error {
	var in itemInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	reorder, _, err := quantityField("reorder_level", in.ReorderLevel)
	if err != nil {
		return err
	}
	it, err := s.Inventory.CreateItem(r.Context(), inventory.NewItem{SKU: str(in.SKU), Name: str(in.Name), Kind: str(in.Kind),
		Unit: str(in.Unit), Category: str(in.Category), Location: str(in.Location), ReorderLevel: reorder, Notes: str(in.Notes)})
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
	var in itemInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p := inventory.ItemPatch{SKU: in.SKU, Name: in.Name, Kind: in.Kind, Unit: in.Unit, Category: in.Category,
		Location: in.Location, Notes: in.Notes, Archived: in.Archived}
	if q, ok, err := quantityField("reorder_level", in.ReorderLevel); err != nil {
		return err
	} else if ok {
		p.ReorderLevel = &q
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
	list, err := s.Inventory.ListBatches(r.Context(), id, boolParam(r.URL.Query().Get("in_stock")))
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
	var in struct {
		Code       string      `json:"code"`
		Quantity   json.Number `json:"quantity"`
		ReceivedAt string      `json:"received_at"`
		ExpiresAt  *string     `json:"expires_at"`
		Source     string      `json:"source"`
		SourceType string      `json:"source_type"`
		Notes      string      `json:"notes"`
		Note       string      `json:"note"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	q, ok, err := quantityField("quantity", in.Quantity)
	if err == nil && !ok {
		err = apperr.InvalidField("quantity", "Quantity received is required.")
	}
	if err != nil {
		return err
	}
	b, m, err := s.Inventory.ReceiveBatch(r.Context(), id, inventory.NewBatch{Code: in.Code, Quantity: q,
		ReceivedAt: in.ReceivedAt, ExpiresAt: str(in.ExpiresAt), Source: in.Source, SourceType: in.SourceType,
		Notes: in.Notes, Note: in.Note}, actorOf(r))
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
	after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	d, err := s.Inventory.GetBatch(r.Context(), id, max(after, 0), queryInt(r, "limit", 200, 1, 1000))
	if err != nil {
		return err
	}
	uses, err := s.batchProduction(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, batchWithProduction{d, uses})
}

func (s *Server) handleInvPatchBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var p inventory.BatchPatch
	if err := decodeJSON(w, r, &p); err != nil {
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
	var in struct {
		Counted json.Number `json:"counted"`
		Note    string      `json:"note"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	c, ok, err := quantityField("counted", in.Counted)
	if err == nil && !ok {
		err = apperr.InvalidField("counted", "Enter the quantity counted.")
	}
	if err != nil {
		return err
	}
	m, err := s.Inventory.RecordMove(r.Context(), inventory.NewMove{BatchID: id, Reason: inventory.ReasonCount,
		Counted: &c, Note: strings.TrimSpace(in.Note), UserID: actorOf(r).UserID})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, m)
}

// movesAPIReasons are the reasons a person records directly; produce and
// ship come from production and shipping documents.
var movesAPIReasons = []string{inventory.ReasonReceive, inventory.ReasonConsume, inventory.ReasonAdjust, inventory.ReasonCount}

func (s *Server) handleInvRecordMove(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		BatchID  int64       `json:"batch_id"`
		Quantity json.Number `json:"quantity"`
		Counted  json.Number `json:"counted"`
		Reason   string      `json:"reason"`
		Note     string      `json:"note"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.BatchID <= 0 {
		return apperr.InvalidField("batch_id", "batch_id is required.")
	}
	reason := strings.ToLower(strings.TrimSpace(in.Reason))
	if !slices.Contains(movesAPIReasons, reason) {
		return apperr.InvalidField("reason", "reason must be one of %s.", strings.Join(movesAPIReasons, ", "))
	}
	n := inventory.NewMove{BatchID: in.BatchID, Reason: reason, Note: strings.TrimSpace(in.Note), UserID: actorOf(r).UserID}
	q, hasQ, err := quantityField("quantity", in.Quantity)
	if err != nil {
		return err
	}
	c, hasC, err := quantityField("counted", in.Counted)
	if err != nil {
		return err
	}
	switch {
	case reason == inventory.ReasonCount && hasC:
		n.Counted = &c
	case !hasQ:
		return apperr.InvalidField("quantity", "quantity is required.")
	default:
		n.Quantity = q
	}
	m, err := s.Inventory.RecordMove(r.Context(), n)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, m)
}

func (s *Server) handleInvReverse(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Note string `json:"note"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
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
	f := inventory.MoveFilter{From: q.Get("from"), To: q.Get("to"), Limit: queryInt(r, "limit", 100, 1, 500)}
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"item_id", &f.ItemID}, {"batch_id", &f.BatchID}, {"before", &f.Before}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return f, apperr.InvalidField(p.name, "%s must be a positive whole number.", p.name)
			}
			*p.dst = n
		}
	}
	if v := q.Get("reason"); v != "" {
		if !slices.Contains(inventory.Reasons, v) {
			return f, apperr.InvalidField("reason", "reason must be one of %s.", strings.Join(inventory.Reasons, ", "))
		}
		f.Reason = v
	}
	return f, nil
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
	days := queryInt(r, "expiring_within_days", 30, 0, 3650)
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

// csvText guards a free-text cell against spreadsheet formula injection.
// orgZone is the organisation's time zone.
func (s *Server) orgZone(r *http.Request) (*time.Location, error) {
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		return nil, err
	}
	return st.Location(), nil
}

// itemsHeader is the items CSV's first row: an item with each of its batches.
var itemsHeader = []string{"sku", "name", "kind", "unit", "category", "location", "reorder_level", "item_on_hand",
	"low_stock", "archived", "batch_code", "batch_on_hand", "received_at", "expires_at", "source", "source_type"}

func (s *Server) handleInvExportItems(w http.ResponseWriter, r *http.Request) error {
	f, err := listFilter(r)
	if err != nil {
		return err
	}
	zone, err := s.orgZone(r)
	if err != nil {
		return err
	}
	out := newCSV(w, "inventory-"+time.Now().In(zone).Format(time.DateOnly)+".csv", itemsHeader)
	err = s.Inventory.EachItemBatch(r.Context(), f, func(it *inventory.Item, b *inventory.Batch) error {
		rec := []string{text.CSVCell(it.SKU), text.CSVCell(it.Name), it.Kind, text.CSVCell(it.Unit), text.CSVCell(it.Category), text.CSVCell(it.Location),
			it.ReorderLevel.String(), it.OnHand.String(), strconv.FormatBool(it.LowStock), strconv.FormatBool(it.Archived)}
		if b != nil {
			exp := ""
			if b.ExpiresAt != nil {
				exp = *b.ExpiresAt
			}
			rec = append(rec, text.CSVCell(b.Code), b.OnHand.String(), b.ReceivedAt, exp, text.CSVCell(b.Source), b.SourceType)
		} else {
			rec = append(rec, "", "", "", "", "", "")
		}
		return out.Row(rec...)
	})
	if err != nil {
		return err
	}
	return out.Close()
}

var ledgerHeader = []string{"move_id", "time", "item_sku", "item_name", "batch_code", "reason", "quantity", "unit",
	"balance_after", "counted", "note", "user", "reverses_move", "reversed_by_move", "document_type", "document_id"}

func (s *Server) handleInvExportMoves(w http.ResponseWriter, r *http.Request) error {
	f, err := moveFilter(r)
	if err != nil {
		return err
	}
	f.Limit = 0
	zone, err := s.orgZone(r)
	if err != nil {
		return err
	}
	f.Zone = zone
	id := func(p *int64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatInt(*p, 10)
	}
	out := newCSV(w, "ledger-"+time.Now().In(zone).Format(time.DateOnly)+".csv", ledgerHeader)
	err = s.Inventory.EachMove(r.Context(), f, func(m *inventory.Move) error {
		counted, docType, docID := "", "", ""
		if m.Counted != nil {
			counted = m.Counted.String()
		}
		if m.Document != nil {
			docType = m.Document.Type
			if m.Document.ID != 0 {
				docID = strconv.FormatInt(m.Document.ID, 10)
			}
		}
		return out.Row(strconv.FormatInt(m.ID, 10), m.CreatedAt.In(zone).Format(time.RFC3339), text.CSVCell(m.ItemSKU),
			text.CSVCell(m.ItemName), text.CSVCell(m.BatchCode), m.Reason, m.Quantity.String(), text.CSVCell(m.ItemUnit),
			m.BalanceAfter.String(), counted, text.CSVCell(m.Note), text.CSVCell(m.UserName), id(m.ReversesID), id(m.ReversedByID),
			docType, docID)
	})
	if err != nil {
		return err
	}
	return out.Close()
}

func (s *Server) handleInvImportTemplate(w http.ResponseWriter, r *http.Request) error {
	out := newCSV(w, "inventory-import-template.csv", inventory.ImportColumns)
	_ = out.Row("RICE-25", "Long-grain rice", "raw_material", "kg", "Grains", "Dry store A", "100",
		"RICE-2025-08", "250", "2025-08-01", "2026-08-01", "Harvest Foods", "supplier")
	_ = out.Row("BAG-MEAL", "Meal pouch", "packaging", "each", "Bags", "Shelf 3", "2000", "", "5000", "", "", "", "")
	return out.Close()
}

// importBody reads an import file: a raw CSV body, or JSON {"csv": "…"}.
func importBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	r.Body = http.MaxBytesReader(w, r.Body, inventory.MaxImportBytes+4096)
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "application/json" {
		var in struct {
			CSV string `json:"csv"`
		}
		dec := json.NewDecoder(r.Body)
		if err := dec.Decode(&in); err != nil {
			var maxErr *http.MaxBytesError
			if errors.As(err, &maxErr) {
				return nil, apperr.Errorf(apperr.TooLarge, "The file is too large (limit %d MB).", inventory.MaxImportBytes>>20)
			}
			return nil, apperr.Errorf(apperr.Invalid, "The request body is not valid JSON.")
		}
		if len(in.CSV) > inventory.MaxImportBytes {
			return nil, apperr.Errorf(apperr.TooLarge, "The file is too large (limit %d MB).", inventory.MaxImportBytes>>20)
		}
		return []byte(in.CSV), nil
	}
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, apperr.Errorf(apperr.TooLarge, "The file is too large (limit %d MB).", inventory.MaxImportBytes>>20)
		}
		return nil, apperr.Errorf(apperr.Invalid, "The file could not be read.")
	}
	if len(b) > inventory.MaxImportBytes {
		return nil, apperr.Errorf(apperr.TooLarge, "The file is too large (limit %d MB).", inventory.MaxImportBytes>>20)
	}
	return b, nil
}

func (s *Server) handleInvImportPreview(w http.ResponseWriter, r *http.Request) error {
	data, err := importBody(w, r)
	if err != nil {
		return err
	}
	p, err := s.Inventory.PreviewImport(r.Context(), data)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}

func (s *Server) handleInvImportCommit(w http.ResponseWriter, r *http.Request) error {
	data, err := importBody(w, r)
	if err != nil {
		return err
	}
	res, err := s.Inventory.CommitImport(r.Context(), data, actorOf(r))
	var rej *inventory.ImportRejected
	if errors.As(err, &rej) {
		msg := rej.Error()
		if len(rej.Preview.Errors) > 0 {
			msg = fmt.Sprintf("%s Nothing was imported.", rej.Preview.Errors[0].Message)
		}
		return writeJSON(w, http.StatusBadRequest, map[string]any{"error": msg, "code": "import.rejected",
			"params": map[string]any{"errors": len(rej.Preview.Errors)}, "preview": rej.Preview})
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, res)
}
