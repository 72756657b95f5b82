package accounts

import (
	"context"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
)

// SignupPath is the page an invitation link opens (SPEC §2: /auth/signup).
const SignupPath = "/auth/signup"

// Invite mails email a single-use link to sign up with role, valid for
// InvitationTTL; an earlier unused invitation to the same address stops
// working. base is the address links start with. A taken email is a
// Conflict. The mail is in the inviting admin's language.
func (s *Service) Invite(ctx context.Context, by *User, email, role, base string) (MailToken, error) {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return MailToken{}, err
	}
	if role != RoleAdmin && role != RoleStaff {
		return MailToken{}, errRoleInvalid
	}
	token, t, err := newMailToken(LinkInvitation, email, InvitationTTL, s.Now())
	if err != nil {
		return MailToken{}, err
	}
	t.Role, t.CreatedBy = role, by.ID
	m := mail.Render(mail.Invitation, by.Preferences.Language, email, mail.Data{
		Org: s.orgName(ctx), Inviter: fullName(by), Role: role, Link: link(base, SignupPath, "invitation", token)})
	err = s.store.InTx(ctx, func(tx Tx) error {
		taken, err := tx.EmailTaken(ctx, email)
		if err != nil {
			return err
		}
		if taken {
			return ErrEmailTaken(email)
		}
		if err := tx.ExpireMailTokens(ctx, LinkInvitation, email); err != nil {
			return err
		}
		if err := tx.InsertMailToken(ctx, t); err != nil {
			return err
		}
		return tx.QueueMail(ctx, mail.Invitation, m)
	})
	if err != nil {
		return MailToken{}, err
	}
	s.mailQueued()
	s.log.Info("invitation sent", "by", by.ID, "role", role)
	return t, nil
}

// Invitation is a pending invitation as the users screen lists it: not
// used, not expired. InvitedBy is the inviting admin's name ("" if gone).
type Invitation struct {
	ID        int64
	Email     string
	Role      string
	InvitedBy string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// ErrInvitationNotFound is an invitation that does not exist, was used,
// revoked or has expired (404).
var ErrInvitationNotFound = apperr.New(apperr.NotFound, "users.invitation_not_found", nil,
	"This invitation is no longer pending: it was accepted, revoked or has expired.")

// PendingInvitations lists the invitations not used and not expired,
// newest first.
func (s *Service) PendingInvitations(ctx context.Context) ([]Invitation, error) {
	return s.store.PendingInvitations(ctx, s.Now())
}

// ResendInvitation mails a pending invitation again with a new link (the old
// one stops working) valid for InvitationTTL from now.
func (s *Service) ResendInvitation(ctx context.Context, by *User, id int64, base string) (MailToken, error) {
	t, ok, err := s.store.MailTokenByID(ctx, id)
	if err != nil {
		return MailToken{}, err
	}
	if !ok || t.Kind != LinkInvitation || !t.usable(s.Now()) {
		return MailToken{}, ErrInvitationNotFound
	}
	return s.Invite(ctx, by, t.Email, t.Role, base)
}

// RevokeInvitation ends a pending invitation: its link no longer works.
func (s *Service) RevokeInvitation(ctx context.Context, by *User, id int64) error {
	err := s.store.InTx(ctx, func(tx Tx) error {
		ok, err := tx.ExpireMailToken(ctx, LinkInvitation, id)
		if err == nil && !ok {
			err = ErrInvitationNotFound
		}
		return err
	})
	if err == nil {
		s.log.Info("invitation revoked", "by", by.ID, "invitation", id)
	}
	return err
}
