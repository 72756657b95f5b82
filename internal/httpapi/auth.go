package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
)

type ctxKey int

const userKey ctxKey = iota

// userFrom returns the signed-in user of a request passed through requireUser.
func userFrom(ctx context.Context) *accounts.User {
	u, _ := ctx.Value(userKey).(*accounts.User)
	return u
}

// bearerToken extracts the token of an "Authorization: Bearer <token>" header.
func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

var errNoToken = apperr.Errorf(apperr.Unauthorized, "No authentication token available")

// requireUser admits only requests with a valid token.
func (s *Server) requireUser(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token := bearerToken(r)
		if token == "" {
			writeError(w, r, s.Log, errNoToken)
			return
		}
		u, err := s.Accounts.Authenticate(r.Context(), token)
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), userKey, u)))
	}
}

// requireAdmin admits only signed-in admins; others get 403 (and stay signed in).
func (s *Server) requireAdmin(next http.HandlerFunc) http.HandlerFunc {
	return s.requireUser(func(w http.ResponseWriter, r *http.Request) {
		if userFrom(r.Context()).Role != accounts.RoleAdmin {
			writeError(w, r, s.Log, apperr.Errorf(apperr.Forbidden, "Only an administrator can do that."))
			return
		}
		next(w, r)
	})
}
