package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/partners"
)

// Partners are the directory of places the group ships to: any signed-in
// user reads and keeps them (coordinators name them on shipments).

func partnerFilter(r *http.Request) (partners.Filter, error) {
	l, err := readList(r, partners.SortKeys, partners.MaxPageSize)
	if err != nil {
		return partners.Filter{}, err
	}
	f := partners.Filter{List: l.list(false)}
	if f.IncludeArchived, err = queryBool(r, "include_archived"); err != nil {
		return partners.Filter{}, err
	}
	f.Search = r.URL.Query().Get("search")
	return f, nil
}

func (s *Server) handlePartnerList(w http.ResponseWriter, r *http.Request) error {
	f, err := partnerFilter(r)
	if err != nil {
		return err
	}
	list, total, err := s.Partners.List(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"partners": list, "total": total})
}

func (s *Server) handlePartnerCreate(w http.ResponseWriter, r *http.Request) error {
	return serveBody[partners.Input](w, r, http.StatusCreated, s.Partners.Create)
}

func (s *Server) handlePartnerGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Partners.Get)
}

func (s *Server) handlePartnerPatch(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[partners.Patch](w, r, http.StatusOK, s.Partners.Update)
}
