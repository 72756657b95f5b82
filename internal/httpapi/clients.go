package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/clients"
)

// Clients are admin-only (they hold billing addresses); any signed-in user
// may read their names for pickers (GET /api/clients/options).

// sortOrder reads "order" (asc or desc; def when absent).
func sortOrder(r *http.Request, def bool) (bool, error) {
	switch strings.ToLower(queryText(r, "order")) {
	case "":
		return def, nil
	case "asc":
		return false, nil
	case "desc":
		return true, nil
	}
	return false, errChoice("order", []string{"asc", "desc"})
}

// searchParam reads "search", refusing more than 200 bytes.
func searchParam(r *http.Request) (string, error) {
	s := r.URL.Query().Get("search")
	if len(s) > 200 {
		return "", apperr.New(apperr.Invalid, "field.too_long", apperr.Params{"field": "search", "max": 200}, "Search is too long.").OnField("search")
	}
	return s, nil
}

func clientFilter(r *http.Request) (clients.Filter, error) {
	f := clients.Filter{
		Sort:            queryText(r, "sort"),
		IncludeArchived: boolParam(queryText(r, "include_archived")),
		Page:            queryInt(r, "page", 1, 1, 1_000_000),
		PageSize:        queryInt(r, "page_size", 25, 1, clients.MaxPageSize),
	}
	var err error
	if f.Search, err = searchParam(r); err != nil {
		return f, err
	}
	if f.Sort != "" && !slices.Contains(clients.SortKeys, f.Sort) {
		return f, errChoice("sort", clients.SortKeys)
	}
	f.Desc, err = sortOrder(r, false)
	return f, err
}

func (s *Server) handleClientList(w http.ResponseWriter, r *http.Request) error {
	f, err := clientFilter(r)
	if err != nil {
		return err
	}
	list, total, err := s.Clients.List(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"clients": list, "total": total})
}

func (s *Server) handleClientOptions(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Clients.Options(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"clients": list})
}

func (s *Server) handleClientCreate(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[clients.Input](w, r)
	if err != nil {
		return err
	}
	c, err := s.Clients.Create(r.Context(), in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, c)
}

func (s *Server) handleClientGet(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	c, err := s.Clients.Get(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, c)
}

func (s *Server) handleClientPatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	p, err := decode[clients.Patch](w, r)
	if err != nil {
		return err
	}
	c, err := s.Clients.Update(r.Context(), id, p)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, c)
}
