package organisation

import (
	"context"
	"maps"
	"strconv"
	"strings"
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

func TestDayHoursStartBeforeEndWithinTheDay(t *testing.T) {
	ctx := context.Background()
	store := memStore{}
	svc := NewService(store)
	if st, _ := svc.Get(ctx); st.DayStartHour != 6 || st.DayEndHour != 18 {
		t.Fatalf("defaults %d–%d, want 6–18", st.DayStartHour, st.DayEndHour)
	}
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		start, end *int
		field      string // "" when accepted
	}{
		{n(0), n(24), ""},
		{n(7), nil, ""},
		{nil, n(20), ""},
		{n(-1), nil, "day_start_hour"},
		{n(24), n(24), "day_start_hour"},
		{n(19), nil, "day_start_hour"}, // after the stored end (18)
		{nil, n(6), "day_end_hour"},
		{n(8), n(8), "day_end_hour"},
		{n(8), n(25), "day_end_hour"},
	} {
		_, err := Patch{DayStartHour: tc.start, DayEndHour: tc.end}.Apply(Defaults)
		e, _ := apperr.As(err)
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%v–%v refused: %v", tc.start, tc.end, err)
		case tc.field != "" && (e == nil || e.Code != "settings.day_hours_range" || e.Field != tc.field):
			t.Errorf("%v–%v: %v, want settings.day_hours_range on %s", tc.start, tc.end, err, tc.field)
		}
	}
	st, err := svc.Update(ctx, Patch{DayStartHour: n(5)})
	if err != nil || st.DayStartHour != 5 || st.DayEndHour != 18 || store["day_start_hour"] != "5" || store["day_end_hour"] != "18" {
		t.Fatalf("update: %+v %v, stored %v", st, err, store)
	}
}

// The organisation's address keeps its lines, trimmed, up to MaxAddress
// characters; the planning-ahead switch is off until turned on; each is
// stored alone.
func TestAddressAndPlanningAhead(t *testing.T) {
	st := memStore{}
	svc := NewService(st)
	ctx := context.Background()
	got, err := svc.Get(ctx)
	if err != nil || got.Address != "" || got.AllowPlanningAhead {
		t.Fatalf("defaults: %+v %v", got, err)
	}
	addr := "  Harbour Packers\r\n12 Quay Road\nPortsmouth PO1 3AX  "
	if got, err = svc.Update(ctx, Patch{Address: &addr}); err != nil || got.Address != "Harbour Packers\n12 Quay Road\nPortsmouth PO1 3AX" {
		t.Fatalf("address: %q %v", got.Address, err)
	}
	on := true
	if got, err = svc.Update(ctx, Patch{AllowPlanningAhead: &on}); err != nil || !got.AllowPlanningAhead || got.Address == "" {
		t.Fatalf("planning ahead: %+v %v", got, err)
	}
	if len(st) != 2 {
		t.Fatalf("stored: %v", st)
	}
	long := strings.Repeat("a", MaxAddress+1)
	if _, err := svc.Update(ctx, Patch{Address: &long}); apperr.CodeOf(err) != "settings.address_length" {
		t.Fatalf("too long: %v", err)
	}
}

// Read notifications are kept 90 days until an admin sets from 7 to 3650;
// outside that the patch is refused on its field, and a stored value outside
// it (written by hand) reads as the default.
func TestNotificationRetentionDays(t *testing.T) {
	ctx := context.Background()
	st := memStore{}
	svc := NewService(st)
	if got, err := svc.Get(ctx); err != nil || got.NotificationRetentionDays != 90 {
		t.Fatalf("default: %d days (%v), want 90", got.NotificationRetentionDays, err)
	}
	for _, days := range []int{-1, 0, 6, 3651} {
		_, err := svc.Update(ctx, Patch{NotificationRetentionDays: &days})
		e, ok := apperr.As(err)
		if !ok || e.Code != "settings.notification_retention_range" || e.Field != "notification_retention_days" ||
			e.Params["min"] != 7 || e.Params["max"] != 3650 {
			t.Errorf("%d days: %v, want settings.notification_retention_range {7, 3650} on notification_retention_days", days, err)
		}
	}
	for _, days := range []int{7, 30, 3650} {
		got, err := svc.Update(ctx, Patch{NotificationRetentionDays: &days})
		if err != nil || got.NotificationRetentionDays != days || st["notification_retention_days"] != strconv.Itoa(days) {
			t.Errorf("%d days: %d (%v), stored %v", days, got.NotificationRetentionDays, err, st)
		}
	}
	st["notification_retention_days"] = "0"
	if got, _ := svc.Get(ctx); got.NotificationRetentionDays != DefaultNotificationRetentionDays {
		t.Fatalf("stored 0: read as %d days, want the default", got.NotificationRetentionDays)
	}
}
