package inventory

import (
	"fmt"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
)

// Import limits.
const (
	MaxImportBytes = 5 << 20
	MaxImportRows  = 5000
)

// ImportColumns are the columns an import file may have, in the order the
// template gives them. sku is always needed; name, kind and unit for new items.
var ImportColumns = []string{"sku", "name", "kind", "unit", "category", "location", "reorder_level",
	"batch_code", "quantity", "received_at", "expires_at", "source", "source_type"}

var columnAliases = map[string]string{
	"item": "name", "item_name": "name", "description": "name", "type": "kind", "uom": "unit",
	"unit_of_measure": "unit", "reorder": "reorder_level", "reorder_point": "reorder_level",
	"min": "reorder_level", "batch": "batch_code", "code": "batch_code", "lot": "batch_code",
	"lot_code": "batch_code", "qty": "quantity", "opening_stock": "quantity", "on_hand": "quantity",
	"received": "received_at", "received_on": "received_at", "expiry": "expires_at",
	"expires": "expires_at", "expires_on": "expires_at", "best_before": "expires_at",
	"supplier": "source", "donor": "source",
}

// ImportError is one problem with an import file or row. Code is stable for
// translation; Message is English.
type ImportError struct {
	Field   string        `json:"field,omitempty"`
	Code    string        `json:"code"`
	Params  apperr.Params `json:"params"` // the values Message names, for translation
	Message string        `json:"message"`
}

// ImportRow is one data line of an import file as understood.
type ImportRow struct {
	Line         int           `json:"line"`
	SKU          string        `json:"sku"`
	Name         string        `json:"name"`
	Kind         string        `json:"kind"`
	Unit         string        `json:"unit"`
	Category     string        `json:"category"`
	Location     string        `json:"location"`
	ReorderLevel Quantity      `json:"reorder_level"`
	BatchCode    string        `json:"batch_code"`
	Quantity     Quantity      `json:"quantity"`
	ReceivedAt   string        `json:"received_at"`
	ExpiresAt    string        `json:"expires_at"`
	Source       string        `json:"source"`
	SourceType   string        `json:"source_type"`
	NewItem      bool          `json:"new_item"`  // the row creates its item
	HasStock     bool          `json:"has_stock"` // the row adds a batch of opening stock
	Errors       []ImportError `json:"errors"`

	given map[string]bool // columns with a value on this line
}

// Given reports whether the row's file had a value in column col.
func (r *ImportRow) Given(col string) bool { return r.given[col] }

// AddError records a problem with the row: its field, code, the values
// its message names (field is always among them) and the English message.
func (r *ImportRow) AddError(field, code string, params apperr.Params, format string, args ...any) {
	if params == nil {
		params = apperr.Params{}
	}
	params["field"] = field
	r.Errors = append(r.Errors, ImportError{Field: field, Code: code, Params: params, Message: fmt.Sprintf(format, args...)})
}

// addInvalid records a validation error of the row under its own code.
func (r *ImportRow) addInvalid(err error) {
	e, ok := asAppErr(err)
	if !ok {
		r.AddError("", "invalid", nil, "%s", err.Error())
		return
	}
	params := apperr.Params{}
	for k, v := range e.Params {
		params[k] = v
	}
	r.AddError(e.Field, e.CodeOrKind(), params, "%s", e.Message)
}

// fileError is a problem with the file as a whole.
func fileError(field, code string, params apperr.Params, message string) ImportError {
	if params == nil {
		params = apperr.Params{}
	}
	return ImportError{Field: field, Code: code, Params: params, Message: message}
}

// ImportPreview is what an import would do; nothing is written.
type ImportPreview struct {
	Valid           bool          `json:"valid"`
	Errors          []ImportError `json:"errors"` // problems with the file as a whole
	Rows            []ImportRow   `json:"rows"`
	RowsWithErrors  int           `json:"rows_with_errors"`
	ItemsToCreate   int           `json:"items_to_create"`
	BatchesToCreate int           `json:"batches_to_create"`
}

// Finish counts errors and what would be created.
func (p *ImportPreview) Finish() {
	p.RowsWithErrors, p.ItemsToCreate, p.BatchesToCreate = 0, 0, 0
	for i := range p.Rows {
		r := &p.Rows[i]
		if r.Errors == nil {
			r.Errors = []ImportError{}
		}
		if len(r.Errors) > 0 {
			p.RowsWithErrors++
		}
		if r.NewItem {
			p.ItemsToCreate++
		}
		if r.HasStock {
			p.BatchesToCreate++
		}
	}
	if p.Errors == nil {
		p.Errors = []ImportError{}
	}
	if p.Rows == nil {
		p.Rows = []ImportRow{}
	}
	p.Valid = len(p.Errors) == 0 && p.RowsWithErrors == 0 && len(p.Rows) > 0
}

