package httpapi

// Inventory CSV: the items and ledger downloads, and the import's template, preview and commit.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/text"
)

// itemsHeader is the items CSV's first row: an item with each of its batches.
var itemsHeader = []string{"sku", "name", "kind", "unit", "category", "location", "reorder_level", "item_on_hand",
	"low_stock", "archived", "batch_code", "batch_on_hand", "received_at", "expires_at", "source", "source_type"}

func (s *Server) handleInvExportItems(w http.ResponseWriter, r *http.Request) error {
	f, err := listFilter(r)
	if err != nil {
		return err
	}
	today, err := s.Inventory.Today(r.Context())
	if err != nil {
		return err
	}
	out := newCSV(w, "inventory-"+today+".csv", itemsHeader)
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
	zone, err := s.Inventory.Zone(r.Context())
	if err != nil {
		return err
	}
	today, err := s.Inventory.Today(r.Context())
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
	out := newCSV(w, "ledger-"+today+".csv", ledgerHeader)
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

func errImportTooLarge() error {
	return apperr.New(apperr.TooLarge, "import.too_large", apperr.Params{"limit_mb": inventory.MaxImportBytes >> 20},
		fmt.Sprintf("The file is too large (limit %d MB).", inventory.MaxImportBytes>>20))
}

var errCSVRequired = apperr.Required("csv", "Field csv is required.")

// importBody reads an import file: a raw CSV body, or JSON {"csv": "…"}.
func importBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "application/json" {
		var in struct {
			// The file, not a text field: its cells are checked by the
			// inventory domain row by row (NUL included), so it is decoded
			// after cleanText. Its encoding is checked with the body's.
			CSV json.RawMessage `json:"csv"`
		}
		if err := decodeLimited(w, r, &in, inventory.MaxImportBytes+4096, errImportTooLarge); err != nil {
			return nil, err
		}
		var csv string
		if in.CSV == nil || string(in.CSV) == "null" {
			return nil, errCSVRequired
		}
		if err := json.Unmarshal(in.CSV, &csv); err != nil {
			return nil, apperr.New(apperr.Invalid, "request.field_type", apperr.Params{"field": "csv", "type": "string"},
				"Field csv must be a string.").OnField("csv")
		}
		if len(csv) > inventory.MaxImportBytes {
			return nil, errImportTooLarge()
		}
		return []byte(csv), nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, inventory.MaxImportBytes+4096))
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, errImportTooLarge()
		}
		return nil, apperr.New(apperr.Invalid, "import.unreadable", nil, "The file could not be read.")
	}
	if len(b) > inventory.MaxImportBytes {
		return nil, errImportTooLarge()
	}
	if len(b) == 0 { // the contract's body is required: no body is not a file
		return nil, apperr.New(apperr.Invalid, "request.empty", nil, "The request body is empty.")
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
		// The one error answer that carries more than the error: the preview
		// that says, row by row, what is wrong.
		return writeJSON(w, http.StatusBadRequest, struct {
			errorBody
			Preview *inventory.ImportPreview `json:"preview"`
		}{bodyOf(r.Context(), rej.Coded()), rej.Preview})
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, res)
}
