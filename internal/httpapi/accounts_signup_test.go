package httpapi_test

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/mail/mailtest"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// newMailEnv starts the API over an empty database with its mail going to
// an SMTP server started for the test. No account exists yet.
func newMailEnv(t *testing.T, db *storage.DB) (*env, *mailtest.Server) {
	t.Helper()
	smtp := mailtest.Start(t)
	sender, err := mail.NewSMTP(smtp.URL(), "Packline <noreply@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	api, svc := wiredAPI(db, app.WithHashGate(patientHashGate()), app.WithMailer(sender))
	srv := httptest.NewServer(validated(t, api.Handler()))
	t.Cleanup(func() { svc.Accounts.WaitMail(); srv.Close() })
	return &env{t: t, db: db, srv: srv}, smtp
}

type signedUp struct {
	Token string
	User  struct {
		ID    int64
		Email string
		Role  string
	}
}

// signup posts a signup and returns the answer (wantStatus 201) or the raw error.
func (e *env) signup(first, email, password, invitation string, wantStatus int) (signedUp, []byte) {
	e.t.Helper()
	var out signedUp
	body := `{"first_name":"` + first + `","last_name":"Tester","email":"` + email + `","password":"` + password + `","invitation":"` + invitation + `"}`
	if wantStatus != 201 {
		return out, e.call("POST", "/api/signup", "", body, wantStatus, nil)
	}
	raw := e.call("POST", "/api/signup", "", body, 201, &out)
	return out, raw
}

// adaAndBo signs up Ada, the first account and so an admin, who opens
// signup, and then Bo, a member of staff.
func (e *env) adaAndBo() (ada, bo signedUp) {
	e.t.Helper()
	ada, _ = e.signup("Ada", "ada@example.org", goodPassword, "", 201)
	e.call("PATCH", "/api/settings", ada.Token, `{"signup_open":true}`, 200, nil)
	bo, _ = e.signup("Bo", "bo@example.org", goodPassword, "", 201)
	return ada, bo
}

func codeOf(t *testing.T, raw []byte) string {
	t.Helper()
	var b struct{ Code string }
	if err := jsonUnmarshal(raw, &b); err != nil {
		t.Fatalf("not an error body: %s", raw)
	}
	return b.Code
}

// tokenOf returns the query parameter key of a mailed link, checking its path.
func tokenOf(t *testing.T, m mailtest.Mail, path, key string) string {
	t.Helper()
	u, err := url.Parse(m.Link())
	if err != nil || u.Path != path || u.Query().Get(key) == "" {
		t.Fatalf("mail %q: link %q, want %s?%s=…", m.Subject, m.Link(), path, key)
	}
	if !strings.Contains(m.HTML, m.Link()) && !strings.Contains(m.HTML, strings.ReplaceAll(m.Link(), "&", "&amp;")) {
		t.Fatalf("the HTML part lacks the link %s", m.Link())
	}
	return u.Query().Get(key)
}

const goodPassword = "a long and rare pass"

// The first account of an empty organisation is its admin; then signup is
// by invitation unless an admin opens it; the password rules hold; a taken
// email is 409.
func TestSignupRules(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, _ := newMailEnv(t, db)
		var st struct {
			Open, First_account bool
			Invitation          any
		}
		e.call("GET", "/api/signup", "", "", 200, &st)
		if !st.Open || !st.First_account || st.Invitation != nil {
			t.Fatalf("empty organisation: %+v", st)
		}
		for _, c := range []struct{ password, code string }{
			{"short-pass", "user.password_too_short"},
			{"password1234", "user.password_common"},
		} {
			if _, raw := e.signup("Ada", "ada@example.org", c.password, "", 400); codeOf(t, raw) != c.code {
				t.Fatalf("password %q: %s", c.password, raw)
			}
		}
		ada, _ := e.signup("Ada", "Ada@Example.org", goodPassword, "", 201)
		if ada.User.Role != "admin" || ada.User.Email != "ada@example.org" || ada.Token == "" {
			t.Fatalf("first account: %+v", ada)
		}
		var me struct {
			User struct{ Last_login_at *time.Time }
		}
		e.call("GET", "/api/user", ada.Token, "", 200, &me)
		if me.User.Last_login_at == nil {
			t.Fatal("signing up is a sign-in: last sign-in not recorded")
		}

		e.call("GET", "/api/signup", "", "", 200, &st)
		if st.Open || st.First_account {
			t.Fatalf("after the first account: %+v", st)
		}
		if _, raw := e.signup("Bo", "bo@example.org", goodPassword, "", 403); codeOf(t, raw) != "signup.closed" {
			t.Fatalf("closed signup: %s", raw)
		}
		if _, raw := e.signup("Bo", "bo@example.org", goodPassword, "no-such-invitation", 403); codeOf(t, raw) != "signup.invitation_invalid" {
			t.Fatalf("bad invitation: %s", raw)
		}
		e.call("PATCH", "/api/settings", ada.Token, `{"signup_open":true}`, 200, nil)
		var settings struct{ Signup_open bool }
		e.call("GET", "/api/settings", ada.Token, "", 200, &settings)
		if !settings.Signup_open {
			t.Fatal("signup_open not kept")
		}
		bo, _ := e.signup("Bo", "bo@example.org", goodPassword, "", 201)
		if bo.User.Role != "staff" {
			t.Fatalf("open signup: %+v", bo)
		}
		if _, raw := e.signup("Bo", "BO@example.org", goodPassword, "", 409); codeOf(t, raw) != "user.email_taken" {
			t.Fatalf("taken email: %s", raw)
		}
		// Staff cannot open or close signup, and stay signed in.
		e.call("PATCH", "/api/settings", bo.Token, `{"signup_open":false}`, 403, nil)
		e.call("GET", "/api/user", bo.Token, "", 200, nil)
	})
}

