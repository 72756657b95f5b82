// Package organisation holds the group's settings: its name, support
// address, time zone, kiosk options and how long read notifications are kept.
package organisation

import (
	"context"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
)

// Settings of the organisation. TimeZone is an IANA zone name; every time a
// person sees is shown in it.
type Settings struct {
	Name          string `json:"organisation_name"`
	SupportEmail  string `json:"support_email"`
	TimeZone      string `json:"time_zone"`
	MaxShiftHours int    `json:"max_shift_hours"`
	// OfflineWindowHours is how old a punch the kiosk took offline may be
	// when it reaches the server and still be recorded at its time.
	OfflineWindowHours int `json:"offline_window_hours"`
	// MaxUploadMiB is the largest document a user may upload, in MiB.
	MaxUploadMiB int `json:"max_upload_mib"`
	// SignupOpen lets anyone create a staff account without an invitation.
	SignupOpen bool `json:"signup_open"`
	// DayStartHour and DayEndHour bound the working day production's
	// hourly grid and daily page show: local hours DayStartHour up to (not
	// including) DayEndHour, 0 ≤ start < end ≤ 24.
	DayStartHour int `json:"day_start_hour"`
	DayEndHour   int `json:"day_end_hour"`
	// Currency is the ISO 4217 code invoices are written in by default.
	Currency string `json:"currency"`
	// AllowPlanningAhead lets production entries be written for hours that
	// have not begun yet in the organisation's zone (off: refused, 409).
	AllowPlanningAhead bool `json:"allow_planning_ahead"`
	// Address is the organisation's postal address, several lines: the
	// sender of its packing slips.
	Address string `json:"organisation_address"`
	// NotificationRetentionDays is how many days a read notification is
	// kept after it was raised: housekeeping deletes older read ones (see
	// messaging.Service.Purge); unread ones are kept however old.
	NotificationRetentionDays int `json:"notification_retention_days"`
}

// Currencies are the ISO 4217 codes Packline can invoice in, with how many
// minor units make one major unit (a power of ten: USD 2, JPY 0, KWD 3).
var Currencies = map[string]int{
	"USD": 2, "EUR": 2, "GBP": 2, "BRL": 2, "CNY": 2, "IRR": 2, "CAD": 2, "AUD": 2, "NZD": 2, "MXN": 2,
	"ARS": 2, "CLP": 0, "COP": 2, "PEN": 2, "CHF": 2, "SEK": 2, "NOK": 2, "DKK": 2, "PLN": 2, "INR": 2,
	"ZAR": 2, "KES": 2, "NGN": 2, "JPY": 0, "KRW": 0, "HKD": 2, "SGD": 2, "TRY": 2, "AED": 2, "KWD": 3,
}

// DefaultCurrency is the organisation's currency until an admin sets one.
const DefaultCurrency = "USD"

// DefaultNotificationRetentionDays is how many days read notifications are
// kept until an admin sets another number (messaging.DefaultRetention).
const DefaultNotificationRetentionDays = 90

// Defaults apply until an admin changes them.
var Defaults = Settings{
	Name:          "Packline",
	SupportEmail:  "support@packline.local",
	TimeZone:      "America/Chicago",
	MaxShiftHours: 12,
	// A day: a tablet offline overnight still delivers yesterday's punches.
	OfflineWindowHours: 24,
	MaxUploadMiB:       50,
	DayStartHour:       6,
	DayEndHour:         18,
	Currency:           DefaultCurrency,
	// Three months: long enough to look back over a quarter.
	NotificationRetentionDays: DefaultNotificationRetentionDays,
}

// Location returns the settings' time zone, or Chicago if it cannot load.
func (s Settings) Location() *time.Location {
	if loc, err := time.LoadLocation(s.TimeZone); err == nil {
		return loc
	}
	loc, _ := time.LoadLocation(Defaults.TimeZone)
	return loc
}

