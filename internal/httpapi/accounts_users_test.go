package httpapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

type invitationRow struct {
	ID        int64  `json:"id"`
	Email     string `json:"email"`
	Role      string `json:"role"`
	InvitedBy string `json:"invited_by"`
}

func (e *env) pendingInvitations(token string) []invitationRow {
	e.t.Helper()
	var out struct{ Invitations []invitationRow }
	e.call("GET", "/api/users/invitations", token, "", 200, &out)
	return out.Invitations
}

// Pending invitations are listed for admins (not accepted, not revoked, not
// expired); resending mails a new link and kills the old one; revoking kills
// the link; both answer 404 once the invitation is no longer pending.
func TestPendingInvitationsResendAndRevoke(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		ada, _ := e.signup("Ada", "ada@example.org", goodPassword, "", 201)
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"bo@example.org","role":"staff"}`, 201, nil)
		first := tokenOf(t, smtp.Wait(t, "bo@example.org"), "/auth/signup", "invitation")
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"cy@example.org","role":"admin"}`, 201, nil)
		cyLink := tokenOf(t, smtp.Wait(t, "cy@example.org"), "/auth/signup", "invitation")

		list := e.pendingInvitations(ada.Token)
		if len(list) != 2 || list[0].Email != "cy@example.org" || list[0].Role != "admin" || list[0].InvitedBy != "Ada Tester" ||
			list[1].Email != "bo@example.org" {
			t.Fatalf("pending %+v", list)
		}
		bo, cy := list[1].ID, list[0].ID

		// Resend: a new link by mail; the first stops working; still one pending row for Bo.
		e.call("POST", fmt.Sprintf("/api/users/invitations/%d/resend", bo), ada.Token, "", 200, nil)
		second := tokenOf(t, smtp.Wait(t, "bo@example.org"), "/auth/signup", "invitation")
		if second == first {
			t.Fatal("the resent invitation has the old link")
		}
		list = e.pendingInvitations(ada.Token)
		if len(list) != 2 || list[0].Email != "bo@example.org" {
			t.Fatalf("after resending: %+v", list)
		}
		if raw := e.call("POST", fmt.Sprintf("/api/users/invitations/%d/resend", bo), ada.Token, "", 404, nil); codeOf(t, raw) != "users.invitation_not_found" {
			t.Errorf("resending the replaced invitation: %s", raw)
		}
		if _, raw := e.signup("Bo", "bo@example.org", goodPassword, first, 403); codeOf(t, raw) != "signup.invitation_invalid" {
			t.Errorf("the first link after a resend: %s", raw)
		}

		// Revoke: Cy's link dies and the row leaves the list; a second revoke is 404.
		e.call("DELETE", fmt.Sprintf("/api/users/invitations/%d", cy), ada.Token, "", 200, nil)
		if raw := e.call("DELETE", fmt.Sprintf("/api/users/invitations/%d", cy), ada.Token, "", 404, nil); codeOf(t, raw) != "users.invitation_not_found" {
			t.Errorf("second revoke: %s", raw)
		}
		if _, raw := e.signup("Cy", "cy@example.org", goodPassword, cyLink, 403); codeOf(t, raw) != "signup.invitation_invalid" {
			t.Errorf("a revoked link: %s", raw)
		}
		list = e.pendingInvitations(ada.Token)
		if len(list) != 1 || list[0].Email != "bo@example.org" {
			t.Fatalf("after revoking: %+v", list)
		}
		// Accepted: no longer pending.
		boUser, _ := e.signup("Bo", "bo@example.org", goodPassword, second, 201)
		if list = e.pendingInvitations(ada.Token); len(list) != 0 {
			t.Fatalf("after accepting: %+v", list)
		}
		e.call("DELETE", fmt.Sprintf("/api/users/invitations/%d", bo), ada.Token, "", 404, nil)

		// Staff may do none of it.
		for _, c := range []struct{ method, path string }{
			{"GET", "/api/users/invitations"},
			{"POST", fmt.Sprintf("/api/users/invitations/%d/resend", bo)},
			{"DELETE", fmt.Sprintf("/api/users/invitations/%d", bo)},
			{"POST", fmt.Sprintf("/api/users/%d/reset-2fa", ada.User.ID)},
		} {
			if raw := e.call(c.method, c.path, boUser.Token, "", 403, nil); codeOf(t, raw) != "auth.admin_only" {
				t.Errorf("staff %s %s: %s", c.method, c.path, raw)
			}
		}
	})
}

// An admin resets someone else's two-factor sign-in: it is off, their
// recovery codes are gone, every session of theirs has ended, and they sign
// in with the password alone. Not on oneself, not when it is off.
func TestAdminResetsTwoFactor(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		c := newClock(e)
		_, codes := e.enable2FA(c)
		bossID, bossToken := e.signIn(accounts.NewUser{Email: "boss@example.org", FirstName: "Bea", LastName: "Boss", Role: accounts.RoleAdmin})

		var users struct {
			Users []struct {
				ID        int64  `json:"id"`
				Email     string `json:"email"`
				TwoFactor bool   `json:"two_factor"`
			}
		}
		e.call("GET", "/api/users", bossToken, "", 200, &users)
		var adaID int64
		for _, u := range users.Users {
			if u.Email == "admin@example.org" {
				adaID = u.ID
				if !u.TwoFactor {
					t.Fatal("the users list does not show Ada's two-factor as on")
				}
			}
		}
		e.codeOf("POST", fmt.Sprintf("/api/users/%d/reset-2fa", bossID), bossToken, "", 409, "users.reset_two_factor_self")
		e.codeOf("POST", "/api/users/999999/reset-2fa", bossToken, "", 404, "user.not_found")

		var after struct {
			TwoFactor bool `json:"two_factor"`
		}
		e.call("POST", fmt.Sprintf("/api/users/%d/reset-2fa", adaID), bossToken, "", 200, &after)
		if after.TwoFactor {
			t.Fatal("two-factor still on after the reset")
		}
		// Ada's session has ended; she signs in with her password alone; her recovery codes are gone.
		e.call("GET", "/api/user", e.token, "", 401, nil)
		var login loginAnswer
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, &login)
		if login.Token == "" || login.TwoFactorRequired {
			t.Fatalf("login after the reset = %+v, want a token without a challenge", login)
		}
		var n int
		if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM user_recovery_codes WHERE user_id = ?`, adaID).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d recovery codes left (%v), want 0 (had %d)", n, err, len(codes))
		}
		e.codeOf("POST", fmt.Sprintf("/api/users/%d/reset-2fa", adaID), bossToken, "", 409, "users.two_factor_off")
	})
}
