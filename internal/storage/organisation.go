package storage

import (
	"context"
	"fmt"

	"github.com/packline/packline/internal/organisation"
)

// OrganisationStore implements organisation.Store on the settings table.
type OrganisationStore struct{ db *DB }

var _ organisation.Store = (*OrganisationStore)(nil)

// NewOrganisationStore returns the settings store over db.
func NewOrganisationStore(db *DB) *OrganisationStore { return &OrganisationStore{db: db} }

// NewOrganisationService returns the settings service over db.
func NewOrganisationService(db *DB) *organisation.Service {
	return organisation.NewService(NewOrganisationStore(db))
}

// Values implements organisation.Store. Markers (see Marker) are not settings.
func (s *OrganisationStore) Values(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.Query(ctx, `SELECT key, value FROM settings WHERE key NOT LIKE 'marker:%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, rows.Err()
}

// Put implements organisation.Store.
func (s *OrganisationStore) Put(ctx context.Context, values map[string]string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		for k, v := range values {
			if _, err := tx.Exec(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)
				ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
				return err
			}
		}
		return nil
	})
}

// Marker reports whether a one-time marker (such as "demo_loaded") is set.
func (db *DB) Marker(ctx context.Context, name string) (bool, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT COUNT(*) FROM settings WHERE key = ?`, "marker:"+name).Scan(&n)
	return n > 0, err
}

// SetMarker sets a one-time marker.
func (db *DB) SetMarker(ctx context.Context, name string) error {
	return db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO settings (key, value) VALUES (?, '1') ON CONFLICT (key) DO NOTHING`, "marker:"+name)
		return err
	})
}

// Backup writes a consistent copy of a live SQLite database to path.
// PostgreSQL databases are backed up with pg_dump instead.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.Dialect != SQLite {
		return fmt.Errorf("backup of PostgreSQL: use pg_dump %q", "<your postgres URL>")
	}
	_, err := db.write.ExecContext(ctx, `VACUUM INTO ?`, path)
	return err
}
