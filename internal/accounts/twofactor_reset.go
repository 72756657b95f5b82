// Resetting someone's two-factor sign-in without their code: by an
// administrator on the users screen or on the command line.
package accounts

import (
	"context"

	"github.com/packline/packline/internal/apperr"
)

// ResetTwoFactor turns two-factor sign-in off for the account with email,
// without a code: for an administrator helping someone who lost both their
// phone and their recovery codes (packline user disable-2fa). Like
// AdminResetTwoFactor it deletes the recovery codes and ends every session.
func (s *Service) ResetTwoFactor(ctx context.Context, email string) error {
	cred, err := s.store.Credential(ctx, NormalizeEmail(email))
	if err != nil {
		return err
	}
	if cred.Hash == "" {
		return ErrNotFound
	}
	return s.store.InTx(ctx, func(tx Tx) error { return resetTwoFactor(ctx, tx, cred.UserID) })
}

// resetTwoFactor turns a user's two-factor sign-in off, deletes their
// recovery codes and pending sign-in challenges, and signs them out
// everywhere, in tx.
func resetTwoFactor(ctx context.Context, tx Tx, userID int64) error {
	if err := tx.ClearTwoFactor(ctx, userID); err != nil {
		return err
	}
	return tx.RevokeUserTokens(ctx, userID, "")
}

var (
	errResetOwnTwoFactor = apperr.New(apperr.Conflict, "users.reset_two_factor_self", nil,
		"You cannot reset your own two-factor sign-in here; turn it off in Preferences with a code or your password.")
	errTwoFactorOff = apperr.New(apperr.Conflict, "users.two_factor_off", nil,
		"Two-factor sign-in is already off for this account.")
)

// AdminResetTwoFactor is an administrator turning someone else's two-factor
// sign-in off (they lost their authenticator and recovery codes): it deletes
// their recovery codes and signs them out everywhere, in one transaction.
// Not on oneself (users.reset_two_factor_self: Preferences asks for proof), nor on
// an account without it (users.two_factor_off), both 409.
func (s *Service) AdminResetTwoFactor(ctx context.Context, by *User, id int64) (*User, error) {
	if id == by.ID {
		return nil, errResetOwnTwoFactor
	}
	var out *User
	err := s.store.InTx(ctx, func(tx Tx) error {
		u, err := tx.LockUser(ctx, id)
		if err != nil {
			return err
		}
		if !u.TOTPEnabled {
			return errTwoFactorOff
		}
		if err := resetTwoFactor(ctx, tx, id); err != nil {
			return err
		}
		u.TOTPEnabled = false
		out = u
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("two-factor reset by an administrator", "by", by.ID, "user", id)
	return out, nil
}
