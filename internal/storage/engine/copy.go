package engine

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The engine-neutral copy of a database's tables (packline copy): which
// tables, in which order and with which columns (read from each side's
// catalog), each value as the target engine stores it, and a checksum of
// the rows read on each side in a form both engines give alike.

// CopiedTable is one table of a copy: its rows and the checksum of its
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

// ErrCopyMismatch is a copy's answer when a table read back from the target
// differs from the source (the report says which).
var ErrCopyMismatch = errors.New("the copy differs from the source")

// CopySide is a database a copy reads from or writes to: its readers and
// its engine.
type CopySide struct {
	Read     *sql.DB
	Postgres bool
}

// Copy copies every table both sides have from from into to, to holding no
// row but those its migrations put there (seeded, by table, as counted by
// SeededRows on a fresh database): from is read in one snapshot, to written
// in one transaction (write runs fn in it), ids kept and PostgreSQL's
// identity sequences moved past them. Then it reads every table back from
// to and compares row counts and checksums. It returns the tables in the
// order copied, and ErrCopyMismatch with them when any differs.
func Copy(ctx context.Context, from, to CopySide, seeded map[string]int64, write func(fn func(tx *sql.Tx) error) error) ([]CopiedTable, error) {
	tables, err := planCopy(ctx, from, to)
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		n, err := countRows(ctx, to.Read, t.Name)
		if err != nil {
			return nil, err
		}
		if n > seeded[t.Name] {
			return nil, fmt.Errorf("the target is not empty: %s has %d rows (copy only into a freshly migrated database)", t.Name, n)
		}
	}

	// The source is read in one snapshot, its checksums taken as it is read.
	level := sql.LevelDefault // SQLite: a read transaction is a snapshot
	if from.Postgres {
		level = sql.LevelRepeatableRead
	}
	src, err := from.Read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: level})
	if err != nil {
		return nil, err
	}
	defer src.Rollback()
	report := make([]CopiedTable, len(tables))
	err = write(func(tx *sql.Tx) error {
		if !to.Postgres {
			if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
				return err
			}
		}
		for i, t := range tables {
			if seeded[t.Name] > 0 { // rows the target's migrations put there; the source has its own
				if _, err := tx.ExecContext(ctx, `DELETE FROM `+t.Name); err != nil {
					return err
				}
			}
			n, sum, err := copyTable(ctx, src, tx, to.Postgres, t)
			if err != nil {
				return fmt.Errorf("copy %s: %w", t.Name, err)
			}
			report[i] = CopiedTable{Name: t.Name, Rows: n, SourceChecksum: sum}
		}
		if to.Postgres {
			return moveSequences(ctx, tx)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	mismatch := false
	for i, t := range tables {
		rows, err := to.Read.QueryContext(ctx, t.SelectSQL())
		if err != nil {
			return nil, err
		}
		n, sum, err := ChecksumRows(rows, len(t.Columns), nil)
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

// SeededRows counts the rows in each table of a freshly migrated database
// (a counter row, say): a target holding those and no more is empty.
func SeededRows(ctx context.Context, fresh CopySide) (map[string]int64, error) {
	tables, err := catalog(ctx, fresh)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for name := range tables {
		if out[name], err = countRows(ctx, fresh.Read, name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// planCopy lists the tables both sides have, in an order that puts every
// table after those it refers to, with the columns to copy.
func planCopy(ctx context.Context, from, to CopySide) ([]TableCopy, error) {
	src, err := catalog(ctx, from)
	if err != nil {
		return nil, err
	}
	dst, err := catalog(ctx, to)
	if err != nil {
		return nil, err
	}
	refs, err := references(ctx, to)
	if err != nil {
		return nil, err
	}
	return PlanCopy(src, dst, refs), nil
}

// Column is a table's column as the catalog tells it.
type Column struct {
	Name      string
	Generated bool
	Boolean   bool // a PostgreSQL boolean (SQLite gives 1/0)
}

// Table is a table's columns and its primary key's columns, in order.
type Table struct {
	Columns []Column
	Key     []string
}

// TableCopy is what copying one table takes: the columns both sides have
// (generated ones left out: the target computes them) and its order.
type TableCopy struct {
	Name    string
	Columns []string
	Boolean []bool // per column: the target keeps it as a PostgreSQL boolean
	Order   []string
}

// SelectSQL reads the table's columns in its order.
func (t TableCopy) SelectSQL() string {
	return `SELECT ` + strings.Join(t.Columns, ", ") + ` FROM ` + t.Name + ` ORDER BY ` + strings.Join(t.Order, ", ")
}

// RowsPerInsert is how many rows one INSERT takes: both engines take 32,766
// parameters a statement at the least.
func (t TableCopy) RowsPerInsert() int { return max(1, min(500, 30000/len(t.Columns))) }

// InsertSQL writes n rows of the table's columns (placeholders numbered
// for PostgreSQL).
func (t TableCopy) InsertSQL(n int, postgres bool) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(t.Columns)), ", ") + ")"
	q := `INSERT INTO ` + t.Name + ` (` + strings.Join(t.Columns, ", ") + `) VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", n), ", ")
	if postgres {
		var p Placeholders
		return p.Dollars(q)
	}
	return q
}

// PlanCopy lists the tables both sides have (but schema_migrations), in an
// order that puts every table after those it refers to (refs, the target's
// foreign keys), with the columns to copy.
func PlanCopy(src, dst map[string]*Table, refs map[string][]string) []TableCopy {
	var names []string
	for name := range dst {
		if _, ok := src[name]; ok && name != "schema_migrations" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
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
	var plan []TableCopy
	for _, n := range ordered {
		s, d := src[n], dst[n]
		t := TableCopy{Name: n}
		for _, c := range d.Columns {
			if !c.Generated && slices.ContainsFunc(s.Columns, func(sc Column) bool { return sc.Name == c.Name && !sc.Generated }) {
				t.Columns = append(t.Columns, c.Name)
				t.Boolean = append(t.Boolean, c.Boolean)
			}
		}
		t.Order = d.Key
		if len(t.Order) == 0 {
			t.Order = t.Columns
		}
		plan = append(plan, t)
	}
	return plan
}

// ForTarget is a value as the target engine stores it: SQLite keeps
// booleans as 1/0 and dates as text; PostgreSQL takes a boolean for 1/0.
func ForTarget(v any, toSQLite, boolean bool) any {
	if !toSQLite {
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

// ChecksumRows reads rows of n columns, hands each to each (when not nil)
// and returns their count and the SHA-256 of their canonical form.
func ChecksumRows(rows *sql.Rows, n int, each func([]any) error) (int64, string, error) {
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

// copyTable streams one table from src into tx in batches of many rows a
// statement, and returns the rows copied and the checksum of what it read.
func copyTable(ctx context.Context, src, tx *sql.Tx, toPostgres bool, t TableCopy) (int64, string, error) {
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
		_, err := tx.ExecContext(ctx, t.InsertSQL(len(batch)/len(t.Columns), toPostgres), batch...)
		batch = batch[:0]
		return err
	}
	n, sum, err := ChecksumRows(rows, len(t.Columns), func(values []any) error {
		for i, v := range values {
			batch = append(batch, ForTarget(v, !toPostgres, t.Boolean[i]))
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

// catalog reads a side's base tables (not SQLite's own, nor the full-text
// index and its shadow tables, which SQLite keeps by trigger).
func catalog(ctx context.Context, side CopySide) (map[string]*Table, error) {
	out := map[string]*Table{}
	q := `SELECT m.name, p.name, p.hidden IN (2, 3), p.pk, false FROM sqlite_master m, pragma_table_xinfo(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.sql NOT LIKE 'CREATE VIRTUAL%'
		ORDER BY m.name, p.cid`
	if side.Postgres {
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
	rows, err := side.Read.QueryContext(ctx, q)
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
		if strings.HasPrefix(table, "inventory_search") && !side.Postgres {
			continue // the full-text index's shadow tables
		}
		t := out[table]
		if t == nil {
			t = &Table{}
			out[table] = t
			keys[table] = map[int]string{}
		}
		t.Columns = append(t.Columns, Column{Name: name, Generated: generated, Boolean: boolean})
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
func references(ctx context.Context, side CopySide) (map[string][]string, error) {
	q := `SELECT m.name, f."table" FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`
	if side.Postgres {
		q = `SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
			WHERE c.contype = 'f' AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`
	}
	rows, err := side.Read.QueryContext(ctx, q)
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

func countRows(ctx context.Context, pool *sql.DB, table string) (int64, error) {
	var n int64
	err := pool.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n)
	return n, err
}

// moveSequences sets every identity column's sequence past the ids copied,
// so the next row PostgreSQL numbers does not collide with one.
func moveSequences(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT table_name, column_name FROM information_schema.columns
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
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("sequence of %s.%s: %w", i.table, i.column, err)
		}
	}
	return nil
}