// Limits of the settings.
const (
	MaxName          = 200
	MaxAddress       = 500
	MinMaxShiftHours = 1
	MaxMaxShiftHours = 48
	MinOfflineWindow = 1
	MaxOfflineWindow = 168
	MinMaxUploadMiB  = 1
	MaxMaxUploadMiB  = 1024
	// A read notification is kept from a week to ten years.
	MinNotificationRetentionDays = 7
	MaxNotificationRetentionDays = 3650
)

// Patch changes any subset of Settings.
type Patch struct {
	Name               *string `json:"organisation_name"`
	SupportEmail       *string `json:"support_email"`
	TimeZone           *string `json:"time_zone"`
	MaxShiftHours      *int    `json:"max_shift_hours"`
	OfflineWindowHours *int    `json:"offline_window_hours"`
	MaxUploadMiB       *int    `json:"max_upload_mib"`
	SignupOpen         *bool   `json:"signup_open"`
	DayStartHour       *int    `json:"day_start_hour"`
	DayEndHour         *int    `json:"day_end_hour"`
	Currency           *string `json:"currency"`
	AllowPlanningAhead *bool   `json:"allow_planning_ahead"`
	Address            *string `json:"organisation_address" text:"multiline"`
	// In days, MinNotificationRetentionDays to MaxNotificationRetentionDays.
	NotificationRetentionDays *int `json:"notification_retention_days"`
}

// Apply validates p and applies it to s.
func (p Patch) Apply(s Settings) (Settings, error) {
	if p.Name != nil {
		n := strings.TrimSpace(*p.Name)
		if err := text.Name("organisation_name", n); err != nil {
			return s, err
		}
		if n == "" || utf8.RuneCountInString(n) > MaxName {
			return s, apperr.New(apperr.Invalid, "settings.name_length", apperr.Params{"min": 1, "max": MaxName},
				fmt.Sprintf("Organisation name must be 1 to %d characters.", MaxName)).OnField("organisation_name")
		}
		s.Name = n
	}
	if p.SupportEmail != nil {
		e := strings.TrimSpace(*p.SupportEmail)
		// It becomes a mailto: link, so nothing that could add headers to it.
		if a, err := mail.ParseAddress(e); err != nil || a.Address != e || strings.ContainsAny(e, "?&=#%/\\\"<>, ") ||
			!strings.Contains(e[strings.LastIndex(e, "@")+1:], ".") {
			return s, apperr.New(apperr.Invalid, "settings.support_email_invalid", nil,
				"Support email is not a valid address.").OnField("support_email")
		}
		s.SupportEmail = e
	}
	if p.TimeZone != nil {
		if _, err := time.LoadLocation(*p.TimeZone); err != nil || *p.TimeZone == "" || *p.TimeZone == "Local" {
			return s, apperr.New(apperr.Invalid, "settings.time_zone_unknown", apperr.Params{"time_zone": *p.TimeZone},
				"Unknown time zone.").OnField("time_zone")
		}
		s.TimeZone = *p.TimeZone
	}
	if err := setInRange(&s.MaxShiftHours, p.MaxShiftHours, MinMaxShiftHours, MaxMaxShiftHours,
		"max_shift_hours", "settings.max_shift_hours_range", "Maximum shift must be %d to %d hours."); err != nil {
		return s, err
	}
	if err := setInRange(&s.OfflineWindowHours, p.OfflineWindowHours, MinOfflineWindow, MaxOfflineWindow,
		"offline_window_hours", "settings.offline_window_range", "The offline punch window must be %d to %d hours."); err != nil {
		return s, err
	}
	if err := setInRange(&s.MaxUploadMiB, p.MaxUploadMiB, MinMaxUploadMiB, MaxMaxUploadMiB,
		"max_upload_mib", "settings.max_upload_mib_range", "The upload limit must be %d to %d MiB."); err != nil {
		return s, err
	}
	if err := setInRange(&s.NotificationRetentionDays, p.NotificationRetentionDays, MinNotificationRetentionDays, MaxNotificationRetentionDays,
		"notification_retention_days", "settings.notification_retention_range", "Read notifications must be kept %d to %d days."); err != nil {
		return s, err
	}
	if p.SignupOpen != nil {
		s.SignupOpen = *p.SignupOpen
	}
	if p.DayStartHour != nil || p.DayEndHour != nil {
		start, end := s.DayStartHour, s.DayEndHour
		if p.DayStartHour != nil {
			start = *p.DayStartHour
		}
		if p.DayEndHour != nil {
			end = *p.DayEndHour
		}
		if start < 0 || start >= end || end > 24 {
			field := "day_end_hour"
			if p.DayStartHour != nil && (start < 0 || start > 23 || p.DayEndHour == nil) {
				field = "day_start_hour"
			}
			return s, apperr.New(apperr.Invalid, "settings.day_hours_range", apperr.Params{"min": 0, "max": 24},
				"The working day must start before it ends, between hour 0 and hour 24.").OnField(field)
		}
		s.DayStartHour, s.DayEndHour = start, end
	}
	if p.AllowPlanningAhead != nil {
		s.AllowPlanningAhead = *p.AllowPlanningAhead
	}
	if p.Address != nil {
		a := strings.TrimSpace(strings.ReplaceAll(*p.Address, "\r\n", "\n"))
		if utf8.RuneCountInString(a) > MaxAddress {
			return s, apperr.New(apperr.Invalid, "settings.address_length", apperr.Params{"max": MaxAddress},
				fmt.Sprintf("The organisation's address must be at most %d characters.", MaxAddress)).OnField("organisation_address")
		}
		s.Address = a
	}
	if p.Currency != nil {
		c := strings.ToUpper(strings.TrimSpace(*p.Currency))
		if _, ok := Currencies[c]; !ok {
			return s, apperr.New(apperr.Invalid, "settings.currency_unknown", apperr.Params{"currency": *p.Currency},
				"Packline cannot invoice in that currency.").OnField("currency")
		}
		s.Currency = c
	}
	return s, nil
}

