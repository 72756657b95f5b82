package partners

import (
	"strings"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

func TestInputValidate(t *testing.T) {
	in := Input{Name: "  Riverbend Food Bank ", Address: " 88 Levee Road\nBaton Rouge \n", Contact: " Dock office ", Notes: " \n"}
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	if in.Name != "Riverbend Food Bank" || in.Address != "88 Levee Road\nBaton Rouge" || in.Contact != "Dock office" || in.Notes != "" {
		t.Errorf("trimmed %+v", in)
	}
	for _, c := range []struct {
		in          Input
		code, field string
	}{
		{Input{Name: " "}, "field.required", "name"},
		{Input{Name: strings.Repeat("n", MaxName+1)}, "field.too_long", "name"},
		{Input{Name: "X", Address: strings.Repeat("a", MaxAddress+1)}, "field.too_long", "address"},
		{Input{Name: "X", Contact: strings.Repeat("c", MaxContact+1)}, "field.too_long", "contact"},
		{Input{Name: "X", Notes: strings.Repeat("é", MaxNotes+1)}, "field.too_long", "notes"},
	} {
		e, ok := apperr.As(c.in.Validate())
		if !ok || e.Code != c.code || e.Field != c.field {
			t.Errorf("%.20q: %v, want %s on %s", c.in.Name, e, c.code, c.field)
		}
	}
	if err := (&Input{Name: strings.Repeat("名", MaxName)}).Validate(); err != nil {
		t.Errorf("a name of %d characters: %v", MaxName, err)
	}
}

func TestAttributable(t *testing.T) {
	if err := Attributable(&Partner{ID: 1, Name: "Eastside"}, 1, "partner_id"); err != nil {
		t.Errorf("active partner: %v", err)
	}
	for _, c := range []struct {
		p    *Partner
		kind apperr.Kind
		code string
	}{
		{nil, apperr.Invalid, "partners.unknown"},
		{&Partner{ID: 2, Name: "Closed", Archived: true}, apperr.Conflict, "partners.archived"},
	} {
		e, ok := apperr.As(Attributable(c.p, 2, "partner_id"))
		if !ok || e.Kind != c.kind || e.Code != c.code || e.Field != "partner_id" {
			t.Errorf("%+v: %v, want %s on partner_id", c.p, e, c.code)
		}
	}
}

func TestNameKeyAndSearchText(t *testing.T) {
	if NameKey("St. Mark's PANTRY") != NameKey("st. mark's pantry") {
		t.Error("names differing in case have different keys")
	}
	got := SearchText(&Partner{Name: "Riverbend", Address: "88 Levee Road", Contact: "Dock OFFICE", Notes: "not searched"})
	if got != "riverbend 88 levee road dock office" {
		t.Errorf("search text %q", got)
	}
}
