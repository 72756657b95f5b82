package storage

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
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
		n, err := countRows(ctx, to.read, t.name)
		if err != nil {
			return nil, err
		}
		if n > seeded[t.name] {
			return nil, fmt.Errorf("the target is not empty: %s has %d rows (copy only into a freshly migrated database)", t.name, n)
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
			if seeded[t.name] > 0 { // rows the target's migrations put there; the source has its own
				if _, err := tx.Exec(ctx, `DELETE FROM `+t.name); err != nil {
					return err
				}
			}
			n, sum, err := copyTable(ctx, src, tx, to.Dialect, t)
			if err != nil {
				return fmt.Errorf("copy %s: %w", t.name, err)
			}
			report[i] = CopiedTable{Name: t.name, Rows: n, SourceChecksum: sum}
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
		rows, err := to.read.QueryContext(ctx, t.selectSQL())
		if err != nil {
			return nil, err
		}
		n, sum, err := checksumRows(rows, len(t.columns), nil)
		if err != nil {
			return nil, fmt.Errorf("read back %s: %w", t.name, err)
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

// copyTableSpec is what copying one table takes: its columns both sides
// have (generated ones left out: the target computes them) and its order.
type copyTableSpec struct {
	name    string
	columns []string
	boolean []bool // per column: the target keeps it as a PostgreSQL boolean
	order   []string
}

func (t copyTableSpec) selectSQL() string {
	return `SELECT ` + strings.Join(t.columns, ", ") + ` FROM ` + t.name + ` ORDER BY ` + strings.Join(t.order, ", ")
}

// copyPlan lists the tables both databases have, in an order that puts every
// table after those it refers to, with the columns to copy.
func copyPlan(ctx context.Context, from, to *DB) ([]copyTableSpec, error) {
	srcTables, err := tableColumns(ctx, from)
	if err != nil {
		return nil, err
	}
	dstTables, err := tableColumns(ctx, to)
	if err != nil {
		return nil, err
	}
	var names []string
	for name := range dstTables {
		if _, ok := srcTables[name]; ok && name != "schema_migrations" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	refs, err := references(ctx, to)
	if err != nil {
		return nil, err
	}
	// Depth-first: a table after every table it refers to.
	var ordered []string
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(string)
	visit = func(n string) {
		if state[n] != 0 {
			return
		}
		state[n] = 1
		for _, r := range refs[n] {
			if r != n && slices.Contains(names, r) {
				visit(r)
			}
		}
		state[n] = 2
		ordered = append(ordered, n)
	}
	for _, n := range names {
		visit(n)
	}
	var plan []copyTableSpec
	for _, n := range ordered {
		src, dst := srcTables[n], dstTables[n]
		t := copyTableSpec{name: n}
		for _, c := range dst.columns {
			if !c.generated && slices.ContainsFunc(src.columns, func(s column) bool { return s.name == c.name && !s.generated }) {
				t.columns = append(t.columns, c.name)
				t.boolean = append(t.boolean, c.boolean)
			}
		}
		t.order = dst.key
		if len(t.order) == 0 {
			t.order = t.columns
		}
		plan = append(plan, t)
	}
	return plan, nil
}

type column struct {
	name      string
	generated bool
	boolean   bool // a PostgreSQL boolean (SQLite gives 1/0)
}

type tableInfo struct {
	columns []column
	key     []string // primary key columns, in order
}

// tableColumns reads the base tables of db (not SQLite's own, nor the
// full-text index and its shadow tables, which SQLite keeps by trigger).
func tableColumns(ctx context.Context, db *DB) (map[string]*tableInfo, error) {
	out := map[string]*tableInfo{}
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
			t = &tableInfo{}
			out[table] = t
			keys[table] = map[int]string{}
		}
		t.columns = append(t.columns, column{name: name, generated: generated, boolean: boolean})
		if pk > 0 {
			keys[table][pk] = name
		}
	}
	for table, k := range keys {
		for i := 1; i <= len(k); i++ {
			out[table].key = append(out[table].key, k[i])
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
func copyTable(ctx context.Context, src *sql.Tx, tx *Tx, target Dialect, t copyTableSpec) (int64, string, error) {
	rows, err := src.QueryContext(ctx, t.selectSQL())
	if err != nil {
		return 0, "", err
	}
	// Both engines take 32,766 parameters a statement at the least.
	per := max(1, min(500, 30000/len(t.columns)))
	var batch []any
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n := len(batch) / len(t.columns)
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(t.columns)), ", ") + ")"
		q := `INSERT INTO ` + t.name + ` (` + strings.Join(t.columns, ", ") + `) VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", n), ", ")
		_, err := tx.Exec(ctx, q, batch...)
		batch = batch[:0]
		return err
	}
	n, sum, err := checksumRows(rows, len(t.columns), func(values []any) error {
		for i, v := range values {
			batch = append(batch, forTarget(v, target, t.boolean[i]))
		}
		if len(batch) >= per*len(t.columns) {
			return flush()
		}
		return nil
	})
	if err != nil {
		return 0, "", err
	}
	return n, sum, flush()
}

// forTarget is a value as the target engine stores it: SQLite keeps
// booleans as 1/0 and dates as text; PostgreSQL takes a boolean for 1/0.
func forTarget(v any, target Dialect, boolean bool) any {
	if target != SQLite {
		if n, ok := v.(int64); ok && boolean {
			return n != 0
		}
		return v
	}
	switch x := v.(type) {
	case bool:
		if x {
			return int64(1)
		}
		return int64(0)
	case time.Time:
		return canonical(x)
	}
	return v
}

// checksumRows reads rows of n columns, hands each to each (when not nil)
// and returns their count and the SHA-256 of their canonical form.
func checksumRows(rows *sql.Rows, n int, each func([]any) error) (int64, string, error) {
	defer rows.Close()
	h := sha256.New()
	values := make([]any, n)
	ptrs := make([]any, n)
	for i := range values {
		ptrs[i] = &values[i]
	}
	var count int64
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return 0, "", err
		}
		writeRow(h, values)
		if each != nil {
			if err := each(slices.Clone(values)); err != nil {
				return 0, "", err
			}
		}
		count++
	}
	if err := rows.Err(); err != nil {
		return 0, "", err
	}
	return count, hex.EncodeToString(h.Sum(nil)), nil
}

func writeRow(h hash.Hash, values []any) {
	for _, v := range values {
		h.Write([]byte(canonical(v)))
		h.Write([]byte{0x1f})
	}
	h.Write([]byte{0x1e})
}

// canonical is a value as both engines give it alike: booleans as 1/0 (SQLite
// has no booleans), a date as YYYY-MM-DD (SQLite keeps dates as text).
func canonical(v any) string {
	switch x := v.(type) {
	case nil:
		return "\x00"
	case bool:
		if x {
			return "1"
		}
		return "0"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []byte:
		return "x" + hex.EncodeToString(x)
	case string:
		return x
	case time.Time:
		if x.Equal(x.Truncate(24*time.Hour)) && x.Location() == time.UTC {
			return x.Format(time.DateOnly)
		}
		return x.UTC().Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
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
