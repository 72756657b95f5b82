package demo

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
)

// The demo's stock: what a meal-packing group keeps (raw materials for a
// six-serving meal bag, its packaging, finished meals) and eight weeks of
// the work that moved it, each move stamped with the day and hour it
// happened: deliveries on weekday mornings, packing sessions that consume
// ingredients first expiring first and produce a batch of meals, shipments
// to partner pantries, and a few corrections.

// demoWeeks is how far back the history goes.
const demoWeeks = 8

// cost and servings are an item's impact figures: a unit cost in cents
// (the demo organisation's dollars), servings per finished unit.
func cost(cents int64) *int64 { return &cents }

func servings(n int64) *int64 { return &n }

var demoItems = []inventory.NewItem{
	{SKU: "RICE-LG", Name: "Long-grain white rice", Kind: inventory.KindRaw, Unit: "kg", Category: "Grains", Location: "Dry store A", ReorderLevel: inventory.Units(1500), UnitCost: cost(120)},
	{SKU: "LENTIL-RED", Name: "Red lentils", Kind: inventory.KindRaw, Unit: "kg", Category: "Grains", Location: "Dry store A", ReorderLevel: inventory.Units(400), UnitCost: cost(210)},
	{SKU: "SOY-TVP", Name: "Textured soy protein", Kind: inventory.KindRaw, Unit: "kg", Category: "Proteins", Location: "Dry store A", ReorderLevel: inventory.Units(600), UnitCost: cost(340)},
	{SKU: "VEG-DEHY", Name: "Dried vegetable mix", Kind: inventory.KindRaw, Unit: "kg", Category: "Vegetables", Location: "Dry store B", ReorderLevel: inventory.Units(250), UnitCost: cost(560)},
	{SKU: "VEG-ONION", Name: "Dried onion flakes", Kind: inventory.KindRaw, Unit: "kg", Category: "Vegetables", Location: "Dry store B", ReorderLevel: inventory.Units(40), UnitCost: cost(780)},
	{SKU: "VIT-PACK", Name: "Vitamin & mineral packets", Kind: inventory.KindRaw, Unit: "each", Category: "Supplements", Location: "Cage 1", ReorderLevel: inventory.Units(5000), UnitCost: cost(6)},
	{SKU: "SEAS-CHK", Name: "Chicken-flavour seasoning", Kind: inventory.KindRaw, Unit: "kg", Category: "Seasoning", Location: "Dry store B", ReorderLevel: inventory.Units(40), UnitCost: cost(950)},
	{SKU: "SALT-IOD", Name: "Iodised salt", Kind: inventory.KindRaw, Unit: "kg", Category: "Seasoning", Location: "Dry store B", ReorderLevel: inventory.Units(20), UnitCost: cost(80)},
	{SKU: "APPLE-DRY", Name: "Dried apple slices", Kind: inventory.KindRaw, Unit: "kg", Category: "Snacks", Location: "Dry store B", ReorderLevel: 0, UnitCost: cost(1100)},
	{SKU: "BAG-MEAL6", Name: "Meal pouch, 6 servings", Kind: inventory.KindPackaging, Unit: "each", Category: "Bags", Location: "Shelf 3", ReorderLevel: inventory.Units(6000), UnitCost: cost(14)},
	{SKU: "BOX-36", Name: "Shipping box, 36 pouches", Kind: inventory.KindPackaging, Unit: "each", Category: "Boxes", Location: "Pallet bay 2", ReorderLevel: inventory.Units(200), UnitCost: cost(95)},
	{SKU: "LBL-POUCH", Name: "Pouch labels (roll of 1,000)", Kind: inventory.KindPackaging, Unit: "roll", Category: "Labels", Location: "Shelf 1", ReorderLevel: inventory.Units(8), UnitCost: cost(2400)},
	{SKU: "TAPE-48", Name: "Packing tape, 48 mm", Kind: inventory.KindPackaging, Unit: "roll", Category: "Supplies", Location: "Shelf 1", ReorderLevel: inventory.Units(12), UnitCost: cost(320)},
	{SKU: "MEAL-RS6", Name: "Rice & soy casserole, 6 servings", Kind: inventory.KindFinished, Unit: "pouch", Category: "Meals", Location: "Finished goods bay", ServingsPerUnit: servings(6), ShelfLifeDays: ptr(int64(730))},
	{SKU: "MEAL-LV6", Name: "Lentil & vegetable stew, 6 servings", Kind: inventory.KindFinished, Unit: "pouch", Category: "Meals", Location: "Finished goods bay", ServingsPerUnit: servings(6), ShelfLifeDays: ptr(int64(730))},
}

