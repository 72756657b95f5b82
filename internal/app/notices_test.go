package app_test

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/clients"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// noticeWorld is an organisation with an admin and a staff user.
type noticeWorld struct {
	db           *storage.DB
	svc          *app.Services
	admin, staff int64
}

// forEachNoticeWorld runs fn in a fresh noticeWorld on every engine.
func forEachNoticeWorld(t *testing.T, fn func(t *testing.T, w *noticeWorld)) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) { fn(t, newNoticeWorld(t, db)) })
}

func newNoticeWorld(t *testing.T, db *storage.DB) *noticeWorld {
	t.Helper()
	ctx := context.Background()
	svc := app.New(db, slog.New(slog.DiscardHandler), app.WithPasswordHashing(accounts.TestHashing))
	w := &noticeWorld{db: db, svc: svc}
	for i, u := range []accounts.NewUser{
		{Email: "ada@example.org", Password: "correct-horse", FirstName: "Ada", LastName: "Admin", Role: "admin"},
		{Email: "sam@example.org", Password: "correct-horse", FirstName: "Sam", LastName: "Staff", Role: "staff"},
	} {
		created, err := svc.Accounts.CreateUser(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			w.admin = created.ID
		} else {
			w.staff = created.ID
		}
	}
	return w
}

// of lists a user's notifications of a kind, newest first.
func (w *noticeWorld) of(t *testing.T, user int64, kind string) []messaging.Notification {
	t.Helper()
	page, err := w.svc.Messaging.List(context.Background(), user, messaging.Filter{Limit: messaging.MaxList})
	if err != nil {
		t.Fatal(err)
	}
	var out []messaging.Notification
	for _, n := range page.Notifications {
		if n.Kind == kind {
			out = append(out, n)
		}
	}
	return out
}

