package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

// clock fixes the database's clock (the one source of now of the accounts
// service) at a TOTP step's start, to move forward by hand.
type clock struct{ ns atomic.Int64 }

func newClock(e *env) *clock {
	c := &clock{}
	start := time.Now().UTC().Truncate(30 * time.Second)
	c.ns.Store(start.UnixNano())
	e.db.SetNow(func() time.Time { return time.Unix(0, c.ns.Load()).UTC() })
	return c
}
func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }

func totpCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	code, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// codeOf checks an error answer's status and code.
func (e *env) codeOf(method, path, token, body string, wantStatus int, wantCode string) {
	e.t.Helper()
	var out errJSON
	e.call(method, path, token, body, wantStatus, &out)
	if out.Code != wantCode {
		e.t.Fatalf("%s %s: code %q, want %q", method, path, out.Code, wantCode)
	}
}

// enable2FA sets up and turns on two-factor sign-in for the admin and
// returns the secret and the recovery codes.
func (e *env) enable2FA(c *clock) (string, []string) {
	e.t.Helper()
	var setup struct {
		Secret     string `json:"secret"`
		OtpauthURL string `json:"otpauth_url"`
	}
	e.call("POST", "/api/user/2fa/setup", e.token, "", 200, &setup)
	if setup.Secret == "" || !strings.HasPrefix(setup.OtpauthURL, "otpauth://totp/Packline:admin@example.org?") ||
		!strings.Contains(setup.OtpauthURL, "secret="+setup.Secret) {
		e.t.Fatalf("setup = %+v", setup)
	}
	var on struct {
		RecoveryCodes []string `json:"recovery_codes"`
	}
	e.call("PATCH", "/api/user/2fa", e.token, fmt.Sprintf(`{"is2FAEnabled":true,"code":%q,"password":"correct-horse"}`, totpCode(e.t, setup.Secret, c.now())), 200, &on)
	if len(on.RecoveryCodes) != 10 {
		e.t.Fatalf("recovery codes = %v", on.RecoveryCodes)
	}
	return setup.Secret, on.RecoveryCodes
}

type loginAnswer struct {
	Token             string `json:"token"`
	TwoFactorRequired bool   `json:"two_factor_required"`
	Challenge         string `json:"challenge"`
}

func (e *env) challenge() string {
	e.t.Helper()
	var out loginAnswer
	e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, &out)
	if !out.TwoFactorRequired || out.Challenge == "" || out.Token != "" {
		e.t.Fatalf("login with 2FA on = %+v, want a challenge and no token", out)
	}
	return out.Challenge
}

func login2FA(challenge, code string) string {
	return fmt.Sprintf(`{"challenge":%q,"code":%q}`, challenge, code)
}

