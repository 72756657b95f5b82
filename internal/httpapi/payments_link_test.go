package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/token"
)

// Send numbers the invoice and mails the client's billing address a link to
// the invoice's public page: the page opens without signing in (read-only,
// no payments listed), the invoice says when it was mailed and first
// opened; voiding revokes the link, which then says so. The link's path is
// in the send's answer only: the database keeps its token's hash, never the
// token. A client without a billing email cannot be sent an invoice (409)
// and nothing changes.
func TestPaymentsSendMailsThePublicLink(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		client := e.billClient("Harbour Foods")
		inv := e.draft(client, `"lines":[{"description":"Meals packed","quantity":100,"unit_price_minor":35}]`)
		if inv.PublicPath != nil || inv.HasLink || inv.MailedAt != nil {
			t.Fatalf("a draft has a link: %+v", inv)
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 200, &inv)
		// No mail server in this test: the mail is only logged, and the invoice does not claim it was mailed.
		if inv.Number == nil || inv.PublicPath == nil || !inv.HasLink || inv.MailedAt != nil || inv.LinkOpenedAt != nil ||
			inv.Mail == nil || *inv.Mail != mail.LogOnly ||
			!strings.HasPrefix(*inv.PublicPath, "/invoice-link/") || len(*inv.PublicPath) < len("/invoice-link/")+40 {
			t.Fatalf("sent: %+v", inv)
		}
		token := strings.TrimPrefix(*inv.PublicPath, "/invoice-link/")
		e.assertLinkStored(inv.ID, token)

		// Read again, the invoice has a link but no longer its path.
		var again invoiceJSON
		e.call("GET", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, "", 200, &again)
		var printed struct{ Invoice invoiceJSON }
		e.call("GET", fmt.Sprintf("/api/invoices/%d/print", inv.ID), e.token, "", 200, &printed)
		var list struct{ Invoices []invoiceJSON }
		e.call("GET", "/api/invoices", e.token, "", 200, &list)
		if again.PublicPath != nil || !again.HasLink || again.Mail != nil || again.MailedAt != nil || printed.Invoice.PublicPath != nil || !printed.Invoice.HasLink ||
			len(list.Invoices) != 1 || list.Invoices[0].PublicPath != nil || !list.Invoices[0].HasLink {
			t.Fatalf("a read gives the path: %+v, printed %+v, listed %+v", again, printed.Invoice, list.Invoices)
		}

		// The mail, in the outbox, to the client's billing address.
		var out struct {
			Mails []struct{ Kind, To, Subject string }
		}
		e.call("GET", "/api/users/mail", e.token, "", 200, &out)
		if len(out.Mails) != 1 || out.Mails[0].Kind != "invoice" || out.Mails[0].To != "ap@example.org" ||
			!strings.Contains(out.Mails[0].Subject, *inv.Number) {
			t.Fatalf("outbox: %+v", out)
		}
		if st := e.mailStatus(e.token, 0); st != "logged" {
			t.Fatalf("the invoice's mail, with no mail server, is %q", st)
		}

		// Signed out: the invoice, its lines and total, no payments; the opening is recorded once.
		var page struct {
			Invoice struct {
				Number     string
				TotalMinor int64 `json:"total_minor"`
				Payments   []any
				PublicPath *string `json:"public_path"`
			}
			OrganisationName string `json:"organisation_name"`
		}
		e.call("GET", "/api/public/invoices/"+token, "", "", 200, &page)
		if page.Invoice.Number != *inv.Number || page.Invoice.TotalMinor != 3500 || len(page.Invoice.Payments) != 0 || page.Invoice.PublicPath != nil {
			t.Fatalf("public page: %+v", page)
		}
		e.call("GET", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, "", 200, &inv)
		if inv.LinkOpenedAt == nil {
			t.Fatalf("opening not recorded: %+v", inv)
		}
		first := *inv.LinkOpenedAt
		e.call("GET", "/api/public/invoices/"+token, "", "", 200, nil)
		e.call("GET", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, "", 200, &inv)
		if !inv.LinkOpenedAt.Equal(first) {
			t.Fatalf("first opening moved: %v → %v", first, inv.LinkOpenedAt)
		}
		if raw := e.call("GET", "/api/public/invoices/"+token[:len(token)-1]+"x", "", "", 404, nil); billingCode(raw) != "billing.link_unknown" {
			t.Fatalf("another token: %s", raw)
		}

		// Voided: the link is revoked and says why.
		e.call("POST", fmt.Sprintf("/api/invoices/%d/void", inv.ID), e.token, `{"reason":"Wrong client"}`, 200, &inv)
		if inv.PublicPath != nil || inv.HasLink {
			t.Fatalf("void invoice keeps its link: %+v", inv)
		}
		if raw := e.call("GET", "/api/public/invoices/"+token, "", "", 404, nil); billingCode(raw) != "billing.link_void" {
			t.Fatalf("voided link: %s", raw)
		}

		// No billing email: 409, the draft stays a draft without a number.
		var bare struct{ ID int64 }
		e.call("POST", "/api/clients", e.token, `{"name":"No Mail Ltd"}`, 201, &bare)
		d := e.draft(bare.ID, `"lines":[{"description":"Kits","quantity":1,"unit_price_minor":100}]`)
		if raw := e.call("POST", fmt.Sprintf("/api/invoices/%d/send", d.ID), e.token, "", 409, nil); billingCode(raw) != "billing.client_no_email" {
			t.Fatalf("no email: %s", raw)
		}
		e.call("GET", fmt.Sprintf("/api/invoices/%d", d.ID), e.token, "", 200, &d)
		if d.Status != "draft" || d.Number != nil || d.PublicPath != nil {
			t.Fatalf("after the refusal: %+v", d)
		}
	})
}

