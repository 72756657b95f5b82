package storage

import (
	"context"

	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/storage/engine"
)

// PartnerStore implements partners.Store.
type PartnerStore struct{ db *DB }

var _ partners.Store = (*PartnerStore)(nil)

// NewPartnerStore returns the partners store over db.
func NewPartnerStore(db *DB) *PartnerStore { return &PartnerStore{db: db} }

const partnerColumns = `id, name, address, contact, notes, archived, created_at, updated_at`

func scanPartner(r rowScanner) (*partners.Partner, error) {
	var p partners.Partner
	var created, updated int64
	if err := r.Scan(&p.ID, &p.Name, &p.Address, &p.Contact, &p.Notes, &p.Archived, &created, &updated); err != nil {
		return nil, err
	}
	p.CreatedAt, p.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &p, nil
}

// nameTaken is partners.ErrNameTaken for a unique violation (the name key's
// index is the table's one unique constraint besides its id).
func nameTaken(err error) error {
	if engine.IsUniqueViolation(err) {
		return partners.ErrNameTaken
	}
	return err
}

// InsertPartner writes a new partner.
func (s *PartnerStore) InsertPartner(ctx context.Context, p *partners.Partner) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return nameTaken(tx.QueryRow(ctx, `INSERT INTO partners (name, name_key, address, contact, notes, search_text, archived, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			p.Name, partners.NameKey(p.Name), p.Address, p.Contact, p.Notes, partners.SearchText(p), p.Archived,
			Millis(p.CreatedAt), Millis(p.UpdatedAt)).Scan(&p.ID))
	})
}

// UpdatePartner writes a partner's fields.
func (s *PartnerStore) UpdatePartner(ctx context.Context, p *partners.Partner) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return nameTaken(mustAffect(tx.Exec(ctx, `UPDATE partners SET name = ?, name_key = ?, address = ?, contact = ?, notes = ?,
			search_text = ?, archived = ?, updated_at = ? WHERE id = ?`,
			p.Name, partners.NameKey(p.Name), p.Address, p.Contact, p.Notes, partners.SearchText(p), p.Archived,
			Millis(p.UpdatedAt), p.ID)))
	})
}

// Partner reads one partner (nil when there is none).
func (s *PartnerStore) Partner(ctx context.Context, id int64) (*partners.Partner, error) {
	return partnerByID(ctx, s.db, id)
}

func partnerByID(ctx context.Context, q querier, id int64) (*partners.Partner, error) {
	p, err := scanPartner(q.QueryRow(ctx, `SELECT `+partnerColumns+` FROM partners WHERE id = ?`, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return p, err
}

var partnerSorts = map[string]string{
	"name":       "name_key",
	"contact":    "contact",
	"created_at": "created_at",
	"updated_at": "updated_at",
}

// Partners is one page of the partners f selects and how many in all.
func (s *PartnerStore) Partners(ctx context.Context, f partners.Filter) ([]partners.Partner, int, error) {
	return directoryPage(ctx, s.db, "partners", partnerColumns, scanPartner, partnerSorts, f.List, f.IncludeArchived)
}
