package shipping

import (
	"testing"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/partners"
)

// A destination's empty fields are the partner's; what was typed stays.
func TestDestinationFillFrom(t *testing.T) {
	p := &partners.Partner{Name: "Eastside Community Pantry", Address: "410 E 7th Street", Contact: "Maria Lopez"}
	for _, c := range []struct{ in, want Destination }{
		{Destination{}, Destination{Name: p.Name, Address: p.Address, Contact: p.Contact}},
		{Destination{Name: "Eastside, back dock"}, Destination{Name: "Eastside, back dock", Address: p.Address, Contact: p.Contact}},
		{Destination{Name: "X", Address: "Y", Contact: "Z"}, Destination{Name: "X", Address: "Y", Contact: "Z"}},
	} {
		if got := c.in.FillFrom(p); got != c.want {
			t.Errorf("%+v filled: %+v, want %+v", c.in, got, c.want)
		}
	}
}

// The destination's name is required unless a partner fills it.
func TestValidateNameOrPartner(t *testing.T) {
	lines := []NewLine{{BatchID: 1, Quantity: 1}}
	in := Input{ShipDate: "2026-11-24", Destination: Destination{Name: "  ", Address: "Somewhere"}, Lines: lines}
	if e, ok := apperr.As(in.Validate()); !ok || e.Code != "field.required" || e.Field != "destination.name" {
		t.Errorf("no name, no partner: %v", e)
	}
	id := int64(4)
	in = Input{ShipDate: "2026-11-24", PartnerID: &id, Lines: lines}
	if err := in.Validate(); err != nil {
		t.Errorf("a partner without a name: %v", err)
	}
}
