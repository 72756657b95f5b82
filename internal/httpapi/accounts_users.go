package httpapi

import (
	"net/http"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/mail"
)

// adminUserJSON is a user as the users screen lists it.
type adminUserJSON struct {
	ID         int64      `json:"id"`
	Email      string     `json:"email"`
	FirstName  string     `json:"first_name"`
	LastName   string     `json:"last_name"`
	Role       string     `json:"role"`
	Active     bool       `json:"active"`
	TwoFactor  bool       `json:"two_factor"`
	LastSignIn *time.Time `json:"last_sign_in"`
	CreatedAt  time.Time  `json:"created_at"`
}

func toAdminUserJSON(u *accounts.User) adminUserJSON {
	return adminUserJSON{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Role: u.Role,
		Active: u.Active, TwoFactor: u.TOTPEnabled, LastSignIn: u.LastLoginAt, CreatedAt: u.CreatedAt}
}

func (s *Server) handleListUsers(w http.ResponseWriter, r *http.Request) error {
	l, err := readList(r, nil, accounts.MaxUserPage)
	if err != nil {
		return err
	}
	page, err := s.Accounts.ListUsers(r.Context(), queryText(r, "search"), l.Page, l.PageSize)
	if err != nil {
		return err
	}
	list := make([]adminUserJSON, len(page.Users))
	for i := range page.Users {
		list[i] = toAdminUserJSON(&page.Users[i])
	}
	return writeJSON(w, http.StatusOK, map[string]any{"users": list, "total": page.Total})
}

func (s *Server) handlePatchUser(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[accounts.UserPatch](w, r)
	if err != nil {
		return err
	}
	u, err := s.Accounts.UpdateUser(r.Context(), id, in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, toAdminUserJSON(u))
}

// invitationInput is what POST /api/users/invitations sends.
type invitationInput struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[invitationInput](w, r)
	if err != nil {
		return err
	}
	t, err := s.Accounts.Invite(r.Context(), userFrom(r.Context()), in.Email, in.Role, s.linkBase(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, toSentInvitationJSON(t))
}

// sentInvitationJSON answers an invitation just made or resent: its link,
// shown this once (only the token's hash is kept), and whether its mail
// goes out (queued) or only to the log (logged: no SMTP server).
type sentInvitationJSON struct {
	Email     string        `json:"email"`
	Role      string        `json:"role"`
	ExpiresAt time.Time     `json:"expires_at"`
	Link      string        `json:"link"`
	Mail      mail.Delivery `json:"mail"`
}

func toSentInvitationJSON(t accounts.SentInvitation) sentInvitationJSON {
	return sentInvitationJSON{Email: t.Email, Role: t.Role, ExpiresAt: t.ExpiresAt, Link: t.Link, Mail: t.Mail}
}

// outgoingMailJSON is one mail of the outbox as the users screen lists it
// (never its body: it holds single-use links).
type outgoingMailJSON struct {
	ID            int64      `json:"id"`
	Kind          string     `json:"kind"`
	To            string     `json:"to"`
	Subject       string     `json:"subject"`
	Status        string     `json:"status"`
	Attempts      int        `json:"attempts"`
	LastError     string     `json:"last_error"`
	CreatedAt     time.Time  `json:"created_at"`
	NextAttemptAt *time.Time `json:"next_attempt_at"`
	SentAt        *time.Time `json:"sent_at"`
}

// outgoingMailShown is how many of the latest mails GET /api/users/mail lists.
const outgoingMailShown = 20

func (s *Server) handleOutgoingMail(w http.ResponseWriter, r *http.Request) error {
	list := []outgoingMailJSON{}
	if s.Outbox != nil {
		mails, err := s.Outbox.Recent(r.Context(), outgoingMailShown)
		if err != nil {
			return err
		}
		for _, m := range mails {
			o := outgoingMailJSON{ID: m.ID, Kind: string(m.Kind), To: m.To, Subject: m.Subject, Status: string(m.Status),
				Attempts: m.Attempts, LastError: m.LastError, CreatedAt: m.CreatedAt, SentAt: m.SentAt}
			if m.Status == mail.Pending {
				next := m.NextAttemptAt
				o.NextAttemptAt = &next
			}
			list = append(list, o)
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"mails": list})
}

// invitationJSON is a pending invitation as the users screen lists it.
type invitationJSON struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	InvitedBy string    `json:"invited_by"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"`
	// VoidReason is why signing up with it would be refused now; nil when it would not.
	VoidReason *string `json:"void_reason"`
}

func (s *Server) handleListInvitations(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Accounts.PendingInvitations(r.Context())
	if err != nil {
		return err
	}
	out := make([]invitationJSON, len(list))
	for i, v := range list {
		out[i] = invitationJSON{ID: v.ID, Email: v.Email, Role: v.Role, InvitedBy: v.InvitedBy, CreatedAt: v.CreatedAt, ExpiresAt: v.ExpiresAt}
		if v.Void != "" {
			out[i].VoidReason = &v.Void
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"invitations": out})
}

func (s *Server) handleResendInvitation(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	t, err := s.Accounts.ResendInvitation(r.Context(), userFrom(r.Context()), id, s.linkBase(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, toSentInvitationJSON(t))
}

func (s *Server) handleRevokeInvitation(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.Accounts.RevokeInvitation(r.Context(), userFrom(r.Context()), id); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleResetUser2FA(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	u, err := s.Accounts.AdminResetTwoFactor(r.Context(), userFrom(r.Context()), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, toAdminUserJSON(u))
}
