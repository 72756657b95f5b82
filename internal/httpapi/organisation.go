package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
)

func errRequired(field string) error {
	return apperr.InvalidField(field, "Field %s is required.", field)
}

func (s *Server) organisationRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/settings/public", s.handlePublicSettings)
	mux.HandleFunc("GET /api/settings", s.requireUser(s.handleGetSettings))
	mux.HandleFunc("PATCH /api/settings", s.requireAdmin(s.handlePatchSettings))
}

// handlePublicSettings gives the kiosk and sign-in pages what they show
// before anyone signs in; public_url only when the server was given one
// (--public-url), so the web app otherwise uses the address it was opened at.
func (s *Server) handlePublicSettings(w http.ResponseWriter, r *http.Request) {
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	body := map[string]any{"organisation_name": st.Name, "support_email": st.SupportEmail, "time_zone": st.TimeZone}
	if s.PublicURL != "" {
		body["public_url"] = s.PublicURL
	}
	writeJSON(w, http.StatusOK, body)
}

func (s *Server) handleGetSettings(w http.ResponseWriter, r *http.Request) {
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) handlePatchSettings(w http.ResponseWriter, r *http.Request) {
	var in organisation.Patch
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	st, err := s.Organisation.Update(r.Context(), in)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) notificationRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/notifications", s.requireUser(s.handleNotifications))
	mux.HandleFunc("POST /api/notifications/read", s.requireUser(s.handleNotificationsRead))
}

func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) {
	limit := queryInt(r, "limit", 20, 1, 100)
	list, unread, err := s.Messaging.List(r.Context(), userFrom(r.Context()).ID, limit)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"notifications": list, "unread": unread})
}

func (s *Server) handleNotificationsRead(w http.ResponseWriter, r *http.Request) {
	var in struct {
		IDs []int64 `json:"ids"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
	}
	if len(in.IDs) > 500 {
		writeError(w, r, s.Log, apperr.InvalidField("ids", "At most 500 notifications at once."))
		return
	}
	if err := s.Messaging.MarkRead(r.Context(), userFrom(r.Context()).ID, in.IDs); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}
