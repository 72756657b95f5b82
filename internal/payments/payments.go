// Package billing is the group's income: pricing plans (the packages and
// per-unit rates it offers), payment methods (how it accepts money), invoices
// to clients and the payments received against them. It imports no storage
// or HTTP code.
//
// Rules the Service guarantees:
//   - money is integer minor units of a currency; the rounding rule is in
//     money.go (half up per line, tax half up once on the subtotal);
//   - an invoice is a draft until sent; sending gives it the next number of
//     the organisation's year (INV-2026-0001), from a counter row updated in
//     the sending transaction: no gaps, no duplicates, also under concurrent
//     sends on either engine;
//   - draft → sent → paid, or draft/sent → void with a reason; only drafts
//     change: a sent invoice is voided and reissued (copied to a new draft);
//   - payments are recorded only against sent invoices, may be partial, mark
//     the invoice paid when they reach its total and are refused (409) when
//     they would go over it;
//   - exactly one active payment method is primary once any exists: the
//     primary is one row, so two admins choosing at once leave one primary;
//   - no card number is ever stored: a card is taken through an external
//     payment link (https).
package payments

import (
	"slices"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/paging"
)

// Plan periods.
const (
	PeriodPerUnit = "per_unit"
	PeriodMonthly = "monthly"
	PeriodAnnual  = "annual"
)

// Periods lists every plan period.
var Periods = []string{PeriodPerUnit, PeriodMonthly, PeriodAnnual}

// Payment method kinds.
const (
	KindBankTransfer = "bank_transfer"
	KindCheque       = "cheque"
	KindCardLink     = "card_link"
)

// Kinds lists every payment method kind.
var Kinds = []string{KindBankTransfer, KindCheque, KindCardLink}

// Invoice statuses.
const (
	StatusDraft = "draft"
	StatusSent  = "sent"
	StatusPaid  = "paid"
	StatusVoid  = "void"
)

// Statuses lists every invoice status in the order an invoice goes through them.
var Statuses = []string{StatusDraft, StatusSent, StatusPaid, StatusVoid}

// FilterOverdue selects sent invoices past their due date (a derived state,
// never stored: see Invoice.Overdue).
const FilterOverdue = "overdue"

// FilterStatuses are the list's status filters: every status, and overdue.
var FilterStatuses = append(slices.Clone(Statuses), FilterOverdue)

// InvoiceSortKeys are the columns the invoice list can be ordered by.
var InvoiceSortKeys = []string{"number", "client", "status", "issue_date", "total", "created_at"}

// Limits.
const (
	MaxName          = 200
	MaxUnit          = 50
	MaxLabel         = 100
	MaxBankField     = 100
	MaxNotes         = 2000
	MaxURL           = 2000
	MaxDescription   = 500
	MaxReason        = 500
	MaxLines         = 200
	MaxPageSize      = 200
	MaxUnitPrice     = 1_000_000_000 // minor units (10 million dollars)
	MaxTaxRateBP     = 10_000        // 100 %
	MaxLineQuantity  = inventory.Quantity(1_000_000 * inventory.QuantityScale)
	MaxPaymentAmount = 1_000_000_000_000_000
)

