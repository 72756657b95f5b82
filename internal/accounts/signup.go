package accounts

import (
	"context"
	"errors"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/throttle"
)

// SignupPolicy limits the accounts one client may try to create: each try
// hashes a password, so a flood must not be free.
var SignupPolicy = throttle.Policy{Limit: 10, Window: time.Hour, Base: 5 * time.Minute, Max: 6 * time.Hour}

// Errors of signing up.
var (
	ErrSignupClosed = apperr.New(apperr.Forbidden, "signup.closed", nil,
		"Signing up is by invitation only. Ask an administrator to invite you.")
	ErrInvitationInvalid = apperr.New(apperr.Forbidden, "signup.invitation_invalid", nil,
		"This invitation is not valid any more: it was used or has expired. Ask for a new one.")
)

func errInvitationEmail(email string) error {
	return apperr.New(apperr.Invalid, "signup.invitation_email", apperr.Params{"email": email},
		"This invitation is for "+email+".").OnField("email")
}

// Signup is what creating one's own account sends.
type Signup struct {
	FirstName, LastName, Email, Password string
	Invitation                           string // the token of an invitation link; "" for none
	Client                               string // the client's address, for throttling
}

// SignupState tells the signup page what it may offer: Open when anyone may
// sign up now (the first account, or an admin opened signup), Invitation
// when the token names a usable invitation, InvitationVoid why an unused,
// unexpired one is void (see invitationVoid).
type SignupState struct {
	Open           bool
	FirstAccount   bool
	Invitation     *MailToken // nil without a (usable) invitation
	InvitationVoid string
}

// SignupState reports whether signing up is possible, with invitation (a
// token, or "") if it is usable.
func (s *Service) SignupState(ctx context.Context, invitation string) (SignupState, error) {
	var st SignupState
	n, err := s.store.CountUsers(ctx)
	if err != nil {
		return st, err
	}
	_, open, err := s.mailing().Org(ctx)
	if err != nil {
		return st, err
	}
	st.FirstAccount, st.Open = n == 0, n == 0 || open
	if invitation != "" && len(invitation) <= 200 {
		t, ok, err := s.store.MailToken(ctx, LinkInvitation, HashToken(invitation))
		if err != nil {
			return st, err
		}
		if ok && t.usable(s.Now()) {
			inviter, err := s.store.UserByID(ctx, t.CreatedBy)
			if err != nil {
				return st, err
			}
			if st.InvitationVoid = invitationVoid(t.Role, inviter); st.InvitationVoid == "" {
				st.Invitation = &t
			}
		}
	}
	return st, nil
}

// SignUp creates an account and signs it in. The very first account of the
// organisation is an admin; after that an account needs a usable invitation
// (whose role it gets, and whose address it must use) unless an admin opened
// signup, and is staff then. An invitation whose inviter has since been
// deactivated or lost the role it grants is void (Forbidden,
// signup.invitation_void). A taken email is a Conflict.
func (s *Service) SignUp(ctx context.Context, in Signup) (*User, string, error) {
	n := NewUser{Email: in.Email, Password: in.Password, FirstName: in.FirstName, LastName: in.LastName}
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, "", err
	}
	key := throttle.Key{Name: "signup-client:" + in.Client, Policy: SignupPolicy}
	wait, err := s.throttles.Attempt(ctx, key)
	if err != nil {
		return nil, "", err
	}
	if wait > 0 {
		return nil, "", throttle.Refused("signup.throttled", wait)
	}
	_, open, err := s.mailing().Org(ctx)
	if err != nil {
		return nil, "", err
	}
	var inv *MailToken
	if in.Invitation != "" {
		t, ok, err := s.store.MailToken(ctx, LinkInvitation, HashToken(in.Invitation))
		if err != nil {
			return nil, "", err
		}
		if !ok || !t.usable(s.Now()) {
			return nil, "", ErrInvitationInvalid
		}
		if t.Email != n.Email {
			return nil, "", errInvitationEmail(t.Email)
		}
		inv = &t
	}
	var hash string
	var herr error
	if err := s.hashes.Do(ctx, func() { hash, herr = s.Hashing.Hash(n.Password) }); err != nil {
		return nil, "", err
	}
	if herr != nil {
		return nil, "", herr
	}
	token, tokenHash, err := NewToken()
	if err != nil {
		return nil, "", err
	}
	var u *User
	err = s.store.InTx(ctx, func(tx Tx) error {
		count, err := tx.CountUsers(ctx)
		if err != nil {
			return err
		}
		role := RoleStaff
		switch {
		case count == 0:
			role = RoleAdmin
		case inv != nil:
			// The inviter's row is locked, so a demotion or deactivation
			// either commits before this check or waits for the signup.
			inviter, err := tx.LockUser(ctx, inv.CreatedBy)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
			if why := invitationVoid(inv.Role, inviter); why != "" {
				return errInvitationVoid(why)
			}
			used, err := tx.UseMailToken(ctx, inv.ID)
			if err != nil {
				return err
			}
			if !used {
				return ErrInvitationInvalid
			}
			role = inv.Role
		case !open:
			return ErrSignupClosed
		}
		taken, err := tx.EmailTaken(ctx, n.Email)
		if err != nil {
			return err
		}
		if taken {
			return ErrEmailTaken(n.Email)
		}
		if u, err = tx.InsertUser(ctx, n, hash, role); err != nil {
			return err
		}
		if err := tx.InsertToken(ctx, u.ID, tokenHash, false, SessionTTL); err != nil {
			return err
		}
		u, err = tx.RecordLogin(ctx, u.ID)
		return err
	})
	if e, ok := apperr.As(err); ok && e.Kind == apperr.Conflict && e.Code != "user.email_taken" {
		return nil, "", ErrEmailTaken(n.Email)
	}
	if err != nil {
		return nil, "", err
	}
	s.log.Info("account created by signup", "user", u.ID, "role", u.Role, "invited", inv != nil)
	return u, token, nil
}
