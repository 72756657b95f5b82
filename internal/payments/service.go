package payments

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/messaging"
)

// invoicePaid is the admins' notice of a payment (by by, nil: nobody named)
// that has just made inv fully paid.
func invoicePaid(inv *Invoice, by *int64) messaging.NewNotification {
	number := ""
	if inv.Number != nil {
		number = *inv.Number
	}
	return messaging.InvoicePaid(messaging.Actor(by), inv.ID, number, inv.BillTo.Name, Decimal(inv.TotalMinor, inv.Currency), inv.Currency)
}

// Service holds the billing rules over a Store.
type Service struct {
	store    Store
	cal      Calendar
	currency Currency
	// OrgName is the organisation's name, for the mail of a sent invoice.
	OrgName func(ctx context.Context) (string, error)
	// Outbox is woken after a send queued a mail, and says whether that
	// mail goes out or only to the log (nil: mails stay stored, as queued).
	Outbox *mail.Outbox
}

// NewService returns the billing service; currency reads the
// organisation's currency setting.
func NewService(store Store, cal Calendar, currency Currency) *Service {
	return &Service{store: store, cal: cal, currency: currency}
}

// Currency is the organisation's currency.
func (s *Service) Currency(ctx context.Context) (string, error) { return s.currency(ctx) }

// Today is the organisation's today.
func (s *Service) Today(ctx context.Context) (string, error) { return s.cal.Today(ctx) }

// CreateInvoice writes a draft (no number yet).
func (s *Service) CreateInvoice(ctx context.Context, in InvoiceInput) (*Invoice, error) {
	cur, err := s.currency(ctx)
	if err != nil {
		return nil, err
	}
	lines, err := in.normalize(cur)
	if err != nil {
		return nil, err
	}
	var id int64
	err = s.store.InTx(ctx, func(tx Tx) error {
		inv := &Invoice{Status: StatusDraft, ClientID: in.ClientID, ProjectID: in.ProjectID, Currency: in.Currency,
			Language: in.Language, TaxRateBP: in.TaxRateBP, Notes: in.Notes, Lines: lines, ReissueOf: in.reissueOf}
		if err := resolveParties(ctx, tx, inv); err != nil {
			return err
		}
		inv.DueDays = dueDays(in.DueDays)
		fill(inv)
		now := stamp(tx, in.At)
		inv.CreatedAt, inv.UpdatedAt = now, now
		if err := tx.InsertInvoice(ctx, inv); err != nil {
			return err
		}
		id = inv.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Invoice(ctx, id)
}

// DefaultDueDays are the payment terms of an invoice drafted without any.
const DefaultDueDays = 30

func dueDays(d *int) int {
	if d != nil {
		return *d
	}
	return DefaultDueDays
}

// resolveParties checks the client and the project and copies the client's
// billing address onto the invoice.
func resolveParties(ctx context.Context, tx Tx, inv *Invoice) error {
	c, err := tx.Client(ctx, inv.ClientID)
	if err != nil {
		return err
	}
	if c == nil {
		return apperr.New(apperr.Invalid, "billing.unknown_client", apperr.Params{"client_id": inv.ClientID},
			"There is no such client.").OnField("client_id")
	}
	inv.BillTo = *c
	inv.ProjectName = ""
	if inv.ProjectID != nil {
		p, err := tx.Project(ctx, *inv.ProjectID)
		if err != nil {
			return err
		}
		if p == nil {
			return apperr.New(apperr.Invalid, "billing.unknown_project", apperr.Params{"project_id": *inv.ProjectID},
				"There is no such project.").OnField("project_id")
		}
		if p.ClientID != 0 && p.ClientID != inv.ClientID {
			return apperr.New(apperr.Invalid, "billing.project_client", apperr.Params{"project": p.Name},
				"Project "+p.Name+" is for another client.").OnField("project_id")
		}
		inv.ProjectName = p.Name
	}
	return nil
}

// fill computes an invoice's totals and balance.
func fill(inv *Invoice) {
	t := Compute(inv.Lines, inv.TaxRateBP)
	inv.SubtotalMinor, inv.TaxMinor, inv.TotalMinor = t.Subtotal, t.Tax, t.Total
	inv.BalanceMinor = inv.TotalMinor - inv.PaidMinor
}

// Invoice reads one invoice.
func (s *Service) Invoice(ctx context.Context, id int64) (*Invoice, error) {
	inv, err := s.store.Invoice(ctx, id)
	if err != nil {
		return nil, err
	}
	if inv == nil {
		return nil, errNotFound("invoice")
	}
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	inv.MarkOverdue(today)
	return inv, nil
}

// Invoices is one page of the list and how many f selects; each says
// whether it is overdue, and Status FilterOverdue selects those.
func (s *Service) Invoices(ctx context.Context, f Filter) ([]Invoice, int, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, 0, err
	}
	if f, err = f.Normalize(); err != nil {
		return nil, 0, err
	}
	f.Today = today
	list, total, err := s.store.Invoices(ctx, f)
	for i := range list {
		list[i].MarkOverdue(today)
	}
	return list, total, err
}

// EachInvoice walks every invoice f selects (the CSV export).
func (s *Service) EachInvoice(ctx context.Context, f Filter, fn func(inv *Invoice) error) error {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return err
	}
	if f, err = f.Normalize(); err != nil {
		return err
	}
	f.Today = today
	return s.store.EachInvoice(ctx, f, func(inv *Invoice) error {
		inv.MarkOverdue(today)
		return fn(inv)
	})
}

