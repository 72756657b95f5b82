package production

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

// StockBatch is a batch with stock that an entry may draw on.
type StockBatch struct {
	ID         int64    `json:"id"`
	ItemID     int64    `json:"item_id"`
	Code       string   `json:"code"`
	OnHand     Quantity `json:"on_hand"`
	ReceivedAt string   `json:"received_at"`
	ExpiresAt  *string  `json:"expires_at"`
}

// Need is how much of a component an entry needs.
type Need struct {
	ItemID   int64
	Quantity Quantity
}

// Draw is a planned consumption: Quantity (positive) out of one batch.
type Draw struct {
	BatchID  int64    `json:"batch_id"`
	ItemID   int64    `json:"item_id"`
	Quantity Quantity `json:"quantity"`
	// Expired is why an expired batch was drawn on ("" when it was not).
	Expired string `json:"-"`
}

// Shortage is a component without enough stock for an entry.
type Shortage struct {
	ItemID int64    `json:"item_id"`
	SKU    string   `json:"sku"`
	Name   string   `json:"name"`
	Unit   string   `json:"unit"`
	Wanted Quantity `json:"wanted"`
	OnHand Quantity `json:"on_hand"`
}

// Needs is what units of a product take by recipe r, exactly: each
// component's quantity per unit times units. A total beyond inventory's
// largest quantity is Invalid.
func Needs(r *Recipe, units int64) ([]Need, error) {
	out := make([]Need, 0, len(r.Components))
	for _, c := range r.Components {
		if units > 0 && int64(c.Quantity) > int64(inventory.MaxQuantity)/units {
			return nil, apperr.New(apperr.Invalid, "production.too_large", apperr.Params{"units": units},
				fmt.Sprintf("%d units would need more %s than can be recorded.", units, c.Name)).OnField("units")
		}
		out = append(out, Need{ItemID: c.ItemID, Quantity: c.Quantity * Quantity(units)})
	}
	return out, nil
}

// SortFEFO orders batches first-expiry-first-out: earliest expiry first,
// batches without expiry last, then oldest received, then oldest created.
func SortFEFO(bs []StockBatch) {
	slices.SortStableFunc(bs, func(a, b StockBatch) int {
		switch {
		case a.ExpiresAt != nil && b.ExpiresAt == nil:
			return -1
		case a.ExpiresAt == nil && b.ExpiresAt != nil:
			return 1
		case a.ExpiresAt != nil && *a.ExpiresAt != *b.ExpiresAt:
			return strings.Compare(*a.ExpiresAt, *b.ExpiresAt)
		}
		if c := strings.Compare(a.ReceivedAt, b.ReceivedAt); c != 0 {
			return c
		}
		return int(a.ID - b.ID)
	})
}

// Usable reports whether a batch may be drawn on for production on date:
// it has stock and has not expired before that day.
func (b StockBatch) Usable(date string) bool {
	return b.OnHand > 0 && (b.ExpiresAt == nil || *b.ExpiresAt >= date)
}

// SuggestFEFO draws want of one item from its batches (any order) usable on
// date, earliest expiry first, splitting across batches as needed. It
// returns the draws and how much could not be covered (0 when stock
// suffices). Expired batches are never suggested (they may still be picked).
func SuggestFEFO(want Quantity, batches []StockBatch, date string) ([]Draw, Quantity) {
	bs := append([]StockBatch(nil), batches...)
	SortFEFO(bs)
	var out []Draw
	for _, b := range bs {
		if want <= 0 {
			break
		}
		if !b.Usable(date) {
			continue
		}
		take := min(want, b.OnHand)
		out = append(out, Draw{BatchID: b.ID, ItemID: b.ItemID, Quantity: take})
		want -= take
	}
	return out, max(want, 0)
}

