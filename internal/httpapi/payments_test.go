package httpapi_test

import (
	"encoding/csv"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/packline/packline/internal/payments"
)

// invoiceJSON is an invoice as the API sends it: the domain type, read back.
type invoiceJSON = payments.Invoice

func (e *env) billClient(name string) int64 {
	e.t.Helper()
	var c struct{ ID int64 }
	e.call("POST", "/api/clients", e.token, fmt.Sprintf(`{"name":%q,"email":"ap@example.org","address":"1 Quay St","city":"Portsmouth","country":"UK"}`, name), 201, &c)
	return c.ID
}

func (e *env) draft(client int64, body string) invoiceJSON {
	e.t.Helper()
	var inv invoiceJSON
	e.call("POST", "/api/invoices", e.token, fmt.Sprintf(`{"client_id":%d,%s}`, client, body), 201, &inv)
	return inv
}

func billingCode(raw []byte) string {
	s := string(raw)
	i := strings.Index(s, `"code":"`)
	if i < 0 {
		return ""
	}
	s = s[i+8:]
	return s[:strings.Index(s, `"`)]
}

// Plans and payment methods: create, edit, archive; the first method is
// primary, choosing another moves it, the primary cannot be archived, a card
// link must be https; staff get 403 everywhere in payments.
func TestPaymentsPlansAndMethods(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		var p struct {
			ID             int64
			UnitPriceMinor int64 `json:"unit_price_minor"`
			Period         string
			Archived       bool
		}
		e.call("POST", "/api/pricing-plans", e.token, `{"name":"Co-packing","unit":"unit","unit_price_minor":35,"period":"per_unit"}`, 201, &p)
		raw := e.call("POST", "/api/pricing-plans", e.token, `{"name":"X","unit":"unit","unit_price_minor":1,"period":"weekly"}`, 400, nil)
		if billingCode(raw) != "field.choice" {
			t.Fatalf("bad period: %s", raw)
		}
		e.call("PATCH", fmt.Sprintf("/api/pricing-plans/%d", p.ID), e.token, `{"unit_price_minor":40,"archived":true}`, 200, &p)
		if p.UnitPriceMinor != 40 || !p.Archived {
			t.Fatalf("patched plan %+v", p)
		}
		var plans struct{ Plans []struct{ ID int64 } }
		e.call("GET", "/api/pricing-plans", e.token, "", 200, &plans)
		if len(plans.Plans) != 0 {
			t.Fatalf("archived plan listed: %+v", plans)
		}
		e.call("GET", "/api/pricing-plans?archived=true", e.token, "", 200, &plans)
		if len(plans.Plans) != 1 {
			t.Fatalf("archived plan missing: %+v", plans)
		}

		type method struct {
			ID      int64
			Primary bool
		}
		var bank, cheque method
		e.call("POST", "/api/payment-methods", e.token, `{"kind":"bank_transfer","label":"Bank","bank_name":"Harbour Bank","account_name":"Packline","sort_code":"12-34-56","account_number":"12345678","notes":"Quote the invoice number"}`, 201, &bank)
		e.call("POST", "/api/payment-methods", e.token, `{"kind":"cheque","label":"Cheque","account_name":"Packline"}`, 201, &cheque)
		if !bank.Primary || cheque.Primary {
			t.Fatalf("first method not primary: %+v %+v", bank, cheque)
		}
		raw = e.call("POST", "/api/payment-methods", e.token, `{"kind":"card_link","label":"Card","payment_url":"http://pay.example.org"}`, 400, nil)
		if billingCode(raw) != "billing.payment_url" {
			t.Fatalf("http link: %s", raw)
		}
		var card method
		e.call("POST", "/api/payment-methods", e.token, `{"kind":"card_link","label":"Card","payment_url":"https://pay.example.org/packline","primary":true}`, 201, &card)
		if !card.Primary {
			t.Fatalf("card not primary: %+v", card)
		}
		raw = e.call("PATCH", fmt.Sprintf("/api/payment-methods/%d", card.ID), e.token, `{"archived":true}`, 409, nil)
		if billingCode(raw) != "billing.method_primary" {
			t.Fatalf("archive primary: %s", raw)
		}
		// Admins choosing the primary at once: exactly one is primary after.
		ids := []int64{bank.ID, cheque.ID, card.ID}
		burst(12, func(i int) {
			e.do("PATCH", fmt.Sprintf("/api/payment-methods/%d", ids[i%3]), e.token, `{"primary":true}`).Body.Close()
		})
		var methods struct{ Methods []method }
		e.call("GET", "/api/payment-methods", e.token, "", 200, &methods)
		n := 0
		for _, m := range methods.Methods {
			if m.Primary {
				n++
			}
		}
		if n != 1 || len(methods.Methods) != 3 || !methods.Methods[0].Primary {
			t.Fatalf("primaries after concurrent choices: %+v", methods)
		}

		staff := e.staffToken()
		for _, rt := range []struct{ method, path, body string }{
			{"GET", "/api/pricing-plans", ""}, {"POST", "/api/pricing-plans", `{"name":"X","unit":"u","unit_price_minor":1,"period":"monthly"}`},
			{"GET", "/api/payment-methods", ""}, {"GET", "/api/invoices", ""}, {"GET", "/api/invoices/summary", ""},
			{"POST", "/api/invoices", `{"client_id":1,"lines":[]}`}, {"GET", "/api/invoices.csv", ""},
		} {
			e.call(rt.method, rt.path, staff, rt.body, 403, nil)
		}
	})
}

