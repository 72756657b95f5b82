package production

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/text"
)

// Limits.
const (
	MaxLineName   = 100
	MaxNote       = 500
	MaxReason     = 500
	MaxUnits      = 1_000_000 // one entry, one hour
	MaxTarget     = 1_000_000
	MaxComponents = 50
	MaxRangeDays  = 400 // overview
)

// Normalize trims the line's name.
func (n *NewLine) Normalize() { n.Name = strings.Join(strings.Fields(n.Name), " ") }

// Validate checks a new line.
func (n NewLine) Validate() error {
	if n.Name == "" || utf8.RuneCountInString(n.Name) > MaxLineName || !text.Visible(n.Name) {
		return apperr.New(apperr.Invalid, "production.line_name", apperr.Params{"max": MaxLineName},
			fmt.Sprintf("A line needs a name of 1 to %d characters.", MaxLineName)).OnField("name")
	}
	if n.HourlyTarget != nil && (*n.HourlyTarget < 0 || *n.HourlyTarget > MaxTarget) {
		return apperr.New(apperr.Invalid, "production.line_target", apperr.Params{"max": MaxTarget},
			fmt.Sprintf("The hourly target must be 0 to %d units.", MaxTarget)).OnField("hourly_target")
	}
	return nil
}

// CheckRecipe validates a new recipe for product against the items its
// components name (items[id], absent when unknown). A component that is the
// product itself or unknown is Invalid (a finished good may be a component:
// two levels of production; CheckNoCycle refuses cycles); so is a quantity that is not positive, a component named twice, or none.
func CheckRecipe(product *inventory.Item, comps []Component, items map[int64]*inventory.Item) error {
	if product.Kind != inventory.KindFinished {
		return apperr.New(apperr.Invalid, "production.not_finished", apperr.Params{"item": product.Name},
			fmt.Sprintf("%s is not a finished good, so it has no recipe.", product.Name))
	}
	if len(comps) == 0 || len(comps) > MaxComponents {
		return apperr.New(apperr.Invalid, "production.recipe_empty", apperr.Params{"max": MaxComponents},
			fmt.Sprintf("A recipe needs 1 to %d components.", MaxComponents)).OnField("components")
	}
	seen := map[int64]bool{}
	for i, c := range comps {
		// Each refusal names the component's member at fault.
		item, quantity := fmt.Sprintf("components[%d].item_id", i), fmt.Sprintf("components[%d].quantity", i)
		if c.ItemID == product.ID {
			return apperr.New(apperr.Invalid, "production.component_self", apperr.Params{"item": product.Name},
				fmt.Sprintf("%s cannot be a component of itself.", product.Name)).OnField(item)
		}
		it := items[c.ItemID]
		if it == nil {
			return apperr.New(apperr.Invalid, "production.component_unknown", apperr.Params{"item_id": c.ItemID},
				fmt.Sprintf("Item %d does not exist.", c.ItemID)).OnField(item)
		}
		if !slices.Contains(inventory.Kinds, it.Kind) {
			return apperr.New(apperr.Invalid, "production.component_kind", apperr.Params{"item": it.Name},
				fmt.Sprintf("%s is not a raw material, packaging or finished good.", it.Name)).OnField(item)
		}
		if seen[c.ItemID] {
			return apperr.New(apperr.Invalid, "production.component_twice", apperr.Params{"item": it.Name},
				fmt.Sprintf("%s is named twice.", it.Name)).OnField(item)
		}
		seen[c.ItemID] = true
		if c.Quantity <= 0 || c.Quantity > inventory.MaxQuantity {
			return apperr.New(apperr.Invalid, "production.component_quantity", apperr.Params{"item": it.Name},
				fmt.Sprintf("The quantity of %s per unit must be above zero.", it.Name)).OnField(quantity)
		}
	}
	return nil
}

// SameComponents reports whether two recipes ask for the same things.
func SameComponents(a, b []Component) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[int64]Quantity{}
	for _, c := range a {
		m[c.ItemID] = c.Quantity
	}
	for _, c := range b {
		if q, ok := m[c.ItemID]; !ok || q != c.Quantity {
			return false
		}
	}
	return true
}

