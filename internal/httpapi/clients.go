package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/clients"
)

// Clients are admin-only (they hold billing addresses); any signed-in user
// may read their names for pickers (GET /api/clients/options).

func clientFilter(r *http.Request) (clients.Filter, error) {
	l, err := readList(r, clients.SortKeys, clients.MaxPageSize)
	if err != nil {
		return clients.Filter{}, err
	}
	f := clients.Filter{List: l.list(false)}
	if f.IncludeArchived, err = queryBool(r, "include_archived"); err != nil {
		return clients.Filter{}, err
	}
	f.Search = r.URL.Query().Get("search")
	return f, nil
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
	return serveBody[clients.Input](w, r, http.StatusCreated, s.Clients.Create)
}

func (s *Server) handleClientGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Clients.Get)
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
