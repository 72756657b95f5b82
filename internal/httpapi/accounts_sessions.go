package httpapi

import (
	"net/http"
	"time"
)

// sessionJSON is one of the signed-in user's sessions.
type sessionJSON struct {
	ID         int64     `json:"id"`
	Device     string    `json:"device"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	ExpiresAt  time.Time `json:"expires_at"`
	Current    bool      `json:"current"`
}

func (s *Server) handleSessions(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Accounts.Sessions(r.Context(), userFrom(r.Context()).ID, bearerToken(r))
	if err != nil {
		return err
	}
	out := make([]sessionJSON, len(list))
	for i, v := range list {
		out[i] = sessionJSON{ID: v.ID, Device: v.Device, CreatedAt: v.CreatedAt, LastUsedAt: v.LastUsedAt,
			ExpiresAt: v.ExpiresAt, Current: v.Current}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"sessions": out})
}

func (s *Server) handleRevokeSession(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.Accounts.RevokeSession(r.Context(), userFrom(r.Context()).ID, id); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// passwordInput is what PATCH /api/user/password sends.
type passwordInput struct {
	CurrentPassword string `json:"current_password" text:"raw"`
	Password        string `json:"password" text:"raw"`
}

func (s *Server) handleChangePassword(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[passwordInput](w, r)
	if err != nil {
		return err
	}
	if err := s.Accounts.ChangePassword(r.Context(), userFrom(r.Context()).ID, in.CurrentPassword, in.Password, bearerToken(r)); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}
