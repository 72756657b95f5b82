package inventory

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
	"github.com/packline/packline/internal/text"
)

// Field limits.
const (
	MaxSKU      = 64
	MaxName     = 200
	MaxUnit     = 20
	MaxLabel    = 100 // category, location, source
	MaxNotes    = 2000
	MaxCode     = 64
	MaxNote     = 500
	MaxPageSize = 200
)

func clean(s string) string { return strings.TrimSpace(s) }

func checkLen(field, v string, max int, label string) error {
	if utf8.RuneCountInString(v) > max {
		return errTooLong(field, label, max)
	}
	if strings.ContainsFunc(v, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) {
		return errInvalid(field, "text.control", apperr.Params{"field": field}, label+" contains control characters.")
	}
	return nil
}

// SKUKey is the form SKUs are compared in: "rice-25" and "RICE-25" are one SKU.
func SKUKey(sku string) string { return strings.ToUpper(clean(sku)) }

// CodeKey is the form batch codes are compared in, per item.
func CodeKey(code string) string { return strings.ToUpper(clean(code)) }

// SearchText is what the list's search matches an item against.
func SearchText(it *Item) string {
	return strings.ToLower(strings.Join([]string{it.SKU, it.Name, it.Category, it.Location}, " \x1f "))
}

// NormalizeKind accepts the kind names people write ("raw material", "Raw",
// "finished") and returns the canonical one, or "" if unknown.
func NormalizeKind(k string) string {
	k = strings.ToLower(clean(k))
	k = strings.NewReplacer(" ", "_", "-", "_").Replace(k)
	switch k {
	case KindRaw, "raw", "raw_materials", "material", "ingredient":
		return KindRaw
	case KindPackaging, "package", "pack":
		return KindPackaging
	case KindFinished, "finished", "finished_goods", "product", "finished_product":
		return KindFinished
	}
	return ""
}

// Normalize trims every field and canonicalises the kind.
func (n *NewItem) Normalize() {
	n.SKU, n.Name, n.Unit = clean(n.SKU), clean(n.Name), clean(n.Unit)
	n.Category, n.Location, n.Notes = clean(n.Category), clean(n.Location), clean(n.Notes)
	if k := NormalizeKind(n.Kind); k != "" {
		n.Kind = k
	}
}

// Validate reports the first invalid field of a normalized NewItem.
func (n NewItem) Validate() error {
	if n.SKU == "" {
		return errRequired("sku", "SKU is required.")
	}
	if err := checkLen("sku", n.SKU, MaxSKU, "SKU"); err != nil {
		return err
	}
	if strings.ContainsAny(n.SKU, " \t\n") {
		return errInvalid("sku", "item.sku_spaces", nil, "SKU must not contain spaces.")
	}
	if n.Name == "" {
		return errRequired("name", "Name is required.")
	}
	if err := text.Name("name", n.Name); err != nil {
		return err
	}
	if err := checkLen("name", n.Name, MaxName, "Name"); err != nil {
		return err
	}
	if !slices.Contains(Kinds, n.Kind) {
		return errChoice("kind", "Kind", Kinds)
	}
	if n.Unit == "" {
		return errRequired("unit", "Unit is required (for example kg, bag, box).")
	}
	if err := checkLen("unit", n.Unit, MaxUnit, "Unit"); err != nil {
		return err
	}
	if err := checkLen("category", n.Category, MaxLabel, "Category"); err != nil {
		return err
	}
	if err := checkLen("location", n.Location, MaxLabel, "Location"); err != nil {
		return err
	}
	if err := checkLen("notes", n.Notes, MaxNotes, "Notes"); err != nil {
		return err
	}
	if n.ReorderLevel < 0 || n.ReorderLevel > MaxQuantity {
		return errInvalid("reorder_level", "quantity.negative", apperr.Params{"field": "reorder_level"}, "Reorder level must be zero or more.")
	}
	if v := n.ServingsPerUnit; v != nil && (*v < 1 || *v > MaxServings) {
		return apperr.Range("servings_per_unit", 1, MaxServings)
	}
	if v := n.UnitCost; v != nil && (*v < 0 || *v > MaxUnitCost) {
		return apperr.Range("unit_cost", 0, MaxUnitCost)
	}
	if v := n.ShelfLifeDays; v != nil && (*v < 1 || *v > MaxShelfLifeDays) {
		return apperr.Range("shelf_life_days", 1, MaxShelfLifeDays)
	}
	return nil
}

// Limits of the impact figures an item carries.
const (
	MaxServings = 100_000           // servings in one unit
	MaxUnitCost = 1_000_000_000_000 // minor units of one unit's cost
	// MaxShelfLifeDays is the longest shelf life an item may have (ten years).
	MaxShelfLifeDays = 3650
)

