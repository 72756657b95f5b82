package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

// Send numbers the invoice and mails the client's billing address a link to
// the invoice's public page: the page opens without signing in (read-only,
// no payments listed), the invoice says when it was mailed and first
// opened; voiding revokes the link, which then says so. A client without a
// billing email cannot be sent an invoice (409) and nothing changes.
func TestPaymentsSendMailsThePublicLink(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		client := e.billClient("Harbour Foods")
		inv := e.draft(client, `"lines":[{"description":"Meals packed","quantity":100,"unit_price_minor":35}]`)
		if inv.PublicPath != nil || inv.MailedAt != nil {
			t.Fatalf("a draft has a link: %+v", inv)
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 200, &inv)
		if inv.Number == nil || inv.PublicPath == nil || inv.MailedAt == nil || inv.LinkOpenedAt != nil ||
			!strings.HasPrefix(*inv.PublicPath, "/invoice-link/") || len(*inv.PublicPath) < len("/invoice-link/")+40 {
			t.Fatalf("sent: %+v", inv)
		}
		token := strings.TrimPrefix(*inv.PublicPath, "/invoice-link/")

		// The mail, in the outbox, to the client's billing address.
		var out struct {
			Mails []struct{ Kind, To, Subject string }
		}
		e.call("GET", "/api/users/mail", e.token, "", 200, &out)
		if len(out.Mails) != 1 || out.Mails[0].Kind != "invoice" || out.Mails[0].To != "ap@example.org" ||
			!strings.Contains(out.Mails[0].Subject, *inv.Number) {
			t.Fatalf("outbox: %+v", out)
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
		if inv.PublicPath != nil {
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