// The stored names of the settings.
const (
	keyName          = "organisation_name"
	keySupportEmail  = "support_email"
	keyTimeZone      = "time_zone"
	keyMaxShiftHours = "max_shift_hours"
	keyMaxUploadMiB  = "max_upload_mib"
	keyOfflineWindow = "offline_window_hours"
	keySignupOpen    = "signup_open"
	keyDayStartHour  = "day_start_hour"
	keyDayEndHour    = "day_end_hour"
	keyCurrency      = "currency"
	keyPlanAhead     = "allow_planning_ahead"
	keyAddress       = "organisation_address"
	keyRetention     = "notification_retention_days"
)

// fromValues reads stored values over the defaults; a value that no longer
// parses keeps its default.
func fromValues(v map[string]string) Settings {
	s := Defaults
	if x, ok := v[keyName]; ok {
		s.Name = x
	}
	if x, ok := v[keySupportEmail]; ok {
		s.SupportEmail = x
	}
	if x, ok := v[keyTimeZone]; ok {
		s.TimeZone = x
	}
	if n, err := strconv.Atoi(v[keyMaxShiftHours]); err == nil {
		s.MaxShiftHours = n
	}
	if n, err := strconv.Atoi(v[keyMaxUploadMiB]); err == nil {
		s.MaxUploadMiB = n
	}
	if n, err := strconv.Atoi(v[keyOfflineWindow]); err == nil {
		s.OfflineWindowHours = n
	}
	s.SignupOpen = v[keySignupOpen] == "true"
	s.AllowPlanningAhead = v[keyPlanAhead] == "true"
	s.Address = v[keyAddress]
	start, err1 := strconv.Atoi(v[keyDayStartHour])
	end, err2 := strconv.Atoi(v[keyDayEndHour])
	if err1 == nil && err2 == nil && start >= 0 && start < end && end <= 24 {
		s.DayStartHour, s.DayEndHour = start, end
	}
	if x, ok := v[keyCurrency]; ok {
		s.Currency = x
	}
	// Out of its bounds, it could delete every read notification at once.
	if n, err := strconv.Atoi(v[keyRetention]); err == nil && n >= MinNotificationRetentionDays && n <= MaxNotificationRetentionDays {
		s.NotificationRetentionDays = n
	}
	return s
}

