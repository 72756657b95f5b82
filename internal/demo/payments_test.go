package demo_test

import (
	"context"
	"testing"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/paging"
	"github.com/packline/packline/internal/payments"
)

// The demo's income: a primary bank account, plans, and invoices in every
// state, numbered in the order they were sent, issued on past days.
func checkDemoPayments(t *testing.T, svc *app.Services) {
	{
		ctx := context.Background()
		m, err := svc.Payments.PrimaryMethod(ctx)
		if err != nil || m == nil || m.Kind != payments.KindBankTransfer {
			t.Fatalf("primary %+v %v", m, err)
		}
		list, total, err := svc.Payments.Invoices(ctx, payments.Filter{List: paging.List{Sort: "number", PageSize: 50}})
		if err != nil || total != 6 {
			t.Fatalf("%d invoices, %v", total, err)
		}
		today, _ := svc.Payments.Today(ctx)
		states := map[string]int{}
		for _, inv := range list {
			states[inv.Status]++
			if inv.IssueDate != nil && *inv.IssueDate >= today {
				t.Errorf("%s issued %s, not in the past", *inv.Number, *inv.IssueDate)
			}
		}
		if states["draft"] != 1 || states["sent"] != 3 || states["paid"] != 1 || states["void"] != 1 {
			t.Fatalf("states %v", states)
		}
		sum, err := svc.Payments.Summary(ctx)
		if err != nil || len(sum.Outstanding) != 1 || sum.Outstanding[0].Overdue != 1 {
			t.Fatalf("summary %+v %v", sum, err)
		}
	}
}
