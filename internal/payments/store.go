package payments

import (
	"context"
	"time"

	"github.com/packline/packline/internal/effects"
	"github.com/packline/packline/internal/mail"
)

// Store is what billing needs from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	// InTx runs fn in one durable write transaction.
	InTx(ctx context.Context, fn func(tx Tx) error) error

	Plans(ctx context.Context, includeArchived bool) ([]Plan, error)
	Plan(ctx context.Context, id int64) (*Plan, error)
	Methods(ctx context.Context, includeArchived bool) ([]Method, error)
	Method(ctx context.Context, id int64) (*Method, error)
	// PrimaryMethod is the primary method, nil when there is none.
	PrimaryMethod(ctx context.Context) (*Method, error)

	// Invoice reads one invoice with its lines and payments.
	Invoice(ctx context.Context, id int64) (*Invoice, error)
	// InvoiceByLinkHash reads the invoice whose public link's token has
	// this hash (token.Hash).
	InvoiceByLinkHash(ctx context.Context, hash string) (*Invoice, error)
	// Invoices is one page of what f selects (f normalised) and how many in all.
	Invoices(ctx context.Context, f Filter) ([]Invoice, int, error)
	// EachInvoice walks everything f selects, in f's order, ignoring paging.
	EachInvoice(ctx context.Context, f Filter, fn func(inv *Invoice) error) error
	// Summary sums the sent invoices' balances by currency (overdue: due
	// before today), counts drafts and sums payments in currency paid on
	// or after since.
	Summary(ctx context.Context, today, since, currency string) (*Summary, error)
}

// Tx is one write transaction with one clock.
type Tx interface {
	Now() time.Time

	InsertPlan(ctx context.Context, p *Plan) error
	LockPlan(ctx context.Context, id int64) (*Plan, error)
	UpdatePlan(ctx context.Context, p *Plan) error

	InsertMethod(ctx context.Context, m *Method) error
	LockMethod(ctx context.Context, id int64) (*Method, error)
	UpdateMethod(ctx context.Context, m *Method) error
	// SetPrimary makes id the primary method (one row holds it; the row's
	// lock serialises admins choosing at once). ifNone sets it only when
	// no primary is set yet.
	SetPrimary(ctx context.Context, id int64, ifNone bool) error

	// Client reads a client's billing address; nil when there is no such client.
	Client(ctx context.Context, id int64) (*BillTo, error)
	// Project reads a project's name and client; nil when there is no such project.
	Project(ctx context.Context, id int64) (*ProjectRef, error)

	// NextNumber takes the next invoice number of a year (1, 2, …); the
	// counter row is locked until the transaction ends and a rolled-back
	// transaction gives its number back.
	NextNumber(ctx context.Context, year int) (int, error)
	InsertInvoice(ctx context.Context, inv *Invoice) error
	// LockInvoice reads an invoice with its lines and payments and locks it.
	LockInvoice(ctx context.Context, id int64) (*Invoice, error)
	// UpdateInvoice writes an invoice's fields, totals and status, and its
	// lines when lines is true.
	UpdateInvoice(ctx context.Context, inv *Invoice, lines bool) error
	InsertPayment(ctx context.Context, p *Payment) error
	// QueueMail stores a mail sent once the transaction commits (the
	// mail outbox).
	QueueMail(ctx context.Context, kind mail.Kind, m mail.Message) error
	// ReplaceLink gives invoice id a new link, whose token has this hash,
	// in place of its old one; nobody has opened it yet.
	ReplaceLink(ctx context.Context, id int64, hash string) error
	// LinkOpened records now as when the invoice's public link was first
	// opened (an opening after the first changes nothing).
	LinkOpened(ctx context.Context, id int64) error
	// Notices: a payment that makes an invoice fully paid tells the admins
	// once this transaction commits, and not if it rolls back.
	effects.Notices
}

// ProjectRef is what an invoice needs of a project.
type ProjectRef struct {
	Name     string
	ClientID int64
}

// Calendar gives the organisation's now and today (organisation.Calendar).
type Calendar interface {
	Today(ctx context.Context) (string, error)
	Zone(ctx context.Context) (*time.Location, error)
}

// Currency gives the organisation's currency setting.
type Currency func(ctx context.Context) (string, error)
