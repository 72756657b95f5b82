package inventory

import (
	"fmt"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
)

// MaxExpiringWithinDays is how far ahead the item list's "expiring within"
// may look: ten years, in days.
const MaxExpiringWithinDays = 3650

// ExpiringRangeError is the answer to a look-ahead that is not a whole
// number of days from 0 to MaxExpiringWithinDays.
func ExpiringRangeError() error {
	return apperr.Range("expiring_within_days", 0, MaxExpiringWithinDays,
		fmt.Sprintf("expiring_within_days must be a whole number of days from 0 to %d.", MaxExpiringWithinDays))
}

// Normalise applies the item list's policy to a filter as a client gave it:
// a bounded search, the kind by any of its names, live items unless archived
// ones are asked for ("true", or "all"; "1" and "0" stand for true and false),
// name order by default, a bounded look-ahead, and the page's bounds.
func (f *ListFilter) Normalise() error {
	if err := paging.CheckSearch(f.Search); err != nil {
		return err
	}
	if f.Kind = strings.TrimSpace(f.Kind); f.Kind != "" {
		k := NormalizeKind(f.Kind)
		if k == "" {
			return apperr.Choice("kind", Kinds)
		}
		f.Kind = k
	}
	switch f.Archived {
	case "", "false", "0":
		f.Archived = "false"
	case "true", "1":
		f.Archived = "true"
	case "all":
	default:
		return apperr.Choice("archived", []string{"false", "true", "all"})
	}
	if f.Sort == "" {
		f.Sort = "name"
	}
	if d := f.ExpiringWithinDays; d != nil && (*d < 0 || *d > MaxExpiringWithinDays) {
		return ExpiringRangeError()
	}
	f.Page, f.PageSize = PageBounds(f.Page, f.PageSize)
	return nil
}
