package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/projects"
)

// Projects are open to every signed-in user (staff run them); their
// clients' names come from GET /api/clients/options.

func projectFilter(r *http.Request) (projects.Filter, error) {
	l, err := readList(r, projects.SortKeys, projects.MaxPageSize)
	if err != nil {
		return projects.Filter{}, err
	}
	f := projects.Filter{List: l.list(false)}
	f.Search = r.URL.Query().Get("search")
	f.Status, err = queryEnum(r, "status", projects.Statuses)
	return f, err
}

func (s *Server) handleProjectList(w http.ResponseWriter, r *http.Request) error {
	f, err := projectFilter(r)
	if err != nil {
		return err
	}
	list, total, err := s.Projects.List(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"projects": list, "total": total})
}

func (s *Server) handleProjectCreate(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[projects.Input](w, r)
	if err != nil {
		return err
	}
	p, err := s.Projects.Create(r.Context(), in, userIDOf(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, p)
}

func (s *Server) handleProjectGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Projects.Get)
}

func (s *Server) handleProjectPatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	p, err := decode[projects.Patch](w, r)
	if err != nil {
		return err
	}
	d, err := s.Projects.Update(r.Context(), id, p)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, d)
}

// handleProjectOptions answers the pickers: the projects production and
// shipments may name, and the people a project's owner and team are
// picked from.
func (s *Server) handleProjectOptions(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Projects.Options(r.Context())
	if err != nil {
		return err
	}
	people, err := s.Projects.People(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"projects": list, "people": people})
}
