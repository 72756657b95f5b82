package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/packline/packline/internal/paging"
)

// Helpers every area's SQL shares.

// querier is what DB and Tx share for reads.
type querier interface {
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
	dialect() Dialect
}

// anyOf is the one way to query a set of ids (or keys): the condition that
// column is one of xs, and its one argument. On PostgreSQL it is
// `column = ANY(?)` over an array, on SQLite `column IN (SELECT value FROM
// json_each(?))` over a JSON array, so a set of any size is one statement,
// within both engines' limits on parameters, in no chunks. An empty set
// matches nothing.
func anyOf[T int64 | string](q querier, column string, xs []T) (string, any) {
	if q.dialect() == Postgres {
		return column + ` = ANY(?)`, xs
	}
	list, _ := json.Marshal(xs)
	return column + ` IN (SELECT value FROM json_each(?))`, string(list)
}

// eachIn runs query, its %s the condition that column is one of ids
// (anyOf) and its other arguments args, calling scan for every row; it
// reads nothing for no ids.
func eachIn(ctx context.Context, q querier, query, column string, ids []int64, scan func(*sql.Rows) error, args ...any) error {
	if len(ids) == 0 {
		return nil
	}
	cond, arg := anyOf(q, column, ids)
	return eachRow(ctx, q, fmt.Sprintf(query, cond), append(args, arg), scan)
}

// eachRow runs query with args, calling scan for every row.
func eachRow(ctx context.Context, q querier, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// escapeLike escapes s for a LIKE pattern written with ESCAPE '\': the
// wildcards % and _ and the escape character itself match literally.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// placeholders is n comma-separated '?' (the values of a row to insert).
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// nullID turns a nullable id column into *int64.
func nullID(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	id := v.Int64
	return &id
}

// directoryPage is one page of a directory table (clients, partners: rows
// with name_key, search_text and archived) as l asks, archived rows only
// with includeArchived, sorted by one of sorts (by name by default), and
// how many rows match in all.
func directoryPage[T any](ctx context.Context, q querier, table, columns string, scan func(rowScanner) (*T, error),
	sorts map[string]string, l paging.List, includeArchived bool) ([]T, int, error) {
	var conds []string
	var args []any
	if !includeArchived {
		conds, args = append(conds, `archived = ?`), append(args, false)
	}
	if l.Search != "" {
		conds, args = append(conds, `search_text LIKE ? ESCAPE '\'`), append(args, "%"+escapeLike(strings.ToLower(l.Search))+"%")
	}
	where := whereSQL(conds)
	var total int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM `+table+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	col, dir := sortColumn(sorts, l.Sort, "name_key"), sortDir(l.Desc)
	list, err := scanAll(ctx, q, scan, `SELECT `+columns+` FROM `+table+where+
		` ORDER BY `+col+dir+`, id`+dir+` LIMIT ? OFFSET ?`, append(args, l.PageSize, (l.Page-1)*l.PageSize)...)
	return list, total, err
}

// scanAll runs q and scans every row with scan.
func scanAll[T any](ctx context.Context, db querier, scan func(rowScanner) (*T, error), q string, args ...any) ([]T, error) {
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, rows.Err()
}

// inChunks calls fn with consecutive parts of xs of at most size elements
// (bound parameters per statement are limited on both engines).
func inChunks[T any](xs []T, size int, fn func(part []T) error) error {
	for start := 0; start < len(xs); start += size {
		if err := fn(xs[start:min(start+size, len(xs))]); err != nil {
			return err
		}
	}
	return nil
}

// likePrefix is a LIKE pattern matching strings that start with prefix.
func likePrefix(prefix string) string { return escapeLike(prefix) + "%" }

// whereSQL joins conds into a WHERE clause ("" when there are none).
func whereSQL(conds []string) string {
	if len(conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(conds, " AND ")
}

// sortColumn is the column sorts names for key, or fallback when key is not
// one of them (a client names sorts by key, never by column).
func sortColumn(sorts map[string]string, key, fallback string) string {
	if col, ok := sorts[key]; ok {
		return col
	}
	return fallback
}

// sortDir is " ASC" or " DESC".
func sortDir(desc bool) string {
	if desc {
		return " DESC"
	}
	return " ASC"
}

// eachPage calls fn with every row that page returns, size rows at a time,
// until a page comes back short.
func eachPage[T any](size int, page func(limit, offset int) ([]T, error), fn func(v *T) error) error {
	for offset := 0; ; offset += size {
		list, err := page(size, offset)
		if err != nil {
			return err
		}
		for i := range list {
			if err := fn(&list[i]); err != nil {
				return err
			}
		}
		if len(list) < size {
			return nil
		}
	}
}

// byID is where each element of list stands, by its id, and the ids (for
// the set that fills the elements' children).
func byID[T any](list []T, id func(v *T) int64) (map[int64]int, []int64) {
	at := make(map[int64]int, len(list))
	ids := make([]int64, len(list))
	for i := range list {
		at[id(&list[i])] = i
		ids[i] = id(&list[i])
	}
	return at, ids
}

// getFilled reads the one row q selects with scan, then fill adds its
// children (nil, nil when there is no such row).
func getFilled[T any](ctx context.Context, db querier, scan func(rowScanner) (*T, error),
	fill func(context.Context, querier, []T) error, q string, args ...any) (*T, error) {
	v, err := one(scan(db.QueryRow(ctx, q, args...)))
	if v == nil || err != nil {
		return nil, err
	}
	list := []T{*v}
	if err := fill(ctx, db, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}
