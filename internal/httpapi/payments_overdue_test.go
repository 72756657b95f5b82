package httpapi_test

import (
	"fmt"
	"testing"
	"time"
)

// A sent invoice is overdue from the day after its due date until it is
// paid: derived on every read (never stored), and a list filter.
func TestPaymentsOverdueIsDerived(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		client := e.billClient("Harbour Foods")
		body := `"due_days":%d,"lines":[{"description":"Meals","quantity":1,"unit_price_minor":1000}]`
		late := e.draft(client, fmt.Sprintf(body, 7))
		paid := e.draft(client, fmt.Sprintf(body, 7))
		later := e.draft(client, fmt.Sprintf(body, 30))
		draft := e.draft(client, fmt.Sprintf(body, 7))
		for _, id := range []int64{late.ID, paid.ID, later.ID} {
			e.call("POST", fmt.Sprintf("/api/invoices/%d/send", id), e.token, "", 200, nil)
		}
		type row struct {
			ID      int64
			Status  string
			Overdue bool
		}
		overdue := func(status string) map[int64]bool {
			var list struct{ Invoices []row }
			q := "/api/invoices?page_size=50"
			if status != "" {
				q += "&status=" + status
			}
			e.call("GET", q, e.token, "", 200, &list)
			out := map[int64]bool{}
			for _, r := range list.Invoices {
				out[r.ID] = r.Overdue
			}
			return out
		}
		if got := overdue("overdue"); len(got) != 0 {
			t.Fatalf("overdue on the day they were sent: %v", got)
		}
		// Ten days on: the 7-day ones are past due; one gets paid.
		start := time.Now()
		e.db.SetNow(func() time.Time { return start.Add(10 * 24 * time.Hour).Add(time.Since(start)).UTC() })
		var login struct{ Token string }
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, &login)
		e.token = login.Token
		var inv struct {
			IssueDate string `json:"issue_date"`
			Overdue   bool
		}
		e.call("GET", fmt.Sprintf("/api/invoices/%d", late.ID), e.token, "", 200, &inv)
		if !inv.Overdue {
			t.Fatal("a sent invoice ten days into 7-day terms is not overdue")
		}
		var pay struct {
			Invoice struct {
				Status  string
				Overdue bool
			}
		}
		e.call("POST", fmt.Sprintf("/api/invoices/%d/payments", paid.ID), e.token, fmt.Sprintf(`{"amount_minor":1000,"paid_on":%q}`, inv.IssueDate), 201, &pay)
		if pay.Invoice.Status != "paid" || pay.Invoice.Overdue {
			t.Fatalf("paid invoice %+v", pay.Invoice)
		}
		got := overdue("overdue")
		if len(got) != 1 || !got[late.ID] {
			t.Fatalf("status=overdue lists %v, want only %d", got, late.ID)
		}
		all := overdue("")
		if !all[late.ID] || all[paid.ID] || all[later.ID] || all[draft.ID] || len(all) != 4 {
			t.Fatalf("overdue flags %v: want only %d", all, late.ID)
		}
		if raw := e.call("GET", "/api/invoices?status=late", e.token, "", 400, nil); billingCode(raw) != "field.choice" {
			t.Fatalf("unknown status: %s", raw)
		}
	})
}
