package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

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

// queryText reads a text query parameter, trimmed ("" when absent).
func queryText(r *http.Request, name string) string {
	return strings.TrimSpace(r.URL.Query().Get(name))
}

// queryInt reads an integer query parameter, falling back to def when absent
// or malformed and clamping to [min, max].
func queryInt(r *http.Request, name string, def, min, max int) int {
	v, err := strconv.Atoi(queryText(r, name))
	if err != nil {
		return def
	}
	if v < min {
		return min
	}
	if v > max {
		return max
	}
	return v
}