// ImportResult is what a committed import wrote.
type ImportResult struct {
	ItemsCreated   int `json:"items_created"`
	BatchesCreated int `json:"batches_created"`
}

// ParseImport reads an import file and checks every row on its own and
// against the other rows; checks against the database are the caller's.
// Rows of one SKU after the first add stock to the item the first defines.
// Semicolon-separated files (as spreadsheets write them in many locales)
// are accepted, and then a decimal comma too.
func ParseImport(data []byte, today string) *ImportPreview {
	p := &ImportPreview{}
	defer p.Finish()
	rd, ferr := newImportReader(data)
	if ferr != nil {
		p.Errors = append(p.Errors, *ferr)
		return p
	}
	sep := rd.sep
	header, ferr := rd.header()
	if ferr != nil {
		p.Errors = append(p.Errors, *ferr)
		return p
	}
	cols := make([]string, len(header))
	seen := map[string]bool{}
	for i, h := range header {
		h = strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(h)))
		if a, ok := columnAliases[h]; ok {
			h = a
		}
		known := false
		for _, c := range ImportColumns {
			known = known || c == h
		}
		if !known {
			if h != "" {
				p.Errors = append(p.Errors, fileError(header[i], "unknown_column",
					apperr.Params{"column": header[i], "columns": strings.Join(ImportColumns, ", ")},
					fmt.Sprintf("Unknown column %q. Columns: %s.", header[i], strings.Join(ImportColumns, ", "))))
			}
			continue
		}
		if seen[h] {
			p.Errors = append(p.Errors, fileError(h, "duplicate_column", apperr.Params{"column": h},
				fmt.Sprintf("Column %s appears twice.", h)))
			continue
		}
		seen[h] = true
		cols[i] = h
	}
	if !seen["sku"] {
		p.Errors = append(p.Errors, fileError("sku", "missing_column", apperr.Params{"column": "sku"}, "The file needs a sku column."))
		return p
	}

	bySKU := map[string]int{} // SKU key → index of the row defining the item
	codes := map[string]int{} // SKU key + "\x00" + code key → line
	for {
		rec, line, ferr := rd.next()
		if ferr != nil {
			p.Errors = append(p.Errors, *ferr)
			return p
		}
		if rec == nil {
			break
		}
		blank := true
		for _, v := range rec {
			blank = blank && strings.TrimSpace(v) == ""
		}
		if blank {
			continue
		}
		if len(p.Rows) == MaxImportRows {
			p.Errors = append(p.Errors, fileError("", "too_many_rows", apperr.Params{"max": MaxImportRows},
				fmt.Sprintf("At most %d rows can be imported at once.", MaxImportRows)))
			return p
		}
		row := ImportRow{Line: line, given: map[string]bool{}}
		vals := map[string]string{}
		for i, v := range rec {
			if i < len(cols) && cols[i] != "" {
				vals[cols[i]] = strings.TrimSpace(v)
				row.given[cols[i]] = strings.TrimSpace(v) != ""
			}
		}
		parseRow(&row, vals, sep, today)
		key := SKUKey(row.SKU)
		if def, ok := bySKU[key]; ok && row.SKU != "" {
			d := &p.Rows[def]
			for _, c := range []struct{ col, a, b string }{
				{"name", row.Name, d.Name}, {"kind", row.Kind, d.Kind}, {"unit", row.Unit, d.Unit},
				{"category", row.Category, d.Category}, {"location", row.Location, d.Location},
			} {
				if row.Given(c.col) && c.a != c.b {
					row.AddError(c.col, "conflicts_with_line", apperr.Params{"line": d.Line}, "%s differs from line %d for the same SKU.", c.col, d.Line)
				}
			}
			// The defining row's item fields stand for this one.
			row.Name, row.Kind, row.Unit, row.Category, row.Location = d.Name, d.Kind, d.Unit, d.Category, d.Location
			row.ReorderLevel = d.ReorderLevel
		} else if row.SKU != "" {
			bySKU[key] = len(p.Rows)
			row.NewItem = true // until the caller finds the SKU in the database
		}
		if row.HasStock && row.BatchCode != "" {
			ck := key + "\x00" + CodeKey(row.BatchCode)
			if l, ok := codes[ck]; ok {
				row.AddError("batch_code", "duplicate_batch_code", apperr.Params{"code": row.BatchCode, "line": l},
					"Batch code %s is already on line %d for this SKU.", row.BatchCode, l)
			} else {
				codes[ck] = line
			}
		}
		p.Rows = append(p.Rows, row)
	}
	if len(p.Rows) == 0 {
		p.Errors = append(p.Errors, fileError("", "no_rows", nil, "The file has a header but no rows."))
	}
	return p
}

