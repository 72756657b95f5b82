package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// signedGet reads a JSON page as the demo admin.
func signedGet(t *testing.T, url, path string) string {
	t.Helper()
	c := api(t, url)
	status, body := c.call("GET", path, c.login("demo@packline.local", "packline-demo"), "", nil)
	if status != 200 {
		t.Fatalf("GET %s: %d %s", path, status, body)
	}
	return body
}

// The demo organisation on SQLite, copied into PostgreSQL with every table
// verified, reads the same there: sign-in, the kiosk list, the stock page,
// and a punch takes the next id (the sequences moved past the copied ones).
// Copied back into a new SQLite file it verifies again; a second copy into
// the now full PostgreSQL database is refused.
func TestCopySQLiteToPostgres(t *testing.T) {
	t.Parallel()
	if len(storagetest.Engines()) < 2 {
		t.Skip("needs PostgreSQL (" + storagetest.PostgresURLEnv + ")")
	}
	sqlite := storagetest.DSN(t, storage.SQLite)
	srv := startServe(t, sqlite, "--demo")
	kiosk := signedGet(t, srv.url, "/api/employees")
	stock := signedGet(t, srv.url, "/api/inventory/items?page_size=200&sort=sku")
	if err := srv.stop(); err != nil {
		t.Fatal(err)
	}

	pg := storagetest.DSN(t, storage.Postgres)
	out, err := runMain("copy", "--from", sqlite, "--to", pg)
	if err != nil || !strings.Contains(out, "every table verified") || strings.Contains(out, "DIFFERS") {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	for _, table := range []string{"users", "employees", "punches", "inventory_items", "inventory_moves", "production_entries", "shipments"} {
		if !strings.Contains(out, table) {
			t.Errorf("the report does not name %s:\n%s", table, out)
		}
	}
	if out, err := runMain("copy", "--from", sqlite, "--to", pg); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a second copy into a full database: %v\n%s", err, out)
	}

	srv = startServe(t, pg)
	url := srv.url
	if got := signedGet(t, url, "/api/employees"); got != kiosk {
		t.Errorf("the kiosk list differs on the copy:\n%.300s\n%.300s", got, kiosk)
	}
	if got := signedGet(t, url, "/api/inventory/items?page_size=200&sort=sku"); got != stock {
		t.Errorf("the stock page differs on the copy:\n%.300s\n%.300s", got, stock)
	}
	checkDemoKiosk(t, url) // Ana's PIN, hashed under the same secret, opens the kiosk
	punchOnce(t, url)
	if err := srv.stop(); err != nil {
		t.Fatal(err)
	}

	back := storagetest.DSN(t, storage.SQLite)
	if out, err := runMain("copy", "--from", pg, "--to", back); err != nil || strings.Contains(out, "DIFFERS") {
		t.Fatalf("copy back to SQLite: %v\n%s", err, out)
	}
}

// punchOnce clocks Ana Almeida (demo PIN 1001) in or out at the kiosk.
func punchOnce(t *testing.T, url string) {
	t.Helper()
	var list []struct {
		EmployeeID  int64  `json:"employee_id"`
		FirstName   string `json:"first_name"`
		ClockStatus string `json:"clock_status"`
	}
	res, err := http.Get(url + "/api/employees")
	if err != nil {
		t.Fatal(err)
	}
	_ = json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()
	for _, e := range list {
		if e.FirstName != "Ana" {
			continue
		}
		res, err := http.Post(url+"/api/employees/validate-pin", "application/json", strings.NewReader(fmt.Sprintf(`{"employee_id":%d,"pin":"1001"}`, e.EmployeeID)))
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			ClockToken string `json:"clock_token"`
		}
		_ = json.NewDecoder(res.Body).Decode(&v)
		res.Body.Close()
		action := "clockin"
		if e.ClockStatus == "clocked_in" {
			action = "clockout"
		}
		res, err = http.Post(url+"/api/employees/"+action, "application/json", strings.NewReader(fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, e.EmployeeID, v.ClockToken)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("a punch on the copy: %d %s", res.StatusCode, b)
		}
		return
	}
	t.Fatal("Ana is not on the kiosk list")
}

// A source behind this binary's schema is refused (migrate it first), and
// nothing is written to the target.
func TestCopyRefusesASourceWithPendingMigrations(t *testing.T) {
	t.Parallel()
	old, err := os.ReadFile("testdata/schema-0040.db")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	from, to := filepath.Join(dir, "old.db"), filepath.Join(dir, "new.db")
	if err := os.WriteFile(from, old, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = runMain("copy", "--from", from, "--to", to)
	if err == nil || !strings.Contains(err.Error(), "schema version 40") || !strings.Contains(err.Error(), "migrate") {
		t.Fatalf("copy from an old schema: %v", err)
	}
	db, err := storage.Open(context.Background(), to)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var users int
	if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM users`).Scan(&users); err != nil || users != 0 {
		t.Fatalf("the target got %d users (%v)", users, err)
	}
}
