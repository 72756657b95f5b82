// Package storagetest opens real databases for tests: a SQLite file, and a
// PostgreSQL database of its own when PACKLINE_TEST_POSTGRES_URL is set.
// With CI=true a missing PostgreSQL URL fails the test instead of skipping.
//
// Migrating is done once per engine: SQLite's migrated file once per test
// process, copied for each test; PostgreSQL's migrated template database
// once per set of migrations (named by their digest, shared by every test
// process), and each test gets CREATE DATABASE … TEMPLATE of it. So each
// test has its own database (and, on PostgreSQL, its own NOTIFY channels),
// and tests may run in parallel.
//
// PostgreSQL forces an immediate checkpoint on every DROP DATABASE, which
// waits for every dirty page of every database on the server: dropped one
// by one as tests end, they took a second each and held each other up.
// So a test's database is dropped when its test process ends (Main), all at
// once, and a process that never got there (killed) leaves its databases to
// the next one, which drops them as it starts.
package storagetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

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

// ForEach runs fn on a fresh, migrated database of each engine, the engines'
// subtests in parallel with each other and with other parallel tests. A test
// whose body must not overlap others (it measures something process-wide)
// uses ForEachSerial.
func ForEach(t *testing.T, fn func(t *testing.T, db *storage.DB)) {
	t.Helper()
	for _, d := range Engines() {
		t.Run(string(d), func(t *testing.T) {
			t.Parallel()
			fn(t, Open(t, d))
		})
	}
}

// ForEachSerial is ForEach with the engines one after the other, for a test
// that must not share the process with another test while it runs.
func ForEachSerial(t *testing.T, fn func(t *testing.T, db *storage.DB)) {
	t.Helper()
	for _, d := range Engines() {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d))
		})
	}
}

// DSN returns a data source name for a fresh, empty database of dialect d,
// removed when the test ends (for tests of migrating itself, and of what a
// server does on a database it meets empty).
func DSN(t testing.TB, d storage.Dialect) string {
	t.Helper()
	if d == storage.SQLite {
		return filepath.Join(t.TempDir(), "packline.db")
	}
	return pgDatabase(t, "")
}

// MigratedDSN returns a data source name for a fresh database of dialect d
// that the embedded migrations have already been applied to, removed when
// the test ends.
func MigratedDSN(t testing.TB, d storage.Dialect) string {
	t.Helper()
	if d == storage.SQLite {
		body, err := sqliteTemplate()
		if err != nil {
			t.Fatalf("migrate the SQLite template: %v", err)
		}
		path := filepath.Join(t.TempDir(), "packline.db")
		if err := os.WriteFile(path, body, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tpl, err := pgTemplate()
	if err != nil {
		t.Fatalf("migrate the PostgreSQL template (is PostgreSQL running at %s?): %v", os.Getenv(PostgresURLEnv), err)
	}
	return pgDatabase(t, tpl)
}

// Open returns a fresh, migrated database of dialect d, closed when the test ends.
func Open(t testing.TB, d storage.Dialect) *storage.DB {
	t.Helper()
	db, err := storage.Open(context.Background(), MigratedDSN(t, d))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
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

// sqliteTemplate is the bytes of a SQLite file the migrations were applied
// to, made once per test process (migrating takes 100–170 ms, copying the
// file 1–3 ms).
var sqliteTemplate = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "packline-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "packline.db")
	db, err := storage.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	// Closing the last connection checkpoints the WAL into the file.
	if err := db.Close(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return nil, errors.New("the template's WAL outlived its close")
	}
	return os.ReadFile(path)
})

// pgAdmin is one pool per test process on the server's own database, for
// creating and dropping the tests' databases.
var pgAdmin = sync.OnceValues(func() (*sql.DB, error) {
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		return nil, fmt.Errorf("%s is not set; CI requires PostgreSQL", PostgresURLEnv)
	}
	// pool_max_conns sizes storage.Open's pool; the driver itself knows no such setting.
	if u, err := url.Parse(base); err == nil {
		q := u.Query()
		q.Del("pool_max_conns")
		u.RawQuery = q.Encode()
		base = u.String()
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return nil, err
	}
	admin.SetMaxOpenConns(4)
	return admin, nil
})

