package storage

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
)

// CheckBackup opens a SQLite backup file read-only and checks it: SQLite's
// own integrity check passes, and its schema is one this Packline knows (a
// version from 1 to the latest). It returns that schema version.
func CheckBackup(ctx context.Context, path string) (int, error) {
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
	latest := (&DB{Dialect: SQLite}).LatestSchemaVersion()
	if version < 1 || version > latest {
		return 0, fmt.Errorf("backup %s has schema version %d; this packline knows 1 to %d", path, version, latest)
	}
	return version, nil
}
