package httpapi

import (
	"net/http"
	"strconv"
)

// queryInt reads an integer query parameter, falling back to def when absent
// or malformed and clamping to [min, max].
func queryInt(r *http.Request, name string, def, min, max int) int {
	v, err := strconv.Atoi(r.URL.Query().Get(name))
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
