package storage

import (
	"context"
	"strings"

	"github.com/packline/packline/internal/payments"
)

var invoiceSorts = map[string]string{
	"number":     "i.number",
	"client":     "i.bill_name_key",
	"status":     "i.status",
	"issue_date": "i.issue_date",
	"total":      "i.total_minor",
	"created_at": "i.created_at",
}

func invoiceWhere(f payments.Filter) (string, []any) {
	var conds []string
	var args []any
	switch f.Status {
	case "":
	case payments.FilterOverdue:
		conds, args = append(conds, `i.status = ? AND i.due_date < ?`), append(args, payments.StatusSent, f.Today)
	default:
		conds, args = append(conds, `i.status = ?`), append(args, f.Status)
	}
	if f.ProjectID > 0 {
		conds, args = append(conds, `i.project_id = ?`), append(args, f.ProjectID)
	}
	if f.ClientID > 0 {
		conds, args = append(conds, `i.client_id = ?`), append(args, f.ClientID)
	}
	if f.Search != "" {
		conds, args = append(conds, `i.search_text LIKE ? ESCAPE '\'`), append(args, "%"+escapeLike(strings.ToLower(f.Search))+"%")
	}
	return whereSQL(conds), args
}

func invoiceOrder(f payments.Filter) string {
	col, dir := sortColumn(invoiceSorts, f.Sort, "i.created_at"), sortDir(f.Desc)
	// Drafts have no number nor issue date: they sort after the rest either way.
	return " ORDER BY CASE WHEN " + col + " IS NULL THEN 1 ELSE 0 END, " + col + dir + ", i.id" + dir
}

// Invoices is one page of the list and how many f selects.
func (s *PaymentsStore) Invoices(ctx context.Context, f payments.Filter) ([]payments.Invoice, int, error) {
	where, args := invoiceWhere(f)
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM billing_invoices i`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	list, err := s.invoicePage(ctx, f, where, args, f.PageSize, (f.Page-1)*f.PageSize)
	return list, total, err
}

func (s *PaymentsStore) invoicePage(ctx context.Context, f payments.Filter, where string, args []any, limit, offset int) ([]payments.Invoice, error) {
	list, err := scanAll(ctx, s.db, scanInvoice, `SELECT `+invoiceColumns+invoiceFrom+where+invoiceOrder(f)+` LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	return list, fillInvoiceLines(ctx, s.db, list)
}

// EachInvoice walks every invoice f selects, 500 at a time.
func (s *PaymentsStore) EachInvoice(ctx context.Context, f payments.Filter, fn func(inv *payments.Invoice) error) error {
	where, args := invoiceWhere(f)
	return eachPage(500, func(limit, offset int) ([]payments.Invoice, error) {
		return s.invoicePage(ctx, f, where, args, limit, offset)
	}, fn)
}

// Summary sums what sent invoices still owe, by currency.
func (s *PaymentsStore) Summary(ctx context.Context, today, since, currency string) (*payments.Summary, error) {
	out := &payments.Summary{Currency: currency}
	list, err := scanAll(ctx, s.db, func(r rowScanner) (*payments.Outstanding, error) {
		var o payments.Outstanding
		err := r.Scan(&o.Currency, &o.OutstandingMinor, &o.Invoices, &o.OverdueMinor, &o.Overdue)
		return &o, err
	}, `SELECT currency, COALESCE(SUM(total_minor - paid_minor), 0), COUNT(*),
		COALESCE(SUM(CASE WHEN due_date < ? THEN total_minor - paid_minor ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN due_date < ? THEN 1 ELSE 0 END), 0)
		FROM billing_invoices WHERE status = 'sent' GROUP BY currency ORDER BY currency`, today, today)
	if err != nil {
		return nil, err
	}
	out.Outstanding = list
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM billing_invoices WHERE status = 'draft'`).Scan(&out.Drafts); err != nil {
		return nil, err
	}
	err = s.db.QueryRow(ctx, `SELECT COALESCE(SUM(bp.amount_minor), 0) FROM billing_payments bp
		JOIN billing_invoices i ON i.id = bp.invoice_id WHERE i.currency = ? AND bp.paid_on >= ?`, currency, since).Scan(&out.ReceivedMinor)
	return out, err
}
