package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// mailStatus waits until the i-th newest mail of the outbox is no longer
// pending (at most 10 s) and returns its status.
func (e *env) mailStatus(token string, i int) string {
	e.t.Helper()
	var out struct{ Mails []struct{ Status string } }
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		e.call("GET", "/api/users/mail", token, "", 200, &out)
		if len(out.Mails) > i && out.Mails[i].Status != "pending" || time.Now().After(deadline) {
			break
		}
	}
	if len(out.Mails) <= i {
		e.t.Fatalf("no mail %d in the outbox: %+v", i, out)
	}
	return out.Mails[i].Status
}

// sentInvitation is the answer of an invitation made or resent.
type sentInvitation struct {
	Email, Role, Link, Mail string
}

// mailConfigured reads mail_configured from the public settings.
func (e *env) mailConfigured() bool {
	e.t.Helper()
	var pub struct {
		MailConfigured *bool `json:"mail_configured"`
	}
	e.call("GET", "/api/settings/public", "", "", 200, &pub)
	if pub.MailConfigured == nil {
		e.t.Fatal("the public settings lack mail_configured")
	}
	return *pub.MailConfigured
}

// Without an SMTP server the server says so everywhere it would otherwise
// claim a mail went out: the public settings (for the office's banner), the
// invitation's answer (logged, with the link the admin must pass on, which
// works), the outgoing list (logged, not sent), and the answers of password
// recovery and email change.
func TestMailWithoutSMTPSaysLogged(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		if e.mailConfigured() {
			t.Fatal("mail_configured without an SMTP server")
		}
		var inv sentInvitation
		e.call("POST", "/api/users/invitations", e.token, `{"email":"bo@example.org","role":"staff"}`, 201, &inv)
		if inv.Mail != "logged" || inv.Email != "bo@example.org" || !strings.HasPrefix(inv.Link, e.srv.URL+"/auth/signup?invitation=") {
			t.Fatalf("invitation: %+v", inv)
		}
		if st := e.mailStatus(e.token, 0); st != "logged" {
			t.Fatalf("the invitation's mail is %q", st)
		}
		id := e.pendingInvitations(e.token)[0].ID
		var again sentInvitation
		e.call("POST", fmt.Sprintf("/api/users/invitations/%d/resend", id), e.token, "", 200, &again)
		if again.Mail != "logged" || again.Link == inv.Link || !strings.HasPrefix(again.Link, e.srv.URL+"/auth/signup?invitation=") {
			t.Fatalf("resent: %+v", again)
		}
		// The link of the answer is the invitation: it opens the signup for Bo.
		u, err := url.Parse(again.Link)
		if err != nil {
			t.Fatal(err)
		}
		var st struct{ Invitation *struct{ Email string } }
		e.call("GET", "/api/signup?invitation="+url.QueryEscape(u.Query().Get("invitation")), "", "", 200, &st)
		if st.Invitation == nil || st.Invitation.Email != "bo@example.org" {
			t.Fatalf("the answered link does not open the invitation: %+v", st)
		}

		var ok struct {
			Success bool
			Mail    string
		}
		e.call("POST", "/api/password/recover", "", `{"email":"admin@example.org"}`, 202, &ok)
		if !ok.Success || ok.Mail != "logged" {
			t.Fatalf("recovery: %+v", ok)
		}
		e.call("POST", "/api/user/email", e.token, `{"email":"ada@example.org","password":"correct-horse"}`, 202, &ok)
		if !ok.Success || ok.Mail != "logged" {
			t.Fatalf("email change: %+v", ok)
		}
	})
}

// With an SMTP server the same answers say queued: the invitation's mail
// arrives carrying the very link the answer gave, and is listed as sent; an
// invoice's send says queued and when it was mailed.
func TestMailWithSMTPSaysQueuedAndIsSent(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e, smtp := newMailEnv(t, db)
		if !e.mailConfigured() {
			t.Fatal("mail_configured is false with an SMTP server")
		}
		ada, _ := e.signup("Ada", "ada@example.org", goodPassword, "", 201)
		e.token = ada.Token
		var inv sentInvitation
		e.call("POST", "/api/users/invitations", ada.Token, `{"email":"bo@example.org","role":"staff"}`, 201, &inv)
		if m := smtp.Wait(t, "bo@example.org"); inv.Mail != "queued" || m.Link() != inv.Link {
			t.Fatalf("invitation %+v, mailed link %q", inv, m.Link())
		}
		if st := e.mailStatus(ada.Token, 0); st != "sent" {
			t.Fatalf("the invitation's mail is %q", st)
		}
		var ok struct{ Mail string }
		e.call("POST", "/api/password/recover", "", `{"email":"ada@example.org"}`, 202, &ok)
		if ok.Mail != "queued" {
			t.Fatalf("recovery: %+v", ok)
		}

		client := e.billClient("Harbour Foods")
		draft := e.draft(client, `"lines":[{"description":"Meals packed","quantity":100,"unit_price_minor":35}]`)
		var sent invoiceJSON
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", draft.ID), ada.Token, "", 200, &sent)
		if sent.Mail == nil || *sent.Mail != "queued" || sent.MailedAt == nil {
			t.Fatalf("sent invoice: mail %v, mailed_at %v", sent.Mail, sent.MailedAt)
		}
		smtp.Wait(t, "ap@example.org")
	})
}
