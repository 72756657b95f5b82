package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
	"github.com/packline/packline/internal/text"
)

// Query parameters are read only through this file. serve checks every
// parameter of every request with checkQuery before a handler runs, so a
// handler may read r.URL.Query() knowing each name and value is clean
// single-line text.

// checkQuery refuses a query string whose parameter names or values are not
// clean single-line text (text.Check): NUL or another control character,
// invalid UTF-8, or only invisible characters. It is a 400 naming the
// parameter. Pairs Go cannot parse at all (a bad %-escape) are dropped, as
// r.URL.Query does.
func checkQuery(r *http.Request) error {
	if r.URL.RawQuery == "" {
		return nil
	}
	q, _ := url.ParseQuery(r.URL.RawQuery)
	for name, values := range q {
		if p := text.Check(name, text.Line); p != text.OK {
			return text.Error("query", p)
		}
		for _, v := range values {
			if p := text.Check(v, text.Line); p != text.OK {
				return text.Error(name, p)
			}
		}
	}
	return nil
}

// checkPath answers 404 for a path holding NUL, another control character
// or invalid UTF-8 once decoded (/api/public/invoices/a%00b): such a path
// names no record, and a path value (an id, a link's token) reaches the
// domain and the database only as clean text. PostgreSQL refuses NUL in
// text with an error that was a 500.
func checkPath(r *http.Request) error {
	if !utf8.ValidString(r.URL.Path) || strings.ContainsFunc(r.URL.Path, unicode.IsControl) {
		return apperr.New(apperr.NotFound, "not_found", nil, "Not found.")
	}
	return nil
}

// queryText reads a text query parameter, trimmed ("" when absent).
func queryText(r *http.Request, name string) string {
	return strings.TrimSpace(r.URL.Query().Get(name))
}

// queryBool reads an optional boolean query parameter: false when absent,
// and exactly true or false otherwise. Anything else (TRUE, 1, on, maybe,
// nothing after the =) is a 400 field.choice naming it: a filter a client
// got wrong is told, never read as false. The contract declares such a
// parameter `type: boolean`.
func queryBool(r *http.Request, name string) (bool, error) {
	q := r.URL.Query()
	if !q.Has(name) {
		return false, nil
	}
	switch q.Get(name) {
	case "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, apperr.Choice(name, []string{"true", "false"})
}

// queryEnum reads an optional query parameter that takes one of choices,
// exactly as written there: "" when absent, else 400 field.choice naming it
// (an empty value too). The contract declares such a parameter with the same
// `enum`.
func queryEnum(r *http.Request, name string, choices []string) (string, error) {
	q := r.URL.Query()
	if !q.Has(name) {
		return "", nil
	}
	if v := q.Get(name); slices.Contains(choices, v) {
		return v, nil
	}
	return "", apperr.Choice(name, choices)
}

// queryInt reads an optional integer query parameter: def when absent, and
// 400 field.range naming it when it is not a whole number in [min, max].
// Like the contract's minimum and maximum, nothing is clamped: a client that
// asks for page 0 or 10,000 rows is told, not silently given something else.
func queryInt(r *http.Request, name string, def, min, max int) (int, error) {
	s := queryText(r, name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < min || v > max {
		return 0, apperr.Range(name, int64(min), int64(max))
	}
	return v, nil
}

// MaxPage is the highest page number a list serves (the contract's
// components/parameters/page).
const MaxPage = 1_000_000

// DefaultPageSize is a list's page size when page_size is absent.
const DefaultPageSize = paging.DefaultSize

// listQuery is the one list contract every paged list reads: page,
// page_size, sort and order.
type listQuery struct {
	Page, PageSize int
	// Sort is one of the list's sort keys, or "" when absent.
	Sort string
	// Order is "asc", "desc" (any case in the query), or "" when absent: the
	// list's own default applies (see newestFirst).
	Order string
}

// Desc reports whether the list is sorted descending: as asked, else def.
func (l listQuery) Desc(def bool) bool {
	if l.Order == "" {
		return def
	}
	return l.Order == "desc"
}

// sortOrNewest is the one place a list's default order is decided: with no
// sort asked, the list's newest-first key (its number or creation time),
// descending unless order says otherwise; with a sort asked, ascending
// unless order says otherwise.
// list is the page, sort and direction (def when no order is asked) asked
// for, as the services take them.
func (l listQuery) list(def bool) paging.List {
	return paging.List{Sort: l.Sort, Desc: l.Desc(def), Page: l.Page, PageSize: l.PageSize}
}

func (l listQuery) sortOrNewest(newestKey string) (sort string, desc bool) {
	if l.Sort == "" {
		return newestKey, l.Desc(true)
	}
	return l.Sort, l.Desc(false)
}

// readList reads the list contract: page from 1 to MaxPage (default 1),
// page_size from 1 to maxSize (default DefaultPageSize, capped at maxSize),
// sort exactly one of sortKeys (nil: any value is left to the caller), order
// asc or desc in any case. Each refusal is a 400 naming the parameter.
func readList(r *http.Request, sortKeys []string, maxSize int) (listQuery, error) {
	var l listQuery
	var err error
	if l.Page, err = queryInt(r, "page", 1, 1, MaxPage); err != nil {
		return l, err
	}
	if l.PageSize, err = queryInt(r, "page_size", min(DefaultPageSize, maxSize), 1, maxSize); err != nil {
		return l, err
	}
	if sortKeys == nil {
		l.Sort = queryText(r, "sort")
	} else if l.Sort, err = queryEnum(r, "sort", sortKeys); err != nil {
		return l, err
	}
	switch o := strings.ToLower(r.URL.Query().Get("order")); o {
	case "", "asc", "desc":
		l.Order = o
	default:
		return l, apperr.Choice("order", []string{"asc", "desc"})
	}
	return l, nil
}

// queryID reads an optional positive id from the query (0 when absent).
func queryID(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, errParam("field.positive_int", name, fmt.Sprintf("Field %s must be a number.", name), nil)
	}
	return id, nil
}
