package engine

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The engine-neutral copy of a database's tables (packline copy): which
// tables, in which order and with which columns, each value as the target
// engine stores it, and a checksum of the rows read on each side in a form
// both engines give alike.

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

// InsertSQL writes n rows of the table's columns, with '?' placeholders.
func (t TableCopy) InsertSQL(n int) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(t.Columns)), ", ") + ")"
	return `INSERT INTO ` + t.Name + ` (` + strings.Join(t.Columns, ", ") + `) VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", n), ", ")
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