// UpdateInvoice changes a draft.
func (s *Service) UpdateInvoice(ctx context.Context, id int64, p InvoicePatch) (*Invoice, error) {
	cur, err := s.currency(ctx)
	if err != nil {
		return nil, err
	}
	return s.changeInvoice(ctx, id, func(tx Tx, inv *Invoice) error {
		if inv.Status != StatusDraft {
			return errNotEditable(inv)
		}
		in := InvoiceInput{ClientID: inv.ClientID, ProjectID: inv.ProjectID, Currency: inv.Currency, Language: inv.Language,
			TaxRateBP: inv.TaxRateBP, Notes: inv.Notes}
		in.DueDays = &inv.DueDays
		for _, l := range inv.Lines {
			in.Lines = append(in.Lines, NewLine{Description: l.Description, Quantity: l.Quantity, UnitPriceMinor: l.UnitPriceMinor})
		}
		setIf(&in.ClientID, p.ClientID)
		if p.ProjectID != nil {
			in.ProjectID = p.ProjectID
			if *p.ProjectID == 0 {
				in.ProjectID = nil
			}
		}
		setIf(&in.Currency, p.Currency)
		setIf(&in.Language, p.Language)
		setIf(&in.TaxRateBP, p.TaxRateBP)
		if p.DueDays != nil {
			in.DueDays = p.DueDays
		}
		setIf(&in.Notes, p.Notes)
		setIf(&in.Lines, p.Lines)
		lines, err := in.normalize(cur)
		if err != nil {
			return err
		}
		inv.ClientID, inv.ProjectID, inv.Currency, inv.TaxRateBP, inv.Notes, inv.Lines = in.ClientID, in.ProjectID, in.Currency, in.TaxRateBP, in.Notes, lines
		inv.Language = in.Language
		inv.DueDays = dueDays(in.DueDays)
		if err := resolveParties(ctx, tx, inv); err != nil {
			return err
		}
		fill(inv)
		inv.UpdatedAt = tx.Now()
		return tx.UpdateInvoice(ctx, inv, true)
	})
}

// Send gives a draft the next number of the organisation's year, its issue
// and due dates, and a fresh copy of the client's billing address; from
// then on it never changes. In the same transaction it mails the client's
// billing address a link (base + PublicPrefix + token) to the invoice's
// public page; a client without a billing email is billing.client_no_email
// (409) and nothing changes. The answer holds the link's path, with its
// token, this once (PublicPath): only its hash is kept; and Mail, whether
// the mail goes to a mail server or only to the log (no SMTP server, when
// MailedAt stays nil).
func (s *Service) Send(ctx context.Context, id int64, base string) (*Invoice, error) {
	inv, err := s.SendAt(ctx, id, time.Time{}, base)
	if err == nil && base != "" {
		s.Outbox.Wake()
	}
	return inv, err
}

