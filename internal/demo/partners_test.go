package demo_test

import (
	"context"
	"testing"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/partners"
)

// checkDemoPartners: the demo's partners are in the directory, one archived,
// and every demo shipment names one, its destination the partner's.
func checkDemoPartners(t *testing.T, svc *app.Services) {
	ctx := context.Background()
	f := partners.Filter{IncludeArchived: true}
	f.PageSize = 50
	list, total, err := svc.Partners.List(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]partners.Partner{}
	archived := 0
	for _, p := range list {
		byID[p.ID] = p
		if p.Archived {
			archived++
		}
		if p.Address == "" || p.Contact == "" {
			t.Errorf("partner %s without its address or contact: %+v", p.Name, p)
		}
	}
	if total < 4 || archived != 1 {
		t.Fatalf("%d partners, %d archived", total, archived)
	}
	rows, err := svc.DB.Query(ctx, `SELECT number, partner_id, dest_name, dest_address, dest_contact FROM shipping_shipments`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	shipments, named := 0, map[int64]bool{}
	for rows.Next() {
		var number, name, address, contact string
		var partner *int64
		if err := rows.Scan(&number, &partner, &name, &address, &contact); err != nil {
			t.Fatal(err)
		}
		shipments++
		if partner == nil {
			t.Errorf("shipment %s to %s names no partner", number, name)
			continue
		}
		p := byID[*partner]
		if p.Name != name || p.Address != address || p.Contact != contact {
			t.Errorf("shipment %s: destination %q %q %q, its partner %+v", number, name, address, contact, p)
		}
		named[*partner] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if shipments < 10 || len(named) != 3 {
		t.Errorf("%d shipments to %d partners", shipments, len(named))
	}
}
