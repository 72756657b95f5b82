package httpapi

import (
	"errors"
	"net/http"

	"github.com/packline/packline/internal/accounts"
)

// twoFactorStep answers a right password on an account with two-factor
// sign-in on: 200 with a challenge and no token. Any other error passes on.
func twoFactorStep(w http.ResponseWriter, err error) error {
	var step *accounts.TwoFactorRequired
	if errors.As(err, &step) {
		return writeJSON(w, http.StatusOK, map[string]any{"two_factor_required": true, "challenge": step.Challenge})
	}
	return err
}

// login2FAInput is what POST /api/login/2fa sends.
type login2FAInput struct {
	Challenge string `json:"challenge"`
	Code      string `json:"code"`
}

func (s *Server) handleLogin2FA(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[login2FAInput](w, r)
	if err != nil {
		return err
	}
	u, token, err := s.Accounts.LoginTwoFactor(r.Context(), in.Challenge, in.Code, s.clientAddr(r))
	if err != nil {
		return err
	}
	return writeSignedIn(w, u, token)
}

func (s *Server) handleGet2FA(w http.ResponseWriter, r *http.Request) error {
	u := userFrom(r.Context())
	left := 0
	if u.TOTPEnabled {
		var err error
		if left, err = s.Accounts.RecoveryCodesLeft(r.Context(), u.ID); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"is2FAEnabled": u.TOTPEnabled, "recovery_codes_left": left})
}

func (s *Server) handleSetup2FA(w http.ResponseWriter, r *http.Request) error {
	secret, url, err := s.Accounts.SetupTwoFactor(r.Context(), userFrom(r.Context()))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"secret": secret, "otpauth_url": url})
}

// twoFactorInput is what PATCH /api/user/2fa sends: is2FAEnabled (SPEC §7)
// with the proof: a code and the password to turn it on; a code or the
// password to turn it off.
type twoFactorInput struct {
	Enabled  *bool  `json:"is2FAEnabled"`
	Code     string `json:"code"`
	Password string `json:"password" text:"raw"`
}

func (s *Server) handleUser2FA(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[twoFactorInput](w, r)
	if err != nil {
		return err
	}
	if in.Enabled == nil {
		return errRequired("is2FAEnabled")
	}
	id := userFrom(r.Context()).ID
	if !*in.Enabled {
		if err := s.Accounts.DisableTwoFactor(r.Context(), id, in.Code, in.Password); err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, map[string]any{"success": true})
	}
	codes, err := s.Accounts.EnableTwoFactor(r.Context(), id, in.Code, in.Password)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true, "recovery_codes": codes})
}