// SendAt is Send stamped with when it happened (the demo; zero means now).
func (s *Service) SendAt(ctx context.Context, id int64, at time.Time, base string) (*Invoice, error) {
	loc, err := s.cal.Zone(ctx)
	if err != nil {
		return nil, err
	}
	// The organisation's name for the mail, read before the transaction: a
	// read through the pool from inside it waits for a free connection while
	// holding one, and concurrent sends queued on the year's counter held
	// them all (a deadlock at the pool's size).
	org, err := s.orgName(ctx, base)
	if err != nil {
		return nil, err
	}
	var path string
	var mailed *mail.Delivery // what became of the mail: the answer's, never stored
	inv, err := s.changeInvoice(ctx, id, func(tx Tx, inv *Invoice) (err error) {
		if inv.Status != StatusDraft {
			return errTransition(inv, StatusSent)
		}
		if err := resolveParties(ctx, tx, inv); err != nil {
			return err
		}
		if base != "" && strings.TrimSpace(inv.BillTo.Email) == "" {
			return errNoEmail(inv)
		}
		now := stamp(tx, at)
		day := now.In(loc)
		n, err := tx.NextNumber(ctx, day.Year())
		if err != nil {
			return err
		}
		number, issue, due := Number(day.Year(), n), day.Format(time.DateOnly), day.AddDate(0, 0, inv.DueDays).Format(time.DateOnly)
		inv.Number, inv.IssueDate, inv.DueDate = &number, &issue, &due
		inv.Status, inv.SentAt, inv.UpdatedAt = StatusSent, &now, now
		fill(inv)
		if path, err = s.sendMail(ctx, tx, inv, base, org, now); err != nil {
			return err
		}
		mailed = inv.Mail
		return tx.UpdateInvoice(ctx, inv, false)
	})
	inv, err = withPath(inv, path, err)
	if inv != nil {
		inv.Mail = mailed
	}
	return inv, err
}

// Number formats the n-th invoice of a year: INV-2026-0001.
func Number(year, n int) string {
	return "INV-" + strconv.Itoa(year) + "-" + pad4(n)
}

func pad4(n int) string {
	s := strconv.Itoa(n)
	if len(s) < 4 {
		s = strings.Repeat("0", 4-len(s)) + s
	}
	return s
}

// Void voids a draft or a sent invoice with no payments, with a reason.
func (s *Service) Void(ctx context.Context, id int64, reason string) (*Invoice, error) {
	return s.VoidAt(ctx, id, reason, time.Time{})
}

// VoidAt is Void stamped with when it happened (the demo).
func (s *Service) VoidAt(ctx context.Context, id int64, reason string, at time.Time) (*Invoice, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return nil, err
	}
	return s.changeInvoice(ctx, id, func(tx Tx, inv *Invoice) error {
		if inv.Status != StatusDraft && inv.Status != StatusSent {
			return errTransition(inv, StatusVoid)
		}
		if inv.PaidMinor > 0 {
			return apperr.New(apperr.Conflict, "billing.void_paid", apperr.Params{"invoice": invoiceName(inv)},
				"Invoice "+invoiceName(inv)+" has payments recorded against it and cannot be voided.")
		}
		now := stamp(tx, at)
		inv.Status, inv.VoidedAt, inv.VoidReason, inv.UpdatedAt = StatusVoid, &now, reason, now
		return tx.UpdateInvoice(ctx, inv, false)
	})
}

// Reissue copies a void invoice into a new draft (the way to correct a
// sent one: void it, reissue, edit, send).
func (s *Service) Reissue(ctx context.Context, id int64) (*Invoice, error) {
	inv, err := s.Invoice(ctx, id)
	if err != nil {
		return nil, err
	}
	if inv.Status != StatusVoid {
		return nil, apperr.New(apperr.Conflict, "billing.reissue_not_void", apperr.Params{"invoice": invoiceName(inv)},
			"Only a void invoice can be reissued; void "+invoiceName(inv)+" first.")
	}
	in := InvoiceInput{ClientID: inv.ClientID, ProjectID: inv.ProjectID, Currency: inv.Currency, Language: inv.Language, TaxRateBP: inv.TaxRateBP,
		Notes: inv.Notes, DueDays: &inv.DueDays, reissueOf: &inv.ID}
	for _, l := range inv.Lines {
		in.Lines = append(in.Lines, NewLine{Description: l.Description, Quantity: l.Quantity, UnitPriceMinor: l.UnitPriceMinor})
	}
	return s.CreateInvoice(ctx, in)
}