// Apply validates p and applies it to a copy of it. Archiving is checked by
// the caller, which knows the stock.
func (p ItemPatch) Apply(it Item) (Item, error) {
	n := NewItem{SKU: it.SKU, Name: it.Name, Kind: it.Kind, Unit: it.Unit, Category: it.Category,
		Location: it.Location, ReorderLevel: it.ReorderLevel, Notes: it.Notes,
		ServingsPerUnit: it.ServingsPerUnit, UnitCost: it.UnitCost, ShelfLifeDays: it.ShelfLifeDays}
	if p.ShelfLifeDays.Set {
		n.ShelfLifeDays = p.ShelfLifeDays.Value
	}
	if p.ServingsPerUnit.Set {
		n.ServingsPerUnit = p.ServingsPerUnit.Value
	}
	if p.UnitCost.Set {
		n.UnitCost = p.UnitCost.Value
	}
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&n.SKU, p.SKU)
	set(&n.Name, p.Name)
	set(&n.Kind, p.Kind)
	set(&n.Unit, p.Unit)
	set(&n.Category, p.Category)
	set(&n.Location, p.Location)
	set(&n.Notes, p.Notes)
	if p.ReorderLevel != nil {
		n.ReorderLevel = *p.ReorderLevel
	}
	n.Normalize()
	if err := n.Validate(); err != nil {
		return it, err
	}
	it.SKU, it.Name, it.Kind, it.Unit = n.SKU, n.Name, n.Kind, n.Unit
	it.Category, it.Location, it.ReorderLevel, it.Notes = n.Category, n.Location, n.ReorderLevel, n.Notes
	it.ServingsPerUnit, it.UnitCost, it.ShelfLifeDays = n.ServingsPerUnit, n.UnitCost, n.ShelfLifeDays
	if p.Archived != nil {
		it.Archived = *p.Archived
	}
	return it, nil
}

// ParseDate checks a YYYY-MM-DD calendar date.
func ParseDate(field, v string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return t, errDate(field)
	}
	return t, nil
}

// Normalize trims a NewBatch and fills ReceivedAt with today when empty.
func (n *NewBatch) Normalize(today string) {
	n.Code, n.ReceivedAt, n.ExpiresAt = clean(n.Code), clean(n.ReceivedAt), clean(n.ExpiresAt)
	n.Source, n.SourceType, n.Notes, n.Note = clean(n.Source), strings.ToLower(clean(n.SourceType)), clean(n.Notes), clean(n.Note)
	if n.ReceivedAt == "" {
		n.ReceivedAt = today
	}
}

// Validate reports the first invalid field of a normalized NewBatch. A new
// batch starts with a positive quantity received.
func (n NewBatch) Validate() error {
	if n.Quantity <= 0 {
		return errInvalid("quantity", "quantity.not_positive", apperr.Params{"field": "quantity"}, "Quantity received must be more than zero.")
	}
	if n.Quantity > MaxQuantity {
		return errQuantityTooLarge("quantity", n.Quantity)
	}
	if err := validateCode(n.Code); err != nil {
		return err
	}
	if err := validateBatchDates(n.ReceivedAt, n.ExpiresAt); err != nil {
		return err
	}
	if err := validateSource(n.Source, n.SourceType); err != nil {
		return err
	}
	if err := checkLen("notes", n.Notes, MaxNotes, "Notes"); err != nil {
		return err
	}
	return checkLen("note", n.Note, MaxNote, "Note")
}

func validateCode(code string) error {
	if err := checkLen("code", code, MaxCode, "Batch code"); err != nil {
		return err
	}
	if strings.ContainsAny(code, "\t\n") {
		return errInvalid("code", "batch.code_one_line", nil, "Batch code must be on one line.")
	}
	return nil
}

func validateBatchDates(received, expires string) error {
	r, err := ParseDate("received_at", received)
	if err != nil {
		return err
	}
	if expires != "" {
		e, err := ParseDate("expires_at", expires)
		if err != nil {
			return err
		}
		if e.Before(r) {
			return errInvalid("expires_at", "batch.expiry_before_received", nil, "Expiry date is before the received date.")
		}
	}
	return nil
}

func validateSource(source, typ string) error {
	if err := checkLen("source", source, MaxLabel, "Source"); err != nil {
		return err
	}
	if typ != "" && !slices.Contains(SourceTypes, typ) {
		return errChoice("source_type", "Source type", SourceTypes)
	}
	return nil
}