// An admin invites by mail; the link pre-fills the address, gives the role,
// works once; staff may not invite.
func TestInvitations(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		ada, _ := e.signup("Ada", "ada@example.org", goodPassword, "", 201)
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"cy@example.org","role":"bogus"}`, 400, nil)
		if raw := e.call("POST", "/api/users/invitations", ada.Token, `{"email":"ada@example.org","role":"staff"}`, 409, nil); codeOf(t, raw) != "user.email_taken" {
			t.Fatalf("inviting a member: %s", raw)
		}
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"Cy@Example.org","role":"admin"}`, 201, nil)
		m := smtp.Wait(t, "cy@example.org")
		if !strings.Contains(m.Text, "Ada Tester") {
			t.Fatalf("the invitation does not say who invited: %q", m.Text)
		}
		inv := tokenOf(t, m, "/auth/signup", "invitation")

		var st struct {
			Open       bool
			Invitation *struct{ Email, Role string }
		}
		e.call("GET", "/api/signup?invitation="+inv, "", "", 200, &st)
		if st.Open || st.Invitation == nil || st.Invitation.Email != "cy@example.org" || st.Invitation.Role != "admin" {
			t.Fatalf("signup state with the invitation: %+v", st)
		}
		if _, raw := e.signup("Cy", "other@example.org", goodPassword, inv, 400); codeOf(t, raw) != "signup.invitation_email" {
			t.Fatalf("another address: %s", raw)
		}
		cy, _ := e.signup("Cy", "cy@example.org", goodPassword, inv, 201)
		if cy.User.Role != "admin" {
			t.Fatalf("invited as admin: %+v", cy)
		}
		if _, raw := e.signup("Cy", "cy@example.org", goodPassword, inv, 403); codeOf(t, raw) != "signup.invitation_invalid" {
			t.Fatalf("second use: %s", raw)
		}
		e.call("GET", "/api/signup?invitation="+inv, "", "", 200, &st)
		if st.Invitation != nil {
			t.Fatal("a used invitation still shows")
		}

		// A second invitation replaces the first.
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"di@example.org","role":"staff"}`, 201, nil)
		first := tokenOf(t, smtp.Wait(t, "di@example.org"), "/auth/signup", "invitation")
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"di@example.org","role":"staff"}`, 201, nil)
		second := tokenOf(t, smtp.Wait(t, "di@example.org"), "/auth/signup", "invitation")
		e.signup("Di", "di@example.org", goodPassword, first, 403)
		di, _ := e.signup("Di", "di@example.org", goodPassword, second, 201)
		if di.User.Role != "staff" {
			t.Fatalf("invited as staff: %+v", di)
		}
		// Staff: 403 on every users endpoint, and still signed in.
		for _, c := range []struct{ method, path, body string }{
			{"GET", "/api/users", ""},
			{"POST", "/api/users/invitations", `{"email":"ed@example.org","role":"staff"}`},
			{"PATCH", "/api/users/1", `{"role":"staff"}`},
		} {
			if raw := e.call(c.method, c.path, di.Token, c.body, 403, nil); codeOf(t, raw) != "auth.admin_only" {
				t.Fatalf("staff %s %s: %s", c.method, c.path, raw)
			}
		}
		e.call("GET", "/api/user", di.Token, "", 200, nil)
	})
}

