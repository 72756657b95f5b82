package engine

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// DefaultPoolSize is how many connections to PostgreSQL one instance opens
// at most, unless its URL names pool_max_conns.
const DefaultPoolSize = 20

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// PostgresDSN prepares a PostgreSQL URL for the driver: it gives the URL a
// connect_timeout of 2 seconds unless it names one (with the server out of
// reach, a request waits that long for a connection and is answered 503,
// never left hanging), and takes out pool_max_conns (the most connections
// this instance opens, 1–1000, DefaultPoolSize unless named), which is ours,
// not the server's: the driver would send it on as a setting.
func PostgresDSN(dsn string) (string, int, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn, DefaultPoolSize, nil
	}
	q := u.Query()
	size := DefaultPoolSize
	if v := q.Get("pool_max_conns"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return "", 0, fmt.Errorf("pool_max_conns in the database URL must be a whole number from 1 to 1000, not %q", v)
		}
		size = n
		q.Del("pool_max_conns")
	}
	if q.Get("connect_timeout") == "" {
		q.Set("connect_timeout", "2")
	}
	u.RawQuery = q.Encode()
	return u.String(), size, nil
}

// OpenPostgres opens the pool of connections to the PostgreSQL database at
// dsn, sized and timed out by PostgresDSN, and returns it with the URL the
// driver took (for connections of one's own, such as a listener's).
func OpenPostgres(dsn string) (*sql.DB, string, error) {
	driverDSN, size, err := PostgresDSN(dsn)
	if err != nil {
		return nil, "", err
	}
	pool, err := sql.Open("pgx", driverDSN)
	if err != nil {
		return nil, "", fmt.Errorf("open postgres: %w", err)
	}
	pool.SetMaxOpenConns(size)
	pool.SetMaxIdleConns(size)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	return pool, driverDSN, nil
}

// sqliteReaders is how many read-only connections a SQLite database has.
const sqliteReaders = 8

// SQLiteFiles is how many files a SQLite database holds open at most: its
// writer and readers each keep the database, its WAL and its shared-memory
// index open.
const SQLiteFiles = (1 + sqliteReaders) * 3

// PostgresFiles is how many connections (open files) a PostgreSQL database
// of a pool of size connections holds at most: the pool's and the
// listener's.
func PostgresFiles(size int) int { return size + 1 }

// OpenSQLite opens the SQLite database file at path, creating it and its
// folder if needed: its one writer connection (every transaction begins
// IMMEDIATE) and a pool of 8 read-only readers, in WAL mode with foreign
// keys on. synchronous(FULL): in WAL mode every commit is fsynced before it
// returns, so an acknowledged punch, stock move or any other write survives
// a power cut or an OS crash, not only a killed process (NORMAL, the usual
// WAL setting, can lose the last commits then).
func OpenSQLite(path string) (write, read *sql.DB, err error) {
	if dir := filepath.Dir(path); dir != "." && dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, nil, fmt.Errorf("create database folder: %w", err)
		}
	}
	params := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_time_format=sqlite"
	w, err := sql.Open("sqlite", path+"?"+params+"&_txlock=immediate")
	if err != nil {
		return nil, nil, fmt.Errorf("open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	r, err := sql.Open("sqlite", path+"?"+params+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, nil, fmt.Errorf("open sqlite: %w", err)
	}
	r.SetMaxOpenConns(sqliteReaders)
	r.SetMaxIdleConns(sqliteReaders)
	r.SetConnMaxLifetime(0)
	return w, r, nil
}

// Ping waits, up to 10 seconds, for pool to answer. A new SQLite file is
// switched to WAL on first connection, and processes opening it at the same
// moment may find it locked for an instant: that is tried again.
func Ping(ctx context.Context, pool *sql.DB) error {
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	err := pool.PingContext(pingCtx)
	for attempt := 0; err != nil && IsRetryable(err) && attempt < 50 && pingCtx.Err() == nil; attempt++ {
		time.Sleep(20 * time.Millisecond)
		err = pool.PingContext(pingCtx)
	}
	return err
}

// BeginPostgres starts a write transaction on pool whose commit is durable
// (the server waits for its WAL flush) or not (synchronous_commit off).
func BeginPostgres(ctx context.Context, pool *sql.DB, durable bool) (*sql.Tx, error) {
	tx, err := pool.BeginTx(ctx, nil)
	if err == nil && !durable {
		if _, err = tx.ExecContext(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
			_ = tx.Rollback()
		}
	}
	return tx, err
}

// BeginSQLite takes the writer connection of pool and begins a transaction
// on it whose commit is fsynced (durable) or not; done releases the
// connection once the transaction has ended.
func BeginSQLite(ctx context.Context, pool *sql.DB, durable bool) (tx *sql.Tx, done func(), err error) {
	// SQLite sets the level per connection and not inside a transaction:
	// every transaction sets its own on the writer before it begins.
	conn, err := pool.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	level := `PRAGMA synchronous = FULL`
	if !durable {
		level = `PRAGMA synchronous = NORMAL`
	}
	if _, err := conn.ExecContext(ctx, level); err != nil {
		conn.Close()
		return nil, nil, err
	}
	tx, err = conn.BeginTx(ctx, nil)
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	return tx, func() { conn.Close() }, nil
}

// CheckSQLite opens the SQLite database file at path read-only and checks
// it: SQLite's own integrity check passes, and it has a schema_migrations
// table. It returns the highest version there.
func CheckSQLite(ctx context.Context, path string) (int, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, fmt.Errorf("backup %s: %w", path, err)
	}
	// mode=ro: checking a file never changes it (no WAL switch, no journal).
	conn, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&_pragma=query_only(1)")
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	var result string
	if err := conn.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&result); err != nil {
		return 0, fmt.Errorf("backup %s is not a SQLite database Packline can read: %w", path, err)
	}
	if result != "ok" {
		return 0, fmt.Errorf("backup %s fails SQLite's integrity check: %s", path, result)
	}
	var version int
	if err := conn.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&version); err != nil {
		return 0, fmt.Errorf("backup %s is not a Packline database: %w", path, err)
	}
	return version, nil
}
