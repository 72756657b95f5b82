package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/packline/packline/internal/storage/engine"
)

// CopiedTable is one table of a Copy: its rows and the checksum of its
// contents read back from each side (equal when the copy is whole).
type CopiedTable struct {
	Name           string
	Rows           int64
	TargetRows     int64
	SourceChecksum string
	TargetChecksum string
}

// OK says whether the table arrived whole.
func (c CopiedTable) OK() bool {
	return c.Rows == c.TargetRows && c.SourceChecksum == c.TargetChecksum
}

// ErrCopyMismatch is Copy's answer when a table read back from the target
// differs from the source (the report says which).
var ErrCopyMismatch = errors.New("the copy differs from the source")

// Copy copies every table of from into to, any pair of engines (SQLite to
// PostgreSQL is the one groups need): both at this binary's schema, to as
// freshly migrated (nothing in it but what the migrations put there), all in
// one transaction on to, ids kept and PostgreSQL's identity sequences moved
// past them. Then it reads every table back from both and compares row
// counts and a checksum of the contents (values in a form both engines give
// alike: booleans as 1/0, dates as YYYY-MM-DD). It returns the tables in the
// order copied, and ErrCopyMismatch with them when any differs.
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
	tables, err := copyPlan(ctx, from, to)
	if err != nil {
		return nil, err
	}
	seeded, err := migrationRows(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		n, err := countRows(ctx, to.read, t.Name)
		if err != nil {
			return nil, err
		}
		if n > seeded[t.Name] {
			return nil, fmt.Errorf("the target is not empty: %s has %d rows (copy only into a freshly migrated database)", t.Name, n)
		}
	}

	// The source is read in one snapshot, its checksums taken as it is read.
	src, err := from.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: snapshotLevel(from)})
	if err != nil {
		return nil, err
	}
	defer src.Rollback()
	report := make([]CopiedTable, len(tables))
	err = to.WithTx(ctx, func(tx *Tx) error {
		if to.Dialect == SQLite {
			if _, err := tx.Exec(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
				return err
			}
		}
		for i, t := range tables {
			if seeded[t.Name] > 0 { // rows the target's migrations put there; the source has its own
				if _, err := tx.Exec(ctx, `DELETE FROM `+t.Name); err != nil {
					return err
				}
			}
			n, sum, err := copyTable(ctx, src, tx, to.Dialect, t)
			if err != nil {
				return fmt.Errorf("copy %s: %w", t.Name, err)
			}
			report[i] = CopiedTable{Name: t.Name, Rows: n, SourceChecksum: sum}
		}
		if to.Dialect == Postgres {
			return moveSequences(ctx, tx)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	mismatch := false
	for i, t := range tables {
		rows, err := to.read.QueryContext(ctx, t.SelectSQL())
		if err != nil {
			return nil, err
		}
		n, sum, err := engine.ChecksumRows(rows, len(t.Columns), nil)
		if err != nil {
			return nil, fmt.Errorf("read back %s: %w", t.Name, err)
		}
		report[i].TargetRows, report[i].TargetChecksum = n, sum
		mismatch = mismatch || !report[i].OK()
	}
	if mismatch {
		return report, ErrCopyMismatch
	}
	return report, nil
}

func snapshotLevel(db *DB) sql.IsolationLevel {
	if db.Dialect == Postgres {
		return sql.LevelRepeatableRead
	}
	return sql.LevelDefault // SQLite: a read transaction is a snapshot
}

// copyPlan lists the tables both databases have, in an order that puts every
// table after those it refers to, with the columns to copy.
func copyPlan(ctx context.Context, from, to *DB) ([]engine.TableCopy, error) {
	srcTables, err := tableColumns(ctx, from)
	if err != nil {
		return nil, err
	}
	dstTables, err := tableColumns(ctx, to)
	if err != nil {
		return nil, err
	}
	refs, err := references(ctx, to)
	if err != nil {
		return nil, err
	}
	return engine.PlanCopy(srcTables, dstTables, refs), nil
}

// tableColumns reads the base tables of db (not SQLite's own, nor the
// full-text index and its shadow tables, which SQLite keeps by trigger).
func tableColumns(ctx context.Context, db *DB) (map[string]*engine.Table, error) {
	out := map[string]*engine.Table{}
	var q string
	if db.Dialect == SQLite {
		q = `SELECT m.name, p.name, p.hidden IN (2, 3), p.pk, false FROM sqlite_master m, pragma_table_xinfo(m.name) p
			WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.sql NOT LIKE 'CREATE VIRTUAL%'
			ORDER BY m.name, p.cid`
	} else {
		q = `SELECT c.table_name, c.column_name, c.is_generated = 'ALWAYS',
			COALESCE((SELECT k.ordinal_position FROM information_schema.table_constraints tc
				JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
				WHERE tc.table_schema = c.table_schema AND tc.table_name = c.table_name AND tc.constraint_type = 'PRIMARY KEY'
				AND k.column_name = c.column_name), 0),
			c.data_type = 'boolean'
			FROM information_schema.columns c
			JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
			WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
			ORDER BY c.table_name, c.ordinal_position`
	}
	rows, err := db.read.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	keys := map[string]map[int]string{}
	for rows.Next() {
		var table, name string
		var generated, boolean bool
		var pk int
		if err := rows.Scan(&table, &name, &generated, &pk, &boolean); err != nil {
			return nil, err
		}
		if strings.HasPrefix(table, "inventory_search") && db.Dialect == SQLite {
			continue // the full-text index's shadow tables
		}
		t := out[table]
		if t == nil {
			t = &engine.Table{}
			out[table] = t
			keys[table] = map[int]string{}
		}
		t.Columns = append(t.Columns, engine.Column{Name: name, Generated: generated, Boolean: boolean})
		if pk > 0 {
			keys[table][pk] = name
		}
	}
	for table, k := range keys {
		for i := 1; i <= len(k); i++ {
			out[table].Key = append(out[table].Key, k[i])
		}
	}
	return out, rows.Err()
}

// references maps each table to the tables its foreign keys name.
func references(ctx context.Context, db *DB) (map[string][]string, error) {
	var q string
	if db.Dialect == SQLite {
		q = `SELECT m.name, f."table" FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`
	} else {
		q = `SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
			WHERE c.contype = 'f' AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`
	}
	rows, err := db.read.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var from, to string
		if err := rows.Scan(&from, &to); err != nil {
			return nil, err
		}
		out[from] = append(out[from], strings.Trim(to, `"`))
	}
	return out, rows.Err()
}

func countRows(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, table string) (int64, error) {
	var n int64
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n)
	return n, err
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
	tables, err := tableColumns(ctx, fresh)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for name := range tables {
		if out[name], err = countRows(ctx, fresh.read, name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// copyTable streams one table from src into tx in batches of many rows a
// statement, and returns the rows copied and the checksum of what it read.
func copyTable(ctx context.Context, src *sql.Tx, tx *Tx, target Dialect, t engine.TableCopy) (int64, string, error) {
	rows, err := src.QueryContext(ctx, t.SelectSQL())
	if err != nil {
		return 0, "", err
	}
	per := t.RowsPerInsert()
	var batch []any
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		_, err := tx.Exec(ctx, t.InsertSQL(len(batch)/len(t.Columns)), batch...)
		batch = batch[:0]
		return err
	}
	n, sum, err := engine.ChecksumRows(rows, len(t.Columns), func(values []any) error {
		for i, v := range values {
			batch = append(batch, engine.ForTarget(v, target == SQLite, t.Boolean[i]))
		}
		if len(batch) >= per*len(t.Columns) {
			return flush()
		}
		return nil
	})
	if err != nil {
		return 0, "", err
	}
	return n, sum, flush()
}

// moveSequences sets every identity column's sequence past the ids copied,
// so the next row PostgreSQL numbers does not collide with one.
func moveSequences(ctx context.Context, tx *Tx) error {
	rows, err := tx.Query(ctx, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND is_identity = 'YES'`)
	if err != nil {
		return err
	}
	type ident struct{ table, column string }
	var idents []ident
	for rows.Next() {
		var i ident
		if err := rows.Scan(&i.table, &i.column); err != nil {
			rows.Close()
			return err
		}
		idents = append(idents, i)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, i := range idents {
		q := fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', '%s'), COALESCE(MAX(%s), 0) + 1, false) FROM %s`, i.table, i.column, i.column, i.table)
		if _, err := tx.Exec(ctx, q); err != nil {
			return fmt.Errorf("sequence of %s.%s: %w", i.table, i.column, err)
		}
	}
	return nil
}