// pgTemplate returns the name of the template database the current
// migrations were applied to, migrating it first if no test process has.
// Test processes run side by side: an advisory lock lets one build it, under
// a temporary name renamed when complete, while the others wait.
var pgTemplate = sync.OnceValues(func() (string, error) {
	digest, err := storage.MigrationsDigest(storage.Postgres)
	if err != nil {
		return "", err
	}
	name := "packline_template_" + digest[:16]
	admin, err := pgAdmin()
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(727275)`); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(727275)`) //nolint:errcheck
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_database WHERE datname = $1`, name).Scan(&n); err != nil {
		return "", err
	}
	if n == 1 {
		return name, nil
	}
	building := name + "_" + randomHex(4)
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+building); err != nil {
		return "", err
	}
	db, err := storage.Open(ctx, withDatabase(os.Getenv(PostgresURLEnv), building))
	if err == nil {
		_, err = db.Migrate(ctx)
		db.Close()
	}
	if err == nil {
		err = retryInUse(func() error {
			_, err := conn.ExecContext(ctx, `ALTER DATABASE `+building+` RENAME TO `+name)
			return err
		})
	}
	if err != nil {
		_, _ = conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+building+` WITH (FORCE)`)
		return "", err
	}
	// Nobody connects to a template: CREATE DATABASE … TEMPLATE refuses to
	// copy one that has a session.
	if _, err := conn.ExecContext(ctx, `ALTER DATABASE `+name+` WITH ALLOW_CONNECTIONS false`); err != nil {
		return "", err
	}
	return name, nil
})

// Run runs a package's tests and exits with their status, after dropping
// the PostgreSQL databases they made; a package whose tests use this package
// calls it from its TestMain.
func Run(m *testing.M) { os.Exit(Main(m)) }

// Main runs a package's tests (m.Run), then drops the PostgreSQL databases
// they made, and returns m.Run's code.
func Main(m *testing.M) int {
	code := m.Run()
	if err := dropDatabases(func(name string) bool { return strings.HasPrefix(name, testPrefix()) }); err != nil {
		fmt.Fprintln(os.Stderr, "storagetest: drop the tests' databases:", err)
	}
	return code
}

// dbPrefix begins the name of every test database; the test process's id
// follows, so that one process finds what a dead one left.
const dbPrefix = "packline_test_"

func testPrefix() string { return dbPrefix + strconv.Itoa(os.Getpid()) + "_" }

// pgDatabase creates a database of the test's own (a copy of template, or
// empty when template is ""), dropped when the test process ends (Main),
// and returns its URL. Its connections are closed when the test ends.
func pgDatabase(t testing.TB, template string) string {
	t.Helper()
	admin, err := pgAdmin()
	if err != nil {
		t.Fatal(err)
	}
	sweepDead.Do(func() {
		// What killed test processes left: theirs is a prefix with a pid
		// that no longer runs.
		_ = dropDatabases(func(name string) bool {
			pid, _, ok := strings.Cut(strings.TrimPrefix(name, dbPrefix), "_")
			n, err := strconv.Atoi(pid)
			return ok && err == nil && n != os.Getpid() && syscall.Kill(n, 0) == syscall.ESRCH
		})
	})
	name := testPrefix() + randomHex(6)
	create := `CREATE DATABASE ` + name
	if template != "" {
		create += ` TEMPLATE ` + template
	}
	if err := retryInUse(func() error { _, err := admin.Exec(create); return err }); err != nil {
		t.Fatalf("create database (is PostgreSQL running at %s?): %v", os.Getenv(PostgresURLEnv), err)
	}
	return withDatabase(os.Getenv(PostgresURLEnv), name)
}

var sweepDead sync.Once

// dropDatabases drops every test database whose name match accepts, four
// at a time: the checkpoints their drops ask for run together.
func dropDatabases(match func(name string) bool) error {
	if os.Getenv(PostgresURLEnv) == "" {
		return nil
	}
	admin, err := pgAdmin()
	if err != nil {
		return err
	}
	rows, err := admin.Query(`SELECT datname FROM pg_database WHERE datname LIKE 'packline\_test\_%'`)
	if err != nil {
		return err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		if match(n) {
			names = append(names, n)
		}
	}
	rows.Close()
	work := make(chan string)
	errs := make(chan error, len(names))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range work {
				if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + n + ` WITH (FORCE)`); err != nil {
					errs <- fmt.Errorf("%s: %w", n, err)
				}
			}
		}()
	}
	for _, n := range names {
		work <- n
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}

// retryInUse runs fn again while PostgreSQL answers that the database it
// needs is in use by another session (55006: a template being copied by
// another CREATE DATABASE at that instant), for up to a minute.
func retryInUse(fn func() error) error {
	deadline := time.Now().Add(time.Minute)
	for {
		err := fn()
		var pgErr *pgconn.PgError
		if err == nil || !errors.As(err, &pgErr) || pgErr.Code != "55006" || time.Now().After(deadline) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// withDatabase returns base with its database replaced by name (and no
// search_path: each test database uses its public schema).
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	q := u.Query()
	q.Del("search_path")
	// A test's pool is small: a dozen tests of two packages run at once on
	// one server (max_connections 100 by default), and a test past it is
	// refused connections and answered 503. Requests beyond the pool wait
	// for a connection, as they would in production beyond its 20.
	if q.Get("pool_max_conns") == "" {
		q.Set("pool_max_conns", "4")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
