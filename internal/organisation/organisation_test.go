package organisation

import (
	"context"
	"maps"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

func TestSupportEmailMustBeAPlainAddress(t *testing.T) {
	for _, tc := range []struct {
		email string
		ok    bool
	}{
		{"help@group.org", true},
		{"first.last+kiosk@packing.example", true},
		{"a?cc=boss@group.org", false},
		{"a&body=x@group.org", false},
		{"user@localhost", false},
		{"not an email", false},
		{"Name <help@group.org>", false},
		{"", false},
	} {
		e := tc.email
		_, err := Patch{SupportEmail: &e}.Apply(Defaults)
		if got := err == nil; got != tc.ok {
			t.Errorf("%q: accepted = %v, want %v (err %v)", tc.email, got, tc.ok, err)
		}
	}
}

type memStore map[string]string

func (m memStore) Values(ctx context.Context) (map[string]string, error) { return maps.Clone(m), nil }
func (m memStore) Put(ctx context.Context, v map[string]string) error {
	maps.Copy(m, v)
	return nil
}

func TestUpdateWritesOnlyWhatThePatchNamesWithCodes(t *testing.T) {
	ctx := context.Background()
	store := memStore{}
	svc := NewService(store)
	if st, err := svc.Get(ctx); err != nil || st != Defaults {
		t.Fatalf("nothing stored: %+v, %v; want the defaults", st, err)
	}
	name, hours := "  Packers United ", 10
	st, err := svc.Update(ctx, Patch{Name: &name, MaxShiftHours: &hours})
	if err != nil || st.Name != "Packers United" || st.MaxShiftHours != 10 || st.TimeZone != Defaults.TimeZone {
		t.Fatalf("update: %+v, %v", st, err)
	}
	if _, ok := store["time_zone"]; ok || len(store) != 2 {
		t.Fatalf("stored %v; want only the two settings the patch named", store)
	}
	bad := func(p Patch, code, field string) {
		t.Helper()
		_, err := svc.Update(ctx, p)
		e, ok := apperr.As(err)
		if !ok || e.Code != code || e.Field != field {
			t.Errorf("%+v: %v, want %s on %s", p, err, code, field)
		}
	}
	blank, invisible, zone, shift := " ", "\u202e", "Mars/Olympus", 49
	bad(Patch{Name: &blank}, "settings.name_length", "organisation_name")
	bad(Patch{Name: &invisible}, "text.invisible", "organisation_name")
	bad(Patch{TimeZone: &zone}, "settings.time_zone_unknown", "time_zone")
	bad(Patch{MaxShiftHours: &shift}, "settings.max_shift_hours_range", "max_shift_hours")
	email := "a?cc=boss@group.org"
	bad(Patch{SupportEmail: &email}, "settings.support_email_invalid", "support_email")
}
