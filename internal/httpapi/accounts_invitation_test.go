package httpapi_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// voidRow is a pending invitation with why it is void.
type voidRow struct {
	ID         int64   `json:"id"`
	Email      string  `json:"email"`
	Role       string  `json:"role"`
	VoidReason *string `json:"void_reason"`
}

func (e *env) voidReasons(token string) map[string]string {
	e.t.Helper()
	var out struct{ Invitations []voidRow }
	e.call("GET", "/api/users/invitations", token, "", 200, &out)
	m := map[string]string{}
	for _, i := range out.Invitations {
		m[i.Email] = ""
		if i.VoidReason != nil {
			m[i.Email] = *i.VoidReason
		}
	}
	return m
}

// voidReasonOf is params.reason of a signup.invitation_void answer.
func voidReasonOf(t *testing.T, raw []byte) string {
	t.Helper()
	var b struct {
		Code   string
		Params struct{ Reason string }
	}
	if err := json.Unmarshal(raw, &b); err != nil || b.Code != "signup.invitation_void" {
		t.Fatalf("want signup.invitation_void, got %s", raw)
	}
	return b.Params.Reason
}

// An invitation carries its inviter's rights when it is used, not when it
// was sent: a deactivated admin's invitations are void, and an admin demoted
// to staff can no longer make admins (but their staff invitation still
// works). The list says why; a resend by a current admin makes it good.
func TestInvitationCarriesTheInvitersRightsAtUse(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		ada, _ := e.signup("Ada", "ada@example.org", goodPassword, "", 201)
		invite := func(by, email, role string) string {
			t.Helper()
			e.call("POST", "/api/users/invitations", by, fmt.Sprintf(`{"email":%q,"role":%q}`, email, role), 201, nil)
			return tokenOf(t, smtp.Wait(t, email), "/auth/signup", "invitation")
		}
		bo, _ := e.signup("Bo", "bo@example.org", goodPassword, invite(ada.Token, "bo@example.org", "admin"), 201)
		eve, _ := e.signup("Eve", "eve@example.org", goodPassword, invite(ada.Token, "eve@example.org", "admin"), 201)

		// Bo invites an admin and a staff member, then is deactivated.
		cyLink := invite(bo.Token, "cy@example.org", "admin")
		diLink := invite(bo.Token, "di@example.org", "staff")
		// Eve invites an admin and a staff member, then is demoted to staff.
		fayLink := invite(eve.Token, "fay@example.org", "admin")
		gusLink := invite(eve.Token, "gus@example.org", "staff")
		if got := e.voidReasons(ada.Token); got["cy@example.org"] != "" || got["fay@example.org"] != "" || len(got) != 4 {
			t.Fatalf("before any change every invitation works: %v", got)
		}
		e.call("PATCH", fmt.Sprintf("/api/users/%d", bo.User.ID), ada.Token, `{"active":false}`, 200, nil)
		e.call("PATCH", fmt.Sprintf("/api/users/%d", eve.User.ID), ada.Token, `{"role":"staff"}`, 200, nil)

		want := map[string]string{"cy@example.org": "inviter_inactive", "di@example.org": "inviter_inactive",
			"fay@example.org": "inviter_role", "gus@example.org": ""}
		if got := e.voidReasons(ada.Token); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("void reasons %v, want %v", got, want)
		}

		var st struct {
			Invitation     *struct{ Email string }
			InvitationVoid *string `json:"invitation_void"`
		}
		e.call("GET", "/api/signup?invitation="+fayLink, "", "", 200, &st)
		if st.Invitation != nil || st.InvitationVoid == nil || *st.InvitationVoid != "inviter_role" {
			t.Fatalf("signup state of a void invitation: %+v", st)
		}
		e.call("GET", "/api/signup?invitation="+gusLink, "", "", 200, &st)
		if st.Invitation == nil || st.InvitationVoid != nil {
			t.Fatalf("signup state of a good invitation: %+v", st)
		}

		if _, raw := e.signup("Cy", "cy@example.org", goodPassword, cyLink, 403); voidReasonOf(t, raw) != "inviter_inactive" {
			t.Errorf("deactivated admin's admin invitation: %s", raw)
		}
		if _, raw := e.signup("Di", "di@example.org", goodPassword, diLink, 403); voidReasonOf(t, raw) != "inviter_inactive" {
			t.Errorf("deactivated admin's staff invitation: %s", raw)
		}
		if _, raw := e.signup("Fay", "fay@example.org", goodPassword, fayLink, 403); voidReasonOf(t, raw) != "inviter_role" {
			t.Errorf("demoted inviter's admin invitation: %s", raw)
		}
		gus, _ := e.signup("Gus", "gus@example.org", goodPassword, gusLink, 201)
		if gus.User.Role != "staff" {
			t.Fatalf("the demoted inviter's staff invitation gives %q", gus.User.Role)
		}
		var users struct {
			Total int `json:"total"`
		}
		e.call("GET", "/api/users", ada.Token, "", 200, &users)
		if users.Total != 4 { // Ada, Bo, Eve, Gus: no void invitation made an account
			t.Fatalf("%d accounts, want 4", users.Total)
		}

		// A refused invitation stays pending and void; Ada resending it makes it hers.
		var list struct{ Invitations []voidRow }
		e.call("GET", "/api/users/invitations", ada.Token, "", 200, &list)
		var fay int64
		for _, i := range list.Invitations {
			if i.Email == "fay@example.org" {
				fay = i.ID
			}
		}
		e.call("POST", fmt.Sprintf("/api/users/invitations/%d/resend", fay), ada.Token, "", 200, nil)
		fayLink = tokenOf(t, smtp.Wait(t, "fay@example.org"), "/auth/signup", "invitation")
		if got := e.voidReasons(ada.Token); got["fay@example.org"] != "" {
			t.Fatalf("resent by an admin, still void: %v", got)
		}
		if f, _ := e.signup("Fay", "fay@example.org", goodPassword, fayLink, 201); f.User.Role != "admin" {
			t.Fatalf("resent admin invitation gives %q", f.User.Role)
		}
	})
}
