package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

type settingsBody struct {
	Name          string `json:"organisation_name"`
	SupportEmail  string `json:"support_email"`
	TimeZone      string `json:"time_zone"`
	MaxShiftHours int    `json:"max_shift_hours"`
}

func TestSettingsReadAndPatch(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		var got settingsBody
		e.call("GET", "/api/settings", e.token, "", 200, &got)
		if got != (settingsBody{"Packline", "support@packline.local", "America/Chicago", 12}) {
			t.Fatalf("defaults: %+v", got)
		}
		e.call("PATCH", "/api/settings", e.token, `{"support_email":"help@example.org","max_shift_hours":10}`, 200, &got)
		if got.SupportEmail != "help@example.org" || got.MaxShiftHours != 10 || got.Name != "Packline" {
			t.Fatalf("after patch: %+v", got)
		}
		var pub map[string]any
		e.call("GET", "/api/settings/public", "", "", 200, &pub)
		if pub["support_email"] != "help@example.org" || pub["max_shift_hours"] != nil || pub["public_url"] != nil {
			t.Fatalf("public: %v", pub)
		}

		// A name of 200 characters is fine even when each takes several bytes.
		long := strings.Repeat("包", 200)
		e.call("PATCH", "/api/settings", e.token, `{"organisation_name":"`+long+`"}`, 200, &got)
		if got.Name != long {
			t.Fatalf("name of 200 multi-byte characters: %q", got.Name)
		}

		for _, c := range []struct{ body, field string }{
			{`{"organisation_name":"   "}`, "organisation_name"},
			{`{"organisation_name":"` + strings.Repeat("a", 201) + `"}`, "organisation_name"},
			{`{"support_email":"not an email"}`, "support_email"},
			{`{"time_zone":"Mars/Olympus"}`, "time_zone"},
			{`{"time_zone":"Local"}`, "time_zone"},
			{`{"max_shift_hours":0}`, "max_shift_hours"},
			{`{"max_shift_hours":49}`, "max_shift_hours"},
		} {
			var eb struct{ Error, Field string }
			e.call("PATCH", "/api/settings", e.token, c.body, 400, &eb)
			if eb.Field != c.field || eb.Error == "" {
				t.Errorf("%s: got %+v, want field %s", c.body, eb, c.field)
			}
		}
		e.call("GET", "/api/settings", e.token, "", 200, &got)
		if got.SupportEmail != "help@example.org" || got.MaxShiftHours != 10 || got.Name != long {
			t.Fatalf("a rejected patch changed something: %+v", got)
		}
	})
}

// Read notifications are kept 90 days until an admin sets 7 to 3650;
// outside that PATCH answers 400 settings.notification_retention_range on
// the field and changes nothing.
func TestSettingsNotificationRetention(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		var got struct {
			Days int `json:"notification_retention_days"`
		}
		e.call("GET", "/api/settings", e.token, "", 200, &got)
		if got.Days != 90 {
			t.Fatalf("default: %d days, want 90", got.Days)
		}
		e.call("PATCH", "/api/settings", e.token, `{"notification_retention_days":30}`, 200, &got)
		if got.Days != 30 {
			t.Fatalf("after patch: %d days, want 30", got.Days)
		}
		for _, days := range []string{"6", "0", "-1", "3651"} {
			var eb struct {
				Code, Field string
				Params      map[string]any
			}
			e.call("PATCH", "/api/settings", e.token, `{"notification_retention_days":`+days+`}`, 400, &eb)
			if eb.Code != "settings.notification_retention_range" || eb.Field != "notification_retention_days" ||
				eb.Params["min"] != 7.0 || eb.Params["max"] != 3650.0 {
				t.Errorf("%s days: %+v", days, eb)
			}
		}
		e.call("GET", "/api/settings", e.token, "", 200, &got)
		if got.Days != 30 {
			t.Fatalf("a refused patch changed the retention: %d days", got.Days)
		}
	})
}

func TestSettingsPatchNeedsAdmin(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		_, staff := e.signIn(accounts.NewUser{Email: "staff@example.org", FirstName: "Sam", LastName: "Staff", Role: "staff"})
		var got settingsBody
		e.call("GET", "/api/settings", staff, "", 200, &got)
		e.call("PATCH", "/api/settings", staff, `{"max_shift_hours":5}`, 403, nil)
		e.call("PATCH", "/api/settings", "", `{"max_shift_hours":5}`, 401, nil)
		e.call("GET", "/api/settings", e.token, "", 200, &got)
		if got.MaxShiftHours != 12 {
			t.Fatalf("a refused patch changed the setting: %+v", got)
		}
	})
}

// Two admins saving different settings at once both keep their change.
func TestSettingsConcurrentPatchesOfDifferentFieldsAreNotLost(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for round := 0; round < 10; round++ {
			email := "round" + string(rune('a'+round)) + "@example.org"
			hours := round + 1
			var wg sync.WaitGroup
			wg.Add(2)
			go func() {
				defer wg.Done()
				b, _ := json.Marshal(map[string]any{"support_email": email})
				resp := e.do("PATCH", "/api/settings", e.token, string(b))
				resp.Body.Close()
			}()
			go func() {
				defer wg.Done()
				b, _ := json.Marshal(map[string]any{"max_shift_hours": hours})
				resp := e.do("PATCH", "/api/settings", e.token, string(b))
				resp.Body.Close()
			}()
			wg.Wait()
			var got settingsBody
			e.call("GET", "/api/settings", e.token, "", 200, &got)
			if got.SupportEmail != email || got.MaxShiftHours != hours {
				t.Fatalf("round %d: got %+v, want %s and %d", round, got, email, hours)
			}
		}
	})
}

// With --public-url the public settings name it, so the kiosk set-up card shows
// an address a tablet can reach instead of the one the office browser used.
func TestPublicSettingsPublicURL(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		api, _ := wiredAPI(db)
		api.PublicURL = "https://packline.example.org"
		srv := httptest.NewServer(api.Handler())
		defer srv.Close()
		res, err := http.Get(srv.URL + "/api/settings/public")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var pub map[string]any
		if err := json.NewDecoder(res.Body).Decode(&pub); err != nil || res.StatusCode != 200 {
			t.Fatalf("status %d, %v", res.StatusCode, err)
		}
		if pub["public_url"] != "https://packline.example.org" || pub["time_zone"] != "America/Chicago" {
			t.Fatalf("public settings: %v", pub)
		}
	})
}