// demoDelivery is stock arriving: daysAgo before today, expiring expires
// days after arrival (0: never).
type demoDelivery struct {
	sku        string
	daysAgo    int
	qty        int64
	expires    int
	source     string
	sourceType string
}

var demoDeliveries = []demoDelivery{
	{"RICE-LG", 55, 4000, 540, "Harvest Foods Co-op", inventory.SourceSupplier},
	{"RICE-LG", 38, 3000, 540, "Harvest Foods Co-op", inventory.SourceSupplier},
	{"RICE-LG", 24, 2500, 540, "Harvest Foods Co-op", inventory.SourceSupplier},
	{"RICE-LG", 10, 1000, 500, "St. Mark's Parish food drive", inventory.SourceDonor},
	{"LENTIL-RED", 54, 1500, 365, "Prairie Pulse Growers", inventory.SourceSupplier},
	{"LENTIL-RED", 26, 1200, 365, "Prairie Pulse Growers", inventory.SourceSupplier},
	{"LENTIL-RED", 8, 800, 365, "Prairie Pulse Growers", inventory.SourceSupplier},
	{"SOY-TVP", 53, 900, 62, "Prairie Soy Mills", inventory.SourceSupplier},
	{"SOY-TVP", 31, 800, 240, "Prairie Soy Mills", inventory.SourceSupplier},
	{"SOY-TVP", 12, 250, 240, "Prairie Soy Mills", inventory.SourceSupplier},
	{"VEG-DEHY", 52, 500, 180, "Green Valley Farms", inventory.SourceSupplier},
	{"VEG-DEHY", 30, 500, 180, "Green Valley Farms", inventory.SourceSupplier},
	{"VEG-DEHY", 16, 500, 180, "Green Valley Farms", inventory.SourceSupplier},
	{"VEG-DEHY", 9, 400, 180, "Green Valley Farms", inventory.SourceDonor},
	{"VEG-ONION", 50, 120, 270, "Green Valley Farms", inventory.SourceSupplier},
	{"VEG-ONION", 20, 60, 270, "Green Valley Farms", inventory.SourceSupplier},
	{"VIT-PACK", 55, 20000, 75, "NutriAid Foundation", inventory.SourceDonor},
	{"VIT-PACK", 20, 15000, 540, "NutriAid Foundation", inventory.SourceDonor},
	{"SEAS-CHK", 51, 120, 90, "Spice Route Ltd", inventory.SourceSupplier},
	{"SEAS-CHK", 17, 80, 240, "Spice Route Ltd", inventory.SourceSupplier},
	{"SALT-IOD", 49, 60, 0, "Spice Route Ltd", inventory.SourceSupplier},
	{"APPLE-DRY", 40, 35, 37, "Orchard Hills", inventory.SourceDonor},
	{"APPLE-DRY", 12, 20, 30, "Orchard Hills", inventory.SourceDonor},
	{"BAG-MEAL6", 55, 20000, 0, "FlexiPack Supplies", inventory.SourceSupplier},
	{"BAG-MEAL6", 27, 15000, 0, "FlexiPack Supplies", inventory.SourceSupplier},
	{"BOX-36", 54, 700, 0, "Midwest Carton", inventory.SourceSupplier},
	{"BOX-36", 25, 500, 0, "Midwest Carton", inventory.SourceSupplier},
	{"LBL-POUCH", 53, 30, 0, "PrintWorks", inventory.SourceSupplier},
	{"LBL-POUCH", 19, 15, 0, "PrintWorks", inventory.SourceSupplier},
	{"TAPE-48", 52, 48, 0, "Midwest Carton", inventory.SourceSupplier},
}

// demoRecipe is what packing one pouch of a meal takes, in thousandths of
// each ingredient's unit.
var demoRecipes = map[string]map[string]inventory.Quantity{
	"MEAL-RS6": {"RICE-LG": 390, "SOY-TVP": 90, "VEG-DEHY": 50, "VEG-ONION": 5, "VIT-PACK": 1000, "SEAS-CHK": 10,
		"BAG-MEAL6": 1000, "LBL-POUCH": 1},
	"MEAL-LV6": {"LENTIL-RED": 300, "RICE-LG": 120, "VEG-DEHY": 80, "VEG-ONION": 6, "VIT-PACK": 1000, "SALT-IOD": 6,
		"BAG-MEAL6": 1000, "LBL-POUCH": 1},
}

