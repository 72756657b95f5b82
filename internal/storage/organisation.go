package storage

import (
	"context"
	"fmt"
	"strconv"

	"github.com/packline/packline/internal/organisation"
)

// OrganisationService implements organisation.Service on the settings table.
type OrganisationService struct{ db *DB }

var _ organisation.Service = (*OrganisationService)(nil)

// NewOrganisationService returns the settings service over db.
func NewOrganisationService(db *DB) *OrganisationService { return &OrganisationService{db: db} }

// Get returns the settings, with defaults for those never set.
func (s *OrganisationService) Get(ctx context.Context) (organisation.Settings, error) {
	out := organisation.Defaults
	rows, err := s.db.Query(ctx, `SELECT key, value FROM settings`)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return out, err
		}
		switch k {
		case "organisation_name":
			out.Name = v
		case "support_email":
			out.SupportEmail = v
		case "time_zone":
			out.TimeZone = v
		case "max_shift_hours":
			if n, err := strconv.Atoi(v); err == nil {
				out.MaxShiftHours = n
			}
		case "max_upload_mib":
			if n, err := strconv.Atoi(v); err == nil {
				out.MaxUploadMiB = n
			}
		}
	}
	return out, rows.Err()
}

// Update validates and saves a patch. Only the fields the patch names are
// written, so two admins changing different settings at the same time both
// keep their change (writing every field back would let the later request
// silently undo the earlier one with the values it had read).
func (s *OrganisationService) Update(ctx context.Context, p organisation.Patch) (organisation.Settings, error) {
	cur, err := s.Get(ctx)
	if err != nil {
		return cur, err
	}
	next, err := p.Apply(cur)
	if err != nil {
		return cur, err
	}
	changed := map[string]string{}
	if p.Name != nil {
		changed["organisation_name"] = next.Name
	}
	if p.SupportEmail != nil {
		changed["support_email"] = next.SupportEmail
	}
	if p.TimeZone != nil {
		changed["time_zone"] = next.TimeZone
	}
	if p.MaxShiftHours != nil {
		changed["max_shift_hours"] = strconv.Itoa(next.MaxShiftHours)
	}
	if p.MaxUploadMiB != nil {
		changed["max_upload_mib"] = strconv.Itoa(next.MaxUploadMiB)
	}
	if len(changed) == 0 {
		return cur, nil
	}
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		for k, v := range changed {
			if _, err := tx.Exec(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)
				ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return cur, err
	}
	return s.Get(ctx)
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