// An invoice's life: draft with exact totals (tax half up on the
// subtotal), edit, send (numbered, never edited after), partial, over and
// exact payments, void rules, reissue, list, CSV and the summary.
func TestPaymentsInvoiceLifecycle(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		client := e.billClient("Harbour Foods")
		// 1.5 × 0.99 = 1.485 → 1.49 per line; 2 lines = 2.98; 2.98 × 20 % = 0.596 → 0.60.
		inv := e.draft(client, `"tax_rate_bp":2000,"lines":[{"description":"Meals packed","quantity":1.5,"unit_price_minor":99},{"description":"More meals","quantity":1.5,"unit_price_minor":99}]`)
		if inv.Number != nil || inv.Status != "draft" || inv.SubtotalMinor != 298 || inv.TaxMinor != 60 || inv.TotalMinor != 358 ||
			inv.Currency != "USD" || inv.BillTo.City != "Portsmouth" || inv.Lines[0].AmountMinor != 149 {
			t.Fatalf("draft %+v", inv)
		}
		// A quantity is a JSON number, as the contract says: not a string.
		raw := e.call("POST", "/api/invoices", e.token, fmt.Sprintf(`{"client_id":%d,"lines":[{"description":"x","quantity":"1.5","unit_price_minor":1}]}`, client), 400, nil)
		if billingCode(raw) != "request.field_type" || !strings.Contains(string(raw), `"field":"lines.quantity"`) {
			t.Fatalf("quantity as a string: %s", raw)
		}
		raw = e.call("POST", "/api/invoices", e.token, fmt.Sprintf(`{"client_id":%d,"lines":[{"description":"x","quantity":1.0001,"unit_price_minor":1}]}`, client), 400, nil)
		if billingCode(raw) != "quantity.decimals" && billingCode(raw) != "quantity.invalid" {
			t.Fatalf("four decimals: %s", raw)
		}
		raw = e.call("POST", "/api/invoices", e.token, `{"client_id":999999,"lines":[{"description":"x","quantity":1,"unit_price_minor":1}]}`, 400, nil)
		if billingCode(raw) != "billing.unknown_client" {
			t.Fatalf("unknown client: %s", raw)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, `{"amount_minor":100,"paid_on":"2026-01-02"}`, 409, nil)
		if billingCode(raw) != "billing.payment_status" {
			t.Fatalf("payment on draft: %s", raw)
		}
		e.call("PATCH", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, `{"lines":[{"description":"Meals packed","quantity":1000,"unit_price_minor":35}],"tax_rate_bp":0}`, 200, &inv)
		if inv.TotalMinor != 35000 {
			t.Fatalf("patched %+v", inv)
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 200, &inv)
		if inv.Number == nil || !strings.HasPrefix(*inv.Number, "INV-") || inv.Status != "sent" || inv.IssueDate == nil || inv.DueDate == nil {
			t.Fatalf("sent %+v", inv)
		}
		raw = e.call("PATCH", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, `{"notes":"late change"}`, 409, nil)
		if billingCode(raw) != "billing.not_editable" {
			t.Fatalf("edit sent: %s", raw)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 409, nil)
		if billingCode(raw) != "billing.transition" {
			t.Fatalf("send twice: %s", raw)
		}
		today := *inv.IssueDate
		var paid struct{ Invoice invoiceJSON }
		e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, fmt.Sprintf(`{"amount_minor":20000,"paid_on":%q}`, today), 201, &paid)
		if paid.Invoice.Status != "sent" || paid.Invoice.PaidMinor != 20000 || paid.Invoice.BalanceMinor != 15000 {
			t.Fatalf("partial %+v", paid.Invoice)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, fmt.Sprintf(`{"amount_minor":15001,"paid_on":%q}`, today), 409, nil)
		if billingCode(raw) != "billing.overpayment" {
			t.Fatalf("overpayment: %s", raw)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, `{"amount_minor":1,"paid_on":"2999-01-01"}`, 400, nil)
		if billingCode(raw) != "billing.paid_in_future" {
			t.Fatalf("future payment: %s", raw)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/void", inv.ID), e.token, `{"reason":"wrong"}`, 409, nil)
		if billingCode(raw) != "billing.void_paid" {
			t.Fatalf("void with payments: %s", raw)
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, fmt.Sprintf(`{"amount_minor":15000,"paid_on":%q}`, today), 201, &paid)
		if paid.Invoice.Status != "paid" || paid.Invoice.BalanceMinor != 0 || len(paid.Invoice.Payments) != 2 {
			t.Fatalf("paid %+v", paid.Invoice)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, fmt.Sprintf(`{"amount_minor":1,"paid_on":%q}`, today), 409, nil)
		if billingCode(raw) != "billing.payment_status" {
			t.Fatalf("payment on paid: %s", raw)
		}

		// Void a sent invoice, then reissue it as a new draft.
		second := e.draft(client, `"lines":[{"description":"Sponsorship","quantity":1,"unit_price_minor":50000}]`)
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", second.ID), e.token, "", 200, &second)
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/void", second.ID), e.token, `{"reason":"  "}`, 400, nil)
		if billingCode(raw) != "billing.reason_required" {
			t.Fatalf("void without reason: %s", raw)
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/void", second.ID), e.token, `{"reason":"Wrong amount"}`, 200, &second)
		if second.Status != "void" || second.BalanceMinor != 0 {
			t.Fatalf("void %+v", second)
		}
		raw = e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", second.ID), e.token, fmt.Sprintf(`{"amount_minor":1,"paid_on":%q}`, today), 409, nil)
		if billingCode(raw) != "billing.payment_status" {
			t.Fatalf("payment on void: %s", raw)
		}
		var re invoiceJSON
		e.call("POST", fmt.Sprintf("/api/invoices/%d/reissue", second.ID), e.token, "", 201, &re)
		if re.Status != "draft" || re.ReissueOf == nil || *re.ReissueOf != second.ID || re.TotalMinor != 50000 {
			t.Fatalf("reissued %+v", re)
		}

		var list struct {
			Invoices []invoiceJSON
			Total    int
		}
		e.call("GET", fmt.Sprintf("/api/invoices?status=paid&client_id=%d&page=1&page_size=10", client), e.token, "", 200, &list)
		if list.Total != 1 || list.Invoices[0].ID != inv.ID {
			t.Fatalf("list paid: %+v", list)
		}
		e.call("GET", "/api/invoices?sort=number&order=asc", e.token, "", 200, &list)
		if list.Total != 3 {
			t.Fatalf("list all: %+v", list)
		}
		e.call("GET", "/api/invoices?status=owed", e.token, "", 400, nil)
		res := e.do("GET", "/api/invoices.csv?status=paid", e.token, "")
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(readAll(res)), "\xef\xbb\xbf"))).ReadAll()
		if err != nil || res.StatusCode != 200 || len(rows) != 2 || rows[1][0] != *inv.Number || rows[1][9] != "350.00" {
			t.Fatalf("csv %d %v %v", res.StatusCode, rows, err)
		}
		var sum struct {
			Currency    string
			Outstanding []struct {
				Currency         string
				OutstandingMinor int64 `json:"outstanding_minor"`
			}
			Drafts        int
			ReceivedMinor int64 `json:"received_minor"`
		}
		e.call("GET", "/api/invoices/summary", e.token, "", 200, &sum)
		if sum.Currency != "USD" || len(sum.Outstanding) != 0 || sum.Drafts != 1 || sum.ReceivedMinor != 35000 {
			t.Fatalf("summary %+v", sum)
		}
		var print struct {
			Invoice       invoiceJSON
			PrimaryMethod *struct{ Label string } `json:"primary_method"`
		}
		e.call("GET", fmt.Sprintf("/api/invoices/%d/print", inv.ID), e.token, "", 200, &print)
		if print.Invoice.ID != inv.ID || print.PrimaryMethod != nil {
			t.Fatalf("print %+v", print)
		}
		// The organisation's currency is a setting; invoices drafted after use it.
		e.call("PATCH", "/api/settings", e.token, `{"currency":"gbp"}`, 200, nil)
		raw = e.call("PATCH", "/api/settings", e.token, `{"currency":"XYZ"}`, 400, nil)
		if billingCode(raw) != "settings.currency_unknown" {
			t.Fatalf("bad currency: %s", raw)
		}
		if gbp := e.draft(client, `"lines":[{"description":"x","quantity":1,"unit_price_minor":1}]`); gbp.Currency != "GBP" {
			t.Fatalf("currency after setting: %+v", gbp)
		}
	})
}