// ParseDay checks a YYYY-MM-DD date.
func ParseDay(field, s string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return t, apperr.New(apperr.Invalid, "production.date", apperr.Params{"field": field},
			fmt.Sprintf("%s must be a date like 2026-08-15.", field)).OnField(field)
	}
	return t, nil
}

// Validate checks a new entry's fields (not yet its stock).
func (n *NewEntry) Validate() error {
	if _, err := ParseDay("date", n.Date); err != nil {
		return err
	}
	if n.Hour < 0 || n.Hour > 23 {
		return apperr.New(apperr.Invalid, "production.hour", nil, "hour must be 0 to 23.").OnField("hour")
	}
	if n.LineID <= 0 {
		return apperr.New(apperr.Invalid, "production.line_required", nil, "Choose a line.").OnField("line_id")
	}
	if n.ProductID <= 0 {
		return apperr.New(apperr.Invalid, "production.product_required", nil, "Choose a product.").OnField("product_id")
	}
	if n.Units <= 0 || n.Units > MaxUnits {
		return apperr.New(apperr.Invalid, "production.units", apperr.Params{"max": MaxUnits},
			fmt.Sprintf("Units must be 1 to %d.", MaxUnits)).OnField("units")
	}
	if utf8.RuneCountInString(n.Note) > MaxNote {
		return apperr.New(apperr.Invalid, "production.note", apperr.Params{"max": MaxNote},
			fmt.Sprintf("The note must be at most %d characters.", MaxNote)).OnField("note")
	}
	for i := range n.Batches {
		if err := n.Batches[i].ExpiredUse.Validate(fmt.Sprintf("batches[%d]", i)); err != nil {
			return err
		}
	}
	return nil
}

// CheckReason validates the reason for reversing an entry.
func CheckReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > MaxReason {
		return "", apperr.New(apperr.Invalid, "production.reason", apperr.Params{"max": MaxReason},
			fmt.Sprintf("Say why, in 1 to %d characters.", MaxReason)).OnField("reason")
	}
	return reason, nil
}

// CheckReversible says whether e may be reversed: once only.
func CheckReversible(e *Entry) error {
	if e.Reversed {
		return apperr.New(apperr.Conflict, "production.already_reversed", apperr.Params{"entry_id": e.ID},
			fmt.Sprintf("Entry %d has already been reversed.", e.ID))
	}
	return nil
}

// BatchCode is the finished batch an entry produces into: product SKU,
// date and line, such as MEAL-20261123-L2. Every entry of the same product,
// line and day shares it.
func BatchCode(sku, date string, lineID int64) string {
	tail := fmt.Sprintf("-%s-L%d", strings.ReplaceAll(date, "-", ""), lineID)
	sku = strings.ToUpper(strings.TrimSpace(sku))
	if max := inventory.MaxCode - len(tail); len(sku) > max {
		sku = sku[:max]
	}
	return sku + tail
}

// CheckRange validates an overview range.
func CheckRange(from, to string) error {
	f, err := ParseDay("from", from)
	if err != nil {
		return err
	}
	t, err := ParseDay("to", to)
	if err != nil {
		return err
	}
	if t.Before(f) {
		return apperr.New(apperr.Invalid, "production.range_order", nil, "The end date must not be before the start date.").OnField("to")
	}
	if t.Sub(f) > MaxRangeDays*24*time.Hour {
		return apperr.New(apperr.Invalid, "production.range_long", apperr.Params{"max": MaxRangeDays},
			fmt.Sprintf("Ask for at most %d days at a time.", MaxRangeDays)).OnField("to")
	}
	return nil
}

// ExpiryOf is the expiry of a batch of product made on date (a valid day):
// the date plus the product's shelf life, "" when its shelf life is not known.
func ExpiryOf(product *inventory.Item, date string) string {
	if product.ShelfLifeDays == nil {
		return ""
	}
	d, _ := time.Parse(time.DateOnly, date)
	return d.AddDate(0, 0, int(*product.ShelfLifeDays)).Format(time.DateOnly)
}
