package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// TestServeDemoAndShutdown runs the real Main on port 0 with --demo, signs in
// with the printed login, and stops it gracefully.
func TestServeDemoAndShutdown(t *testing.T) {
	t.Parallel()
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			t.Parallel()
			dsn := storagetest.DSN(t, d)
			srv := startServe(t, dsn, "--demo")
			url := srv.url

			res, err := http.Get(url + "/api/health")
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("health: %v %v", err, res)
			}
			res.Body.Close()

			token := api(t, url).login("demo@packline.local", "packline-demo")

			checkDemoKiosk(t, url)

			// An open live event stream does not hold the shutdown up: it is ended.
			req, _ := http.NewRequest("GET", url+"/api/events", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			stream, err := http.DefaultClient.Do(req)
			if err != nil || stream.StatusCode != 200 {
				t.Fatalf("events: %v %v", err, stream)
			}
			defer stream.Body.Close()
			if _, err := stream.Body.Read(make([]byte, 64)); err != nil {
				t.Fatalf("reading the stream: %v", err)
			}

			if err := srv.stop(); err != nil {
				t.Fatalf("shutdown: %v", err)
			}
			if out := srv.stdout.String(); !strings.Contains(out, "demo@packline.local") || !strings.Contains(out, url) {
				t.Errorf("start-up output should give the URL and demo login, got:\n%s", out)
			}

			// A second start with --demo loads nothing twice.
			if err := startServe(t, dsn, "--demo").stop(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestUserCreateMigrateBackup(t *testing.T) {
	// Serial: it sets PACKLINE_DB in the environment, which is the whole process's.
	ctx := context.Background()
	dir := t.TempDir()
	dsn := filepath.Join(dir, "p.db")
	if out, err := runMain("migrate", "--db", dsn); err != nil || !strings.Contains(out, "schema version") {
		t.Fatalf("migrate: %v %s", err, out)
	}
	args := []string{"user", "create", "--db", dsn, "--email", "Boss@Example.org", "--password", "long-enough-now", "--first", "Bo", "--last", "Ss"}
	if out, err := runMain(args...); err != nil || !strings.Contains(out, "admin") {
		t.Fatalf("first user should be admin: %v %s", err, out)
	}
	_, err := runMain(args...)
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("duplicate email: err = %v, want 'already exists'", err)
	}
	if _, err := runMain("user", "create", "--db", dsn, "--email", "x@example.org", "--password", "short", "--first", "X"); err == nil {
		t.Fatal("short password accepted")
	}
	if out, err := runMain("user", "disable-2fa", "--db", dsn, "--email", "boss@example.org"); err != nil || !strings.Contains(out, "is off") {
		t.Fatalf("disable-2fa: %v %s", err, out)
	}
	if _, err := runMain("user", "disable-2fa", "--db", dsn, "--email", "nobody@example.org"); err == nil {
		t.Fatal("disable-2fa of an unknown account succeeded")
	}
	t.Setenv("PACKLINE_DB", dsn)
	backup := filepath.Join(dir, "backup.db")
	if out, err := runMain("backup", backup); err != nil {
		t.Fatalf("backup: %v %s", err, out)
	}
	db, err := storage.Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = 'boss@example.org'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("backup holds %d users (err %v), want 1", n, err)
	}
	if _, err := runMain("nonsense"); err == nil {
		t.Fatal("unknown command accepted")
	}
}

// `packline openapi` prints the document the server serves.
func TestOpenAPICommand(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	if err := Main(context.Background(), []string{"openapi"}, &out, &errOut, nil); err != nil {
		t.Fatal(err, errOut.String())
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1") || doc.Paths["/api/openapi.json"] == nil {
		t.Fatalf("openapi %q with %d paths", doc.OpenAPI, len(doc.Paths))
	}
}