// Recovery end to end: the mail's link, the reset, every old session gone,
// the link dead after one use, the new password working.
func TestPasswordRecovery(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		ada, _ := e.signup("Ada", "ada@example.org", goodPassword, "", 201)
		var other struct{ Token string }
		e.call("POST", "/api/login", "", `{"email":"ada@example.org","password":"`+goodPassword+`","remember":true}`, 200, &other)

		e.call("POST", "/api/password/recover", "", `{"email":"nobody@example.org"}`, 202, nil)
		e.call("POST", "/api/password/recover", "", `{"email":"not an address"}`, 400, nil)
		e.call("POST", "/api/password/recover", "", `{"email":"ADA@example.org"}`, 202, nil)
		m := smtp.Wait(t, "ada@example.org")
		token := tokenOf(t, m, "/auth/recover-password", "token")

		if raw := e.call("POST", "/api/password/reset", "", `{"token":"`+token+`","password":"password1234"}`, 400, nil); codeOf(t, raw) != "user.password_common" {
			t.Fatalf("common password: %s", raw)
		}
		if raw := e.call("POST", "/api/password/reset", "", `{"token":"wrong","password":"a fresh long secret"}`, 400, nil); codeOf(t, raw) != "password.reset_invalid" {
			t.Fatalf("unknown token: %s", raw)
		}
		e.call("POST", "/api/password/reset", "", `{"token":"`+token+`","password":"a fresh long secret"}`, 200, nil)
		for _, tok := range []string{ada.Token, other.Token} {
			e.call("GET", "/api/user", tok, "", 401, nil)
		}
		if raw := e.call("POST", "/api/password/reset", "", `{"token":"`+token+`","password":"another long secret"}`, 400, nil); codeOf(t, raw) != "password.reset_invalid" {
			t.Fatalf("second use: %s", raw)
		}
		e.call("POST", "/api/login", "", `{"email":"ada@example.org","password":"`+goodPassword+`"}`, 401, nil)
		e.call("POST", "/api/login", "", `{"email":"ada@example.org","password":"a fresh long secret"}`, 200, nil)
		if n := len(smtp.Mails()); n != 1 {
			t.Fatalf("%d mails; the unknown address must get none", n)
		}

		// Throttled per address: the third request within the hour is the last.
		for range 2 {
			e.call("POST", "/api/password/recover", "", `{"email":"ada@example.org"}`, 202, nil)
		}
		res := e.do("POST", "/api/password/recover", "", `{"email":"ada@example.org"}`)
		if raw := readAll(res); res.StatusCode != 429 || codeOf(t, raw) != "password.recover_throttled" || res.Header.Get("Retry-After") == "" {
			t.Fatalf("fourth request: %d %s", res.StatusCode, raw)
		}
	})
}

// The users screen: search and pages, role changes, deactivation (which signs
// out), the last active admin kept, last sign-in recorded.
func TestUsersAdmin(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, _ := newMailEnv(t, db)
		ada, bo := e.adaAndBo()
		for _, n := range []string{"Cy", "Di", "Ed"} {
			e.signup(n, strings.ToLower(n)+"@example.org", goodPassword, "", 201)
		}
		type page struct {
			Users []struct {
				ID           int64
				Email, Role  string
				Active       bool
				Last_sign_in *time.Time
			}
			Total int
		}
		var p page
		e.call("GET", "/api/users?page=2&page_size=2", ada.Token, "", 200, &p)
		if p.Total != 5 || len(p.Users) != 2 || p.Users[0].Email != "cy@example.org" {
			t.Fatalf("page 2 of 2: %+v", p)
		}
		e.call("GET", "/api/users?search=BO%40", ada.Token, "", 200, &p)
		if p.Total != 1 || p.Users[0].ID != bo.User.ID || p.Users[0].Last_sign_in == nil {
			t.Fatalf("search: %+v", p)
		}

		if raw := e.call("PATCH", "/api/users/1", ada.Token, `{"role":"staff"}`, 409, nil); codeOf(t, raw) != "users.last_admin" {
			t.Fatalf("demoting the only admin: %s", raw)
		}
		if raw := e.call("PATCH", "/api/users/1", ada.Token, `{"active":false}`, 409, nil); codeOf(t, raw) != "users.last_admin" {
			t.Fatalf("deactivating the only admin: %s", raw)
		}
		e.call("PATCH", "/api/users/999", ada.Token, `{"active":false}`, 404, nil)
		e.call("PATCH", "/api/users/1", ada.Token, `{"role":"boss"}`, 400, nil)

		e.call("PATCH", "/api/users/"+itoa(bo.User.ID), ada.Token, `{"active":false}`, 200, nil)
		e.call("GET", "/api/user", bo.Token, "", 401, nil)
		e.call("POST", "/api/login", "", `{"email":"bo@example.org","password":"`+goodPassword+`"}`, 401, nil)
		e.call("GET", "/api/users?search=bo%40", ada.Token, "", 200, &p)
		if p.Users[0].Active {
			t.Fatal("still active")
		}
		e.call("PATCH", "/api/users/"+itoa(bo.User.ID), ada.Token, `{"active":true,"role":"admin"}`, 200, nil)
		var again struct{ Token string }
		e.call("POST", "/api/login", "", `{"email":"bo@example.org","password":"`+goodPassword+`"}`, 200, &again)
		// Two admins now: either may step down, not both.
		e.call("PATCH", "/api/users/1", again.Token, `{"role":"staff"}`, 200, nil)
		e.call("PATCH", "/api/users/"+itoa(bo.User.ID), again.Token, `{"role":"staff"}`, 409, nil)
		// Ada, staff now, is refused the screen but stays signed in.
		e.call("GET", "/api/users", ada.Token, "", 403, nil)
		e.call("GET", "/api/user", ada.Token, "", 200, nil)
	})
}

