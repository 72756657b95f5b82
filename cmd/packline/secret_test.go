package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
)

// testSecret is the server secret the serve tests pass, so that they run
// on PostgreSQL too.
const testSecret = "test-secret-0123456789"

func TestServerSecret(t *testing.T) {
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