func TestTwoFactorTurnOnAndSignInWithCodes(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		c := newClock(e)
		// Turning on needs a set-up secret and a right code for it.
		e.codeOf("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":true,"code":"123456"}`, 409, "twofactor.not_set_up")
		var setup struct{ Secret string }
		e.call("POST", "/api/user/2fa/setup", e.token, "", 200, &setup)
		e.codeOf("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":true}`, 400, "auth.code_required")
		wrong := totpCode(t, setup.Secret, c.now().Add(-5*time.Minute))
		e.codeOf("PATCH", "/api/user/2fa", e.token, fmt.Sprintf(`{"is2FAEnabled":true,"code":%q,"password":"correct-horse"}`, wrong), 400, "twofactor.code_invalid")
		var user struct {
			User struct {
				Is2FA bool `json:"is_2fa_enabled"`
			}
		}
		e.call("GET", "/api/user", e.token, "", 200, &user)
		if user.User.Is2FA {
			t.Fatal("2FA is on after wrong codes")
		}

		secret, recovery := e.enable2FA(c) // a second set-up replaces the first secret
		e.call("GET", "/api/user", e.token, "", 200, &user)
		if !user.User.Is2FA {
			t.Fatal("2FA is not on")
		}
		e.codeOf("POST", "/api/user/2fa/setup", e.token, "", 409, "twofactor.already_enabled")
		// The secret is sealed at rest; the recovery codes are kept as hashes.
		var stored string
		if err := e.db.QueryRow(context.Background(), `SELECT totp_secret FROM users WHERE email = ?`, "admin@example.org").Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored == "" || strings.Contains(stored, secret) {
			t.Fatalf("stored secret %q is not sealed", stored)
		}
		var plain int
		_ = e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM user_recovery_codes WHERE code_hash = ?`,
			strings.ReplaceAll(recovery[0], "-", "")).Scan(&plain)
		if plain != 0 {
			t.Fatal("a recovery code is stored as typed")
		}

		// The password alone gives a challenge, no token; the code used to
		// turn 2FA on cannot be replayed within its window.
		ch := e.challenge()
		e.codeOf("POST", "/api/login/2fa", "", login2FA(ch, totpCode(t, secret, c.now())), 401, "auth.invalid_code")
		c.advance(30 * time.Second)
		code := totpCode(t, secret, c.now())
		var in loginAnswer
		e.call("POST", "/api/login/2fa", "", login2FA(ch, code), 200, &in)
		if in.Token == "" {
			t.Fatal("no token after the second step")
		}
		e.call("GET", "/api/user", in.Token, "", 200, nil)
		// A challenge signs in once; a code is used once.
		e.codeOf("POST", "/api/login/2fa", "", login2FA(ch, code), 401, "auth.challenge_invalid")
		e.codeOf("POST", "/api/login/2fa", "", login2FA(e.challenge(), code), 401, "auth.invalid_code")

		// A recovery code works once, typed in any case and with or without its dash.
		e.call("POST", "/api/login/2fa", "", login2FA(e.challenge(), strings.ToUpper(strings.ReplaceAll(recovery[3], "-", " "))), 200, &in)
		e.codeOf("POST", "/api/login/2fa", "", login2FA(e.challenge(), recovery[3]), 401, "auth.invalid_code")
		var state struct {
			Enabled bool `json:"is2FAEnabled"`
			Left    int  `json:"recovery_codes_left"`
		}
		e.call("GET", "/api/user/2fa", e.token, "", 200, &state)
		if !state.Enabled || state.Left != 9 {
			t.Fatalf("2FA state = %+v, want on with 9 codes left", state)
		}

		// A challenge expires after five minutes.
		ch = e.challenge()
		c.advance(5*time.Minute + time.Second)
		e.codeOf("POST", "/api/login/2fa", "", login2FA(ch, totpCode(t, secret, c.now())), 401, "auth.challenge_invalid")
		e.codeOf("POST", "/api/login/2fa", "", login2FA("not-a-challenge", "123456"), 401, "auth.challenge_invalid")
		e.codeOf("POST", "/api/login/2fa", "", login2FA(ch, ""), 400, "auth.code_required")

		// Turning off needs a proof; a wrong one is a 400 that keeps the session.
		e.codeOf("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":false}`, 400, "twofactor.proof_required")
		e.codeOf("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":false,"password":"wrong-horse"}`, 400, "user.password_incorrect")
		e.codeOf("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":false,"code":"000000"}`, 400, "twofactor.code_invalid")
		e.call("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":false,"password":"correct-horse"}`, 200, nil)
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, &in)
		if in.Token == "" || in.TwoFactorRequired {
			t.Fatalf("login after 2FA off = %+v, want a token", in)
		}

		// On again (with a new secret), off with a code.
		c.advance(time.Minute)
		secret, _ = e.enable2FA(c)
		c.advance(30 * time.Second)
		e.call("PATCH", "/api/user/2fa", e.token, fmt.Sprintf(`{"is2FAEnabled":false,"code":%q}`, totpCode(t, secret, c.now())), 200, nil)
	})
}

// Twenty wrong codes sent at once for one challenge: each is counted before
// it is checked, so only five are evaluated and the rest are refused; then
// even the right code is refused until the cool-down ends.
// Turning two-factor on needs the account's password as well as a right
// code, like turning it off: a bearer token alone (a stolen one) gets no
// recovery codes and cannot lock the owner out. Without the password, or
// with a wrong one, the answer is the one turning it off gives.
func TestTwoFactorTurnOnNeedsThePassword(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		c := newClock(e)
		var setup struct{ Secret string }
		e.call("POST", "/api/user/2fa/setup", e.token, "", 200, &setup)
		code := totpCode(t, setup.Secret, c.now())
		for _, body := range []string{
			fmt.Sprintf(`{"is2FAEnabled":true,"code":%q}`, code),
			fmt.Sprintf(`{"is2FAEnabled":true,"code":%q,"password":""}`, code),
			fmt.Sprintf(`{"is2FAEnabled":true,"code":%q,"password":"wrong-horse-battery"}`, code),
		} {
			var out errJSON
			e.call("PATCH", "/api/user/2fa", e.token, body, 400, &out)
			if out.Code != "user.password_incorrect" || out.Field != "password" {
				t.Fatalf("%s: %+v, want user.password_incorrect on password", body, out)
			}
		}
		var state struct {
			On bool `json:"is2FAEnabled"`
		}
		e.call("GET", "/api/user/2fa", e.token, "", 200, &state)
		if state.On {
			t.Fatal("two-factor turned on without the password")
		}
		// With it, on; turning off with a wrong password answers the same error.
		e.enable2FA(c)
		var off errJSON
		e.call("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":false,"password":"wrong-horse-battery"}`, 400, &off)
		if off.Code != "user.password_incorrect" || off.Field != "password" {
			t.Fatalf("turning off with a wrong password: %+v", off)
		}
	})
}

