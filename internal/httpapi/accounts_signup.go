package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/mail"
)

// linkBase is how links in mail begin: --public-url when the server has
// one, else the scheme and host this request came to. (Without
// --public-url a forged Host header could point a recovery link elsewhere:
// operators sending real mail set --public-url, see docs/operations.md.)
func (s *Server) linkBase(r *http.Request) string {
	if s.PublicURL != "" {
		return s.PublicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// mailDelivery is what becomes of the mails requests queue: mail.LogOnly
// when the server has no SMTP server (no --smtp-url), else mail.Queued.
// Answers say it, and the public settings, so that nobody waits for a mail
// that only went to the log.
func (s *Server) mailDelivery() mail.Delivery {
	if s.Accounts == nil {
		return mail.Queued
	}
	return s.Accounts.MailDelivery()
}

// signupInput is what POST /api/signup sends.
type signupInput struct {
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	Email      string `json:"email"`
	Password   string `json:"password" text:"raw"`
	Invitation string `json:"invitation" text:"raw"`
}

func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[signupInput](w, r)
	if err != nil {
		return err
	}
	u, token, err := s.Accounts.SignUp(r.Context(), accounts.Signup{FirstName: in.FirstName, LastName: in.LastName,
		Email: in.Email, Password: in.Password, Invitation: in.Invitation, Client: s.clientAddr(r)})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, map[string]any{"token": token, "user": toUserJSON(u), "preferences": u.Preferences})
}

// handleSignupState tells the signup page whether it may show its form and,
// for ?invitation=, the invited address.
func (s *Server) handleSignupState(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Accounts.SignupState(r.Context(), queryText(r, "invitation"))
	if err != nil {
		return err
	}
	body := map[string]any{"open": st.Open, "first_account": st.FirstAccount, "invitation": nil, "invitation_void": nil}
	if st.InvitationVoid != "" {
		body["invitation_void"] = st.InvitationVoid
	}
	if st.Invitation != nil {
		body["invitation"] = map[string]any{"email": st.Invitation.Email, "role": st.Invitation.Role}
	}
	return writeJSON(w, http.StatusOK, body)
}

// recoverInput is what POST /api/password/recover sends.
type recoverInput struct {
	Email string `json:"email"`
}

func (s *Server) handleRecover(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[recoverInput](w, r)
	if err != nil {
		return err
	}
	if err := s.Accounts.RequestRecovery(r.Context(), in.Email, s.clientAddr(r), s.linkBase(r)); err != nil {
		return err
	}
	return writeJSON(w, http.StatusAccepted, map[string]any{"success": true, "mail": s.mailDelivery()})
}

// resetInput is what POST /api/password/reset sends.
type resetInput struct {
	Token    string `json:"token" text:"raw"`
	Password string `json:"password" text:"raw"`
}

func (s *Server) handleReset(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[resetInput](w, r)
	if err != nil {
		return err
	}
	if err := s.Accounts.ResetPassword(r.Context(), in.Token, in.Password); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// emailChangeInput is what POST /api/user/email sends.
type emailChangeInput struct {
	Email    string `json:"email"`
	Password string `json:"password" text:"raw"`
}

func (s *Server) handleEmailChange(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[emailChangeInput](w, r)
	if err != nil {
		return err
	}
	if err := s.Accounts.RequestEmailChange(r.Context(), userFrom(r.Context()), in.Email, in.Password, s.linkBase(r)); err != nil {
		return err
	}
	return writeJSON(w, http.StatusAccepted, map[string]any{"success": true, "mail": s.mailDelivery()})
}

// tokenInput carries the token of a mailed link.
type tokenInput struct {
	Token string `json:"token" text:"raw"`
}

func (s *Server) handleEmailConfirm(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[tokenInput](w, r)
	if err != nil {
		return err
	}
	u, err := s.Accounts.ConfirmEmailChange(r.Context(), userFrom(r.Context()), in.Token)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": toUserJSON(u)})
}
