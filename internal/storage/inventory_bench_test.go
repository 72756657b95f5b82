package storage_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/benchdata"
	"github.com/packline/packline/internal/storage/storagetest"
)

func TestBenchDataKeepsLedgerAndSummariesEqual(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		if _, _, err := benchdata.Inventory(context.Background(), db, 0, 40, 4, 12); err != nil {
			t.Fatal(err)
		}
		checkLedger(t, db)
	})
}

// benchInventory is a SQLite database with 5,000 items, 50,000 batches and
// 100,000 moves (scripts/bench/inventory.sh measures 1,000,000 moves over
// HTTP).
func benchInventory(b *testing.B) (*storage.DB, *inventory.Service) {
	b.Helper()
	db := storagetest.Open(b, storage.SQLite)
	u, err := storage.NewAccountService(db, nil).CreateUser(context.Background(), accounts.NewUser{
		Email: "bench@example.org", Password: "bench-password", FirstName: "Bench"})
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := benchdata.Inventory(context.Background(), db, u.ID, 5000, 10, 2); err != nil {
		b.Fatal(err)
	}
	return db, newInventory(db)
}

func BenchmarkInventory(b *testing.B) {
	_, s := benchInventory(b)
	ctx := context.Background()
	b.Run("ListItemsPage", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			if _, _, err := s.ListItems(ctx, inventory.ListFilter{Page: i%200 + 1, PageSize: 25, Sort: "name"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ListItemsSearch", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			if _, _, err := s.ListItems(ctx, inventory.ListFilter{Search: fmt.Sprintf("sku-00%d", i%10), PageSize: 25}); err != nil {
				b.Fatal(err)
			}
		}
	})
	days := 35
	for name, f := range map[string]inventory.ListFilter{
		"FilterSearchSKU":  {Search: "sku-003", PageSize: 25},
		"FilterSearchWord": {Search: "rice", PageSize: 25, Page: 2},
		"FilterKind":       {Kind: inventory.KindPackaging, PageSize: 25, Page: 3},
		"FilterLowStock":   {LowStock: true, PageSize: 25, Page: 2},
		"FilterExpiring":   {ExpiringWithinDays: &days, PageSize: 25, Sort: "sku"},
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := s.ListItems(ctx, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("GetBatch", func(b *testing.B) {
		i := int64(0)
		for b.Loop() {
			i++
			if _, err := s.GetBatch(ctx, i%50000+1, 0, 200); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RecordMove", func(b *testing.B) {
		i := int64(0)
		for b.Loop() {
			i++
			if _, err := s.RecordMove(ctx, inventory.NewMove{BatchID: i%50000 + 1, Reason: inventory.ReasonAdjust,
				Quantity: 1, Note: "bench"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
