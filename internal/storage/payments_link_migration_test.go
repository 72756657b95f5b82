package storage_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/token"
)

// Migration 0110 turns the invoice link tokens stored in clear until then
// into their hashes, in place: a link mailed before the upgrade opens the
// invoice after it, the database no longer holds the token, and an invoice
// without a link keeps none.
func TestInvoiceLinksMadeBeforeTheirHashingStillOpen(t *testing.T) {
	t.Parallel()
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			t.Parallel()
			linksMadeBeforeTheirHashing(t, d)
		})
	}
}

func linksMadeBeforeTheirHashing(t *testing.T, d storage.Dialect) {
	ctx := context.Background()
	db, err := storage.Open(ctx, storagetest.DSN(t, d))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.MigrateTo(ctx, 109); err != nil {
		t.Fatal(err)
	}
	// Two invoices as Packline 0109 wrote them: one sent, its link's token
	// in clear, and one draft without a link.
	const clear = "Zq3oldTOKENmailedBeforeTheUpgrade_9xYabcdefgh"
	var sent, draft int64
	if err := db.WithTx(ctx, func(tx *storage.Tx) error {
		var client int64
		if err := tx.QueryRow(ctx, `INSERT INTO clients (name, name_key, email, created_at, updated_at)
			VALUES ('Harbour Foods', 'harbour foods', 'ap@example.org', 0, 0) RETURNING id`).Scan(&client); err != nil {
			return err
		}
		insert := `INSERT INTO billing_invoices (number, status, client_id, bill_name, bill_name_key, currency, subtotal_minor,
			tax_minor, total_minor, issue_date, due_date, created_at, updated_at, sent_at, link_token)
			VALUES (?, ?, ?, 'Harbour Foods', 'harbour foods', 'USD', 3500, 0, 3500, ?, ?, 0, 0, ?, ?) RETURNING id`
		if err := tx.QueryRow(ctx, insert, "INV-2026-0001", "sent", client, "2026-03-02", "2026-04-01", 1, clear).Scan(&sent); err != nil {
			return err
		}
		return tx.QueryRow(ctx, insert, nil, "draft", client, nil, nil, nil, nil).Scan(&draft)
	}); err != nil {
		t.Fatal(err)
	}

	applied, err := db.Migrate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(applied, "0110_invoice_link_hash.sql") {
		t.Fatalf("applied %v", applied)
	}
	stored := func(id int64) sql.NullString {
		var s sql.NullString
		if err := db.QueryRow(ctx, `SELECT link_token_hash FROM billing_invoices WHERE id = ?`, id).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if got, want := stored(sent), token.Hash(clear); got.String != want {
		t.Fatalf("the sent invoice keeps %q, want the token's hash %q", got.String, want)
	}
	if got := stored(draft); got.Valid {
		t.Fatalf("the draft got a link: %q", got.String)
	}

	cal := &organisation.Calendar{Settings: storage.NewOrganisationService(db), Clock: func() time.Time { return db.Now() }}
	svc := payments.NewService(storage.NewPaymentsStore(db), cal, func(context.Context) (string, error) { return "USD", nil })
	inv, err := svc.PublicInvoice(ctx, clear)
	if err != nil || inv.ID != sent || !inv.HasLink || inv.LinkOpenedAt == nil {
		t.Fatalf("the mailed link after the upgrade: %+v, %v", inv, err)
	}
	if _, err := svc.PublicInvoice(ctx, token.Hash(clear)); !errors.Is(err, payments.ErrLinkUnknown) {
		t.Fatalf("the stored hash opens the invoice: %v", err)
	}
}
