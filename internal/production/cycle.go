package production

import (
	"context"
	"fmt"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

// Two levels of production: a finished good may be a component of another
// finished good's recipe (pouches packed into cases), drawn
// first-expiry-first-out like any component. What may not happen is a
// recipe that contains its own product, directly or through the current
// recipes of its components: CheckNoCycle refuses it.

// RecipeReader is the one read CheckNoCycle needs: an item's current
// recipe (nil when it has none).
type RecipeReader interface {
	CurrentRecipe(ctx context.Context, itemID int64) (*Recipe, error)
	Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error)
}

// CheckNoCycle walks the current recipes below comps and refuses, with
// production.recipe_cycle (400, params items: the chain of names from the
// product back to itself, and item_ids), a recipe for product that would
// contain product again.
func CheckNoCycle(ctx context.Context, r RecipeReader, product *inventory.Item, comps []Component) error {
	done := map[int64]bool{} // explored, no path back to product below it
	var walk func(id int64, path []int64) ([]int64, error)
	walk = func(id int64, path []int64) ([]int64, error) {
		if id == product.ID {
			return append(path, id), nil
		}
		if done[id] {
			return nil, nil
		}
		rec, err := r.CurrentRecipe(ctx, id)
		if err != nil {
			return nil, err
		}
		if rec != nil {
			for _, c := range rec.Components {
				if cyc, err := walk(c.ItemID, append(path, id)); cyc != nil || err != nil {
					return cyc, err
				}
			}
		}
		done[id] = true
		return nil, nil
	}
	for _, c := range comps {
		cyc, err := walk(c.ItemID, []int64{product.ID})
		if err != nil {
			return err
		}
		if cyc != nil {
			return errCycle(ctx, r, cyc)
		}
	}
	return nil
}

func errCycle(ctx context.Context, r RecipeReader, ids []int64) error {
	items, err := r.Items(ctx, ids)
	if err != nil {
		return err
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = fmt.Sprint(id)
		if it := items[id]; it != nil {
			names[i] = it.Name
		}
	}
	chain := strings.Join(names, " → ")
	return apperr.New(apperr.Invalid, "production.recipe_cycle",
		apperr.Params{"item": names[0], "items": chain, "item_ids": ids},
		fmt.Sprintf("%s would contain itself: %s.", names[0], chain)).OnField("components")
}

// unlinks are the draws a reversal of e takes off the trace's batch links:
// its consume moves, negated.
func unlinks(e *Entry) []Draw {
	var out []Draw
	for _, m := range e.Moves {
		if !m.Reversal && m.Quantity < 0 && m.BatchID != e.ProducedBatchID {
			out = append(out, Draw{BatchID: m.BatchID, ItemID: m.ItemID, Quantity: m.Quantity})
		}
	}
	return out
}