// values are the stored values of the settings p changes, taken from s.
func (p Patch) values(s Settings) map[string]string {
	out := map[string]string{}
	if p.Name != nil {
		out[keyName] = s.Name
	}
	if p.SupportEmail != nil {
		out[keySupportEmail] = s.SupportEmail
	}
	if p.TimeZone != nil {
		out[keyTimeZone] = s.TimeZone
	}
	if p.MaxShiftHours != nil {
		out[keyMaxShiftHours] = strconv.Itoa(s.MaxShiftHours)
	}
	if p.MaxUploadMiB != nil {
		out[keyMaxUploadMiB] = strconv.Itoa(s.MaxUploadMiB)
	}
	if p.OfflineWindowHours != nil {
		out[keyOfflineWindow] = strconv.Itoa(s.OfflineWindowHours)
	}
	if p.SignupOpen != nil {
		out[keySignupOpen] = strconv.FormatBool(s.SignupOpen)
	}
	if p.AllowPlanningAhead != nil {
		out[keyPlanAhead] = strconv.FormatBool(s.AllowPlanningAhead)
	}
	if p.Address != nil {
		out[keyAddress] = s.Address
	}
	if p.DayStartHour != nil || p.DayEndHour != nil { // a pair: stored together
		out[keyDayStartHour] = strconv.Itoa(s.DayStartHour)
		out[keyDayEndHour] = strconv.Itoa(s.DayEndHour)
	}
	if p.Currency != nil {
		out[keyCurrency] = s.Currency
	}
	if p.NotificationRetentionDays != nil {
		out[keyRetention] = strconv.Itoa(s.NotificationRetentionDays)
	}
	return out
}

// Store keeps the settings as named values.
type Store interface {
	// Values returns every stored setting by name.
	Values(ctx context.Context) (map[string]string, error)
	// Put stores the given values in one transaction, leaving others alone.
	Put(ctx context.Context, values map[string]string) error
}

// Service reads and changes the settings.
type Service struct{ store Store }

// NewService returns the settings service over store.
func NewService(store Store) *Service { return &Service{store: store} }

// Get returns the settings, with defaults for those never set.
func (s *Service) Get(ctx context.Context) (Settings, error) {
	v, err := s.store.Values(ctx)
	if err != nil {
		return Defaults, err
	}
	return fromValues(v), nil
}

// Update validates and saves a patch. Only the settings the patch names are
// written, so two admins changing different settings at the same time both
// keep their change (writing every field back would let the later request
// silently undo the earlier one with the values it had read).
func (s *Service) Update(ctx context.Context, p Patch) (Settings, error) {
	cur, err := s.Get(ctx)
	if err != nil {
		return cur, err
	}
	next, err := p.Apply(cur)
	if err != nil {
		return cur, err
	}
	changed := p.values(next)
	if len(changed) == 0 {
		return cur, nil
	}
	if err := s.store.Put(ctx, changed); err != nil {
		return cur, err
	}
	return s.Get(ctx)
}

// setInRange sets *dst to *v when v is given and from min to max; out of
// range is 400 code {min, max} on field, message worded with them.
func setInRange(dst, v *int, min, max int, field, code, message string) error {
	if v == nil {
		return nil
	}
	if *v < min || *v > max {
		return apperr.New(apperr.Invalid, code, apperr.Params{"min": min, "max": max},
			fmt.Sprintf(message, min, max)).OnField(field)
	}
	*dst = *v
	return nil
}
