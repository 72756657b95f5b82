package storage

import (
	"context"
	"fmt"

	"github.com/packline/packline/internal/storage/engine"
)

// CheckBackup opens a SQLite backup file read-only and checks it: SQLite's
// own integrity check passes (engine.CheckSQLite), and its schema is one
// this Packline knows (a version from 1 to the latest). It returns that
// schema version.
func CheckBackup(ctx context.Context, path string) (int, error) {
	version, err := engine.CheckSQLite(ctx, path)
	if err != nil {
		return 0, err
	}
	latest := (&DB{Dialect: SQLite}).LatestSchemaVersion()
	if version < 1 || version > latest {
		return 0, fmt.Errorf("backup %s has schema version %d; this packline knows 1 to %d", path, version, latest)
	}
	return version, nil
}