// demoEvent is one thing that happened, at a time.
type demoEvent struct {
	at time.Time
	do func(ctx context.Context) error
}

// loadInventory writes the demo stock and its history through the
// inventory service, oldest first, so that every batch shows its receipt
// on the day it came and every balance follows from the moves before it.
func loadInventory(ctx context.Context, s Services) error {
	if s.Inventory == nil {
		return nil
	}
	zone, err := s.Inventory.Zone(ctx)
	if err != nil {
		return err
	}
	now := s.DB.Now()
	t0 := now.In(zone)
	today := time.Date(t0.Year(), t0.Month(), t0.Day(), 0, 0, 0, 0, zone)
	// at is hh:mm on the day daysAgo before today, in the organisation's zone.
	at := func(daysAgo, hh, mm int) time.Time {
		return today.AddDate(0, 0, -daysAgo).Add(time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute)
	}
	date := func(t time.Time) string { return t.In(zone).Format(time.DateOnly) }
	users := map[string]*int64{}
	for _, email := range []string{Email, "sam@packline.local"} {
		var id int64
		if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, email).Scan(&id); err != nil {
			return err
		}
		users[email] = &id
	}
	dana, sam := users[Email], users["sam@packline.local"]

	// Each item was set up the morning before its first delivery.
	itemID := map[string]int64{}
	for _, n := range demoItems {
		n.OccurredAt = at(demoWeeks*7, 9, 0)
		it, err := s.Inventory.CreateItem(ctx, n)
		if err != nil {
			return fmt.Errorf("item %s: %w", n.SKU, err)
		}
		itemID[n.SKU] = it.ID
	}

	var events []demoEvent
	add := func(t time.Time, fn func(ctx context.Context) error) {
		if t.Before(now) {
			events = append(events, demoEvent{t, fn})
		}
	}
	firstBatch := map[string]int64{} // the first batch received of each item
	for i, d := range demoDeliveries {
		t := at(d.daysAgo, 8+i%3, 10+(i*7)%45)
		by := dana
		if i%2 == 1 {
			by = sam
		}
		add(t, func(ctx context.Context) error {
			nb := inventory.NewBatch{Quantity: inventory.Units(d.qty), ReceivedAt: date(t), Source: d.source,
				SourceType: d.sourceType, Note: "Delivery checked in", OccurredAt: t}
			if d.expires != 0 {
				nb.ExpiresAt = date(t.AddDate(0, 0, d.expires))
			}
			b, _, err := s.Inventory.ReceiveBatch(ctx, itemID[d.sku], nb, inventory.Actor{UserID: by})
			if err != nil {
				return fmt.Errorf("delivery of %s: %w", d.sku, err)
			}
			if _, ok := firstBatch[d.sku]; !ok {
				firstBatch[d.sku] = b.ID
			}
			return nil
		})
	}

	pack, err := newDemoPacking(ctx, s, itemID, dana)
	if err != nil {
		return err
	}
	// Packing sessions on Mondays, Wednesdays and Fridays (casserole, stew,
	// casserole), and shipments to partner pantries on Tuesdays and Thursdays.
	for daysAgo := demoWeeks*7 - 3; daysAgo >= 1; daysAgo-- {
		day := today.AddDate(0, 0, -daysAgo)
		switch day.Weekday() {
		case time.Monday, time.Wednesday, time.Friday:
			if pack.traced() && daysAgo <= demoHourlyDays {
				continue // the hourly production's days
			}
			meal := "MEAL-RS6"
			if day.Weekday() == time.Wednesday {
				meal = "MEAL-LV6"
			}
			pouches := inventory.Units(int64(1080 + 36*(daysAgo%7)))
			t := at(daysAgo, 13, 30)
			add(t, func(ctx context.Context) error { return pack.session(ctx, meal, pouches, t, sam) })
		case time.Tuesday, time.Thursday:
			t := at(daysAgo, 15, 45)
			partner := []string{"Eastside Community Pantry", "Riverbend Food Bank", "St. Mark's Parish pantry"}[daysAgo%3]
			add(t, func(ctx context.Context) error { return demoShip(ctx, s, itemID, partner, t, dana) })
		}
	}

	// Corrections: a torn sack, the monthly stocktake, a mistaken entry
	// undone ten minutes later, and a roll of tape used on the loading dock.
	add(at(33, 10, 5), func(ctx context.Context) error {
		_, err := s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: firstBatch["RICE-LG"], Reason: inventory.ReasonAdjust,
			Quantity: -inventory.Units(12), Note: "Torn sack, swept up", UserID: sam, OccurredAt: at(33, 10, 5)})
		return err
	})
	add(at(28, 16, 40), func(ctx context.Context) error {
		it, err := s.Inventory.GetItem(ctx, itemID["SEAS-CHK"])
		if err != nil || len(it.Batches) == 0 || it.Batches[0].OnHand < inventory.Units(2) {
			return err
		}
		found := it.Batches[0].OnHand - inventory.Units(1)
		_, err = s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: it.Batches[0].ID, Reason: inventory.ReasonCount,
			Counted: &found, Note: "Monthly stocktake", UserID: dana, OccurredAt: at(28, 16, 40)})
		return err
	})
	add(at(6, 11, 20), func(ctx context.Context) error {
		it, err := s.Inventory.GetItem(ctx, itemID["LENTIL-RED"])
		if err != nil || len(it.Batches) == 0 || it.Batches[0].OnHand < inventory.Units(25) {
			return err
		}
		m, err := s.Inventory.RecordMove(ctx, inventory.NewMove{BatchID: it.Batches[0].ID, Reason: inventory.ReasonConsume,
			Quantity: inventory.Units(25), Note: "Typed into the wrong batch", UserID: sam, OccurredAt: at(6, 11, 20)})
		if err != nil {
			return err
		}
		_, err = s.Inventory.ReverseAt(ctx, m.ID, "Wrong batch — entered again on the right one", inventory.Actor{UserID: sam}, at(6, 11, 30))
		return err
	})
	add(at(4, 9, 15), func(ctx context.Context) error {
		_, err := s.Inventory.Take(ctx, itemID["TAPE-48"], inventory.Units(40), inventory.NewMove{Reason: inventory.ReasonConsume,
			Note: "Sealing boxes for shipments", UserID: dana, OccurredAt: at(4, 9, 15)})
		return err
	})

	sort.SliceStable(events, func(i, j int) bool { return events[i].at.Before(events[j].at) })
	for _, e := range events {
		if err := e.do(ctx); err != nil {
			return err
		}
	}
	return pack.close(ctx)
}

