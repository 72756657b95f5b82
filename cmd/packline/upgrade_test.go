package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/packline/packline/internal/storage"
)

// testdata/schema-0040.db was made by Packline at schema version 40 (the
// commit before signup, projects and payments: 9ec40d2^), with that binary's
// own commands and API: an admin (admin@example.org / long-enough-now), an
// employee Eli Early clocked in at the kiosk with PIN 4826, and an item Rice
// with a batch LOT-OLD-1 of 25 kg, under the server secret
// 0123456789abcdef0123. Today's binary opens it: every migration since
// applies, and the data reads as it was written.
func TestUpgradeFromAnEarlierSchema(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/schema-0040.db")
	if err != nil {
		t.Fatal(err)
	}
	dsn := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(dsn, src, 0o600); err != nil {
		t.Fatal(err)
	}
	srv := startServeWith(t, []string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", "0123456789abcdef0123"})
	c := api(t, srv.url)
	var health struct {
		SchemaVersion int `json:"schema_version"`
	}
	c.call("GET", "/api/health", "", "", &health)
	if latest := (&storage.DB{Dialect: storage.SQLite}).LatestSchemaVersion(); health.SchemaVersion != latest {
		t.Fatalf("schema version %d after the upgrade, want %d", health.SchemaVersion, latest)
	}
	token := c.login("admin@example.org", "long-enough-now") // the old admin
	var emps struct {
		Employees []struct {
			FirstName   string `json:"first_name"`
			ClockStatus string `json:"clock_status"`
		}
	}
	c.call("GET", "/api/staff/employees", token, "", &emps)
	if len(emps.Employees) != 1 || emps.Employees[0].FirstName != "Eli" || emps.Employees[0].ClockStatus != "clocked_in" {
		t.Fatalf("employees after the upgrade: %+v", emps)
	}
	var items struct {
		Items []struct {
			SKU    string
			OnHand float64 `json:"on_hand"`
		}
	}
	c.call("GET", "/api/inventory/items", token, "", &items)
	if len(items.Items) != 1 || items.Items[0].SKU != "RICE-1" || items.Items[0].OnHand != 25 {
		t.Fatalf("items after the upgrade: %+v", items)
	}
	// The employee's PIN, hashed by the old binary, still opens the kiosk.
	var pin struct{ Code string }
	if status, _ := c.call("POST", "/api/employees/validate-pin", "", `{"employee_id":1,"pin":"4826"}`, &pin); status != 200 || pin.Code != "ok" {
		t.Fatalf("the old PIN: %d %+v", status, pin)
	}
	if err := srv.stop(); err != nil {
		t.Fatal(err)
	}
}
