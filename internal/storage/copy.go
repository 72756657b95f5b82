package storage

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	"github.com/packline/packline/internal/storage/engine"
)

// CopiedTable is one table of a Copy: its rows and the checksum of its
// contents read back from each side (equal when the copy is whole).
type CopiedTable = engine.CopiedTable

// ErrCopyMismatch is Copy's answer when a table read back from the target
// differs from the source (the report says which).
var ErrCopyMismatch = engine.ErrCopyMismatch

// Copy copies every table of from into to, any pair of engines (SQLite to
// PostgreSQL is the one groups need): both at this binary's schema, to as
// freshly migrated (nothing in it but what the migrations put there), all in
// one transaction on to, ids kept and PostgreSQL's identity sequences moved
// past them. Then it reads every table back from both and compares row
// counts and a checksum of the contents (values in a form both engines give
// alike: booleans as 1/0, dates as YYYY-MM-DD). It returns the tables in the
// order copied, and ErrCopyMismatch with them when any differs (engine.Copy).
func Copy(ctx context.Context, from, to *DB) ([]CopiedTable, error) {
	latest := from.LatestSchemaVersion()
	for _, side := range []struct {
		name string
		db   *DB
	}{{"source", from}, {"target", to}} {
		v, err := side.db.SchemaVersion(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", side.name, err)
		}
		if v != latest {
			return nil, fmt.Errorf("the %s is at schema version %d, this packline at %d: run packline migrate on it first", side.name, v, latest)
		}
	}
	seeded, err := migrationRows(ctx)
	if err != nil {
		return nil, err
	}
	return engine.Copy(ctx, from.copySide(), to.copySide(), seeded, func(fn func(tx *sql.Tx) error) error {
		return to.WithTx(ctx, func(tx *Tx) error { return fn(tx.tx) })
	})
}

func (db *DB) copySide() engine.CopySide {
	return engine.CopySide{Read: db.read, Postgres: db.Dialect == Postgres}
}

// migrationRows counts the rows a fresh migration leaves in each table (a
// counter row, say): a target holding those and no more is empty.
func migrationRows(ctx context.Context) (map[string]int64, error) {
	dir, err := os.MkdirTemp("", "packline-copy-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	fresh, err := Open(ctx, filepath.Join(dir, "fresh.db"))
	if err != nil {
		return nil, err
	}
	defer fresh.Close()
	if _, err := fresh.Migrate(ctx); err != nil {
		return nil, err
	}
	return engine.SeededRows(ctx, fresh.copySide())
}
