package storage

import (
	"context"
	"database/sql"
	"errors"

	"github.com/packline/packline/internal/organisation"
)

var _ organisation.LogoStore = (*OrganisationStore)(nil)

// NewLogoService returns the logo service over db.
func NewLogoService(db *DB) *organisation.LogoService {
	return organisation.NewLogoService(NewOrganisationStore(db))
}

// Logo implements organisation.LogoStore.
func (s *OrganisationStore) Logo(ctx context.Context) (*organisation.Logo, error) {
	var l organisation.Logo
	err := s.db.QueryRow(ctx, `SELECT content_type, data, etag FROM organisation_logo WHERE id = 1`).
		Scan(&l.ContentType, &l.Data, &l.ETag)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// LogoTag implements organisation.LogoStore.
func (s *OrganisationStore) LogoTag(ctx context.Context) (string, error) {
	var tag string
	err := s.db.QueryRow(ctx, `SELECT etag FROM organisation_logo WHERE id = 1`).Scan(&tag)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return tag, err
}

// PutLogo implements organisation.LogoStore.
func (s *OrganisationStore) PutLogo(ctx context.Context, l organisation.Logo) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO organisation_logo (id, content_type, data, etag) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET content_type = excluded.content_type, data = excluded.data, etag = excluded.etag`,
			l.ContentType, l.Data, l.ETag)
		return err
	})
}

// DeleteLogo implements organisation.LogoStore.
func (s *OrganisationStore) DeleteLogo(ctx context.Context) (bool, error) {
	var n int64
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM organisation_logo WHERE id = 1`)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}
