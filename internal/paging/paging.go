// Package paging settles the page a list is asked for, the same way for every
// area: each area names its own cap (a MaxPageSize constant) and passes it.
// The API refuses a page or page size out of range before a service sees it
// (httpapi's readList); this is the services' own guard for other callers.
package paging

import (
	"strings"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// DefaultSize is a page's size when none is asked.
const DefaultSize = 25

// MaxSearch is the longest search text a list takes, in characters (the
// staff list's is shorter, timeclock.MaxEmployeeSearch).
const MaxSearch = 200

// CheckSearch refuses a search text longer than MaxSearch: 400
// field.too_long naming "search".
func CheckSearch(search string) error {
	if utf8.RuneCountInString(search) > MaxSearch {
		return apperr.TooLong("search", MaxSearch, "Search is too long.")
	}
	return nil
}

// Bounds returns page at least 1 and size from 1 to maxSize: a size below 1
// is DefaultSize (maxSize when that is smaller), one above maxSize is maxSize.
func Bounds(page, size, maxSize int) (int, int) {
	if size < 1 {
		size = DefaultSize
	}
	return max(page, 1), min(size, maxSize)
}

// List is what a paged list is asked for beyond its own filters: a search
// text, the sort column and direction, and the page.
type List struct {
	Search   string
	Sort     string
	Desc     bool
	Page     int
	PageSize int
}

// Settle fills the defaults: sort when no column is asked (the direction is
// left as asked), the page within Bounds of maxSize, the search trimmed; a
// search longer than MaxSearch is refused (CheckSearch).
func (l *List) Settle(sort string, maxSize int) error {
	if l.Sort == "" {
		l.Sort = sort
	}
	l.Page, l.PageSize = Bounds(l.Page, l.PageSize, maxSize)
	l.Search = strings.TrimSpace(l.Search)
	return CheckSearch(l.Search)
}
