package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/search"
)

// handleSearch: GET /api/search?q=&limit=, the records q names that the
// signed-in user may open (invoices for admins only), at most limit of each kind.
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryInt(r, "limit", search.DefaultLimit, 1, search.MaxLimit)
	if err != nil {
		return err
	}
	found, err := s.Search.Search(r.Context(), r.URL.Query().Get("q"), limit, userFrom(r.Context()).Role == accounts.RoleAdmin)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"results": found})
}
