package httpapi

import (
	"net/http"
	"time"

	"github.com/packline/packline/internal/accounts"
)

func (s *Server) accountRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/login", s.handleLogin)
	mux.HandleFunc("POST /api/logout", s.requireUser(s.handleLogout))
	mux.HandleFunc("GET /api/user", s.requireUser(s.handleUser))
	mux.HandleFunc("PATCH /api/user/name", s.requireUser(s.handleUserName))
	mux.HandleFunc("PATCH /api/user/2fa", s.requireUser(s.handleUser2FA))
	mux.HandleFunc("GET /api/user/preferences", s.requireUser(s.handleGetPreferences))
	mux.HandleFunc("PATCH /api/user/preferences", s.requireUser(s.handlePatchPreferences))
	mux.HandleFunc("GET /api/presence", s.requireUser(s.handlePresence))
}

// onlineWithin is how recently a user must have used the app to count as a
// current visitor.
const onlineWithin = 5 * time.Minute

// handlePresence lists the staff online now (the dashboard's current visitors).
func (s *Server) handlePresence(w http.ResponseWriter, r *http.Request) {
	list, err := s.Accounts.Online(r.Context(), onlineWithin)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"visitors": list, "window_seconds": int(onlineWithin.Seconds())})
}

// userJSON is the server user of SPEC §3 plus what the interface needs.
type userJSON struct {
	ID           int64      `json:"id"`
	FirstName    string     `json:"first_name"`
	LastName     string     `json:"last_name"`
	Email        string     `json:"email"`
	Role         string     `json:"role"`
	CreatedAt    time.Time  `json:"created_at"`
	LastLoginAt  *time.Time `json:"last_login_at"`
	Is2FAEnabled bool       `json:"is_2fa_enabled"`
}

func toUserJSON(u *accounts.User) userJSON {
	return userJSON{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role,
		CreatedAt: u.CreatedAt, LastLoginAt: u.LastLoginAt, Is2FAEnabled: u.TOTPEnabled}
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
		Remember bool   `json:"remember"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	u, token, err := s.Accounts.Login(r.Context(), accounts.Credentials{
		Email: in.Email, Password: in.Password, Remember: in.Remember, Client: s.clientAddr(r)})
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"user":        toUserJSON(u),
		"token":       token,
		"preferences": u.Preferences,
	})
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if err := s.Accounts.Logout(r.Context(), bearerToken(r)); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleUser(w http.ResponseWriter, r *http.Request) {
	u := userFrom(r.Context())
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": toUserJSON(u), "preferences": u.Preferences})
}

func (s *Server) handleUserName(w http.ResponseWriter, r *http.Request) {
	var in struct {
		UserName string `json:"userName"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	first, last, err := accounts.SplitName(in.UserName)
	if err == nil {
		err = s.Accounts.UpdateName(r.Context(), userFrom(r.Context()).ID, first, last)
	}
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleUser2FA(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Enabled *bool `json:"is2FAEnabled"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if in.Enabled == nil {
		writeError(w, r, s.Log, errRequired("is2FAEnabled"))
		return
	}
	if err := s.Accounts.SetTwoFactor(r.Context(), userFrom(r.Context()).ID, *in.Enabled); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleGetPreferences(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, userFrom(r.Context()).Preferences)
}

func (s *Server) handlePatchPreferences(w http.ResponseWriter, r *http.Request) {
	var in accounts.PreferencesPatch
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	p, err := s.Accounts.UpdatePreferences(r.Context(), userFrom(r.Context()).ID, in)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
