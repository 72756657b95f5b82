// Package organisation holds the group's settings: its name, support
// address, time zone and kiosk options.
package organisation

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// Settings of the organisation. TimeZone is an IANA zone name; every time a
// person sees is shown in it.
type Settings struct {
	Name          string `json:"organisation_name"`
	SupportEmail  string `json:"support_email"`
	TimeZone      string `json:"time_zone"`
	MaxShiftHours int    `json:"max_shift_hours"`
	// MaxUploadMiB is the largest document a user may upload, in MiB.
	MaxUploadMiB int `json:"max_upload_mib"`
}

// Defaults apply until an admin changes them.
var Defaults = Settings{
	Name:          "Packline",
	SupportEmail:  "support@packline.local",
	TimeZone:      "America/Chicago",
	MaxShiftHours: 12,
	MaxUploadMiB:  50,
}

// Location returns the settings' time zone, or Chicago if it cannot load.
func (s Settings) Location() *time.Location {
	if loc, err := time.LoadLocation(s.TimeZone); err == nil {
		return loc
	}
	loc, _ := time.LoadLocation(Defaults.TimeZone)
	return loc
}

// Patch changes any subset of Settings.
type Patch struct {
	Name          *string `json:"organisation_name"`
	SupportEmail  *string `json:"support_email"`
	TimeZone      *string `json:"time_zone"`
	MaxShiftHours *int    `json:"max_shift_hours"`
	MaxUploadMiB  *int    `json:"max_upload_mib"`
}

// Apply validates p and applies it to s.
func (p Patch) Apply(s Settings) (Settings, error) {
	if p.Name != nil {
		n := strings.TrimSpace(*p.Name)
		if n == "" || utf8.RuneCountInString(n) > 200 {
			return s, apperr.InvalidField("organisation_name", "Organisation name must be 1 to 200 characters.")
		}
		s.Name = n
	}
	if p.SupportEmail != nil {
		e := strings.TrimSpace(*p.SupportEmail)
		// It becomes a mailto: link, so nothing that could add headers to it.
		if a, err := mail.ParseAddress(e); err != nil || a.Address != e || strings.ContainsAny(e, "?&=#%/\\\"<>, ") ||
			!strings.Contains(e[strings.LastIndex(e, "@")+1:], ".") {
			return s, apperr.InvalidField("support_email", "Support email is not a valid address.")
		}
		s.SupportEmail = e
	}
	if p.TimeZone != nil {
		if _, err := time.LoadLocation(*p.TimeZone); err != nil || *p.TimeZone == "" || *p.TimeZone == "Local" {
			return s, apperr.InvalidField("time_zone", "Unknown time zone.")
		}
		s.TimeZone = *p.TimeZone
	}
	if p.MaxShiftHours != nil {
		if *p.MaxShiftHours < 1 || *p.MaxShiftHours > 48 {
			return s, apperr.InvalidField("max_shift_hours", "Maximum shift must be 1 to 48 hours.")
		}
		s.MaxShiftHours = *p.MaxShiftHours
	}
	if p.MaxUploadMiB != nil {
		if *p.MaxUploadMiB < 1 || *p.MaxUploadMiB > 1024 {
			return s, apperr.InvalidField("max_upload_mib", "The upload limit must be 1 to 1024 MiB.")
		}
		s.MaxUploadMiB = *p.MaxUploadMiB
	}
	return s, nil
}

// Service reads and changes the settings.
type Service interface {
	Get(ctx context.Context) (Settings, error)
	Update(ctx context.Context, p Patch) (Settings, error)
}