// RecordPayment records money received against a sent invoice; the
// invoice becomes paid when its payments reach its total. Over the balance
// is refused (409) and nothing is written.
func (s *Service) RecordPayment(ctx context.Context, id int64, in PaymentInput, by *int64) (*Payment, *Invoice, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := in.validate(today); err != nil {
		return nil, nil, err
	}
	var pay *Payment
	inv, err := s.changeInvoice(ctx, id, func(tx Tx, inv *Invoice) error {
		if inv.Status != StatusSent {
			return apperr.New(apperr.Conflict, "billing.payment_status", apperr.Params{"invoice": invoiceName(inv), "status": inv.Status},
				"Invoice "+invoiceName(inv)+" is "+inv.Status+"; payments are recorded only against sent invoices.")
		}
		if in.AmountMinor > inv.BalanceMinor {
			return apperr.New(apperr.Conflict, "billing.overpayment",
				apperr.Params{"invoice": invoiceName(inv), "balance": Decimal(inv.BalanceMinor, inv.Currency), "balance_minor": inv.BalanceMinor, "currency": inv.Currency},
				"This payment is more than the "+Decimal(inv.BalanceMinor, inv.Currency)+" "+inv.Currency+" still owed on "+invoiceName(inv)+".").OnField("amount_minor")
		}
		if in.MethodID != nil {
			m, err := tx.LockMethod(ctx, *in.MethodID)
			if err != nil {
				return err
			}
			if m == nil {
				return apperr.New(apperr.Invalid, "billing.unknown_method", apperr.Params{"method_id": *in.MethodID},
					"There is no such payment method.").OnField("method_id")
			}
		}
		now := stamp(tx, in.At)
		pay = &Payment{InvoiceID: id, AmountMinor: in.AmountMinor, PaidOn: in.PaidOn, MethodID: in.MethodID, Note: in.Note,
			CreatedAt: now, CreatedBy: by}
		if err := tx.InsertPayment(ctx, pay); err != nil {
			return err
		}
		inv.PaidMinor += in.AmountMinor
		inv.BalanceMinor = inv.TotalMinor - inv.PaidMinor
		paid := inv.PaidMinor == inv.TotalMinor
		if paid {
			inv.Status, inv.PaidAt = StatusPaid, &now
		}
		inv.UpdatedAt = now
		if err := tx.UpdateInvoice(ctx, inv, false); err != nil {
			return err
		}
		if paid { // decided under the invoice's lock: once, by the payment that completes it
			tx.Notice("", invoicePaid(inv, by))
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return pay, inv, nil
}

// Summary is what clients owe and what came in over the last 30 days.
func (s *Service) Summary(ctx context.Context) (*Summary, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	cur, err := s.currency(ctx)
	if err != nil {
		return nil, err
	}
	d, _ := time.Parse(time.DateOnly, today)
	return s.store.Summary(ctx, today, d.AddDate(0, 0, -30).Format(time.DateOnly), cur)
}

// changeInvoice runs change on invoice id under its lock, in one write
// transaction, and reads the invoice back once it is committed.
func (s *Service) changeInvoice(ctx context.Context, id int64, change func(tx Tx, inv *Invoice) error) (*Invoice, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		inv, err := lockInvoice(ctx, tx, id)
		if err != nil {
			return err
		}
		return change(tx, inv)
	})
	if err != nil {
		return nil, err
	}
	return s.Invoice(ctx, id)
}

// stamp is when a change happens: at (the demo's history), or the
// transaction's now when at is zero, in UTC to the millisecond.
func stamp(tx Tx, at time.Time) time.Time {
	if at.IsZero() {
		at = tx.Now()
	}
	return at.UTC().Truncate(time.Millisecond)
}

func lockInvoice(ctx context.Context, tx Tx, id int64) (*Invoice, error) {
	inv, err := tx.LockInvoice(ctx, id)
	if err != nil {
		return nil, err
	}
	if inv == nil {
		return nil, errNotFound("invoice")
	}
	return inv, nil
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// Normalize fills defaults and refuses a search too long.
func (f Filter) Normalize() (Filter, error) {
	if f.Sort == "" {
		f.Desc = true // newest first
	}
	err := f.Settle("created_at", MaxPageSize)
	return f, err
}
