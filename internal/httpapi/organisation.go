package httpapi

import (
	"fmt"
	"net/http"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/organisation"
)

// errRequired is a required body field that is missing.
func errRequired(field string) error {
	return apperr.New(apperr.Invalid, "request.field_required", apperr.Params{"field": field},
		fmt.Sprintf("Field %s is required.", field)).OnField(field)
}

// handlePublicSettings gives the kiosk and sign-in pages what they show
// before anyone signs in; public_url only when the server was given one
// (--public-url), so the web app otherwise uses the address it was opened at;
// mail_configured false when mail only goes to the log (no --smtp-url), for
// the office's banner and the recovery page.
func (s *Server) handlePublicSettings(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		return err
	}
	body := map[string]any{"organisation_name": st.Name, "support_email": st.SupportEmail, "time_zone": st.TimeZone,
		"currency": st.Currency, "mail_configured": s.mailDelivery() != mail.LogOnly}
	if s.PublicURL != "" {
		body["public_url"] = s.PublicURL
	}
	if u, err := s.logoURL(r.Context()); err != nil {
		return err
	} else if u != "" {
		body["logo_url"] = u
	}
	return writeJSON(w, http.StatusOK, body)
}

// settingsBody is the settings with the logo's address (absent without one).
type settingsBody struct {
	organisation.Settings
	LogoURL string `json:"logo_url,omitempty"`
}

func (s *Server) handleGetSettings(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		return err
	}
	u, err := s.logoURL(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, settingsBody{st, u})
}

func (s *Server) handlePatchSettings(w http.ResponseWriter, r *http.Request) error {
	return serveBody[organisation.Patch](w, r, http.StatusOK, s.Organisation.Update)
}
