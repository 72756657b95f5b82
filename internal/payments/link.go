package payments

import (
	"context"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/token"
)

// PublicPrefix is the path of an invoice's public page, before its token.
const PublicPrefix = "/invoice-link/"

// SetHasLink fills HasLink from the link's hash and the status: a void
// invoice (or one never sent) has no link that works.
func (inv *Invoice) SetHasLink() {
	inv.HasLink = inv.LinkHash != "" && (inv.Status == StatusSent || inv.Status == StatusPaid)
}

// newLink gives inv a new link: its hash goes to LinkHash (to be stored)
// and the returned path, with the token, is the only place the token is
// ever kept.
func newLink(inv *Invoice) (string, error) {
	tok, hash, err := token.New()
	if err != nil {
		return "", err
	}
	inv.LinkHash = hash
	return PublicPrefix + tok, nil
}

// withPath is inv answered to the action that made its link: its public
// path, which no read can give again.
func withPath(inv *Invoice, path string, err error) (*Invoice, error) {
	if err != nil {
		return nil, err
	}
	inv.PublicPath = &path
	return inv, nil
}

// errNoEmail refuses to send an invoice whose client has no billing address
// to mail it to (409): add the client's email first.
func errNoEmail(inv *Invoice) error {
	return apperr.New(apperr.Conflict, "billing.client_no_email", apperr.Params{"client": inv.BillTo.Name},
		"Client "+inv.BillTo.Name+" has no billing email address to send the invoice to; add one to the client first.").OnField("client_id")
}

// sendMail gives a sent invoice its link and queues the mail with it to the
// client's billing address, in the invoice's language, in tx; it returns the
// link's path. base is how links begin (https://packline.example.org); ""
// mails nothing (the demo's history), though the invoice still gets its link.
// inv.Mail says what becomes of the mail; MailedAt is set only when it goes
// to a mail server, never when it is only written to the log.
func (s *Service) sendMail(ctx context.Context, tx Tx, inv *Invoice, base, org string, now time.Time) (string, error) {
	path, err := newLink(inv)
	if err != nil || base == "" {
		return path, err
	}
	m := mail.Render(mail.InvoiceSent, inv.Language, inv.BillTo.Email, mail.Data{Org: org, Name: inv.BillTo.Name,
		Invoice: *inv.Number, Amount: Decimal(inv.TotalMinor, inv.Currency) + " " + inv.Currency, Due: *inv.DueDate,
		Link: strings.TrimRight(base, "/") + path})
	if err := tx.QueueMail(ctx, mail.InvoiceSent, m); err != nil {
		return "", err
	}
	d := s.Outbox.Delivery()
	inv.Mail = &d
	if d == mail.Queued {
		inv.MailedAt = &now
	}
	return path, nil
}

// NewLink gives a sent or paid invoice a new public link in place of the
// old one, which stops working at once (a link that leaked, or a client who
// lost the mail); nobody has opened the new one yet. The answer holds its
// path, with the token, this once. A draft or a void invoice has no link to
// replace: billing.link_status (409).
func (s *Service) NewLink(ctx context.Context, id int64) (*Invoice, error) {
	var path string
	inv, err := s.changeInvoice(ctx, id, func(tx Tx, inv *Invoice) (err error) {
		if inv.Status != StatusSent && inv.Status != StatusPaid {
			return errLinkStatus(inv)
		}
		if path, err = newLink(inv); err != nil {
			return err
		}
		return tx.ReplaceLink(ctx, inv.ID, inv.LinkHash)
	})
	return withPath(inv, path, err)
}

// errLinkStatus refuses a new link for an invoice that is not sent or paid.
func errLinkStatus(inv *Invoice) error {
	return apperr.New(apperr.Conflict, "billing.link_status", apperr.Params{"invoice": invoiceName(inv), "status": inv.Status},
		"Invoice "+invoiceName(inv)+" is "+inv.Status+"; only a sent or paid invoice has a link to its client's page.")
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

// PublicInvoice is the invoice a public link opens (found by the hash of
// its token tok), read-only and without its payments' details; the first
// opening is recorded (LinkOpenedAt).
func (s *Service) PublicInvoice(ctx context.Context, tok string) (*Invoice, error) {
	if tok == "" || len(tok) > 100 {
		return nil, ErrLinkUnknown
	}
	inv, err := s.store.InvoiceByLinkHash(ctx, token.Hash(tok))
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
	return inv, nil
}