func TestTwoFactorWrongCodesAreThrottledInABurst(t *testing.T) {
	// Serial, engines one after the other: a burst of codes is one burst only when nothing else holds the CPU.
	forEachEnvSerial(t, func(t *testing.T, e *env) {
		c := newClock(e)
		secret, _ := e.enable2FA(c)
		c.advance(30 * time.Second)
		ch := e.challenge()
		right := totpCode(t, secret, c.now())
		wrong := "000000"
		if right == wrong {
			wrong = "111111"
		}
		const n = 20
		statuses := make([]int, n)
		burst(n, func(i int) {
			res := e.do("POST", "/api/login/2fa", "", login2FA(ch, wrong))
			statuses[i] = res.StatusCode
			readAll(res)
		})
		count := map[int]int{}
		for _, s := range statuses {
			count[s]++
		}
		if count[401] != 5 || count[429] != n-5 {
			t.Fatalf("statuses %v, want five 401 and the rest 429", count)
		}
		e.codeOf("POST", "/api/login/2fa", "", login2FA(ch, right), 429, "auth.throttled")
		c.advance(61 * time.Second)
		e.call("POST", "/api/login/2fa", "", login2FA(ch, totpCode(t, secret, c.now())), 200, nil)
	})
}

// doAs sends a request with a User-Agent.
func (e *env) doAs(userAgent, method, path, token, body string) *http.Response {
	e.t.Helper()
	return e.send(method, path, token, strings.NewReader(body),
		http.Header{"User-Agent": {userAgent}, "Content-Type": {"application/json"}})
}

type sessionsAnswer struct {
	Sessions []struct {
		ID      int64  `json:"id"`
		Device  string `json:"device"`
		Current bool   `json:"current"`
	} `json:"sessions"`
}

func (e *env) loginAs(userAgent, email, password string) string {
	e.t.Helper()
	res := e.doAs(userAgent, "POST", "/api/login", "", fmt.Sprintf(`{"email":%q,"password":%q}`, email, password))
	var out loginAnswer
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 {
		e.t.Fatalf("login: %d %v", res.StatusCode, err)
	}
	res.Body.Close()
	return out.Token
}

func TestSessionsListAndRevoke(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		firefox := e.loginAs("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "admin@example.org", "correct-horse")
		staff := e.staffToken()
		var list sessionsAnswer
		e.call("GET", "/api/user/sessions", e.token, "", 200, &list)
		if len(list.Sessions) != 2 {
			t.Fatalf("sessions = %+v, want two", list.Sessions)
		}
		var other int64
		for _, s := range list.Sessions {
			if s.Device == "Firefox · Windows" {
				other = s.ID
				if s.Current {
					t.Error("the Firefox session is marked current")
				}
			} else if !s.Current {
				t.Errorf("the asking session is not marked current: %+v", s)
			}
		}
		if other == 0 {
			t.Fatalf("no Firefox session in %+v", list.Sessions)
		}
		// Another user's session is not found, and stays signed in.
		var staffList sessionsAnswer
		e.call("GET", "/api/user/sessions", staff, "", 200, &staffList)
		e.codeOf("DELETE", fmt.Sprintf("/api/user/sessions/%d", staffList.Sessions[0].ID), e.token, "", 404, "session.not_found")
		e.call("GET", "/api/user", staff, "", 200, nil)

		e.call("DELETE", fmt.Sprintf("/api/user/sessions/%d", other), e.token, "", 200, nil)
		e.codeOf("GET", "/api/user", firefox, "", 401, "auth.token_invalid")
		e.codeOf("DELETE", fmt.Sprintf("/api/user/sessions/%d", other), e.token, "", 404, "session.not_found")
		e.call("GET", "/api/user/sessions", e.token, "", 200, &list)
		if len(list.Sessions) != 1 || !list.Sessions[0].Current {
			t.Fatalf("sessions after revoking = %+v", list.Sessions)
		}
	})
}

func TestChangePasswordSignsOutOtherSessions(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		other := e.loginAs("curl/8.5", "admin@example.org", "correct-horse")
		e.codeOf("PATCH", "/api/user/password", e.token, `{"current_password":"","password":"battery-staple-42"}`, 400, "user.current_password_required")
		e.codeOf("PATCH", "/api/user/password", e.token, `{"current_password":"wrong-horse","password":"battery-staple-42"}`, 400, "user.password_incorrect")
		e.codeOf("PATCH", "/api/user/password", e.token, `{"current_password":"correct-horse","password":"short"}`, 400, "user.password_too_short")
		// A wrong current password did not sign anyone out.
		e.call("GET", "/api/user", other, "", 200, nil)
		e.call("PATCH", "/api/user/password", e.token, `{"current_password":"correct-horse","password":"battery-staple-42"}`, 200, nil)
		e.codeOf("GET", "/api/user", other, "", 401, "auth.token_invalid")
		e.call("GET", "/api/user", e.token, "", 200, nil)
		e.codeOf("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 401, "auth.invalid_credentials")
		e.loginAs("curl/8.5", "admin@example.org", "battery-staple-42")
	})
}
