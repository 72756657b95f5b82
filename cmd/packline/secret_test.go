package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testSecret is the server secret the serve tests pass, so that they run
// on PostgreSQL too.
const testSecret = "test-secret-0123456789"

func TestServerSecret(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	dir := t.TempDir()
	dsn := filepath.Join(dir, "data", "packline.db")

	first, err := serverSecret("", "", dsn, log)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "data", "packline.secret")
	st, err := os.Stat(file)
	if err != nil {
		t.Fatalf("no secret file beside the database: %v", err)
	}
	if got := st.Mode().Perm(); got != 0o600 {
		t.Errorf("secret file mode = %o, want 600", got)
	}
	again, err := serverSecret("", "", dsn, log)
	if err != nil || string(again) != string(first) {
		t.Errorf("second start read %q, %v; want the same secret", again, err)
	}
	if got, err := serverSecret(testSecret, "", dsn, log); err != nil || string(got) != testSecret {
		t.Errorf("--secret: %q, %v", got, err)
	}
	if _, err := serverSecret("short", "", dsn, log); err == nil {
		t.Error("a short --secret was accepted")
	}
	if _, err := serverSecret("", "", "postgres://x@127.0.0.1/db", log); err == nil {
		t.Error("PostgreSQL without a secret was accepted")
	}
	if got, err := serverSecret("", file, "postgres://x@127.0.0.1/db", log); err != nil || string(got) != string(first) {
		t.Errorf("--secret-file with PostgreSQL: %q, %v", got, err)
	}
}

// checkDemoKiosk checks the demo employees are listed and a printed PIN works.
func checkDemoKiosk(t *testing.T, url string) {
	t.Helper()
	res, err := http.Get(url + "/api/employees")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct {
		EmployeeID int64  `json:"employee_id"`
		FirstName  string `json:"first_name"`
		LastName   string `json:"last_name"`
	}
	_ = json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()
	if len(list) != 40 {
		t.Fatalf("demo kiosk lists %d employees, want 40", len(list))
	}
	var id int64
	for _, e := range list {
		if e.FirstName == "Ana" && e.LastName == "Almeida" {
			id = e.EmployeeID
		}
	}
	res, err = http.Post(url+"/api/employees/validate-pin", "application/json",
		strings.NewReader(fmt.Sprintf(`{"employee_id":%d,"pin":"1001"}`, id)))
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ Valid bool }
	_ = json.NewDecoder(res.Body).Decode(&v)
	res.Body.Close()
	if !v.Valid {
		t.Error("the printed demo PIN 1001 for Ana Almeida does not work")
	}
}