// Allocate plans an entry's consumption: for each need, the picks given for
// that component's batches, or a first-expiry-first-out suggestion where
// none were given (never an expired batch). stock holds every batch of the components with stock and
// every picked batch of theirs, even if empty.
//
// Errors: a pick of a batch that is not a component's with stock
// (production.batch_not_component, 400), a pick that is not positive
// (production.pick_quantity, 400), picks that do not add up to a
// component's need exactly (production.picks_mismatch, 400), and —
// after all of those — every component whose stock or picked batches
// cannot cover its need, all named in one production.components_short (409).
func Allocate(needs []Need, stock []StockBatch, picks []Pick, names map[int64]Component, date string) ([]Draw, error) {
	byID := map[int64]StockBatch{}
	byItem := map[int64][]StockBatch{}
	for _, b := range stock {
		byID[b.ID] = b
		byItem[b.ItemID] = append(byItem[b.ItemID], b)
	}
	needOf := map[int64]Quantity{}
	for _, n := range needs {
		needOf[n.ItemID] += n.Quantity
	}
	picked := map[int64]map[int64]Quantity{} // item → batch → quantity
	expired := map[int64]string{}            // batch → why it is used expired
	var pickOrder []int64
	for i, p := range picks {
		if p.Quantity <= 0 {
			return nil, apperr.New(apperr.Invalid, "production.pick_quantity", apperr.Params{"batch_id": p.BatchID},
				"Each picked batch needs a quantity above zero.").OnField("batches")
		}
		b, ok := byID[p.BatchID]
		if _, isNeed := needOf[b.ItemID]; !ok || !isNeed {
			return nil, apperr.New(apperr.Invalid, "production.batch_not_component", apperr.Params{"batch_id": p.BatchID},
				fmt.Sprintf("Batch %d is not a batch of this product's components.", p.BatchID)).OnField("batches")
		}
		field := fmt.Sprintf("batches[%d]", i)
		if err := inventory.CheckExpiry(b.Code, b.ID, b.ExpiresAt, date, p.ExpiredUse, field); err != nil {
			return nil, err
		}
		if b.ExpiresAt != nil && *b.ExpiresAt < date && expired[b.ID] == "" {
			expired[b.ID] = p.Reason
		}
		if picked[b.ItemID] == nil {
			picked[b.ItemID] = map[int64]Quantity{}
		}
		if _, seen := picked[b.ItemID][p.BatchID]; !seen {
			pickOrder = append(pickOrder, p.BatchID)
		}
		picked[b.ItemID][p.BatchID] += p.Quantity
	}
	for _, n := range needs {
		ps, ok := picked[n.ItemID]
		if !ok {
			continue
		}
		var sum Quantity
		for _, q := range ps {
			sum += q
		}
		if sum != n.Quantity {
			c := names[n.ItemID]
			return nil, apperr.New(apperr.Invalid, "production.picks_mismatch",
				apperr.Params{"item": c.Name, "sku": c.SKU, "wanted": n.Quantity.String(), "picked": sum.String(), "unit": c.Unit},
				fmt.Sprintf("The batches picked for %s add up to %s %s; the entry needs %s %s.", c.Name, sum, c.Unit, n.Quantity, c.Unit)).
				OnField("batches")
		}
	}
	var draws []Draw
	var short []Shortage
	for _, n := range needs {
		var onHand Quantity // usable stock
		for _, b := range byItem[n.ItemID] {
			if b.Usable(date) {
				onHand += b.OnHand
			}
		}
		if ps, ok := picked[n.ItemID]; ok {
			isShort := false
			for _, id := range pickOrder {
				q, mine := ps[id]
				if !mine {
					continue
				}
				if q > byID[id].OnHand {
					isShort = true
				}
				draws = append(draws, Draw{BatchID: id, ItemID: n.ItemID, Quantity: q, Expired: expired[id]})
			}
			if isShort {
				short = append(short, shortage(n, onHand, names))
			}
			continue
		}
		ds, missing := SuggestFEFO(n.Quantity, byItem[n.ItemID], date)
		if missing > 0 {
			short = append(short, shortage(n, onHand, names))
			continue
		}
		draws = append(draws, ds...)
	}
	if len(short) > 0 {
		return nil, InsufficientStock(short)
	}
	return draws, nil
}

func shortage(n Need, onHand Quantity, names map[int64]Component) Shortage {
	c := names[n.ItemID]
	return Shortage{ItemID: n.ItemID, SKU: c.SKU, Name: c.Name, Unit: c.Unit, Wanted: n.Quantity, OnHand: onHand}
}

// InsufficientStock is the 409 naming every short component: params
// "components" (a readable list) and "short" (each one's item, wanted and
// on-hand quantities).
func InsufficientStock(short []Shortage) error {
	parts := make([]string, len(short))
	for i, s := range short {
		parts[i] = fmt.Sprintf("%s (needs %s %s, %s on hand)", s.Name, s.Wanted, s.Unit, s.OnHand)
	}
	list := strings.Join(parts, "; ")
	return apperr.New(apperr.Conflict, "production.components_short",
		apperr.Params{"components": list, "count": len(short), "short": short},
		"Not enough stock: "+list+".")
}

// Suggestion is what an entry of units would draw, per component: its
// batches with stock (first-expiry-first-out order) and the suggested picks.
type Suggestion struct {
	ProductID     int64                 `json:"product_id"`
	RecipeVersion int                   `json:"recipe_version"`
	Units         int64                 `json:"units"`
	Components    []SuggestionComponent `json:"components"`
}

// SuggestionComponent is one component of a Suggestion.
type SuggestionComponent struct {
	Component
	Needed  Quantity     `json:"needed"`
	OnHand  Quantity     `json:"on_hand"`
	Short   Quantity     `json:"short"`
	Batches []StockBatch `json:"batches"`
	Picks   []Draw       `json:"picks"`
}

// Suggest says which batches units of product would draw
// first-expiry-first-out on date.
func (s *Service) Suggest(ctx context.Context, productID, units int64, date string) (*Suggestion, error) {
	if _, err := ParseDay("date", date); err != nil {
		return nil, err
	}
	if units < 0 || units > MaxUnits {
		return nil, apperr.New(apperr.Invalid, "production.units", apperr.Params{"max": MaxUnits},
			fmt.Sprintf("Units must be 1 to %d.", MaxUnits)).OnField("units")
	}
	r, err := s.Recipe(ctx, productID)
	if err != nil {
		return nil, err
	}
	needs, err := Needs(r, units)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(r.Components))
	for i, c := range r.Components {
		ids[i] = c.ItemID
	}
	stock, err := s.Store.Stock(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := &Suggestion{ProductID: productID, RecipeVersion: r.Version, Units: units}
	for i, c := range r.Components {
		var bs []StockBatch
		var on Quantity
		for _, b := range stock {
			if b.ItemID == c.ItemID {
				bs = append(bs, b)
				on += b.OnHand
			}
		}
		SortFEFO(bs)
		picks, short := SuggestFEFO(needs[i].Quantity, bs, date)
		if bs == nil {
			bs = []StockBatch{}
		}
		if picks == nil {
			picks = []Draw{}
		}
		out.Components = append(out.Components, SuggestionComponent{Component: c, Needed: needs[i].Quantity, OnHand: on,
			Short: short, Batches: bs, Picks: picks})
	}
	return out, nil
}
