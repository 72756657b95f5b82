package payments

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
)

// PublicPrefix is the path of an invoice's public page, before its token.
const PublicPrefix = "/invoice-link/"

// SetPublicPath fills PublicPath from the token and status: a void invoice
// (or one never sent) has none.
func (inv *Invoice) SetPublicPath() {
	inv.PublicPath = nil
	if inv.LinkToken != "" && (inv.Status == StatusSent || inv.Status == StatusPaid) {
		p := PublicPrefix + inv.LinkToken
		inv.PublicPath = &p
	}
}

// newLinkToken is 32 random bytes, URL-safe: nobody guesses it.
func newLinkToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// errNoEmail refuses to send an invoice whose client has no billing address
// to mail it to (409): add the client's email first.
func errNoEmail(inv *Invoice) error {
	return apperr.New(apperr.Conflict, "billing.client_no_email", apperr.Params{"client": inv.BillTo.Name},
		"Client "+inv.BillTo.Name+" has no billing email address to send the invoice to; add one to the client first.").OnField("client_id")
}

// sendMail gives a sent invoice its link and queues the mail with it to the
// client's billing address, in the invoice's language, in tx. base is how
// links begin (https://packline.example.org); "" mails nothing (the demo's
// history), though the invoice still gets its link.
func (s *Service) sendMail(ctx context.Context, tx Tx, inv *Invoice, base, org string, now time.Time) error {
	token, err := newLinkToken()
	if err != nil {
		return err
	}
	inv.LinkToken = token
	inv.SetPublicPath()
	if base == "" {
		return nil
	}
	m := mail.Render(mail.InvoiceSent, inv.Language, inv.BillTo.Email, mail.Data{Org: org, Name: inv.BillTo.Name,
		Invoice: *inv.Number, Amount: Decimal(inv.TotalMinor, inv.Currency) + " " + inv.Currency, Due: *inv.DueDate,
		Link: strings.TrimRight(base, "/") + *inv.PublicPath})
	if err := tx.QueueMail(ctx, mail.InvoiceSent, m); err != nil {
		return err
	}
	inv.MailedAt = &now
	return nil
}

// orgName is the organisation's name for an invoice's mail, read outside
// any transaction; "" when no mail goes (base "") or no name is wired.
func (s *Service) orgName(ctx context.Context, base string) (string, error) {
	if base == "" || s.OrgName == nil {
		return "", nil
	}
	return s.OrgName(ctx)
}

// ErrLinkUnknown is a public invoice link that never existed (404).
var ErrLinkUnknown = apperr.New(apperr.NotFound, "billing.link_unknown", nil, "This invoice link does not exist.")

// errLinkVoid is the link of an invoice voided since (404): it says so.
func errLinkVoid(inv *Invoice) error {
	return apperr.New(apperr.NotFound, "billing.link_void", apperr.Params{"invoice": invoiceName(inv)},
		"Invoice "+invoiceName(inv)+" was voided; this link no longer shows it.")
}

// PublicInvoice is the invoice a public link opens, read-only and without
// its payments' details; the first opening is recorded (LinkOpenedAt).
func (s *Service) PublicInvoice(ctx context.Context, token string) (*Invoice, error) {
	if token == "" || len(token) > 100 {
		return nil, ErrLinkUnknown
	}
	inv, err := s.store.InvoiceByLink(ctx, token)
	if err != nil {
		return nil, err
	}
	if inv == nil {
		return nil, ErrLinkUnknown
	}
	if inv.Status == StatusVoid {
		return nil, errLinkVoid(inv)
	}
	if inv.LinkOpenedAt == nil {
		if err := s.store.InTx(ctx, func(tx Tx) error { return tx.LinkOpened(ctx, inv.ID) }); err != nil {
			return nil, err
		}
		if inv, err = s.store.Invoice(ctx, inv.ID); err != nil || inv == nil {
			return nil, err
		}
	}
	inv.Payments = []Payment{}
	inv.PublicPath = nil
	return inv, nil
}
