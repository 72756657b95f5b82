package storage_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// Entries on two lines of one day, made of nothing in common, commit side
// by side: the day's summaries count every one of them, and none fails.
func TestProductionEntriesOnTwoLinesOfOneDay(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		e := newProdEnv(t, db)
		e.stock("1000", "1000", "10000")
		oats, _ := e.inv.CreateItem(ctx, inventory.NewItem{SKU: "OATS", Name: "Oats", Kind: inventory.KindRaw, Unit: "kg"})
		porridge, _ := e.inv.CreateItem(ctx, inventory.NewItem{SKU: "PORRIDGE", Name: "Porridge", Kind: inventory.KindFinished, Unit: "bag"})
		e.receive(oats.ID, "1000", "")
		if _, err := e.svc.SetRecipe(ctx, porridge.ID, []production.Component{{ItemID: oats.ID, Quantity: qty("0.1")}}, production.Actor{}); err != nil {
			t.Fatal(err)
		}
		l2, err := e.svc.CreateLine(ctx, production.NewLine{Name: "Line 2"})
		if err != nil {
			t.Fatal(err)
		}
		for round := range 20 {
			date := fmt.Sprintf("2026-10-%02d", 1+round)
			var wg sync.WaitGroup
			for i, n := range []production.NewEntry{
				{Date: date, Hour: 8, LineID: e.line.ID, ProductID: e.meal.ID, Units: 3},
				{Date: date, Hour: 8, LineID: l2.ID, ProductID: porridge.ID, Units: 5},
			} {
				wg.Go(func() {
					if _, err := e.svc.CreateEntry(ctx, n, production.Actor{}); err != nil {
						t.Errorf("round %d entry %d: %v", round, i, err)
					}
				})
			}
			wg.Wait()
			var units int
			if err := db.QueryRow(ctx, `SELECT COALESCE(SUM(units), 0) FROM production_day_output WHERE date = ?`, date).Scan(&units); err != nil {
				t.Fatal(err)
			}
			if units != 8 {
				t.Fatalf("round %d: the day's output counts %d units, want 8", round, units)
			}
		}
	})
}
