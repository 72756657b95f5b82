package payments

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
)

// Validate checks and normalises a plan.
func (in *PlanInput) Validate() error {
	in.Name, in.Unit, in.Period = strings.TrimSpace(in.Name), strings.TrimSpace(in.Unit), strings.TrimSpace(in.Period)
	if in.Name == "" {
		return apperr.Required("name")
	}
	if err := text.Name("name", in.Name); err != nil {
		return err
	}
	if in.Unit == "" {
		return apperr.Required("unit")
	}
	if err := maxLen("name", in.Name, MaxName); err != nil {
		return err
	}
	if err := maxLen("unit", in.Unit, MaxUnit); err != nil {
		return err
	}
	if err := checkPrice("unit_price_minor", in.UnitPriceMinor); err != nil {
		return err
	}
	if !slices.Contains(Periods, in.Period) {
		return apperr.Choice("period", Periods)
	}
	return nil
}

// sortCode is a UK sort code, with or without dashes or spaces.
var sortCode = regexp.MustCompile(`^[0-9]{2}[- ]?[0-9]{2}[- ]?[0-9]{2}$`)

// accountNumber is a bank account number or IBAN: letters, digits and spaces.
var accountNumber = regexp.MustCompile(`^[A-Za-z0-9 ]{4,34}$`)

// Validate checks and normalises a payment method. Bank details belong to
// a bank transfer and a link to a card; a card's number is never taken.
func (in *MethodInput) Validate() error {
	for _, p := range []*string{&in.Kind, &in.Label, &in.BankName, &in.AccountName, &in.SortCode, &in.AccountNumber, &in.Notes, &in.PaymentURL} {
		*p = strings.TrimSpace(*p)
	}
	if !slices.Contains(Kinds, in.Kind) {
		return apperr.Choice("kind", Kinds)
	}
	if in.Label == "" {
		return apperr.Required("label")
	}
	for _, c := range []struct {
		field, v string
		max      int
	}{
		{"label", in.Label, MaxLabel}, {"bank_name", in.BankName, MaxBankField}, {"account_name", in.AccountName, MaxBankField},
		{"sort_code", in.SortCode, MaxBankField}, {"account_number", in.AccountNumber, MaxBankField},
		{"notes", in.Notes, MaxNotes}, {"payment_url", in.PaymentURL, MaxURL},
	} {
		if err := maxLen(c.field, c.v, c.max); err != nil {
			return err
		}
	}
	switch in.Kind {
	case KindBankTransfer:
		if in.BankName == "" {
			return apperr.Required("bank_name")
		}
		if in.AccountName == "" {
			return apperr.Required("account_name")
		}
		if in.AccountNumber == "" {
			return apperr.Required("account_number")
		}
		if in.SortCode != "" && !sortCode.MatchString(in.SortCode) {
			return apperr.New(apperr.Invalid, "billing.sort_code", apperr.Params{}, "A sort code is six digits, like 12-34-56.").OnField("sort_code")
		}
		if !accountNumber.MatchString(in.AccountNumber) {
			return apperr.New(apperr.Invalid, "billing.account_number", apperr.Params{},
				"An account number is 4 to 34 letters and digits.").OnField("account_number")
		}
		in.PaymentURL = ""
	case KindCardLink:
		u, err := url.Parse(in.PaymentURL)
		if in.PaymentURL == "" {
			return apperr.Required("payment_url")
		}
		if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
			return apperr.New(apperr.Invalid, "billing.payment_url", apperr.Params{},
				"The payment link must be an https:// address.").OnField("payment_url")
		}
		in.BankName, in.AccountName, in.SortCode, in.AccountNumber = "", "", "", ""
	case KindCheque:
		in.BankName, in.SortCode, in.AccountNumber, in.PaymentURL = "", "", "", ""
	}
	return nil
}