// Plan is a package or per-unit rate the group offers: what it was created
// with, and its state.
type Plan struct {
	ID int64 `json:"id"`
	PlanInput
	Archived  bool      `json:"archived"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// PlanInput creates a plan.
type PlanInput struct {
	Name           string `json:"name"`
	Unit           string `json:"unit"`
	UnitPriceMinor int64  `json:"unit_price_minor"`
	Period         string `json:"period"`
}

// PlanPatch changes a plan: only the fields present.
type PlanPatch struct {
	Name           *string `json:"name"`
	Unit           *string `json:"unit"`
	UnitPriceMinor *int64  `json:"unit_price_minor"`
	Period         *string `json:"period"`
	Archived       *bool   `json:"archived"`
}

// Method is a way the group accepts money: what it was created with (Primary
// true while it is the primary one), and its state. Bank details show on
// invoices when it is the primary method.
type Method struct {
	ID int64 `json:"id"`
	MethodInput
	Archived  bool      `json:"archived"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// MethodInput creates a method; Primary makes it the primary one.
type MethodInput struct {
	Kind          string `json:"kind"`
	Label         string `json:"label"`
	BankName      string `json:"bank_name"`
	AccountName   string `json:"account_name"`
	SortCode      string `json:"sort_code"`
	AccountNumber string `json:"account_number"`
	Notes         string `json:"notes" text:"multiline"`
	PaymentURL    string `json:"payment_url"`
	Primary       bool   `json:"primary"`
}

// MethodPatch changes a method: only the fields present. Primary true makes
// it the primary (false is refused: choose another primary instead).
type MethodPatch struct {
	Label         *string `json:"label"`
	BankName      *string `json:"bank_name"`
	AccountName   *string `json:"account_name"`
	SortCode      *string `json:"sort_code"`
	AccountNumber *string `json:"account_number"`
	Notes         *string `json:"notes" text:"multiline"`
	PaymentURL    *string `json:"payment_url"`
	Primary       *bool   `json:"primary"`
	Archived      *bool   `json:"archived"`
}

// BillTo is a client's billing address as an invoice carries it.
type BillTo struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Address string `json:"address"`
	City    string `json:"city"`
	Country string `json:"country"`
}

// Languages are the locale codes an invoice can be printed in.
var Languages = []string{"gb", "br", "es", "cn", "ir"}

// Line is one line of an invoice.
type Line struct {
	Description    string             `json:"description"`
	Quantity       inventory.Quantity `json:"quantity"`
	UnitPriceMinor int64              `json:"unit_price_minor"`
	AmountMinor    int64              `json:"amount_minor"`
}

// NewLine is a line as a client sends it.
type NewLine struct {
	Description    string             `json:"description"`
	Quantity       inventory.Quantity `json:"quantity"`
	UnitPriceMinor int64              `json:"unit_price_minor"`
}

// Payment is money received against an invoice.
type Payment struct {
	ID            int64     `json:"id"`
	InvoiceID     int64     `json:"invoice_id"`
	AmountMinor   int64     `json:"amount_minor"`
	PaidOn        string    `json:"paid_on"`
	MethodID      *int64    `json:"method_id"`
	MethodLabel   string    `json:"method_label"`
	Note          string    `json:"note"`
	CreatedAt     time.Time `json:"created_at"`
	CreatedBy     *int64    `json:"created_by"`
	CreatedByName string    `json:"created_by_name"`
}

// PaymentInput records a payment.
type PaymentInput struct {
	AmountMinor int64  `json:"amount_minor"`
	PaidOn      string `json:"paid_on"`
	MethodID    *int64 `json:"method_id"`
	Note        string `json:"note"`
	// At stamps the record (the demo's history; server side only).
	At time.Time `json:"-"`
}

