// Package storagetest opens real databases for tests: a fresh SQLite file,
// and a fresh PostgreSQL schema when PACKLINE_TEST_POSTGRES_URL is set.
// With CI=true a missing PostgreSQL URL fails the test instead of skipping.
package storagetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/packline/packline/internal/storage"
)

// PostgresURLEnv names the variable holding the PostgreSQL test server URL.
const PostgresURLEnv = "PACKLINE_TEST_POSTGRES_URL"

// Engines lists the engines a test should run on.
func Engines() []storage.Dialect {
	out := []storage.Dialect{storage.SQLite}
	if os.Getenv(PostgresURLEnv) != "" || os.Getenv("CI") == "true" {
		out = append(out, storage.Postgres)
	}
	return out
}

// ForEach runs fn as a subtest on a fresh, migrated database of each engine.
func ForEach(t *testing.T, fn func(t *testing.T, db *storage.DB)) {
	t.Helper()
	for _, d := range Engines() {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d))
		})
	}
}

// DSN returns a data source name for a fresh, empty database of dialect d,
// removed when the test ends.
func DSN(t testing.TB, d storage.Dialect) string {
	t.Helper()
	if d == storage.SQLite {
		return filepath.Join(t.TempDir(), "packline.db")
	}
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		t.Fatalf("%s is not set; CI requires PostgreSQL", PostgresURLEnv)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		t.Fatalf("create schema (is PostgreSQL running at %s?): %v", base, err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open returns a fresh, migrated database of dialect d, closed when the test ends.
func Open(t testing.TB, d storage.Dialect) *storage.DB {
	t.Helper()
	return OpenDSN(t, DSN(t, d))
}

// OpenDSN opens (and migrates) the database at dsn, as one more server
// instance or as a server started again; closed when the test ends.
func OpenDSN(t testing.TB, dsn string) *storage.DB {
	t.Helper()
	db, err := storage.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}
