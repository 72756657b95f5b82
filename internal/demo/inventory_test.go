package demo_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/inventory"
)

// The demo stock carries the dates things happened: each
// batch shows its receipt on the day it was received, the history spans
// weeks, every move is in the past and in order, and the meal bag's raw
// materials, packaging and finished meals are all there.
func checkDemoInventoryHistory(t *testing.T, svc *app.Services) {
	{
		ctx := context.Background()
		inv := svc.Inventory
		zone, err := inv.Zone(ctx)
		if err != nil {
			t.Fatal(err)
		}
		items, total, err := inv.ListItems(ctx, inventory.ListFilter{PageSize: 100, IncludeEmpty: true})
		if err != nil {
			t.Fatal(err)
		}
		if total <= 9 {
			t.Fatalf("%d items, want more than nine", total)
		}
		kinds := map[string]int{}
		for _, it := range items {
			kinds[it.Kind]++
			for _, b := range it.Batches {
				d, err := inv.GetBatch(ctx, b.ID, 0, 1)
				if err != nil {
					t.Fatal(err)
				}
				first := d.Moves[0]
				if first.Reason != inventory.ReasonReceive && first.Reason != inventory.ReasonProduce {
					t.Errorf("batch %s starts with %s", b.Code, first.Reason)
				}
				if got := first.CreatedAt.In(zone).Format(time.DateOnly); got != b.ReceivedAt {
					t.Errorf("batch %s received %s, its receipt is stamped %s", b.Code, b.ReceivedAt, got)
				}
			}
		}
		if kinds[inventory.KindRaw] < 6 || kinds[inventory.KindPackaging] < 3 || kinds[inventory.KindFinished] < 2 {
			t.Errorf("kinds %v", kinds)
		}
		var moves []inventory.Move
		if err := inv.EachMove(ctx, inventory.MoveFilter{}, func(m *inventory.Move) error {
			moves = append(moves, *m)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		sort.Slice(moves, func(i, j int) bool { return moves[i].CreatedAt.Before(moves[j].CreatedAt) })
		span := moves[len(moves)-1].CreatedAt.Sub(moves[0].CreatedAt)
		if len(moves) < 150 || span < 6*7*24*time.Hour {
			t.Fatalf("%d moves over %v, want weeks of history", len(moves), span)
		}
		days := map[string]bool{}
		for _, m := range moves {
			if m.CreatedAt.After(svc.DB.Now()) {
				t.Fatalf("move %d is in the future: %v", m.ID, m.CreatedAt)
			}
			// (Production's demo entries are written after the stock history
			// and stamped with their own hours, so ids need not follow time.)
			days[m.CreatedAt.In(zone).Format(time.DateOnly)] = true
		}
		if len(days) < 25 {
			t.Errorf("moves on %d different days", len(days))
		}
		w, err := inv.Warnings(ctx, 30)
		if err != nil {
			t.Fatal(err)
		}
		if len(w.LowStock) == 0 || len(w.Expiring) == 0 {
			t.Errorf("the demo should show low and expiring stock: %+v", w)
		}
	}
}
