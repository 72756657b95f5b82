package inventory

import (
	"errors"
	"strings"
	"testing"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
)

// The item list's policy, without a database: what a client may ask and what
// it gets when it asks nothing.
func TestListFilterNormalise(t *testing.T) {
	t.Parallel()
	f := ListFilter{Kind: " Packaging ", Archived: "1"}
	if err := f.Normalise(); err != nil {
		t.Fatal(err)
	}
	if f.Kind != KindPackaging || f.Archived != "true" || f.Sort != "name" || f.Page != 1 || f.PageSize < 1 {
		t.Fatalf("normalised filter = %+v", f)
	}
	var none ListFilter
	if err := none.Normalise(); err != nil || none.Archived != "false" {
		t.Fatalf("empty filter: %+v, %v", none, err)
	}
	days := func(n int) *int { return &n }
	for name, bad := range map[string]ListFilter{
		"search":               {Search: strings.Repeat("x", paging.MaxSearch+1)},
		"kind":                 {Kind: "gravel"},
		"archived":             {Archived: "maybe"},
		"expiring_within_days": {ExpiringWithinDays: days(MaxExpiringWithinDays + 1)},
	} {
		err := bad.Normalise()
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Field != name {
			t.Errorf("%s: err = %v, want an error on the field %s", name, err, name)
		}
	}
	ok := ListFilter{ExpiringWithinDays: days(MaxExpiringWithinDays), Archived: "all"}
	if err := ok.Normalise(); err != nil || ok.Archived != "all" {
		t.Fatalf("the furthest look-ahead and every item: %+v, %v", ok, err)
	}
}