func parseRow(r *ImportRow, v map[string]string, sep rune, today string) {
	qty := func(field, s string) Quantity {
		if s == "" {
			return 0
		}
		if sep == ';' {
			s = strings.ReplaceAll(s, ",", ".")
		}
		q, err := ParseQuantity(s)
		if err != nil {
			r.AddError(field, "bad_number", apperr.Params{"value": s}, "%s %q is not a number with at most 3 decimals.", field, s)
			return 0
		}
		if q < 0 {
			r.AddError(field, "negative", nil, "%s must not be negative.", field)
			return 0
		}
		return q
	}
	// A cell that is not clean single-line text (NUL, another control
	// character, invalid UTF-8) is its row's error and goes no further: not
	// to the lookups of existing items, not to the database.
	bad := map[string]bool{}
	for _, c := range ImportColumns {
		if p := text.Check(v[c], text.Line); p != text.OK {
			r.addInvalid(text.Error(c, p))
			bad[c], v[c] = true, ""
		}
	}
	r.SKU = v["sku"]
	n := NewItem{SKU: v["sku"], Name: v["name"], Kind: v["kind"], Unit: v["unit"], Category: v["category"],
		Location: v["location"], ReorderLevel: qty("reorder_level", v["reorder_level"])}
	n.Normalize()
	r.SKU, r.Name, r.Kind, r.Unit, r.Category, r.Location, r.ReorderLevel =
		n.SKU, n.Name, n.Kind, n.Unit, n.Category, n.Location, n.ReorderLevel
	if r.SKU == "" {
		if !bad["sku"] {
			r.AddError("sku", "required", nil, "sku is required.")
		}
	} else if err := n.Validate(); err != nil && fieldOf(err) == "sku" {
		r.addInvalid(err)
	}
	// name, kind and unit are checked by the caller once it knows whether the
	// item is new (an existing item needs only its SKU).
	r.Quantity = qty("quantity", v["quantity"])
	r.BatchCode = v["batch_code"]
	r.ReceivedAt, r.ExpiresAt = v["received_at"], v["expires_at"]
	r.Source, r.SourceType = v["source"], strings.ToLower(v["source_type"])
	r.HasStock = r.Quantity > 0
	if !r.HasStock {
		for _, c := range []string{"batch_code", "received_at", "expires_at", "source", "source_type"} {
			if r.Given(c) {
				r.AddError("quantity", "quantity_needed", nil, "A batch needs a quantity more than zero.")
				break
			}
		}
		return
	}
	b := NewBatch{Code: r.BatchCode, Quantity: r.Quantity, ReceivedAt: r.ReceivedAt, ExpiresAt: r.ExpiresAt,
		Source: r.Source, SourceType: r.SourceType}
	b.Normalize(today)
	r.ReceivedAt = b.ReceivedAt
	if err := b.Validate(); err != nil {
		r.addInvalid(err)
	}
}

// CheckNewItem adds the errors of a row that creates its item.
func (r *ImportRow) CheckNewItem() {
	n := NewItem{SKU: r.SKU, Name: r.Name, Kind: r.Kind, Unit: r.Unit, Category: r.Category,
		Location: r.Location, ReorderLevel: r.ReorderLevel}
	if r.Name == "" {
		r.AddError("name", "required", nil, "name is required for a new item.")
	}
	if r.Kind == "" {
		r.AddError("kind", "required", nil, "kind is required for a new item (raw_material, packaging or finished_good).")
	} else if NormalizeKind(r.Kind) == "" {
		r.AddError("kind", "bad_kind", apperr.Params{"kind": r.Kind}, "kind %q is not raw_material, packaging or finished_good.", r.Kind)
	}
	if r.Unit == "" {
		r.AddError("unit", "required", nil, "unit is required for a new item.")
	}
	if r.Name != "" && r.Kind != "" && r.Unit != "" && NormalizeKind(r.Kind) != "" {
		if err := n.Validate(); err != nil {
			r.addInvalid(err)
		}
	}
}

func fieldOf(err error) string {
	if e, ok := asAppErr(err); ok {
		return e.Field
	}
	return ""
}
