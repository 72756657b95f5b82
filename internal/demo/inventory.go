package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/packline/packline/internal/inventory"
)

// demoBatch is a batch received days ago, expiring in expires days (0: no
// expiry), with some of it used since.
type demoBatch struct {
	qty, used          int64
	receivedDaysAgo    int
	expiresInDays      int
	source, sourceType string
}

type demoItem struct {
	item    inventory.NewItem
	batches []demoBatch
}

var demoStock = []demoItem{
	{inventory.NewItem{SKU: "RICE-LG", Name: "Long-grain white rice", Kind: inventory.KindRaw, Unit: "kg",
		Category: "Grains", Location: "Dry store A", ReorderLevel: inventory.Units(500)}, []demoBatch{
		{1000, 940, 75, 290, "Harvest Foods Co-op", inventory.SourceSupplier},
		{750, 120, 21, 340, "Harvest Foods Co-op", inventory.SourceSupplier},
		{400, 0, 4, 360, "St. Mark's Parish food drive", inventory.SourceDonor},
	}},
	{inventory.NewItem{SKU: "SOY-TVP", Name: "Textured soy protein", Kind: inventory.KindRaw, Unit: "kg",
		Category: "Proteins", Location: "Dry store A", ReorderLevel: inventory.Units(200)}, []demoBatch{
		{300, 210, 50, 12, "Prairie Soy Mills", inventory.SourceSupplier},
		{500, 40, 9, 200, "Prairie Soy Mills", inventory.SourceSupplier},
	}},
	{inventory.NewItem{SKU: "VEG-DEHY", Name: "Dehydrated vegetable mix", Kind: inventory.KindRaw, Unit: "kg",
		Category: "Vegetables", Location: "Dry store B", ReorderLevel: inventory.Units(150)}, []demoBatch{
		{120, 112, 110, -3, "Green Valley Farms", inventory.SourceDonor},
		{200, 150, 40, 5, "Green Valley Farms", inventory.SourceSupplier},
		{250, 0, 6, 180, "Green Valley Farms", inventory.SourceSupplier},
	}},
	{inventory.NewItem{SKU: "VIT-PACK", Name: "Vitamin & mineral packets", Kind: inventory.KindRaw, Unit: "each",
		Category: "Supplements", Location: "Cage 1", ReorderLevel: inventory.Units(5000)}, []demoBatch{
		{6000, 5200, 60, 400, "NutriAid Foundation", inventory.SourceDonor},
		{4000, 1600, 14, 540, "NutriAid Foundation", inventory.SourceDonor},
	}},
	{inventory.NewItem{SKU: "SEAS-CHK", Name: "Chicken-flavour seasoning", Kind: inventory.KindRaw, Unit: "kg",
		Category: "Seasoning", Location: "Dry store B", ReorderLevel: inventory.Units(25)}, []demoBatch{
		{60, 18, 30, 25, "Spice Route Ltd", inventory.SourceSupplier},
		{40, 0, 3, 240, "Spice Route Ltd", inventory.SourceSupplier},
	}},
	{inventory.NewItem{SKU: "BAG-MEAL6", Name: "Meal pouch, 6 servings", Kind: inventory.KindPackaging, Unit: "each",
		Category: "Bags", Location: "Shelf 3", ReorderLevel: inventory.Units(10000)}, []demoBatch{
		{20000, 16500, 45, 0, "FlexiPack Supplies", inventory.SourceSupplier},
		{15000, 2000, 10, 0, "FlexiPack Supplies", inventory.SourceSupplier},
	}},
	{inventory.NewItem{SKU: "BOX-36", Name: "Shipping box, 36 pouches", Kind: inventory.KindPackaging, Unit: "each",
		Category: "Boxes", Location: "Pallet bay 2", ReorderLevel: inventory.Units(800)}, []demoBatch{
		{1200, 1050, 35, 0, "Midwest Carton", inventory.SourceSupplier},
		{500, 0, 2, 0, "Midwest Carton", inventory.SourceSupplier},
	}},
	{inventory.NewItem{SKU: "LBL-POUCH", Name: "Pouch labels (roll of 1,000)", Kind: inventory.KindPackaging, Unit: "roll",
		Category: "Labels", Location: "Shelf 1", ReorderLevel: inventory.Units(10)}, []demoBatch{
		{40, 31, 28, 0, "PrintWorks", inventory.SourceSupplier},
	}},
	{inventory.NewItem{SKU: "MEAL-RS6", Name: "Rice & soy casserole, 6 servings", Kind: inventory.KindFinished, Unit: "pouch",
		Category: "Meals", Location: "Finished goods bay", ReorderLevel: 0}, []demoBatch{
		{3600, 3600, 13, 720, "Packing line 1", inventory.SourceProduction},
		{4320, 1440, 6, 720, "Packing line 1", inventory.SourceProduction},
		{2880, 0, 1, 730, "Packing line 2", inventory.SourceProduction},
	}},
}