// Twenty drafts sent at the same moment get twenty consecutive numbers:
// no gaps, no duplicates, on both engines.
func TestPaymentsNumbersUnderConcurrentSends(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		client := e.billClient("Harbour Foods")
		const n = 20
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = e.draft(client, `"lines":[{"description":"Meals","quantity":10,"unit_price_minor":35}]`).ID
		}
		numbers := make([]string, n)
		statuses := make([]int, n)
		burst(n, func(i int) {
			res := e.do("POST", fmt.Sprintf("/api/invoices/%d/send", ids[i]), e.token, "")
			statuses[i] = res.StatusCode
			raw := string(readAll(res))
			if j := strings.Index(raw, `"number":"`); j >= 0 {
				numbers[i] = raw[j+10 : j+10+strings.Index(raw[j+10:], `"`)]
			}
		})
		sort.Strings(numbers)
		year := numbers[0][4:8]
		for i, num := range numbers {
			if statuses[i] != 200 {
				t.Fatalf("send %d: status %d", i, statuses[i])
			}
			if want := fmt.Sprintf("INV-%s-%04d", year, i+1); num != want {
				t.Fatalf("numbers %v: #%d is %q, want %q", numbers, i, num, want)
			}
		}
	})
}

// Payments racing on one invoice: each is 40 % of the total, so exactly two
// fit; the others are refused as overpayments and the invoice never goes over.
func TestPaymentsConcurrentPaymentsNeverOverpay(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		inv := e.draft(e.billClient("Harbour Foods"), `"lines":[{"description":"Meals","quantity":100,"unit_price_minor":100}]`)
		e.call("POST", fmt.Sprintf("/api/invoices/%d/send", inv.ID), e.token, "", 200, &inv)
		statuses := make([]int, 6)
		burst(len(statuses), func(i int) {
			res := e.do("POST", fmt.Sprintf("/api/invoices/%d/payments", inv.ID), e.token, fmt.Sprintf(`{"amount_minor":4000,"paid_on":%q}`, *inv.IssueDate))
			statuses[i] = res.StatusCode
			res.Body.Close()
		})
		ok := 0
		for _, s := range statuses {
			switch s {
			case 201:
				ok++
			case 409:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		e.call("GET", fmt.Sprintf("/api/invoices/%d", inv.ID), e.token, "", 200, &inv)
		if ok != 2 || inv.PaidMinor != 8000 || inv.BalanceMinor != 2000 || len(inv.Payments) != 2 {
			t.Fatalf("%d accepted, invoice %+v", ok, inv)
		}
	})
}
