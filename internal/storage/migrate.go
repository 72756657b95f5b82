package storage

import (
	"context"
	"embed"
	"fmt"
	"path"

	"github.com/packline/packline/internal/storage/engine"
)

//go:embed migrations
var migrationFiles embed.FS

func (db *DB) migrations() ([]engine.Migration, error) {
	return engine.Migrations(migrationFiles, path.Join("migrations", string(db.Dialect)))
}

// LatestSchemaVersion is the version the embedded migrations lead to.
func (db *DB) LatestSchemaVersion() int {
	ms, err := db.migrations()
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// SchemaVersion returns the highest applied migration version.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := db.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// SchemaNewerError is Migrate's refusal of a database whose schema a newer
// Packline wrote.
type SchemaNewerError struct{ Database, Binary int }

func (e *SchemaNewerError) Error() string {
	return fmt.Sprintf("the database's schema is version %d, newer than this packline's %d: run the packline that migrated it, or a newer one (nothing was changed)", e.Database, e.Binary)
}

// Migrate applies every embedded migration not yet applied, each in its own
// transaction. Several instances may call it at once on PostgreSQL: an
// advisory lock lets one apply each step while the others wait.
func (db *DB) Migrate(ctx context.Context) (applied []string, err error) {
	return db.migrateTo(ctx, 0)
}

// migrateTo is Migrate applying the steps up to version upTo only (0: every
// step), as an older Packline left a database (the tests of a step over the
// rows it meets).
func (db *DB) migrateTo(ctx context.Context, upTo int) (applied []string, err error) {
	ms, err := db.migrations()
	if err != nil {
		return nil, err
	}
	create := `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`
	// Under the same advisory lock as the steps: PostgreSQL's CREATE TABLE IF
	// NOT EXISTS is not safe against a concurrent one (duplicate type 42710).
	if err := db.WithTx(ctx, func(tx *Tx) error {
		if db.Dialect == Postgres {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(727274)`); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, create)
		return err
	}); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	// A database a newer binary migrated is left as it is: this binary
	// knows neither its tables nor how to undo them.
	if v, err := db.SchemaVersion(ctx); err != nil {
		return nil, err
	} else if latest := ms[len(ms)-1].Version; v > latest {
		return nil, &SchemaNewerError{Database: v, Binary: latest}
	}
	for _, m := range ms {
		if upTo > 0 && m.Version > upTo {
			break
		}
		err := db.WithTx(ctx, func(tx *Tx) error {
			if db.Dialect == Postgres {
				if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(727274)`); err != nil {
					return err
				}
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			// The step's SQL runs as written: no placeholder rewriting, which
			// would turn a "?" in seeded text into "$1" on PostgreSQL.
			if _, err := tx.tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.Version, m.Name, Millis(tx.Now)); err != nil {
				return err
			}
			applied = append(applied, m.Name)
			return nil
		})
		if err != nil {
			return applied, err
		}
	}
	return applied, nil
}

// MigrationsDigest names the embedded migrations of dialect d (engine.Digest),
// so that a database migrated by one set can be told from another's (the
// tests' migrated templates).
func MigrationsDigest(d Dialect) (string, error) {
	ms, err := (&DB{Dialect: d}).migrations()
	if err != nil {
		return "", err
	}
	return engine.Digest(ms), nil
}
