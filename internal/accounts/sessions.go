package accounts

import (
	"context"
	"strconv"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/throttle"
)

// Session is one signed-in token of a user, as the user sees it.
type Session struct {
	ID         int64
	Device     string // short form of the User-Agent, "" when unknown
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
	Remember   bool
	Current    bool // the token of the request that asked
}

// ErrSessionNotFound is a session the user does not have (or no longer has).
var ErrSessionNotFound = apperr.New(apperr.NotFound, "session.not_found", nil, "Session not found.")

// Sessions lists the user's live sessions, marking the one currentToken is.
func (s *Service) Sessions(ctx context.Context, userID int64, currentToken string) ([]Session, error) {
	return s.store.Sessions(ctx, userID, s.Now(), HashToken(currentToken))
}

// RevokeSession signs out one of the user's sessions (another user's id is
// not found).
func (s *Service) RevokeSession(ctx context.Context, userID, sessionID int64) error {
	ok, err := s.store.RevokeSession(ctx, userID, sessionID)
	if err != nil {
		return err
	}
	if !ok {
		return ErrSessionNotFound
	}
	return nil
}

// ChangePassword replaces the user's password after checking the current
// one, and signs out every other session. Wrong current passwords are
// throttled per account as sign-in attempts are.
func (s *Service) ChangePassword(ctx context.Context, userID int64, current, next, currentToken string) error {
	if current == "" {
		return apperr.New(apperr.Invalid, "user.current_password_required", nil, "Enter your current password.").OnField("current_password")
	}
	if err := ValidatePassword(next); err != nil {
		return err
	}
	key := throttle.Key{Name: "password:" + strconv.FormatInt(userID, 10), Policy: LoginPolicy}
	wait, err := s.throttles.Attempt(ctx, key)
	if err != nil {
		return err
	}
	if wait > 0 {
		return throttle.Refused("auth.throttled", wait)
	}
	if err := s.checkPassword(ctx, userID, current, "current_password"); err != nil {
		return err
	}
	var hash string
	var herr error
	if err := s.hashes.Do(ctx, func() { hash, herr = s.Hashing.Hash(next) }); err != nil {
		return err
	}
	if herr != nil {
		return herr
	}
	if err := s.store.SetPassword(ctx, userID, hash, HashToken(currentToken)); err != nil {
		return err
	}
	return s.throttles.Succeeded(ctx, []string{key.Name}, nil)
}

// checkPassword compares password with the user's, through the hashing
// gate; a mismatch is errPasswordWrong on field.
func (s *Service) checkPassword(ctx context.Context, userID int64, password, field string) error {
	hash, err := s.store.PasswordHash(ctx, userID)
	if err != nil {
		return err
	}
	ok := false
	if len(password) <= maxLoginPass {
		if err := s.hashes.Do(ctx, func() { ok = CheckPasswordOrDummy(hash, password) }); err != nil {
			return err
		}
	}
	if !ok {
		return errPasswordWrong(field)
	}
	return nil
}
