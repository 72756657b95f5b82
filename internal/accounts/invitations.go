package accounts

import (
	"context"

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
