package accounts

import (
	"context"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/throttle"
)

// RecoverPath is the page a recovery link opens, where the new password is
// chosen (SPEC §2: /auth/recover-password).
const RecoverPath = "/auth/recover-password"

// Recovery throttles: one address gets at most a few mails an hour, and one
// client cannot mail many addresses.
var (
	RecoverEmailPolicy  = throttle.Policy{Limit: 3, Window: time.Hour, Base: 15 * time.Minute, Max: 6 * time.Hour}
	RecoverClientPolicy = throttle.Policy{Limit: 10, Window: time.Hour, Base: 15 * time.Minute, Max: 6 * time.Hour}
)

// ErrResetInvalid is a recovery link used already, expired or unknown.
var ErrResetInvalid = apperr.New(apperr.Invalid, "password.reset_invalid", nil,
	"This password reset link is not valid any more: it was used or has expired. Ask for a new one.").OnField("token")

// RequestRecovery mails a single-use link to choose a new password, valid for
// RecoveryTTL, when email belongs to an active account. It answers the same,
// and as fast, whether or not it does: everything after the throttle runs in
// the background. Too many requests for the address or from the client are
// TooManyAttempts (counted for unknown addresses too, so that says nothing).
func (s *Service) RequestRecovery(ctx context.Context, email, client, base string) error {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return err
	}
	wait, err := s.throttles.Attempt(ctx,
		throttle.Key{Name: "recover:" + email, Policy: RecoverEmailPolicy},
		throttle.Key{Name: "recover-client:" + client, Policy: RecoverClientPolicy})
	if err != nil {
		return err
	}
	if wait > 0 {
		return throttle.Refused("password.recover_throttled", wait)
	}
	s.background(ctx, func(ctx context.Context) {
		if err := s.mailRecovery(ctx, email, base); err != nil {
			s.log.Error("password recovery failed", "err", err)
		}
	})
	return nil
}

func (s *Service) mailRecovery(ctx context.Context, email, base string) error {
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil || u == nil || !u.Active {
		if u != nil {
			s.log.Info("password recovery asked for a deactivated account", "user", u.ID)
		}
		return err
	}
	token, t, err := newMailToken(LinkRecovery, email, RecoveryTTL, s.Now())
	if err != nil {
		return err
	}
	t.UserID = u.ID
	m := mail.Render(mail.Recovery, u.Preferences.Language, u.Email, mail.Data{
		Org: s.orgName(ctx), Name: u.FirstName, Link: link(base, RecoverPath, "token", token)})
	if err := s.mailLink(ctx, t, mail.Recovery, m, linkMail{expireEarlier: true}); err != nil {
		return err
	}
	s.log.Info("password recovery mail queued", "user", u.ID)
	return nil
}

// ResetPassword sets a new password with the token of a recovery link. The
// link works once; every session of the account ends.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if err := ValidatePassword(password); err != nil {
		return err
	}
	if token == "" || len(token) > 200 {
		return ErrResetInvalid
	}
	t, ok, err := s.store.MailToken(ctx, LinkRecovery, HashToken(token))
	if err != nil {
		return err
	}
	if !ok || !t.usable(s.Now()) {
		return ErrResetInvalid
	}
	var hash string
	var herr error
	if err := s.hashes.Do(ctx, func() { hash, herr = s.Hashing.Hash(password) }); err != nil {
		return err
	}
	if herr != nil {
		return herr
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		used, err := tx.UseMailToken(ctx, t.ID)
		if err != nil {
			return err
		}
		if !used {
			return ErrResetInvalid
		}
		u, err := tx.LockUser(ctx, t.UserID)
		if err != nil {
			return err
		}
		if !u.Active || u.Email != t.Email {
			return ErrResetInvalid
		}
		if err := tx.SetPasswordHash(ctx, u.ID, hash); err != nil {
			return err
		}
		return tx.RevokeUserTokens(ctx, u.ID, "")
	})
	if err != nil {
		return err
	}
	// Failed sign-ins before the reset no longer count against the account.
	if err := s.throttles.ClearPrefix(ctx, "login:"+t.Email+":"); err != nil {
		s.log.Warn("could not clear sign-in throttles after a reset", "err", err)
	}
	s.log.Info("password reset by mail link", "user", t.UserID)
	return nil
}
