package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/timeclock"
)

// demoUnitsPerHour is what one person packs in an hour on the demo lines.
const demoUnitsPerHour = 5

// demoHourlyDays is how many days back production is entered hour by hour,
// from the time clock; before them, packing sessions (see demoPacking).
const demoHourlyDays = 15

// loadProduction adds two lines, the meal pouch's recipe, and an entry for
// every hour of the last two weeks in which the demo employees were clocked
// in, night shifts included, up to the current hour of today: units follow
// the labour on each line (the first ten employees work on line 1, the next
// ten on line 2, the rest wherever the work is), and every entry consumes
// the demo stock first-expiry-first-out, topped up by a delivery sized to
// the plan so that output never stops while people work. One entry is
// reversed with its reason.
func loadProduction(ctx context.Context, s Services, pr *demoProjects) error {
	if s.Production == nil || s.Inventory == nil {
		return nil
	}
	var uid int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&uid); err != nil {
		return err
	}
	by := production.Actor{UserID: &uid}
	l1, err := s.Production.CreateLine(ctx, production.NewLine{Name: "Line 1 — main hall", HourlyTarget: ptr(int64(60))})
	if err != nil {
		return err
	}
	l2, err := s.Production.CreateLine(ctx, production.NewLine{Name: "Line 2 — side tables", HourlyTarget: ptr(int64(45))})
	if err != nil {
		return err
	}
	sku := map[string]int64{}
	rows, err := s.DB.Query(ctx, `SELECT id, sku FROM inventory_items`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			rows.Close()
			return err
		}
		sku[k] = id
	}
	rows.Close()
	meal := sku["MEAL-RS6"]
	if meal == 0 {
		return nil
	}
	q := func(s string) inventory.Quantity { v, _ := inventory.ParseQuantity(s); return v }
	if _, err := s.Production.SetRecipe(ctx, meal, []production.Component{
		{ItemID: sku["RICE-LG"], Quantity: q("0.18")}, {ItemID: sku["SOY-TVP"], Quantity: q("0.05")},
		{ItemID: sku["VEG-DEHY"], Quantity: q("0.03")}, {ItemID: sku["VIT-PACK"], Quantity: q("1")},
		{ItemID: sku["BAG-MEAL6"], Quantity: q("1")},
	}, by); err != nil {
		return fmt.Errorf("recipe: %w", err)
	}
	// Two levels of production: pouches packed into cases.
	if sku["BOX-36"] != 0 {
		kase, err := s.Inventory.CreateItem(ctx, inventory.NewItem{SKU: "CASE-RS6-36", Name: "Case of 36 casserole pouches",
			Kind: inventory.KindFinished, Unit: "case", Category: "Meals", Location: "Finished goods bay", ServingsPerUnit: servings(216)})
		if err != nil {
			return err
		}
		if _, err := s.Production.SetRecipe(ctx, kase.ID, []production.Component{
			{ItemID: meal, Quantity: q("36")}, {ItemID: sku["BOX-36"], Quantity: q("1")},
		}, by); err != nil {
			return fmt.Errorf("case recipe: %w", err)
		}
	}
	cal := s.Production.Calendar
	loc, err := cal.Zone(ctx)
	if err != nil {
		return err
	}
	now := cal.Now()
	today := timeclock.DateOf(now, loc)
	start := today.AddDays(-demoHourlyDays)
	// Who worked which hour on which line, from the demo punches.
	var emps []int64
	erows, err := s.DB.Query(ctx, `SELECT id FROM employees ORDER BY id`)
	if err != nil {
		return err
	}
	for erows.Next() {
		var id int64
		if err := erows.Scan(&id); err != nil {
			erows.Close()
			return err
		}
		emps = append(emps, id)
	}
	erows.Close()
	for d := start; !today.Before(d); d = d.AddDays(1) {
		for i, id := range emps {
			line := &l1.ID
			switch {
			case i >= 20:
				continue
			case i >= 10:
				line = &l2.ID
			}
			if err := s.Production.Assign(ctx, production.Assignment{Date: d.String(), EmployeeID: id, LineID: line}); err != nil {
				return err
			}
		}
	}
	// The plan first: every hour anyone worked, on each line, up to now
	// (today's current hour so far), with units that follow its labour.
	rnd := rand.New(rand.NewPCG(10, 6))
	nowHour := now.In(loc).Hour()
	var plan []plannedEntry
	var total int64
	for d := start; !today.Before(d); d = d.AddDays(1) {
		// Labour if both lines produced every hour: every clocked-in hour counts.
		lab, err := s.Production.LabourIfProducing(ctx, d.String(), []int64{l1.ID, l2.ID})
		if err != nil {
			return err
		}
		for _, sl := range production.SortedSlotLines(lab) {
			if sl.Date == today.String() && sl.Hour > nowHour {
				continue // has not happened yet
			}
			units := int64(math.Round(lab[sl].Hours() * demoUnitsPerHour * (0.85 + rnd.Float64()*0.3)))
			if units < 1 {
				continue
			}
			plan = append(plan, plannedEntry{sl, units})
			total += units
		}
	}
	// The drive's delivery covers the plan with a fifth to spare, so no
	// day with people at work goes without output for want of stock.
	need := func(perUnit float64, least int64) string {
		return strconv.FormatInt(max(int64(math.Ceil(float64(total)*perUnit*1.2)), least), 10)
	}
	for _, d := range []struct {
		sku, qty, source string
		expires          int
	}{{"RICE-LG", need(0.18, 1500), "Harvest Foods Co-op", 320}, {"VIT-PACK", need(1, 12000), "NutriAid Foundation", 500},
		{"SOY-TVP", need(0.05, 300), "Prairie Soy Mills", 240}, {"VEG-DEHY", need(0.03, 200), "Green Valley Farms", 150},
		{"BAG-MEAL6", need(1, 15000), "FlexiPack Supplies", 0}} {
		if sku[d.sku] == 0 {
			continue
		}
		nb := inventory.NewBatch{Quantity: q(d.qty), ReceivedAt: start.String(), Source: d.source,
			SourceType: inventory.SourceSupplier, Note: "Delivery for the two-week packing drive",
			OccurredAt: hourIn(start, 7, loc)}
		if d.expires > 0 {
			nb.ExpiresAt = start.AddDays(d.expires).String()
		}
		if _, _, err := s.Inventory.ReceiveBatch(ctx, sku[d.sku], nb, inventory.Actor{UserID: &uid}); err != nil {
			return err
		}
	}

	realNow := s.DB.Clock()
	defer s.DB.SetNow(realNow)
	var first *production.Entry
	for _, p := range plan {
		sl := p.slot
		// The entry is written as at the end of its hour (the current
		// hour: now), so its moves and finished batch carry the time they
		// happened (the demo loads before the server serves anyone, so the
		// clock is its alone).
		d, _ := timeclock.ParseDate(sl.Date)
		at := hourIn(d, sl.Hour+1, loc).UTC()
		if at.After(now) {
			at = now
		}
		s.DB.SetNow(func() time.Time { return at })
		lineNo := 1
		if sl.LineID == l2.ID {
			lineNo = 2
		}
		e, err := s.Production.CreateEntry(ctx, production.NewEntry{Date: sl.Date, Hour: sl.Hour, LineID: sl.LineID,
			ProductID: meal, Units: p.units, ProjectID: pr.projectOf(sl.Date, lineNo)}, by)
		if err != nil {
			return fmt.Errorf("entry %s %d: %w", sl.Date, sl.Hour, err)
		}
		if first == nil {
			first = e
			if _, err := s.Production.ReverseEntry(ctx, e.ID, "Counted the same hour twice", by); err != nil {
				return err
			}
		}
	}
	return nil
}

// plannedEntry is an hour's units on a line, from that hour's labour.
type plannedEntry struct {
	slot  production.SlotLine
	units int64
}

func ptr[T any](v T) *T { return &v }

// hourIn is hour o'clock on day d in loc (hour 24 is the next midnight).
func hourIn(d timeclock.Date, hour int, loc *time.Location) time.Time {
	t, _ := time.ParseInLocation(time.DateOnly, d.String(), loc)
	return time.Date(t.Year(), t.Month(), t.Day(), hour, 0, 0, 0, loc)
}
