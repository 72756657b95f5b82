package paging

import (
	"strings"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

func TestBounds(t *testing.T) {
	for _, c := range []struct{ page, size, max, wantPage, wantSize int }{
		{0, 0, 200, 1, DefaultSize},
		{-3, -1, 200, 1, DefaultSize},
		{2, 50, 200, 2, 50},
		{1, 201, 200, 1, 200},
		{1, 0, 10, 1, 10},
		{7, 1, 100, 7, 1},
	} {
		p, s := Bounds(c.page, c.size, c.max)
		if p != c.wantPage || s != c.wantSize {
			t.Errorf("Bounds(%d, %d, %d) = %d, %d; want %d, %d", c.page, c.size, c.max, p, s, c.wantPage, c.wantSize)
		}
	}
}

func TestListSettle(t *testing.T) {
	l := List{Search: "  soy ", Desc: true, PageSize: 500}
	l.Settle("name", 200)
	if l != (List{Search: "soy", Sort: "name", Desc: true, Page: 1, PageSize: 200}) {
		t.Errorf("defaults: %+v", l)
	}
	l = List{Sort: "city", Page: 3, PageSize: 10}
	l.Settle("name", 200)
	if l != (List{Sort: "city", Page: 3, PageSize: 10}) {
		t.Errorf("asked: %+v", l)
	}
}

// A search is measured in characters: 200 Persian letters (400 bytes) pass,
// 201 of anything do not.
func TestCheckSearch(t *testing.T) {
	if err := CheckSearch(strings.Repeat("ب", MaxSearch)); err != nil {
		t.Errorf("200 characters: %v", err)
	}
	err := CheckSearch(strings.Repeat("x", MaxSearch+1))
	if e, ok := apperr.As(err); !ok || e.Code != "field.too_long" || e.Field != "search" {
		t.Errorf("201 characters: %#v", err)
	}
}

// Settle trims the search before it measures it, and refuses one too long.
func TestListSettleRefusesALongSearch(t *testing.T) {
	l := List{Search: " " + strings.Repeat("x", MaxSearch) + " "}
	if err := l.Settle("name", 10); err != nil || len(l.Search) != MaxSearch {
		t.Errorf("200 characters with spaces around: %v, %d left", err, len(l.Search))
	}
	l = List{Search: strings.Repeat("x", MaxSearch+1)}
	if e, ok := apperr.As(l.Settle("name", 10)); !ok || e.Code != "field.too_long" {
		t.Errorf("201 characters: %v", e)
	}
}
