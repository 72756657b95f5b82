package storage

import (
	"context"
	"database/sql"
	"strings"
)

// Helpers every area's SQL shares.

// querier is what DB and Tx share for reads.
type querier interface {
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

// escapeLike escapes s for a LIKE pattern written with ESCAPE '\': the
// wildcards % and _ and the escape character itself match literally.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// placeholders is n comma-separated '?'.
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