// demoPacking packs meals in sessions. With production wired, a session is
// a production entry on the packing line of its meal, under the meal's
// recipe, so that every ingredient it used is traced to the meals it made
// (and to the partners they were shipped to); without, its moves are
// written as they would be by hand.
type demoPacking struct {
	s      Services
	itemID map[string]int64
	lines  map[string]int64 // meal → its packing line
}

func newDemoPacking(ctx context.Context, s Services, itemID map[string]int64, by *int64) (*demoPacking, error) {
	p := &demoPacking{s: s, itemID: itemID, lines: map[string]int64{}}
	if s.Production == nil {
		return p, nil
	}
	for i, meal := range []string{"MEAL-RS6", "MEAL-LV6"} {
		l, err := s.Production.CreateLine(ctx, production.NewLine{Name: fmt.Sprintf("Packing line %d", i+1)})
		if err != nil {
			return nil, err
		}
		p.lines[meal] = l.ID
		skus := make([]string, 0, len(demoRecipes[meal]))
		for sku := range demoRecipes[meal] {
			skus = append(skus, sku)
		}
		sort.Strings(skus)
		var comps []production.Component
		for _, sku := range skus {
			comps = append(comps, production.Component{ItemID: itemID[sku], Quantity: demoRecipes[meal][sku]})
		}
		if _, err := s.Production.SetRecipe(ctx, itemID[meal], comps, production.Actor{UserID: by}); err != nil {
			return nil, fmt.Errorf("recipe of %s: %w", meal, err)
		}
	}
	return p, nil
}

// close archives the packing lines once their weeks are written: the
// hourly production that follows has lines of its own, and the old
// sessions stay in the reports and the trace.
func (p *demoPacking) close(ctx context.Context) error {
	yes := true
	for _, id := range p.lines {
		if _, err := p.s.Production.UpdateLine(ctx, id, production.LinePatch{Archived: &yes}); err != nil {
			return err
		}
	}
	return nil
}

// traced reports whether sessions are production entries.
func (p *demoPacking) traced() bool { return len(p.lines) > 0 }