// Changing one's email needs the password and a link mailed to the new
// address, followed by the same account.
func TestEmailChange(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		ada, bo := e.adaAndBo()

		if raw := e.call("POST", "/api/user/email", ada.Token, `{"email":"new@example.org","password":"wrong password"}`, 400, nil); codeOf(t, raw) != "email_change.password_wrong" {
			t.Fatalf("wrong password: %s", raw)
		}
		if raw := e.call("POST", "/api/user/email", ada.Token, `{"email":"bo@example.org","password":"`+goodPassword+`"}`, 409, nil); codeOf(t, raw) != "user.email_taken" {
			t.Fatalf("taken: %s", raw)
		}
		e.call("POST", "/api/user/email", ada.Token, `{"email":"ada@example.org","password":"`+goodPassword+`"}`, 400, nil)
		e.call("POST", "/api/user/email", ada.Token, `{"email":"New@Example.org","password":"`+goodPassword+`"}`, 202, nil)
		token := tokenOf(t, smtp.Wait(t, "new@example.org"), "/preferences", "confirm_email")

		if raw := e.call("POST", "/api/user/email/confirm", bo.Token, `{"token":"`+token+`"}`, 400, nil); codeOf(t, raw) != "email_change.link_invalid" {
			t.Fatalf("another account's link: %s", raw)
		}
		var out struct{ User struct{ Email string } }
		e.call("POST", "/api/user/email/confirm", ada.Token, `{"token":"`+token+`"}`, 200, &out)
		if out.User.Email != "new@example.org" {
			t.Fatalf("email after confirming: %+v", out)
		}
		e.call("POST", "/api/user/email/confirm", ada.Token, `{"token":"`+token+`"}`, 400, nil)
		e.call("POST", "/api/login", "", `{"email":"new@example.org","password":"`+goodPassword+`"}`, 200, nil)
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// GET /api/users/mail shows admins the latest mails: one refused by a down
// SMTP server is pending with its attempt and error, then sent once the
// server is back and the outbox is swept. Bodies (links) are never listed.
func TestOutgoingMailList(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		ada, _ := e.signup("Ada", "ada@example.org", goodPassword, "", 201)
		smtp.SetDown(true)
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"bo@example.org","role":"staff"}`, 201, nil)
		var out struct {
			Mails []struct {
				Kind, To, Subject, Status, Last_error string
				Attempts                              int
				Next_attempt_at, Sent_at              *time.Time
			}
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			e.call("GET", "/api/users/mail", ada.Token, "", 200, &out)
			if len(out.Mails) == 1 && out.Mails[0].Last_error != "" || time.Now().After(deadline) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if len(out.Mails) != 1 {
			t.Fatalf("mails: %+v", out)
		}
		m := out.Mails[0]
		if m.Kind != "invitation" || m.To != "bo@example.org" || m.Status != "pending" || m.Attempts != 1 ||
			!strings.Contains(m.Last_error, "421") || m.Next_attempt_at == nil || m.Sent_at != nil {
			t.Fatalf("a mail refused by the server: %+v", m)
		}
		raw := e.call("GET", "/api/users/mail", ada.Token, "", 200, nil)
		if strings.Contains(string(raw), "invitation=") {
			t.Fatalf("a link is listed: %s", raw)
		}
		smtp.SetDown(false)
		db.SetNow(func() time.Time { return time.Now().UTC().Add(time.Hour) })
		sender, _ := mail.NewSMTP(smtp.URL(), "")
		svc := app.New(db, nil, app.WithMailer(sender), app.WithPasswordHashing(accounts.TestHashing))
		if sent, _, err := svc.SweepOutbox(context.Background()); err != nil || sent != 1 {
			t.Fatalf("sweep: %d %v", sent, err)
		}
		smtp.Wait(t, "bo@example.org")
		e.call("GET", "/api/users/mail", ada.Token, "", 200, &out)
		if m := out.Mails[0]; m.Status != "sent" || m.Attempts != 2 || m.Sent_at == nil || m.Next_attempt_at != nil {
			t.Fatalf("after the sweep: %+v", m)
		}
	})
}
