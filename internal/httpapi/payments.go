package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/text"
)

// Payments (admin only): pricing plans, payment methods, invoices and the
// payments received against them.

func (s *Server) handlePlanList(w http.ResponseWriter, r *http.Request) error {
	archived, err := queryBool(r, "archived")
	if err != nil {
		return err
	}
	list, err := s.Payments.Plans(r.Context(), archived)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"plans": list})
}

func (s *Server) handlePlanCreate(w http.ResponseWriter, r *http.Request) error {
	return serveBody[payments.PlanInput](w, r, http.StatusCreated, s.Payments.CreatePlan)
}

func (s *Server) handlePlanPatch(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[payments.PlanPatch](w, r, http.StatusOK, s.Payments.UpdatePlan)
}

func (s *Server) handleMethodList(w http.ResponseWriter, r *http.Request) error {
	archived, err := queryBool(r, "archived")
	if err != nil {
		return err
	}
	list, err := s.Payments.Methods(r.Context(), archived)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"methods": list})
}

func (s *Server) handleMethodCreate(w http.ResponseWriter, r *http.Request) error {
	return serveBody[payments.MethodInput](w, r, http.StatusCreated, s.Payments.CreateMethod)
}

func (s *Server) handleMethodPatch(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[payments.MethodPatch](w, r, http.StatusOK, s.Payments.UpdateMethod)
}

// invoiceFilter reads the list's query parameters.
func invoiceFilter(r *http.Request) (payments.Filter, error) {
	l, err := readList(r, payments.InvoiceSortKeys, payments.MaxPageSize)
	if err != nil {
		return payments.Filter{}, err
	}
	f := payments.Filter{List: paging.List{Search: queryText(r, "search"), Page: l.Page, PageSize: l.PageSize}}
	f.Sort, f.Desc = l.sortOrNewest("created_at")
	if f.Status, err = queryEnum(r, "status", payments.FilterStatuses); err != nil {
		return f, err
	}
	if v := queryText(r, "client_id"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return f, apperr.New(apperr.Invalid, "field.positive_int", apperr.Params{"field": "client_id"},
				"client_id must be a positive whole number.").OnField("client_id")
		}
		f.ClientID = id
	}
	if v := queryText(r, "project_id"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return f, apperr.New(apperr.Invalid, "field.positive_int", apperr.Params{"field": "project_id"},
				"project_id must be a positive whole number.").OnField("project_id")
		}
		f.ProjectID = id
	}
	return f, nil
}

func (s *Server) handleInvoiceList(w http.ResponseWriter, r *http.Request) error {
	f, err := invoiceFilter(r)
	if err != nil {
		return err
	}
	list, total, err := s.Payments.Invoices(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"invoices": list, "total": total})
}

func (s *Server) handleInvoiceCreate(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[payments.InvoiceInput](w, r)
	if err != nil {
		return err
	}
	if in.Language == "" {
		in.Language = userFrom(r.Context()).Preferences.Language
	}
	inv, err := s.Payments.CreateInvoice(r.Context(), in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, inv)
}

func (s *Server) handleInvoiceGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Payments.Invoice)
}

// handleInvoicePrint is what the printed invoice shows: the invoice, the
// organisation's name and the primary payment method (its bank details).
func (s *Server) handleInvoicePrint(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	inv, err := s.Payments.Invoice(r.Context(), id)
	if err != nil {
		return err
	}
	return s.writePrintable(w, r, inv)
}

// writePrintable answers what a printed invoice shows: inv, the
// organisation's name and support address, and the primary payment method.
func (s *Server) writePrintable(w http.ResponseWriter, r *http.Request, inv *payments.Invoice) error {
	m, err := s.Payments.PrimaryMethod(r.Context())
	if err != nil {
		return err
	}
	st, err := s.Organisation.Get(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"invoice": inv, "primary_method": m,
		"organisation_name": st.Name, "support_email": st.SupportEmail})
}

func (s *Server) handleInvoicePatch(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[payments.InvoicePatch](w, r, http.StatusOK, s.Payments.UpdateInvoice)
}

// handleInvoiceSend numbers the invoice and mails its link to the client;
// the link begins with --public-url, or the address this request came to.
func (s *Server) handleInvoiceSend(w http.ResponseWriter, r *http.Request) error {
	base := s.linkBase(r)
	return serveByID(w, r, func(ctx context.Context, id int64) (*payments.Invoice, error) { return s.Payments.Send(ctx, id, base) })
}

// handleInvoiceLink gives a sent or paid invoice a new public link in place
// of the old one; the answer holds its path this once.
func (s *Server) handleInvoiceLink(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Payments.NewLink)
}

// handlePublicInvoice is what an invoice's public link shows, without
// signing in: the invoice (read-only, no payment details), the organisation
// and the primary payment method's bank details. A voided invoice's link
// answers 404 billing.link_void, which the page words.
func (s *Server) handlePublicInvoice(w http.ResponseWriter, r *http.Request) error {
	inv, err := s.Payments.PublicInvoice(r.Context(), r.PathValue("token"))
	if err != nil {
		return err
	}
	return s.writePrintable(w, r, inv)
}

func (s *Server) handleInvoiceReissue(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	inv, err := s.Payments.Reissue(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, inv)
}

func (s *Server) handleInvoiceVoid(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Reason string `json:"reason" text:"multiline"`
	}](w, r)
	if err != nil {
		return err
	}
	inv, err := s.Payments.Void(r.Context(), id, in.Reason)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, inv)
}

func (s *Server) handlePaymentCreate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[payments.PaymentInput](w, r)
	if err != nil {
		return err
	}
	by := userFrom(r.Context()).ID
	p, inv, err := s.Payments.RecordPayment(r.Context(), id, in, &by)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, map[string]any{"payment": p, "invoice": inv})
}

func (s *Server) handleInvoiceSummary(w http.ResponseWriter, r *http.Request) error {
	sum, err := s.Payments.Summary(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, sum)
}

var invoiceHeader = []string{"number", "status", "client", "email", "project", "currency", "subtotal", "tax_rate_bp", "tax",
	"total", "paid", "balance", "issue_date", "due_date", "created_at", "void_reason"}

func (s *Server) handleInvoiceExport(w http.ResponseWriter, r *http.Request) error {
	f, err := invoiceFilter(r)
	if err != nil {
		return err
	}
	today, err := s.Payments.Today(r.Context())
	if err != nil {
		return err
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	out := newCSV(w, "invoices-"+today+".csv", invoiceHeader)
	err = s.Payments.EachInvoice(r.Context(), f, func(inv *payments.Invoice) error {
		amt := func(v int64) string { return payments.Decimal(v, inv.Currency) }
		return out.Row(str(inv.Number), inv.Status, text.CSVCell(inv.BillTo.Name), text.CSVCell(inv.BillTo.Email),
			text.CSVCell(inv.ProjectName), inv.Currency, amt(inv.SubtotalMinor), strconv.Itoa(inv.TaxRateBP), amt(inv.TaxMinor),
			amt(inv.TotalMinor), amt(inv.PaidMinor), amt(inv.BalanceMinor), str(inv.IssueDate), str(inv.DueDate),
			inv.CreatedAt.UTC().Format(time.RFC3339), text.CSVCell(inv.VoidReason))
	})
	if err != nil {
		return err
	}
	return out.Close()
}