// session packs pouches of a meal, starting at at and done two hours
// later: its ingredients consumed first expiring first, the meals produced
// as the day's batch of its line, and a box per 36 pouches used. A session
// is skipped when something would run short.
func (p *demoPacking) session(ctx context.Context, meal string, pouches inventory.Quantity, at time.Time, by *int64) error {
	s, itemID := p.s, p.itemID
	done := at.Add(2 * time.Hour)
	if line, ok := p.lines[meal]; ok {
		// The moves carry the time the session ended (the demo loads
		// before the server serves anyone, so the clock is its alone).
		realNow := s.DB.Clock()
		s.DB.SetNow(func() time.Time { return done })
		zone, err := s.Inventory.Zone(ctx)
		if err == nil {
			local := at.In(zone)
			_, err = s.Production.CreateEntry(ctx, production.NewEntry{Date: local.Format(time.DateOnly), Hour: local.Hour(), LineID: line,
				ProductID: itemID[meal], Units: int64(pouches / inventory.QuantityScale), Note: "Packing session"}, production.Actor{UserID: by})
		}
		s.DB.SetNow(realNow)
		if apperr.CodeOf(err) == "production.components_short" {
			return nil
		}
		if err != nil {
			return fmt.Errorf("packing %s: %w", meal, err)
		}
		return p.boxes(ctx, pouches, at, by)
	}
	recipe := demoRecipes[meal]
	need := func(per inventory.Quantity) inventory.Quantity { return per * pouches / inventory.QuantityScale }
	for sku, per := range recipe {
		it, err := s.Inventory.GetItem(ctx, itemID[sku])
		if err != nil {
			return err
		}
		if it.OnHand < need(per) {
			return nil
		}
	}
	skus := make([]string, 0, len(recipe))
	for sku := range recipe {
		skus = append(skus, sku)
	}
	sort.Strings(skus)
	for _, sku := range skus {
		if _, err := s.Inventory.Take(ctx, itemID[sku], need(recipe[sku]), inventory.NewMove{Reason: inventory.ReasonConsume,
			Note: "Packing session: " + meal, UserID: by, OccurredAt: at}); err != nil {
			return fmt.Errorf("packing %s, %s: %w", meal, sku, err)
		}
	}
	if err := p.boxes(ctx, pouches, at, by); err != nil {
		return err
	}
	line := "Packing line 1"
	if meal == "MEAL-LV6" {
		line = "Packing line 2"
	}
	_, _, err := s.Inventory.ReceiveBatch(ctx, itemID[meal], inventory.NewBatch{Quantity: pouches,
		ReceivedAt: done.Format(time.DateOnly), ExpiresAt: done.AddDate(2, 0, 0).Format(time.DateOnly), Source: line,
		SourceType: inventory.SourceProduction, Note: "Packed on the line", OccurredAt: done}, inventory.Actor{UserID: by})
	return err
}

// boxes uses a shipping box per 36 pouches, when there are enough.
func (p *demoPacking) boxes(ctx context.Context, pouches inventory.Quantity, at time.Time, by *int64) error {
	boxes := (pouches/inventory.QuantityScale + 35) / 36
	it, err := p.s.Inventory.GetItem(ctx, p.itemID["BOX-36"])
	if err != nil || it.OnHand < inventory.Units(int64(boxes)) {
		return nil
	}
	_, err = p.s.Inventory.Take(ctx, it.ID, inventory.Units(int64(boxes)), inventory.NewMove{
		Reason: inventory.ReasonConsume, Note: "Boxes for the packing session", UserID: by, OccurredAt: at})
	return err
}

// demoShip sends most of the meals on hand to a partner pantry, first
// expiring first.
func demoShip(ctx context.Context, s Services, itemID map[string]int64, partner string, at time.Time, by *int64) error {
	if s.Shipping != nil {
		return demoShipment(ctx, s, itemID, partner, at, by, at.YearDay())
	}
	for _, meal := range []string{"MEAL-RS6", "MEAL-LV6"} {
		it, err := s.Inventory.GetItem(ctx, itemID[meal])
		if err != nil {
			return err
		}
		// Whole boxes of 36, keeping about a day's packing in reserve.
		q := (it.OnHand - inventory.Units(700)) / inventory.Units(36) * inventory.Units(36)
		if q <= 0 {
			continue
		}
		if _, err := s.Inventory.Take(ctx, it.ID, q, inventory.NewMove{Reason: inventory.ReasonShip,
			Note: "Shipped to " + partner, UserID: by, OccurredAt: at}); err != nil {
			return fmt.Errorf("shipping %s: %w", meal, err)
		}
	}
	return nil
}