// A stock move that takes an item from above its reorder level to at or
// below it notifies every staff user once, with the one who moved it as the
// actor, a link to the item and a live event; moves that stay low do not;
// back above and down again notifies again; concurrent moves cross once.
func TestLowStockNotifiesOnTheCrossingOnly(t *testing.T) {
	t.Parallel()
	forEachNoticeWorld(t, func(t *testing.T, w *noticeWorld) {
		ctx := context.Background()
		inv := w.svc.Inventory
		it, err := inv.CreateItem(ctx, inventory.NewItem{SKU: "OATS-1", Name: "Rolled oats", Kind: inventory.KindRaw, Unit: "kg",
			ReorderLevel: inventory.Units(5)})
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := inv.ReceiveBatch(ctx, it.ID, inventory.NewBatch{Quantity: inventory.Units(8)}, inventory.Actor{UserID: &w.staff})
		if err != nil {
			t.Fatal(err)
		}
		move := func(reason string, q int64) {
			t.Helper()
			n := inventory.NewMove{BatchID: b.ID, Reason: reason, Quantity: inventory.Units(q), UserID: &w.staff}
			if reason == inventory.ReasonAdjust {
				n.Note = "found a sack"
			}
			if _, err := inv.RecordMove(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
		want := func(n int) {
			t.Helper()
			for _, u := range []int64{w.admin, w.staff} {
				if got := len(w.of(t, u, messaging.KindLowStock)); got != n {
					t.Fatalf("user %d has %d low-stock notifications, want %d", u, got, n)
				}
			}
		}
		move(inventory.ReasonConsume, 2) // 8 -> 6
		want(0)
		move(inventory.ReasonConsume, 1) // 6 -> 5: crossed
		want(1)
		n := w.of(t, w.admin, messaging.KindLowStock)[0]
		if n.Actor == nil || n.Actor.ID != w.staff || n.Link != "/inventory?search=OATS-1" || n.Params["name"] != "Rolled oats" ||
			n.Params["on_hand"] != "5" || n.Params["reorder_level"] != "5" || n.Params["unit"] != "kg" || n.Read {
			t.Fatalf("notification %+v (actor %+v)", n, n.Actor)
		}
		// It went out live, in the same event log the streams replay.
		evs, err := w.svc.Messaging.Replay(ctx, w.staff, 0)
		if err != nil {
			t.Fatal(err)
		}
		live := 0
		for _, ev := range evs {
			if ev.Type == messaging.EventNotification && ev.UserID == w.staff && strings.Contains(string(ev.Data), `"kind":"low_stock"`) {
				live++
			}
		}
		if live != 1 {
			t.Fatalf("%d low-stock events for the staff user, want 1", live)
		}
		move(inventory.ReasonConsume, 1) // 5 -> 4: still low
		want(1)
		move(inventory.ReasonAdjust, 3) // 4 -> 7: above again
		want(1)
		// Taking (as shipping and production do) across the level: again.
		if _, err := inv.Take(ctx, it.ID, inventory.Units(3), inventory.NewMove{Reason: inventory.ReasonShip, UserID: &w.admin}); err != nil {
			t.Fatal(err)
		}
		want(2)
		if a := w.of(t, w.staff, messaging.KindLowStock)[0].Actor; a == nil || a.ID != w.admin {
			t.Fatalf("actor %+v, want the admin", a)
		}

		// Concurrent moves from above the level: exactly one crosses.
		move(inventory.ReasonAdjust, 10) // 4 -> 14
		var wg sync.WaitGroup
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := inv.RecordMove(ctx, inventory.NewMove{BatchID: b.ID, Reason: inventory.ReasonConsume, Quantity: inventory.Units(1)}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		want(3)
	})
}

// The payment that makes an invoice fully paid tells the admins, once; a
// partial payment tells nobody.
func TestInvoicePaidNotifiesAdmins(t *testing.T) {
	t.Parallel()
	forEachNoticeWorld(t, func(t *testing.T, w *noticeWorld) {
		ctx := context.Background()
		c, err := w.svc.Clients.Create(ctx, clients.Input{Name: "Harbor Foods", Email: "ap@harbor.example", Address: "1 Quay", City: "Leith", Country: "GB"})
		if err != nil {
			t.Fatal(err)
		}
		inv, err := w.svc.Payments.CreateInvoice(ctx, payments.InvoiceInput{ClientID: c.ID, Language: "gb",
			Lines: []payments.NewLine{{Description: "Packing", Quantity: inventory.Units(1), UnitPriceMinor: 10000}}})
		if err != nil {
			t.Fatal(err)
		}
		if inv, err = w.svc.Payments.Send(ctx, inv.ID, ""); err != nil {
			t.Fatal(err)
		}
		today, err := w.svc.Timeclock.Calendar().Today(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pay := func(amount int64) {
			t.Helper()
			if _, _, err := w.svc.Payments.RecordPayment(ctx, inv.ID, payments.PaymentInput{AmountMinor: amount, PaidOn: today}, &w.staff); err != nil {
				t.Fatal(err)
			}
		}
		pay(4000)
		if got := len(w.of(t, w.admin, messaging.KindInvoicePaid)); got != 0 {
			t.Fatalf("partly paid: %d notifications", got)
		}
		// An overpayment is refused and tells nobody.
		if _, _, err := w.svc.Payments.RecordPayment(ctx, inv.ID, payments.PaymentInput{AmountMinor: 7000, PaidOn: today}, nil); err == nil {
			t.Fatal("overpayment accepted")
		}
		pay(6000)
		got := w.of(t, w.admin, messaging.KindInvoicePaid)
		if len(got) != 1 {
			t.Fatalf("paid: %d notifications, want 1", len(got))
		}
		n := got[0]
		if n.Link != "/payments/billing/"+strconv.FormatInt(inv.ID, 10) || n.Params["invoice"] != *inv.Number || n.Params["client"] != "Harbor Foods" ||
			n.Params["total"] != "100.00" || n.Actor == nil || n.Actor.ID != w.staff {
			t.Fatalf("notification %+v", n)
		}
		if staff := w.of(t, w.staff, messaging.KindInvoicePaid); len(staff) != 0 {
			t.Fatalf("the staff user (not an admin) got %d", len(staff))
		}
	})
}

// An open shift longer than the organisation's maximum shift is told to the
// admins once, however often and on however many instances housekeeping
// runs; a shorter one is not; a new forgotten shift is told again, once an
// hour (messaging.RepeatPeriod) has passed since the last notice.
func TestForgottenClockOutToldOncePerShift(t *testing.T) {
	t.Parallel()
	forEachNoticeWorld(t, func(t *testing.T, w *noticeWorld) {
		ctx := context.Background()
		e, err := w.svc.Timeclock.CreateEmployee(ctx, timeclock.NewEmployee{FirstName: "Dara", LastName: "Davies", PIN: "582914"})
		if err != nil {
			t.Fatal(err)
		}
		other, err := w.svc.Timeclock.CreateEmployee(ctx, timeclock.NewEmployee{FirstName: "Eli", LastName: "Evans", PIN: "736105"})
		if err != nil {
			t.Fatal(err)
		}
		now := w.db.Now()
		clockIn := func(id int64, ago time.Duration) {
			t.Helper()
			at := now.Add(-ago).UnixMilli()
			err := w.db.WithTx(ctx, func(tx *storage.Tx) error {
				if _, err := tx.Exec(ctx, `INSERT INTO punches (employee_id, kind, at, source, created_at) VALUES (?, 'in', ?, 'kiosk', ?)`, id, at, at); err != nil {
					return err
				}
				_, err := tx.Exec(ctx, `UPDATE employees SET clock_status = 'clocked_in', last_event_at = ? WHERE id = ?`, at, id)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		clockIn(e.ID, 13*time.Hour)     // over the default 12 hours
		clockIn(other.ID, 11*time.Hour) // not yet

		instances := []*app.Services{w.svc, w.svc}
		if w.db.Dialect == storage.Postgres {
			db2, err := storage.Open(ctx, w.db.DSN)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db2.Close() })
			instances[1] = app.New(db2, slog.New(slog.DiscardHandler), app.WithPasswordHashing(accounts.TestHashing))
		}
		for round := 0; round < 2; round++ {
			var wg sync.WaitGroup
			for _, s := range instances {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := s.AlertForgotten(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		}
		got := w.of(t, w.admin, messaging.KindForgottenClockOut)
		if len(got) != 1 {
			t.Fatalf("admin got %d forgotten clock-out notifications, want 1", len(got))
		}
		if n := got[0]; n.Actor != nil || n.Params["name"] != "Dara Davies" || n.Params["hours"] != "12" || n.Link != "/employees?tab=now" {
			t.Fatalf("notification %+v", n)
		}
		if staff := w.of(t, w.staff, messaging.KindForgottenClockOut); len(staff) != 0 {
			t.Fatalf("the staff user got %d", len(staff))
		}
		// Closed and clocked in again, forgotten again: a new shift, told again.
		err = w.db.WithTx(ctx, func(tx *storage.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE employees SET clock_status = 'clocked_out' WHERE id = ?`, e.ID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		// Within the hour the admin is told of this employee once at most;
		// past it, the new shift is told.
		clockIn(e.ID, 12*time.Hour+time.Minute)
		if _, err := w.svc.AlertForgotten(ctx); err != nil {
			t.Fatal(err)
		}
		if got := len(w.of(t, w.admin, messaging.KindForgottenClockOut)); got != 1 {
			t.Fatalf("admin got %d within the hour, want 1", got)
		}
		err = w.db.WithTx(ctx, func(tx *storage.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE employees SET clock_status = 'clocked_out' WHERE id = ?`, e.ID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(messaging.RepeatPeriod + time.Minute)
		w.db.SetNow(func() time.Time { return now })
		clockIn(e.ID, 13*time.Hour)
		// (Eli's shift, open an hour longer, is over 12 hours now too.)
		if n, err := w.svc.AlertForgotten(ctx); err != nil || n != 2 {
			t.Fatalf("an hour later: told %d (%v), want 2", n, err)
		}
		dara := 0
		for _, n := range w.of(t, w.admin, messaging.KindForgottenClockOut) {
			if n.Params["name"] == "Dara Davies" {
				dara++
			}
		}
		if dara != 2 {
			t.Fatalf("admin got %d of Dara, want 2", dara)
		}
	})
}
