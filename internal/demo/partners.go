package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/shipping"
)

// demoPartners are the places the demo ships to, in the partner directory
// since the demo's first week; the summer camp's season is over and it is
// archived.
var demoPartners = []partners.Input{
	{Name: "Eastside Community Pantry", Address: "410 E 7th Street\nAustin, TX 78701", Contact: "Maria Lopez, (512) 555-0142",
		Notes: "Back dock on Waller St. Open Tue–Sat from 9; ring the bell."},
	{Name: "Riverbend Food Bank", Address: "88 Levee Road\nBaton Rouge, LA 70802", Contact: "Dock office, (225) 555-0117",
		Notes: "Pallets only, shrink-wrapped. Book a slot the day before."},
	{Name: "St. Mark's Parish pantry", Address: "12 Church Lane\nSpringfield, IL 62701", Contact: "Fr. Tom Reilly, (217) 555-0190",
		Notes: "Side door by the hall. Weekday mornings only."},
	{Name: "Harbor Light Family Shelter", Address: "2209 S Michigan Ave\nChicago, IL 60616", Contact: "Kitchen, Aisha Green, (312) 555-0163",
		Notes: "New this month: wants the stew for its evening meals. First delivery to plan with Aisha."},
	{Name: "Lakeside Summer Camp", Address: "5 Shoreline Drive\nLake Geneva, WI 53147", Contact: "Camp office, (262) 555-0108",
		Notes: "Lunches in June and July."},
}

// demoArchivedPartner is the partner archived at the end of its season.
const demoArchivedPartner = "Lakeside Summer Camp"

// loadPartners writes the partner directory, dated the demo's first week.
func loadPartners(ctx context.Context, s Services) error {
	if s.Partners == nil {
		return nil
	}
	since := s.DB.Now().AddDate(0, 0, -demoWeeks*7).Truncate(time.Hour)
	for i, in := range demoPartners {
		in.OccurredAt = since.Add(time.Duration(i) * 7 * time.Minute)
		p, err := s.Partners.Create(ctx, in)
		if err != nil {
			return fmt.Errorf("partner %s: %w", in.Name, err)
		}
		if in.Name == demoArchivedPartner {
			archived := true
			if _, err := s.Partners.Update(ctx, p.ID, partners.Patch{Archived: &archived}); err != nil {
				return err
			}
		}
	}
	return nil
}

// demoDestination is where a demo shipment to a partner goes: the partner
// of the directory, whose name, address and contact the shipment takes, or
// (without the partners service) its destination typed out.
func demoDestination(ctx context.Context, s Services, name string) (shipping.Destination, *int64, error) {
	if s.Partners != nil {
		f := partners.Filter{}
		f.Search, f.PageSize = name, 5
		list, _, err := s.Partners.List(ctx, f)
		if err != nil {
			return shipping.Destination{}, nil, err
		}
		for _, p := range list {
			if p.Name == name {
				return shipping.Destination{}, &p.ID, nil
			}
		}
		return shipping.Destination{}, nil, fmt.Errorf("no demo partner %s", name)
	}
	for _, p := range demoPartners {
		if p.Name == name {
			return shipping.Destination{Name: p.Name, Address: p.Address, Contact: p.Contact}, nil, nil
		}
	}
	return shipping.Destination{}, nil, fmt.Errorf("no demo partner %s", name)
}
