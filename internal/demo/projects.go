package demo

import (
	"context"
	"strings"
	"time"

	"github.com/packline/packline/internal/clients"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/timeclock"
)

// demoProjects are the demo's clients and packing projects, and which of
// the demo's hourly entries are made for which project.
type demoProjects struct {
	drive, kits, spring int64 // project ids
	start               timeclock.Date
	meal                int64
}

// projectOf names the project an entry on line (1 or 2) on date is made
// for: line 1 packs the winter drive all fortnight; line 2 packs the spring
// event in the first week and the hurricane kits after; nil without projects.
func (p *demoProjects) projectOf(date string, line int) *int64 {
	if p == nil {
		return nil
	}
	if line == 1 {
		return &p.drive
	}
	if date < p.start.AddDays(7).String() {
		return &p.spring
	}
	return &p.kits
}

// loadClients adds three clients and four projects for the meal pouch, in
// each status; production then makes units for them (projectOf).
func loadClients(ctx context.Context, s Services) (*demoProjects, error) {
	if s.Clients == nil || s.Projects == nil || s.Production == nil {
		return nil, nil
	}
	var meal, uid, staff int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM inventory_items WHERE sku = ?`, "MEAL-RS6").Scan(&meal); err != nil {
		return nil, nil // no demo inventory: no projects
	}
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&uid); err != nil {
		return nil, err
	}
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, "sam@packline.local").Scan(&staff); err != nil {
		return nil, err
	}
	ids := map[string]int64{}
	for _, c := range []clients.Input{
		{Name: "Eastside Community Pantry", Email: "orders@eastsidepantry.org", Address: "410 E 7th Street", City: "Austin, TX 78701", Country: "United States"},
		{Name: "Riverbend Food Bank", Email: "logistics@riverbendfoodbank.org", Address: "88 Levee Road", City: "Baton Rouge, LA 70802", Country: "United States"},
		{Name: "NutriAid Foundation", Email: "grants@nutriaid.example", Address: "1200 Market Street, Suite 400", City: "St. Louis, MO 63103", Country: "United States"},
	} {
		got, err := s.Clients.Create(ctx, c)
		if err != nil {
			return nil, err
		}
		ids[c.Name] = got.ID
	}
	cal := s.Production.Calendar
	loc, err := cal.Zone(ctx)
	if err != nil {
		return nil, err
	}
	today := timeclock.DateOf(cal.Now(), loc)
	start := today.AddDays(-15)
	out := &demoProjects{start: start, meal: meal}
	for _, p := range []struct {
		in  projects.Input
		dst *int64
	}{
		{projects.Input{Name: "Winter meal drive", ClientID: ids["Eastside Community Pantry"], Status: projects.StatusImportant,
			ProductID: meal, TargetUnits: 12000, StartDate: start.String(), DueDate: today.AddDays(12).String(), TeamIDs: []int64{uid, staff},
			Notes: "Six-packs of rice casserole for the pantry's winter boxes. Line 1 packs this drive every session."}, &out.drive},
		{projects.Input{Name: "Hurricane-season kits", ClientID: ids["Riverbend Food Bank"], Status: projects.StatusInProgress,
			ProductID: meal, TargetUnits: 9000, StartDate: start.AddDays(7).String(), DueDate: today.AddDays(40).String(), OwnerID: &staff,
			TeamIDs: []int64{staff}, Notes: "Shelf-stable meals for the food bank's emergency stock."}, &out.kits},
		{projects.Input{Name: "Spring sponsor packing event", ClientID: ids["NutriAid Foundation"], Status: projects.StatusInProgress,
			ProductID: meal, TargetUnits: 1, StartDate: start.String(), DueDate: start.AddDays(6).String(), TeamIDs: []int64{uid},
			Notes: "Sponsored event: volunteers from NutriAid packed with us for a week."}, &out.spring},
		{projects.Input{Name: "Summer camp lunches", ClientID: ids["Riverbend Food Bank"], Status: projects.StatusArchived,
			ProductID: meal, TargetUnits: 1200, StartDate: today.AddDays(-150).String(), DueDate: today.AddDays(-120).String(),
			Notes: "Called off by the camp; kept for the record."}, nil},
	} {
		got, err := s.Projects.Create(ctx, p.in, &uid)
		if err != nil {
			return nil, err
		}
		if p.dst != nil {
			*p.dst = got.ID
		}
	}
	return out, nil
}

// finishProjects ships for the projects what production made for them, and
// closes the spring event with its target set to what was packed.
func finishProjects(ctx context.Context, s Services, p *demoProjects) error {
	if p == nil || s.Shipping == nil {
		return nil
	}
	var uid int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&uid); err != nil {
		return err
	}
	spring, err := s.Projects.Get(ctx, p.spring)
	if err != nil {
		return err
	}
	if spring.ProducedUnits > 0 {
		target := spring.ProducedUnits
		done := projects.StatusCompleted
		if _, err := s.Projects.Update(ctx, p.spring, projects.Patch{TargetUnits: &target, Status: &done}); err != nil {
			return err
		}
	}
	cal := s.Production.Calendar
	loc, err := cal.Zone(ctx)
	if err != nil {
		return err
	}
	for _, sh := range []struct {
		project  int64
		daysAgo  int
		partner  string
		units    int64 // pouches, at most what is on hand
		delivers bool
	}{
		{p.spring, 8, "St. Mark's Parish pantry", 3780, true},
		{p.drive, 6, "Eastside Community Pantry", 2880, true},
		{p.drive, 2, "Eastside Community Pantry", 2160, false},
		{p.kits, 1, "Riverbend Food Bank", 1440, false},
	} {
		day := p.start.AddDays(15 - sh.daysAgo)
		at := hourIn(day, 16, loc)
		units := sh.units
		if sh.project == p.spring {
			units = min(units, spring.ProducedUnits/36*36) // all it packed, in whole boxes
		}
		if err := demoProjectShipment(ctx, s, p, sh.project, day.String(), sh.partner, at, units, sh.delivers, uid); err != nil {
			return err
		}
	}
	return nil
}

// demoProjectShipment ships up to units pouches packed by day (the
// production batches received by then) to a partner for a project.
func demoProjectShipment(ctx context.Context, s Services, p *demoProjects, project int64, day, partner string, at time.Time,
	units int64, delivers bool, uid int64) error {
	it, err := s.Inventory.GetItem(ctx, p.meal)
	if err != nil {
		return err
	}
	var lines []shipping.NewLine
	var total inventory.Quantity
	for _, b := range it.Batches {
		if b.OnHand <= 0 || b.ReceivedAt > day || !strings.HasPrefix(b.Code, "MEAL-RS6-") || !strings.Contains(b.Code, "-L") {
			continue
		}
		q := min(b.OnHand/inventory.QuantityScale*inventory.QuantityScale, inventory.Units(units)-total)
		if q <= 0 {
			break
		}
		lines = append(lines, shipping.NewLine{BatchID: b.ID, Quantity: q})
		total += q
	}
	if len(lines) == 0 {
		return nil
	}
	pouches := int(total / inventory.QuantityScale)
	actor := inventory.Actor{UserID: &uid}
	dest, partnerID, err := demoDestination(ctx, s, partner)
	if err != nil {
		return err
	}
	sh, err := s.Shipping.Create(ctx, shipping.Input{ShipDate: day, Destination: dest, PartnerID: partnerID, Carrier: "Own van",
		Pallets: (pouches + 719) / 720, WeightKg: float64(pouches) * 1.35, Notes: "Project delivery.", Lines: lines,
		ProjectID: &project, OccurredAt: at.Add(-6 * time.Hour)}, actor)
	if err != nil {
		return err
	}
	if at.After(s.DB.Now()) {
		return nil // later today: still planned
	}
	if _, err := s.Shipping.ShipAt(ctx, sh.ID, actor, at); err != nil {
		return err
	}
	if done := at.Add(18 * time.Hour); delivers && done.Before(s.DB.Now()) {
		_, err = s.Shipping.DeliverAt(ctx, sh.ID, actor, done)
	}
	return err
}
