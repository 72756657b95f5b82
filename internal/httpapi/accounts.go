package httpapi

import (
	"net/http"
	"time"

	"github.com/packline/packline/internal/accounts"
)

// onlineWithin is how recently a user must have used the app to count as a
// current visitor.
const onlineWithin = 5 * time.Minute

// handlePresence lists the staff online now (the dashboard's current visitors).
func (s *Server) handlePresence(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Accounts.Online(r.Context(), onlineWithin)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"visitors": list, "window_seconds": int(onlineWithin.Seconds())})
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

// loginInput is what POST /api/login sends.
type loginInput struct {
	Email    string `json:"email"`
	Password string `json:"password" text:"raw"`
	Remember bool   `json:"remember"`
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[loginInput](w, r)
	if err != nil {
		return err
	}
	u, token, err := s.Accounts.Login(r.Context(), accounts.Credentials{
		Email: in.Email, Password: in.Password, Remember: in.Remember, Client: s.clientAddr(r),
		Device: accounts.DeviceName(r.UserAgent())})
	if err != nil {
		return twoFactorStep(w, err)
	}
	return writeSignedIn(w, u, token)
}

// writeSignedIn is the answer of a sign-in that issued a token.
func writeSignedIn(w http.ResponseWriter, u *accounts.User, token string) error {
	return writeJSON(w, http.StatusOK, map[string]any{
		"user":        toUserJSON(u),
		"token":       token,
		"preferences": u.Preferences,
	})
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if err := s.Accounts.Logout(r.Context(), bearerToken(r)); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleUser(w http.ResponseWriter, r *http.Request) error {
	u := userFrom(r.Context())
	return writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": toUserJSON(u), "preferences": u.Preferences})
}

// userNameInput is what PATCH /api/user/name sends: first and last name joined.
type userNameInput struct {
	UserName string `json:"userName"`
}

func (s *Server) handleUserName(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[userNameInput](w, r)
	if err != nil {
		return err
	}
	first, last, err := accounts.SplitName(in.UserName)
	if err == nil {
		err = s.Accounts.UpdateName(r.Context(), userFrom(r.Context()).ID, first, last)
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleGetPreferences(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, userFrom(r.Context()).Preferences)
}

func (s *Server) handlePatchPreferences(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[accounts.PreferencesPatch](w, r)
	if err != nil {
		return err
	}
	p, err := s.Accounts.UpdatePreferences(r.Context(), userFrom(r.Context()).ID, in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}
