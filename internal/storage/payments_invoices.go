package storage

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/payments"
)

const invoiceColumns = `i.id, i.number, i.status, i.client_id, i.project_id, COALESCE(p.name, ''), i.bill_name, i.bill_email,
	i.bill_address, i.bill_city, i.bill_country, i.language, i.currency, i.tax_rate_bp, i.due_days, i.notes, i.subtotal_minor,
	i.tax_minor, i.total_minor, i.paid_minor, i.issue_date, i.due_date, i.reissue_of, i.created_at, i.updated_at, i.sent_at,
	i.paid_at, i.voided_at, i.void_reason, COALESCE(i.link_token_hash, ''), i.mailed_at, i.link_opened_at`

const invoiceFrom = ` FROM billing_invoices i LEFT JOIN projects p ON p.id = i.project_id`

func scanInvoice(r rowScanner) (*payments.Invoice, error) {
	var inv payments.Invoice
	var number, issue, due sql.NullString
	var project, reissue, sent, paid, voided, mailed, opened sql.NullInt64
	var created, updated int64
	if err := r.Scan(&inv.ID, &number, &inv.Status, &inv.ClientID, &project, &inv.ProjectName, &inv.BillTo.Name, &inv.BillTo.Email,
		&inv.BillTo.Address, &inv.BillTo.City, &inv.BillTo.Country, &inv.Language, &inv.Currency, &inv.TaxRateBP, &inv.DueDays,
		&inv.Notes, &inv.SubtotalMinor, &inv.TaxMinor, &inv.TotalMinor, &inv.PaidMinor, &issue, &due, &reissue, &created, &updated,
		&sent, &paid, &voided, &inv.VoidReason, &inv.LinkHash, &mailed, &opened); err != nil {
		return nil, err
	}
	inv.Number, inv.IssueDate, inv.DueDate = strPtr(number), strPtr(issue), strPtr(due)
	inv.ProjectID, inv.ReissueOf = nullID(project), nullID(reissue)
	inv.CreatedAt, inv.UpdatedAt = FromMillis(created), FromMillis(updated)
	inv.SentAt, inv.PaidAt, inv.VoidedAt = NullMillis(sent), NullMillis(paid), NullMillis(voided)
	inv.MailedAt, inv.LinkOpenedAt = NullMillis(mailed), NullMillis(opened)
	inv.SetHasLink()
	inv.BalanceMinor = inv.TotalMinor - inv.PaidMinor
	if inv.Status == payments.StatusVoid {
		inv.BalanceMinor = 0
	}
	inv.Lines, inv.Payments = []payments.Line{}, []payments.Payment{}
	return &inv, nil
}

// linkHash is the hash of the invoice's link token, nil when it has none.
func linkHash(inv *payments.Invoice) *string {
	if inv.LinkHash == "" {
		return nil
	}
	return &inv.LinkHash
}

// InvoiceByLinkHash reads the invoice whose public link's token has the
// hash (nil when none).
func (s *PaymentsStore) InvoiceByLinkHash(ctx context.Context, hash string) (*payments.Invoice, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM billing_invoices WHERE link_token_hash = ?`, hash).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return getInvoice(ctx, s.db, id)
}

// ReplaceLink implements payments.Tx: a new link, not opened yet.
func (t *billTx) ReplaceLink(ctx context.Context, id int64, hash string) error {
	_, err := t.tx.Exec(ctx, `UPDATE billing_invoices SET link_token_hash = ?, link_opened_at = NULL WHERE id = ?`, hash, id)
	return err
}

// LinkOpened implements payments.Tx: the first opening of the public link.
func (t *billTx) LinkOpened(ctx context.Context, id int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE billing_invoices SET link_opened_at = ? WHERE id = ? AND link_opened_at IS NULL`, Millis(t.tx.Now), id)
	return err
}

// QueueMail implements payments.Tx: the mail goes with the transaction.
func (t *billTx) QueueMail(ctx context.Context, kind mail.Kind, m mail.Message) error {
	return t.tx.QueueMail(ctx, kind, m)
}

// Invoice reads one invoice with its lines and payments.
func (s *PaymentsStore) Invoice(ctx context.Context, id int64) (*payments.Invoice, error) {
	return getInvoice(ctx, s.db, id)
}

func getInvoice(ctx context.Context, q querier, id int64) (*payments.Invoice, error) {
	inv, err := getFilled(ctx, q, scanInvoice, fillInvoiceLines, `SELECT `+invoiceColumns+invoiceFrom+` WHERE i.id = ?`, id)
	if inv == nil || err != nil {
		return nil, err
	}
	paid, err := scanAll(ctx, q, func(r rowScanner) (*payments.Payment, error) {
		var p payments.Payment
		var method, by sql.NullInt64
		var created int64
		err := r.Scan(&p.ID, &p.InvoiceID, &p.AmountMinor, &p.PaidOn, &method, &p.MethodLabel, &p.Note, &created, &by, &p.CreatedByName)
		p.MethodID, p.CreatedBy, p.CreatedAt = nullID(method), nullID(by), FromMillis(created)
		p.CreatedByName = strings.TrimSpace(p.CreatedByName)
		return &p, err
	}, `SELECT bp.id, bp.invoice_id, bp.amount_minor, bp.paid_on, bp.method_id, COALESCE(m.label, ''), bp.note, bp.created_at,
		bp.created_by, COALESCE(u.first_name || ' ' || u.last_name, '')
		FROM billing_payments bp LEFT JOIN billing_methods m ON m.id = bp.method_id LEFT JOIN users u ON u.id = bp.created_by
		WHERE bp.invoice_id = ? ORDER BY bp.paid_on, bp.id`, id)
	if err != nil {
		return nil, err
	}
	inv.Payments = paid
	return inv, nil
}

