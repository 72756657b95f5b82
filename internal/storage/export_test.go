package storage

import "context"

// MigrateTo applies the embedded migrations up to version v only, leaving
// the database as a Packline of that version would (tests of a later step
// over the rows it meets).
func (db *DB) MigrateTo(ctx context.Context, v int) ([]string, error) { return db.migrateTo(ctx, v) }