// normalize checks an invoice's input and returns its lines.
func (in *InvoiceInput) normalize(orgCurrency string) ([]Line, error) {
	in.Currency, in.Notes = strings.ToUpper(strings.TrimSpace(in.Currency)), strings.TrimSpace(in.Notes)
	if in.ClientID <= 0 {
		return nil, apperr.Required("client_id")
	}
	if in.Currency == "" {
		in.Currency = orgCurrency
	}
	if _, ok := Currencies[in.Currency]; !ok {
		return nil, errCurrency("currency", in.Currency)
	}
	in.Language = strings.TrimSpace(in.Language)
	if in.Language == "" {
		in.Language = "gb"
	}
	if !slices.Contains(Languages, in.Language) {
		return nil, apperr.Choice("language", Languages)
	}
	if in.TaxRateBP < 0 || in.TaxRateBP > MaxTaxRateBP {
		return nil, apperr.Range("tax_rate_bp", 0, MaxTaxRateBP)
	}
	if in.DueDays != nil && (*in.DueDays < 0 || *in.DueDays > 365) {
		return nil, apperr.Range("due_days", 0, 365)
	}
	if err := maxLen("notes", in.Notes, MaxNotes); err != nil {
		return nil, err
	}
	if len(in.Lines) == 0 {
		return nil, apperr.New(apperr.Invalid, "billing.no_lines", apperr.Params{}, "An invoice needs at least one line.").OnField("lines")
	}
	if len(in.Lines) > MaxLines {
		return nil, apperr.New(apperr.Invalid, "billing.too_many_lines", apperr.Params{"max": MaxLines},
			fmt.Sprintf("An invoice has at most %d lines.", MaxLines)).OnField("lines")
	}
	out := make([]Line, len(in.Lines))
	for i, l := range in.Lines {
		field := fmt.Sprintf("lines[%d]", i)
		l.Description = strings.TrimSpace(l.Description)
		if l.Description == "" {
			return nil, apperr.Required(field + ".description")
		}
		if err := maxLen(field+".description", l.Description, MaxDescription); err != nil {
			return nil, err
		}
		if l.Quantity <= 0 {
			return nil, apperr.New(apperr.Invalid, "quantity.not_positive", apperr.Params{"field": field + ".quantity"},
				"Quantity must be more than zero.").OnField(field + ".quantity")
		}
		if l.Quantity > MaxLineQuantity {
			return nil, apperr.New(apperr.Invalid, "quantity.too_large", apperr.Params{"value": l.Quantity.String(), "field": field + ".quantity"},
				l.Quantity.String()+" is too large.").OnField(field + ".quantity")
		}
		if err := checkPrice(field+".unit_price_minor", l.UnitPriceMinor); err != nil {
			return nil, err
		}
		out[i] = Line{Description: l.Description, Quantity: l.Quantity, UnitPriceMinor: l.UnitPriceMinor}
	}
	return out, nil
}

// validate checks a payment against the organisation's today.
func (in *PaymentInput) validate(today string) error {
	in.PaidOn, in.Note = strings.TrimSpace(in.PaidOn), strings.TrimSpace(in.Note)
	if in.AmountMinor <= 0 || in.AmountMinor > MaxPaymentAmount {
		return apperr.New(apperr.Invalid, "billing.amount", apperr.Params{}, "The amount must be more than zero.").OnField("amount_minor")
	}
	if err := apperr.CheckDate("paid_on", in.PaidOn); err != nil {
		return err
	}
	if in.PaidOn > today {
		return apperr.New(apperr.Invalid, "billing.paid_in_future", apperr.Params{"today": today},
			"A payment cannot be dated after today.").OnField("paid_on")
	}
	return maxLen("note", in.Note, MaxNotes)
}

func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", apperr.New(apperr.Invalid, "billing.reason_required", apperr.Params{}, "Give a reason for voiding.").OnField("reason")
	}
	return reason, maxLen("reason", reason, MaxReason)
}

func checkPrice(field string, v int64) error {
	if v < 0 || v > MaxUnitPrice {
		return apperr.Range(field, 0, MaxUnitPrice)
	}
	return nil
}

func maxLen(field, v string, max int) error {
	if utf8.RuneCountInString(v) > max {
		return apperr.TooLong(field, max)
	}
	return nil
}

func errCurrency(field, c string) error {
	return apperr.New(apperr.Invalid, "billing.currency", apperr.Params{"currency": c},
		fmt.Sprintf("%s is not a currency Packline can invoice in.", c)).OnField(field)
}

func errNotFound(what string) error {
	switch what {
	case "plan":
		return apperr.New(apperr.NotFound, "billing.plan_not_found", apperr.Params{}, "Pricing plan not found.")
	case "method":
		return apperr.New(apperr.NotFound, "billing.method_not_found", apperr.Params{}, "Payment method not found.")
	}
	return apperr.New(apperr.NotFound, "billing.invoice_not_found", apperr.Params{}, "Invoice not found.")
}

// invoiceName is how an error names an invoice: its number, or "draft N".
func invoiceName(inv *Invoice) string {
	if inv.Number != nil {
		return *inv.Number
	}
	return fmt.Sprintf("draft %d", inv.ID)
}

func errTransition(inv *Invoice, to string) error {
	return apperr.New(apperr.Conflict, "billing.transition", apperr.Params{"invoice": invoiceName(inv), "from": inv.Status, "to": to},
		fmt.Sprintf("Invoice %s is %s and cannot be %s.", invoiceName(inv), inv.Status, to))
}

func errNotEditable(inv *Invoice) error {
	return apperr.New(apperr.Conflict, "billing.not_editable", apperr.Params{"invoice": invoiceName(inv), "status": inv.Status},
		fmt.Sprintf("Invoice %s is %s; only drafts can be changed. Void it and reissue.", invoiceName(inv), inv.Status))
}