// loadInventory adds a meal-packing stock through the inventory service: raw
// materials and packaging with several batches each (some near expiry, one
// expired, some items low), a finished meal with its own batches, and a few
// corrections in the ledger (an adjustment, a count, an undone mistake).
func loadInventory(ctx context.Context, s Services) error {
	if s.Inventory == nil {
		return nil
	}
	today, err := s.Inventory.Today(ctx)
	if err != nil {
		return err
	}
	t0, _ := time.Parse(time.DateOnly, today)
	day := func(n int) string { return t0.AddDate(0, 0, n).Format(time.DateOnly) }
	var uid int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&uid); err != nil {
		return err
	}
	by := inventory.Actor{UserID: &uid}
	var firstBatches []int64
	for _, d := range demoStock {
		it, err := s.Inventory.CreateItem(ctx, d.item)
		if err != nil {
			return fmt.Errorf("item %s: %w", d.item.SKU, err)
		}
		for i, b := range d.batches {
			nb := inventory.NewBatch{Quantity: inventory.Units(b.qty), ReceivedAt: day(-b.receivedDaysAgo),
				Source: b.source, SourceType: b.sourceType, Note: "Delivery checked in"}
			if b.sourceType == inventory.SourceProduction {
				nb.Note = "Packed on the line"
			}
			if b.expiresInDays != 0 {
				nb.ExpiresAt = day(b.expiresInDays)
			}
			batch, _, err := s.Inventory.ReceiveBatch(ctx, it.ID, nb, by)
			if err != nil {
				return fmt.Errorf("batch of %s: %w", d.item.SKU, err)
			}
			if i == 0 {
				firstBatches = append(firstBatches, batch.ID)
			}
			reason, note := inventory.ReasonConsume, "Used in production"
			if d.item.Kind == inventory.KindFinished {
				reason, note = inventory.ReasonShip, "Shipped to partner pantry"
			}
			// Used in a few steps, so the history reads like real work.
			left := b.used
			for step := 0; left > 0; step++ {
				q := left
				if step < 2 && left > 3 {
					q = left / 2
				}
				if _, err := s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: batch.ID, Reason: reason,
					Quantity: inventory.Units(q), Note: note, UserID: &uid}); err != nil {
					return fmt.Errorf("use of %s: %w", d.item.SKU, err)
				}
				left -= q
			}
		}
	}
	// Corrections: a spill, a stocktake, and a mistaken entry undone.
	rice := firstBatches[0]
	if _, err := s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: rice, Reason: inventory.ReasonAdjust,
		Quantity: -inventory.Units(2), Note: "Torn sack, swept up", UserID: &uid}); err != nil {
		return err
	}
	counted := inventory.Units(57)
	if _, err := s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: rice, Reason: inventory.ReasonCount,
		Counted: &counted, Note: "Monthly stocktake", UserID: &uid}); err != nil {
		return err
	}
	mistake, err := s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: firstBatches[1], Reason: inventory.ReasonConsume,
		Quantity: inventory.Units(20), Note: "Typed into the wrong batch", UserID: &uid})
	if err != nil {
		return err
	}
	_, err = s.Inventory.Reverse(ctx, mistake.ID, "Wrong batch — entered again on the right one", by)
	return err
}