// Invoice is a bill to a client.
type Invoice struct {
	ID          int64   `json:"id"`
	Number      *string `json:"number"`
	Status      string  `json:"status"`
	ClientID    int64   `json:"client_id"`
	ProjectID   *int64  `json:"project_id"`
	ProjectName string  `json:"project_name"`
	BillTo      BillTo  `json:"bill_to"`
	Currency    string  `json:"currency"`
	// Language is the locale the invoice is printed in (the client's).
	Language      string `json:"language"`
	TaxRateBP     int    `json:"tax_rate_bp"`
	Notes         string `json:"notes"`
	Lines         []Line `json:"lines"`
	SubtotalMinor int64  `json:"subtotal_minor"`
	TaxMinor      int64  `json:"tax_minor"`
	TotalMinor    int64  `json:"total_minor"`
	PaidMinor     int64  `json:"paid_minor"`
	BalanceMinor  int64  `json:"balance_minor"`
	// DueDays are the payment terms; sending sets DueDate = IssueDate + DueDays.
	DueDays    int        `json:"due_days"`
	IssueDate  *string    `json:"issue_date"`
	DueDate    *string    `json:"due_date"`
	Payments   []Payment  `json:"payments"`
	CreatedAt  time.Time  `json:"created_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
	SentAt     *time.Time `json:"sent_at"`
	PaidAt     *time.Time `json:"paid_at"`
	VoidedAt   *time.Time `json:"voided_at"`
	VoidReason string     `json:"void_reason"`
	// ReissueOf is the void invoice this one was copied from.
	ReissueOf *int64 `json:"reissue_of"`
	// Overdue is derived, never stored: sent, and the organisation's today
	// is after the due date (see MarkOverdue).
	Overdue bool `json:"overdue"`
	// LinkHash is the hash (token.Hash) of the token that opens the
	// invoice's public page without signing in: the token is made when the
	// invoice is sent or given a new link, voiding revokes it, and only its
	// hash is kept, so no backup or copy of the database opens an invoice.
	LinkHash string `json:"-"`
	// HasLink says the invoice has a link that works (sent or paid).
	HasLink bool `json:"has_link"`
	// PublicPath is that page's path, with the token: only in the answer of
	// the action that made the link (Send, NewLink), nil on every read.
	PublicPath *string `json:"public_path"`
	// MailedAt is when the link was mailed to the client's billing address
	// (nil when it was not: no mail server, or the demo's history);
	// LinkOpenedAt when someone first opened it.
	MailedAt     *time.Time `json:"mailed_at"`
	LinkOpenedAt *time.Time `json:"link_opened_at"`
	// Mail is what became of the mail of a send, in Send's answer only:
	// mail.Queued (to a mail server) or mail.LogOnly (to the log, not sent);
	// nil on every read.
	Mail *mail.Delivery `json:"mail"`
}

// MarkOverdue sets Overdue: a sent invoice whose due date is before today
// (YYYY-MM-DD in the organisation's zone). It is due on its due date and
// overdue from the day after.
func (inv *Invoice) MarkOverdue(today string) {
	inv.Overdue = inv.Status == StatusSent && inv.DueDate != nil && *inv.DueDate < today
}

// InvoiceInput creates a draft. Currency "" means the organisation's.
type InvoiceInput struct {
	ClientID  int64     `json:"client_id"`
	ProjectID *int64    `json:"project_id"`
	Currency  string    `json:"currency"`
	Language  string    `json:"language"`
	TaxRateBP int       `json:"tax_rate_bp"`
	DueDays   *int      `json:"due_days"`
	Notes     string    `json:"notes" text:"multiline"`
	Lines     []NewLine `json:"lines"`
	// At stamps the creation (the demo's history; server side only).
	At        time.Time `json:"-"`
	reissueOf *int64
}

// InvoicePatch changes a draft: only the fields present.
type InvoicePatch struct {
	ClientID  *int64     `json:"client_id"`
	ProjectID *int64     `json:"project_id"`
	Currency  *string    `json:"currency"`
	Language  *string    `json:"language"`
	TaxRateBP *int       `json:"tax_rate_bp"`
	DueDays   *int       `json:"due_days"`
	Notes     *string    `json:"notes" text:"multiline"`
	Lines     *[]NewLine `json:"lines"`
}

// Filter selects and orders the invoice list.
type Filter struct {
	Status    string // one of FilterStatuses, or "" for all
	Today     string // the organisation's today, set by the service for FilterOverdue
	ClientID  int64
	ProjectID int64 // the invoices of one project (0: any)
	paging.List
}

// Outstanding is what clients owe in one currency.
type Outstanding struct {
	Currency         string `json:"currency"`
	OutstandingMinor int64  `json:"outstanding_minor"`
	Invoices         int    `json:"invoices"`
	OverdueMinor     int64  `json:"overdue_minor"`
	Overdue          int    `json:"overdue"`
}

// Summary is the dashboard's view of billing.
type Summary struct {
	Currency    string        `json:"currency"`
	Outstanding []Outstanding `json:"outstanding"`
	Drafts      int           `json:"drafts"`
	// ReceivedMinor is what was received in the last 30 days, in the
	// organisation's currency.
	ReceivedMinor int64 `json:"received_minor"`
}

// SearchText is what the list's search matches an invoice against: its
// number (none while a draft) and the billed name, lower-cased.
func SearchText(inv *Invoice) string {
	num := ""
	if inv.Number != nil {
		num = *inv.Number
	}
	return strings.ToLower(num + " " + inv.BillTo.Name)
}
