package accounts

import (
	"context"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/throttle"
)

// ConfirmEmailPath is the page an email-change link opens; it is in the
// office app, so the link needs the account signed in.
const ConfirmEmailPath = "/preferences"

// Errors of changing one's email.
var (
	ErrEmailChangeInvalid = apperr.New(apperr.Invalid, "email_change.link_invalid", nil,
		"This confirmation link is not valid any more: it was used, has expired or belongs to another account.").OnField("token")
	errEmailUnchanged = apperr.New(apperr.Invalid, "email_change.unchanged", nil,
		"That is already your email address.").OnField("email")
	errWrongPassword = apperr.New(apperr.Invalid, "email_change.password_wrong", nil,
		"The password is not correct.").OnField("password")
)

// RequestEmailChange checks u's password and mails a single-use link to the
// new address, valid for EmailChangeTTL; the address changes only when that
// link is followed (ConfirmEmailChange). A taken address is a Conflict.
func (s *Service) RequestEmailChange(ctx context.Context, u *User, email, password, base string) error {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return err
	}
	if email == u.Email {
		return errEmailUnchanged
	}
	if password == "" || len(password) > maxLoginPass {
		return errWrongPassword
	}
	// Password guesses here count like sign-in attempts at the account.
	key := throttle.Key{Name: "login:" + u.Email + ":email-change", Policy: LoginPolicy}
	wait, err := s.throttles.Attempt(ctx, key)
	if err != nil {
		return err
	}
	if wait > 0 {
		return throttle.Refused("auth.throttled", wait)
	}
	cred, err := s.store.Credential(ctx, u.Email)
	if err != nil {
		return err
	}
	var ok bool
	if err := s.hashes.Do(ctx, func() { ok = CheckPasswordOrDummy(cred.Hash, password) }); err != nil {
		return err
	}
	if !ok {
		return errWrongPassword
	}
	token, t, err := newMailToken(LinkEmailChange, email, EmailChangeTTL, s.Now())
	if err != nil {
		return err
	}
	t.UserID = u.ID
	m := mail.Render(mail.EmailChange, u.Preferences.Language, email, mail.Data{
		Org: s.orgName(ctx), Name: u.FirstName, Email: email, Link: link(base, ConfirmEmailPath, "confirm_email", token)})
	return s.mailLink(ctx, t, mail.EmailChange, m, linkMail{freeAddress: true})
}

// ConfirmEmailChange follows an email-change link for the signed-in u and
// returns the user with the new address. The link works once, only for the
// account that asked for it.
func (s *Service) ConfirmEmailChange(ctx context.Context, u *User, token string) (*User, error) {
	if token == "" || len(token) > 200 {
		return nil, ErrEmailChangeInvalid
	}
	t, ok, err := s.store.MailToken(ctx, LinkEmailChange, HashToken(token))
	if err != nil {
		return nil, err
	}
	if !ok || !t.usable(s.Now()) || t.UserID != u.ID {
		return nil, ErrEmailChangeInvalid
	}
	var out *User
	err = s.store.InTx(ctx, func(tx Tx) error {
		used, err := tx.UseMailToken(ctx, t.ID)
		if err != nil {
			return err
		}
		if !used {
			return ErrEmailChangeInvalid
		}
		taken, err := tx.EmailTaken(ctx, t.Email)
		if err != nil {
			return err
		}
		if taken {
			return ErrEmailTaken(t.Email)
		}
		out, err = tx.SetEmail(ctx, u.ID, t.Email)
		return err
	})
	if e, ok := apperr.As(err); ok && e.Kind == apperr.Conflict && e.Code != "user.email_taken" {
		return nil, ErrEmailTaken(t.Email)
	}
	if err != nil {
		return nil, err
	}
	s.log.Info("email changed by mail link", "user", u.ID)
	return out, nil
}