// assertLinkStored checks what the database keeps of invoice id's link:
// the hash of tok (token.Hash), and nowhere the token itself.
func (e *env) assertLinkStored(id int64, tok string) {
	e.t.Helper()
	var stored string
	if err := e.db.QueryRow(context.Background(), `SELECT link_token_hash FROM billing_invoices WHERE id = ?`, id).Scan(&stored); err != nil {
		e.t.Fatal(err)
	}
	if stored != token.Hash(tok) {
		e.t.Fatalf("invoice %d keeps %q for its link, not the hash of its token", id, stored)
	}
	var clear int
	if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM billing_invoices WHERE link_token_hash = ?`, tok).Scan(&clear); err != nil || clear != 0 {
		e.t.Fatalf("the token is stored in clear (%d rows, %v)", clear, err)
	}
}

// A new link replaces a sent or paid invoice's old one: the answer holds
// its path this once, the old token stops opening the invoice at once, the
// new one opens it, and its first opening is counted afresh. A draft or a
// void invoice has no link to replace (409 billing.link_status), an unknown
// invoice is 404 and staff get 403.
func TestPaymentsNewLinkReplacesTheOld(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		client := e.billClient("Pier Kitchens")
		inv := e.draft(client, `"lines":[{"description":"Kits packed","quantity":10,"unit_price_minor":250}]`)
		path := fmt.Sprintf("/api/invoices/%d/link", inv.ID)
		if raw := e.call("POST", path, e.token, "", 409, nil); billingCode(raw) != "billing.link_status" {
			t.Fatalf("a draft's new link: %s", raw)
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 200, &inv)
		old := strings.TrimPrefix(*inv.PublicPath, "/invoice-link/")
		e.call("GET", "/api/public/invoices/"+old, "", "", 200, nil)

		var renewed invoiceJSON
		e.call("POST", path, e.token, "", 200, &renewed)
		if renewed.PublicPath == nil || !strings.HasPrefix(*renewed.PublicPath, "/invoice-link/") || !renewed.HasLink ||
			*renewed.PublicPath == *inv.PublicPath || renewed.LinkOpenedAt != nil || renewed.Mail != nil || renewed.Status != "sent" {
			t.Fatalf("new link: %+v", renewed)
		}
		fresh := strings.TrimPrefix(*renewed.PublicPath, "/invoice-link/")
		e.assertLinkStored(inv.ID, fresh)
		if raw := e.call("GET", "/api/public/invoices/"+old, "", "", 404, nil); billingCode(raw) != "billing.link_unknown" {
			t.Fatalf("the old link after a new one: %s", raw)
		}
		var page struct{ Invoice invoiceJSON }
		e.call("GET", "/api/public/invoices/"+fresh, "", "", 200, &page)
		if page.Invoice.ID != inv.ID || page.Invoice.PublicPath != nil {
			t.Fatalf("the new link opens %+v", page.Invoice)
		}
		var read invoiceJSON
		e.call("GET", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, "", 200, &read)
		if read.LinkOpenedAt == nil || read.PublicPath != nil {
			t.Fatalf("after the new link was opened: %+v", read)
		}

		// Paid: a new link still; void: none.
		e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, fmt.Sprintf(`{"amount_minor":2500,"paid_on":%q}`, *inv.IssueDate), 201, nil)
		e.call("POST", path, e.token, "", 200, &renewed)
		if renewed.Status != "paid" || renewed.PublicPath == nil {
			t.Fatalf("a paid invoice's new link: %+v", renewed)
		}
		e.call("GET", "/api/public/invoices/"+strings.TrimPrefix(*renewed.PublicPath, "/invoice-link/"), "", "", 200, nil)
		other := e.draft(client, `"lines":[{"description":"Kits packed","quantity":1,"unit_price_minor":250}]`)
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", other.ID), e.token, "", 200, nil)
		e.call("POST", fmt.Sprintf("/api/invoices/%d/void", other.ID), e.token, `{"reason":"Sent twice"}`, 200, nil)
		if raw := e.call("POST", fmt.Sprintf("/api/invoices/%d/link", other.ID), e.token, "", 409, nil); billingCode(raw) != "billing.link_status" {
			t.Fatalf("a void invoice's new link: %s", raw)
		}
		if raw := e.call("POST", "/api/invoices/999999/link", e.token, "", 404, nil); billingCode(raw) != "billing.invoice_not_found" {
			t.Fatalf("an unknown invoice's new link: %s", raw)
		}
		e.call("POST", path, e.staffToken(), "", 403, nil)
	})
}
