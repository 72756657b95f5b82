package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	src, err := os.ReadFile("testdata/schema-0040.db")
	if err != nil {
		t.Fatal(err)
	}
	dsn := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(dsn, src, 0o600); err != nil {
		t.Fatal(err)
	}
	ready := make(chan string, 1)
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() {
		done <- Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", "0123456789abcdef0123"}, &out, io.Discard, ready)
	}()
	var url string
	select {
	case url = <-ready:
	case err := <-done:
		t.Fatalf("serve refused the old database: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("serve did not start")
	}
	call := func(method, path, token, body string, out any) int {
		t.Helper()
		req, _ := http.NewRequest(method, url+path, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if out != nil {
			_ = json.NewDecoder(res.Body).Decode(out)
		}
		return res.StatusCode
	}
	var health struct {
		SchemaVersion int `json:"schema_version"`
	}
	call("GET", "/api/health", "", "", &health)
	if latest := (&storage.DB{Dialect: storage.SQLite}).LatestSchemaVersion(); health.SchemaVersion != latest {
		t.Fatalf("schema version %d after the upgrade, want %d", health.SchemaVersion, latest)
	}
	var login struct{ Token string }
	if call("POST", "/api/login", "", `{"email":"admin@example.org","password":"long-enough-now"}`, &login) != 200 {
		t.Fatal("the old admin cannot sign in")
	}
	var emps struct {
		Employees []struct {
			FirstName   string `json:"first_name"`
			ClockStatus string `json:"clock_status"`
		}
	}
	call("GET", "/api/staff/employees", login.Token, "", &emps)
	if len(emps.Employees) != 1 || emps.Employees[0].FirstName != "Eli" || emps.Employees[0].ClockStatus != "clocked_in" {
		t.Fatalf("employees after the upgrade: %+v", emps)
	}
	var items struct {
		Items []struct {
			SKU    string
			OnHand float64 `json:"on_hand"`
		}
	}
	call("GET", "/api/inventory/items", login.Token, "", &items)
	if len(items.Items) != 1 || items.Items[0].SKU != "RICE-1" || items.Items[0].OnHand != 25 {
		t.Fatalf("items after the upgrade: %+v", items)
	}
	// The employee's PIN, hashed by the old binary, still opens the kiosk.
	var pin struct{ Code string }
	if status := call("POST", "/api/employees/validate-pin", "", `{"employee_id":1,"pin":"4826"}`, &pin); status != 200 || pin.Code != "ok" {
		t.Fatalf("the old PIN: %d %+v", status, pin)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
