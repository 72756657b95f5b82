package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/packline/packline/internal/accounts"
)

type ctxKey int

const userKey ctxKey = iota

// userFrom returns the signed-in user of a request passed through requireUser.
func userFrom(ctx context.Context) *accounts.User {
	u, _ := ctx.Value(userKey).(*accounts.User)
	return u
}

// userIDOf is the id of the request's signed-in user, nil when there is none
// (the system acts): what every area's Actor holds.
func userIDOf(r *http.Request) *int64 {
	if u := userFrom(r.Context()); u != nil {
		id := u.ID
		return &id
	}
	return nil
}

// bearerToken extracts the token of an "Authorization: Bearer <token>" header.
func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// authenticate admits a request with a valid bearer token (and, with
// adminOnly, only an admin's) and returns it carrying the user.
func (s *Server) authenticate(r *http.Request, adminOnly bool) (*http.Request, error) {
	token := bearerToken(r)
	if token == "" {
		return r, accounts.ErrNoToken
	}
	u, err := s.Accounts.Authenticate(r.Context(), token)
	if err != nil {
		return r, err
	}
	if adminOnly && u.Role != accounts.RoleAdmin {
		return r, accounts.ErrAdminOnly
	}
	return r.WithContext(context.WithValue(r.Context(), userKey, u)), nil
}