// fillInvoiceLines reads the lines of the given invoices.
func fillInvoiceLines(ctx context.Context, q querier, list []payments.Invoice) error {
	if len(list) == 0 {
		return nil
	}
	at, ids := byID(list, func(inv *payments.Invoice) int64 { return inv.ID })
	cond, arg := anyOf(q, "invoice_id", ids)
	rows, err := q.Query(ctx, `SELECT invoice_id, description, quantity, unit_price_minor, amount_minor FROM billing_invoice_lines
		WHERE `+cond+` ORDER BY invoice_id, position`, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var l payments.Line
		if err := rows.Scan(&id, &l.Description, &l.Quantity, &l.UnitPriceMinor, &l.AmountMinor); err != nil {
			return err
		}
		list[at[id]].Lines = append(list[at[id]].Lines, l)
	}
	return rows.Err()
}

func (t *billTx) InsertInvoice(ctx context.Context, inv *payments.Invoice) error {
	err := t.tx.QueryRow(ctx, `INSERT INTO billing_invoices (number, status, client_id, project_id, bill_name, bill_name_key,
		bill_email, bill_address, bill_city, bill_country, language, currency, tax_rate_bp, due_days, notes, subtotal_minor,
		tax_minor, total_minor, paid_minor, search_text, reissue_of, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		nullStr(inv.Number), inv.Status, inv.ClientID, inv.ProjectID, inv.BillTo.Name, strings.ToLower(inv.BillTo.Name),
		inv.BillTo.Email, inv.BillTo.Address, inv.BillTo.City, inv.BillTo.Country, inv.Language, inv.Currency, inv.TaxRateBP,
		inv.DueDays, inv.Notes, inv.SubtotalMinor, inv.TaxMinor, inv.TotalMinor, inv.PaidMinor, payments.SearchText(inv), inv.ReissueOf,
		Millis(inv.CreatedAt), Millis(inv.UpdatedAt)).Scan(&inv.ID)
	if err != nil {
		return err
	}
	return t.writeLines(ctx, inv)
}

func (t *billTx) writeLines(ctx context.Context, inv *payments.Invoice) error {
	if _, err := t.tx.Exec(ctx, `DELETE FROM billing_invoice_lines WHERE invoice_id = ?`, inv.ID); err != nil {
		return err
	}
	for i, l := range inv.Lines {
		if _, err := t.tx.Exec(ctx, `INSERT INTO billing_invoice_lines (invoice_id, position, description, quantity, unit_price_minor,
			amount_minor) VALUES (?, ?, ?, ?, ?, ?)`, inv.ID, i+1, l.Description, l.Quantity, l.UnitPriceMinor, l.AmountMinor); err != nil {
			return err
		}
	}
	return nil
}

func (t *billTx) LockInvoice(ctx context.Context, id int64) (*payments.Invoice, error) {
	if ok, err := t.tx.lockRow(ctx, "billing_invoices", id); !ok {
		return nil, err
	}
	return getInvoice(ctx, t.tx, id)
}

func (t *billTx) UpdateInvoice(ctx context.Context, inv *payments.Invoice, lines bool) error {
	_, err := t.tx.Exec(ctx, `UPDATE billing_invoices SET number = ?, status = ?, client_id = ?, project_id = ?, bill_name = ?,
		bill_name_key = ?, bill_email = ?, bill_address = ?, bill_city = ?, bill_country = ?, language = ?, currency = ?,
		tax_rate_bp = ?, due_days = ?, notes = ?, subtotal_minor = ?, tax_minor = ?, total_minor = ?, paid_minor = ?,
		issue_date = ?, due_date = ?, search_text = ?, updated_at = ?, sent_at = ?, paid_at = ?, voided_at = ?, void_reason = ?,
		link_token_hash = ?, mailed_at = ?
		WHERE id = ?`,
		nullStr(inv.Number), inv.Status, inv.ClientID, inv.ProjectID, inv.BillTo.Name, strings.ToLower(inv.BillTo.Name),
		inv.BillTo.Email, inv.BillTo.Address, inv.BillTo.City, inv.BillTo.Country, inv.Language, inv.Currency, inv.TaxRateBP,
		inv.DueDays, inv.Notes, inv.SubtotalMinor, inv.TaxMinor, inv.TotalMinor, inv.PaidMinor, nullStr(inv.IssueDate),
		nullStr(inv.DueDate), payments.SearchText(inv), Millis(inv.UpdatedAt), nullMs(inv.SentAt), nullMs(inv.PaidAt),
		nullMs(inv.VoidedAt), inv.VoidReason, nullStr(linkHash(inv)), nullMs(inv.MailedAt), inv.ID)
	if err != nil || !lines {
		return err
	}
	return t.writeLines(ctx, inv)
}

func (t *billTx) InsertPayment(ctx context.Context, p *payments.Payment) error {
	return t.tx.QueryRow(ctx, `INSERT INTO billing_payments (invoice_id, amount_minor, paid_on, method_id, note, created_at, created_by)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, p.InvoiceID, p.AmountMinor, p.PaidOn, p.MethodID, p.Note,
		Millis(p.CreatedAt), p.CreatedBy).Scan(&p.ID)
}

// Notice implements effects.Notices (payments.Tx) on the transaction.
func (t *billTx) Notice(key string, n messaging.NewNotification) { t.tx.Notice(key, n) }
