package accounts

import (
	"context"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
)

// SignupPath is the page an invitation link opens (SPEC §2: /auth/signup).
const SignupPath = "/auth/signup"

// SentInvitation is an invitation just made: its stored form, its link
// (the only time it can be shown: only the token's hash is kept) and what
// became of its mail, so that the inviting admin can pass the link on
// themselves when no mail server is set.
type SentInvitation struct {
	MailToken
	Link string
	Mail mail.Delivery
}

// Invite mails email a single-use link to sign up with role, valid for
// InvitationTTL; an earlier unused invitation to the same address stops
// working. base is the address links start with. A taken email is a
// Conflict. The mail is in the inviting admin's language.
func (s *Service) Invite(ctx context.Context, by *User, email, role, base string) (SentInvitation, error) {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return SentInvitation{}, err
	}
	if role != RoleAdmin && role != RoleStaff {
		return SentInvitation{}, errRoleInvalid
	}
	token, t, err := newMailToken(LinkInvitation, email, InvitationTTL, s.Now())
	if err != nil {
		return SentInvitation{}, err
	}
	t.Role, t.CreatedBy = role, by.ID
	url := link(base, SignupPath, "invitation", token)
	m := mail.Render(mail.Invitation, by.Preferences.Language, email, mail.Data{
		Org: s.orgName(ctx), Inviter: fullName(by), Role: role, Link: url})
	if err := s.mailLink(ctx, t, mail.Invitation, m, linkMail{freeAddress: true, expireEarlier: true}); err != nil {
		return SentInvitation{}, err
	}
	sent := SentInvitation{MailToken: t, Link: url, Mail: s.MailDelivery()}
	s.log.Info("invitation queued", "by", by.ID, "role", role, "mail", sent.Mail)
	return sent, nil
}

// Invitation is a pending invitation as the users screen lists it: not
// used, not expired. InvitedBy is the inviting admin's name ("" if gone).
// Void says why it would be refused if used now ("" when it would not).
type Invitation struct {
	ID        int64
	Email     string
	Role      string
	InvitedBy string
	CreatedAt time.Time
	ExpiresAt time.Time
	// The inviter's access now, as storage reads it; Void is decided from it.
	InviterActive bool
	InviterRole   string
	Void          string
}

// Why a pending invitation is void. An invitation carries its inviter's
// rights at the moment it is used, not at the moment it was sent: it grants
// its role only while the inviter is active and still holds that role (an
// admin grants admin or staff, a staff member only staff).
const (
	VoidInviterInactive = "inviter_inactive" // deactivated, or the account is gone
	VoidInviterRole     = "inviter_role"     // no longer holds the role it grants
)

// invitationVoid is why an invitation granting role is void given its
// inviter's access now (nil: the account is gone); "" when it is not.
func invitationVoid(role string, inviter *User) string {
	switch {
	case inviter == nil || !inviter.Active:
		return VoidInviterInactive
	case role == RoleAdmin && inviter.Role != RoleAdmin:
		return VoidInviterRole
	}
	return ""
}

// errInvitationVoid refuses an invitation whose inviter can no longer grant
// it (403, with why: reason is VoidInviterInactive or VoidInviterRole).
func errInvitationVoid(reason string) error {
	return apperr.New(apperr.Forbidden, "signup.invitation_void", apperr.Params{"reason": reason},
		"This invitation no longer counts: the person who sent it can no longer grant it. Ask an administrator for a new one.")
}

// ErrInvitationNotFound is an invitation that does not exist, was used,
// revoked or has expired (404).
var ErrInvitationNotFound = apperr.New(apperr.NotFound, "users.invitation_not_found", nil,
	"This invitation is no longer pending: it was accepted, revoked or has expired.")

// PendingInvitations lists the invitations not used and not expired,
// newest first.
// Each says whether it is void (Invitation.Void); resending one makes a new
// invitation from the admin who resends it.
func (s *Service) PendingInvitations(ctx context.Context) ([]Invitation, error) {
	list, err := s.store.PendingInvitations(ctx, s.Now())
	for i := range list {
		inviter := &User{Active: list[i].InviterActive, Role: list[i].InviterRole}
		list[i].Void = invitationVoid(list[i].Role, inviter)
	}
	return list, err
}

// ResendInvitation mails a pending invitation again with a new link (the old
// one stops working) valid for InvitationTTL from now.
func (s *Service) ResendInvitation(ctx context.Context, by *User, id int64, base string) (SentInvitation, error) {
	t, ok, err := s.store.MailTokenByID(ctx, id)
	if err != nil {
		return SentInvitation{}, err
	}
	if !ok || t.Kind != LinkInvitation || !t.usable(s.Now()) {
		return SentInvitation{}, ErrInvitationNotFound
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