// Apply validates p and applies it to a copy of b.
func (p BatchPatch) Apply(b Batch) (Batch, error) {
	if p.Code != nil {
		b.Code = clean(*p.Code)
		if b.Code == "" {
			return b, errRequired("code", "Batch code is required.")
		}
		if err := validateCode(b.Code); err != nil {
			return b, err
		}
	}
	if p.ReceivedAt != nil {
		b.ReceivedAt = clean(*p.ReceivedAt)
	}
	if p.ExpiresAt != nil {
		if e := clean(*p.ExpiresAt); e == "" {
			b.ExpiresAt = nil
		} else {
			b.ExpiresAt = &e
		}
	}
	exp := ""
	if b.ExpiresAt != nil {
		exp = *b.ExpiresAt
	}
	if err := validateBatchDates(b.ReceivedAt, exp); err != nil {
		return b, err
	}
	if p.Source != nil {
		b.Source = clean(*p.Source)
	}
	if p.SourceType != nil {
		b.SourceType = strings.ToLower(clean(*p.SourceType))
	}
	if err := validateSource(b.Source, b.SourceType); err != nil {
		return b, err
	}
	if p.Notes != nil {
		b.Notes = clean(*p.Notes)
		if err := checkLen("notes", b.Notes, MaxNotes, "Notes"); err != nil {
			return b, err
		}
	}
	return b, nil
}

// GenerateCode is the code a batch gets when none is given: the item's SKU
// and the received date, with a counter when that is taken (taken reports
// whether a code is in use for the item).
func GenerateCode(sku, received string, taken func(code string) bool) string {
	code := codeCandidate(sku, received, 1)
	for i := 2; taken(code); i++ {
		code = codeCandidate(sku, received, i)
	}
	return code
}

// codeCandidate is the i-th code GenerateCode tries (from 1).
func codeCandidate(sku, received string, i int) string {
	base := SKUKey(sku) + "-" + strings.ReplaceAll(received, "-", "")
	if utf8.RuneCountInString(base) > MaxCode-4 {
		base = string([]rune(base)[:MaxCode-4])
	}
	if i <= 1 {
		return base
	}
	return fmt.Sprintf("%s-%d", base, i)
}

// Signed returns the change a move makes to its batch and checks it: receive
// and produce add, consume and ship take out (whatever the sign given), adjust
// needs a non-zero signed quantity, count may be zero (a count that found
// the expected quantity). Reversal moves are made only by Reverse.
func (m NewMove) Signed() (Quantity, error) {
	q := m.Quantity
	abs := q
	if abs < 0 {
		abs = -abs
	}
	if abs > MaxQuantity {
		return 0, errQuantityTooLarge("quantity", q)
	}
	if err := checkLen("note", m.Note, MaxNote, "Note"); err != nil {
		return 0, err
	}
	switch m.Reason {
	case ReasonReceive, ReasonProduce:
		if abs == 0 {
			return 0, errInvalid("quantity", "quantity.not_positive", apperr.Params{"field": "quantity"}, "Quantity must be more than zero.")
		}
		return abs, nil
	case ReasonConsume, ReasonShip:
		if abs == 0 {
			return 0, errInvalid("quantity", "quantity.not_positive", apperr.Params{"field": "quantity"}, "Quantity must be more than zero.")
		}
		return -abs, nil
	case ReasonAdjust:
		if q == 0 {
			return 0, errInvalid("quantity", "move.adjust_zero", nil, "An adjustment must change the quantity: give a positive or negative number.")
		}
		if m.Note == "" {
			return 0, errRequired("note", "Say why the stock is adjusted.")
		}
		return q, nil
	case ReasonCount:
		return q, nil
	case ReasonReversal:
		return 0, errInvalid("reason", "move.reverse_instead", nil, "To undo a move, reverse it.")
	}
	return 0, errChoice("reason", "Reason", Reasons[:len(Reasons)-1])
}

// PageBounds clamps page and page size to sane values (paging.Bounds with
// MaxPageSize).
func PageBounds(page, size int) (int, int) { return paging.Bounds(page, size, MaxPageSize) }

func asAppErr(err error) (*apperr.Error, bool) { return apperr.As(err) }

func errQuantityTooLarge(field string, q Quantity) error {
	return errInvalid(field, "quantity.too_large", apperr.Params{"field": field, "value": q.String()},
		fmt.Sprintf("%s is too large.", q))
}

// Validate checks a move before any stock is looked at: its reason and
// quantity (Signed), a count's quantity found, and its document.
func (m NewMove) Validate() error {
	if _, err := m.Signed(); err != nil {
		return err
	}
	if m.Reason == ReasonCount && m.Counted != nil && (*m.Counted < 0 || *m.Counted > MaxQuantity) {
		return errInvalid("counted", "quantity.negative", apperr.Params{"field": "counted"}, "The counted quantity must be zero or more.")
	}
	if m.Document != nil && (m.Document.Type == "" || len(m.Document.Type) > 40) {
		return errInvalid("document", "move.document_type", nil, "A move's document needs a short type.")
	}
	return nil
}
