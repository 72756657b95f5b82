package storage_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/benchdata"
	"github.com/packline/packline/internal/storage/storagetest"
)

// BenchmarkShippingLog measures a page of the log over 100,000 shipments of
// 5 lines each on SQLite (under 50 ms at p95), plain and searched
// by a batch code or a destination. It reports p95-ms per case.
func BenchmarkShippingLog(b *testing.B) {
	ctx := context.Background()
	db := storagetest.Open(b, storage.SQLite)
	if _, _, err := benchdata.Inventory(ctx, db, 0, 2000, 10, 1); err != nil {
		b.Fatal(err)
	}
	rows, err := db.Query(ctx, `SELECT id, item_id, code FROM inventory_batches ORDER BY id`)
	if err != nil {
		b.Fatal(err)
	}
	type batch struct {
		id, item int64
		code     string
	}
	var batches []batch
	for rows.Next() {
		var x batch
		if err := rows.Scan(&x.id, &x.item, &x.code); err != nil {
			b.Fatal(err)
		}
		batches = append(batches, x)
	}
	rows.Close()
	const shipments, lines = 100_000, 5
	partners := []string{"Eastside Community Pantry", "Riverbend Food Bank", "St. Mark's Parish pantry", "Harbour Foods", "Mill Lane Market"}
	err = db.WithTx(ctx, func(tx *storage.Tx) error {
		day := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range shipments {
			d := day.AddDate(0, 0, i/60).Format(time.DateOnly)
			name := partners[i%len(partners)]
			number := fmt.Sprintf("SHP-%s-%06d", d[:4], i+1)
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO shipping_shipments (number, status, ship_date, dest_name, dest_name_key, carrier,
				tracking_number, search_text, created_at, updated_at) VALUES (?, 'delivered', ?, ?, lower(?), 'Own van', ?, lower(?), 0, 0) RETURNING id`,
				number, d, name, name, fmt.Sprintf("BOL-%d", i), number+" "+name).Scan(&id); err != nil {
				return err
			}
			for j := range lines {
				bt := batches[(i*lines+j*7919)%len(batches)]
				if _, err := tx.Exec(ctx, `INSERT INTO shipping_lines (shipment_id, batch_id, item_id, quantity) VALUES (?, ?, ?, 1000)`,
					id, bt.id, bt.item); err != nil {
					return err
				}
			}
		}
		_, err := tx.Exec(ctx, `ANALYZE`)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	_, sh := newShipping(db)
	for _, c := range []struct {
		name string
		f    func(i int) shipping.Filter
	}{
		{"Page", func(i int) shipping.Filter { return shipping.Filter{Page: i%50 + 1, PageSize: 25} }},
		{"SearchBatchCode", func(i int) shipping.Filter { return shipping.Filter{Search: batches[(i*37)%len(batches)].code} }},
		{"SearchDestination", func(i int) shipping.Filter { return shipping.Filter{Search: "riverbend", Page: i%20 + 1} }},
		{"ShippedThisMonth", func(int) shipping.Filter {
			return shipping.Filter{Status: "delivered", From: "2024-01-01", To: "2024-01-31", Sort: "ship_date"}
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var took []time.Duration
			i := 0
			for b.Loop() {
				i++
				start := time.Now()
				if _, _, err := sh.List(ctx, c.f(i)); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}
