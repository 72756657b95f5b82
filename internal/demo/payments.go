package demo

import (
	"context"
	"time"

	"github.com/packline/packline/internal/clients"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/payments"
)

// loadPayments writes the group's income: its pricing plans, a primary bank
// account (and a cheque and card-link method), two clients if the demo has
// none yet, and invoices of the last weeks in every state, with payments.
func loadPayments(ctx context.Context, s Services) error {
	if s.Payments == nil || s.Clients == nil {
		return nil
	}
	plans := []payments.PlanInput{
		{Name: "Sponsored packing event", Unit: "meal", UnitPriceMinor: 35, Period: payments.PeriodPerUnit},
		{Name: "Co-packing", Unit: "pouch", UnitPriceMinor: 22, Period: payments.PeriodPerUnit},
		{Name: "Monthly sponsorship", Unit: "month", UnitPriceMinor: 150000, Period: payments.PeriodMonthly},
		{Name: "Annual partner", Unit: "year", UnitPriceMinor: 1500000, Period: payments.PeriodAnnual},
	}
	for _, p := range plans {
		if _, err := s.Payments.CreatePlan(ctx, p); err != nil {
			return err
		}
	}
	bank, err := s.Payments.CreateMethod(ctx, payments.MethodInput{Kind: payments.KindBankTransfer, Label: "Operating account",
		BankName: "Lakeshore Community Bank", AccountName: "Packline Volunteers Inc.", SortCode: "07-10-00",
		AccountNumber: "4402118793", Notes: "ACH routing number 071000013. Please quote the invoice number.", Primary: true})
	if err != nil {
		return err
	}
	cheque, err := s.Payments.CreateMethod(ctx, payments.MethodInput{Kind: payments.KindCheque, Label: "Cheque",
		AccountName: "Packline Volunteers Inc.", Notes: "Mail to 2200 W Fulton St, Chicago, IL 60612."})
	if err != nil {
		return err
	}
	if _, err := s.Payments.CreateMethod(ctx, payments.MethodInput{Kind: payments.KindCardLink, Label: "Card (online)",
		PaymentURL: "https://pay.example.org/packline"}); err != nil {
		return err
	}

	harbor, err := demoClient(ctx, s, clients.Input{Name: "Harbor Grocers Foundation", Email: "giving@harborgrocers.example",
		Address: "1 Wacker Drive, Suite 400", City: "Chicago", Country: "United States"})
	if err != nil {
		return err
	}
	coop, err := demoClient(ctx, s, clients.Input{Name: "Midwest Meal Co-op", Email: "ap@midwestmeal.example",
		Address: "5120 S Kedzie Ave", City: "Chicago", Country: "United States"})
	if err != nil {
		return err
	}
	parish, err := demoClient(ctx, s, clients.Input{Name: "Iglesia San Lucas", Email: "tesoreria@sanlucas.example",
		Address: "1820 W Cermak Rd", City: "Chicago", Country: "United States"})
	if err != nil {
		return err
	}

	now := s.DB.Now()
	day := func(daysAgo int, hour int) time.Time {
		d := now.AddDate(0, 0, -daysAgo).Truncate(24 * time.Hour)
		return d.Add(time.Duration(hour) * time.Hour)
	}
	date := func(t time.Time) string { return t.Format(time.DateOnly) }
	lines := func(desc string, qty int64, price int64) []payments.NewLine {
		return []payments.NewLine{{Description: desc, Quantity: inventory.Units(qty), UnitPriceMinor: price}}
	}
	draft := func(client int64, ls []payments.NewLine, tax int, at time.Time) (*payments.Invoice, error) {
		return s.Payments.CreateInvoice(ctx, payments.InvoiceInput{ClientID: client, Language: "gb", TaxRateBP: tax, Lines: ls, At: at})
	}
	pay := func(id int64, amount int64, at time.Time, method int64) error {
		_, _, err := s.Payments.RecordPayment(ctx, id, payments.PaymentInput{AmountMinor: amount, PaidOn: date(at), MethodID: &method, At: at}, nil)
		return err
	}

	// Paid: a sponsorship month, sent 44 days ago, paid 30 days ago.
	inv, err := draft(harbor, lines("Monthly sponsorship — packing events", 1, 150000), 0, day(46, 15))
	if err != nil {
		return err
	}
	if _, err := s.Payments.SendAt(ctx, inv.ID, day(44, 15), ""); err != nil {
		return err
	}
	if err := pay(inv.ID, 150000, day(30, 16), bank.ID); err != nil {
		return err
	}
	// Sent and overdue: co-packing, sent 38 days ago on 30-day terms.
	inv, err = draft(coop, lines("Co-packing — lentil stew pouches", 5400, 22), 825, day(39, 14))
	if err != nil {
		return err
	}
	if _, err := s.Payments.SendAt(ctx, inv.ID, day(38, 14), ""); err != nil {
		return err
	}
	// Void and reissued: the wrong quantity went out; reissued and partly paid.
	inv, err = draft(parish, lines("Sponsored packing event — 12 April", 6000, 35), 0, day(21, 13))
	if err != nil {
		return err
	}
	if _, err := s.Payments.SendAt(ctx, inv.ID, day(20, 13), ""); err != nil {
		return err
	}
	if _, err := s.Payments.VoidAt(ctx, inv.ID, "Wrong meal count: 6,000 invoiced, 4,800 packed. Reissued.", day(19, 10)); err != nil {
		return err
	}
	re, err := s.Payments.Reissue(ctx, inv.ID)
	if err != nil {
		return err
	}
	fix := lines("Sponsored packing event — 12 April", 4800, 35)
	if _, err := s.Payments.UpdateInvoice(ctx, re.ID, payments.InvoicePatch{Lines: &fix}); err != nil {
		return err
	}
	if _, err := s.Payments.SendAt(ctx, re.ID, day(19, 11), ""); err != nil {
		return err
	}
	if err := pay(re.ID, 100000, day(8, 11), cheque.ID); err != nil {
		return err
	}
	// Sent last week, nothing paid yet.
	inv, err = draft(harbor, lines("Monthly sponsorship — packing events", 1, 150000), 0, day(8, 15))
	if err != nil {
		return err
	}
	if _, err := s.Payments.SendAt(ctx, inv.ID, day(7, 15), ""); err != nil {
		return err
	}
	// A draft for this week's co-packing.
	_, err = draft(coop, lines("Co-packing — rice and bean pouches", 2880, 22), 825, day(1, 16))
	return err
}

// demoClient creates a client through the clients service.
func demoClient(ctx context.Context, s Services, in clients.Input) (int64, error) {
	c, err := s.Clients.Create(ctx, in)
	if err != nil {
		return 0, err
	}
	return c.ID, nil
}
