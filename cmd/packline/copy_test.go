package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// startServe runs serve on dsn until the test ends and returns its URL.
func startServe(t *testing.T, dsn string, extra ...string) (url string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	var errOut safeBuffer
	go func() {
		done <- Main(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret}, extra...), io.Discard, &errOut, ready)
	}()
	select {
	case url = <-ready:
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v\n%s", err, errOut.String())
	case <-time.After(5 * time.Minute):
		cancel()
		t.Fatal("serve did not start")
	}
	return url, func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}
}

// signedGet reads a JSON page as the demo admin.
func signedGet(t *testing.T, url, path string) string {
	t.Helper()
	res, err := http.Post(url+"/api/login", "application/json", strings.NewReader(`{"email":"demo@packline.local","password":"packline-demo"}`))
	if err != nil {
		t.Fatal(err)
	}
	var login struct{ Token string }
	_ = json.NewDecoder(res.Body).Decode(&login)
	res.Body.Close()
	req, _ := http.NewRequest("GET", url+path, nil)
	req.Header.Set("Authorization", "Bearer "+login.Token)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
	}
	return string(b)
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
	url, stop := startServe(t, sqlite, "--demo")
	kiosk := signedGet(t, url, "/api/employees")
	stock := signedGet(t, url, "/api/inventory/items?page_size=200&sort=sku")
	stop()

	pg := storagetest.DSN(t, storage.Postgres)
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := Main(context.Background(), args, &out, &out, nil)
		return out.String(), err
	}
	out, err := run("copy", "--from", sqlite, "--to", pg)
	if err != nil || !strings.Contains(out, "every table verified") || strings.Contains(out, "DIFFERS") {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	for _, table := range []string{"users", "employees", "punches", "inventory_items", "inventory_moves", "production_entries", "shipments"} {
		if !strings.Contains(out, table) {
			t.Errorf("the report does not name %s:\n%s", table, out)
		}
	}
	if out, err := run("copy", "--from", sqlite, "--to", pg); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a second copy into a full database: %v\n%s", err, out)
	}

	url, stop = startServe(t, pg)
	if got := signedGet(t, url, "/api/employees"); got != kiosk {
		t.Errorf("the kiosk list differs on the copy:\n%.300s\n%.300s", got, kiosk)
	}
	if got := signedGet(t, url, "/api/inventory/items?page_size=200&sort=sku"); got != stock {
		t.Errorf("the stock page differs on the copy:\n%.300s\n%.300s", got, stock)
	}
	checkDemoKiosk(t, url) // Ana's PIN, hashed under the same secret, opens the kiosk
	punchOnce(t, url)
	stop()

	back := storagetest.DSN(t, storage.SQLite)
	if out, err := run("copy", "--from", pg, "--to", back); err != nil || strings.Contains(out, "DIFFERS") {
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
	var out bytes.Buffer
	err = Main(context.Background(), []string{"copy", "--from", from, "--to", to}, &out, &out, nil)
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
