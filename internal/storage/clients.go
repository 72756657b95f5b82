package storage

import (
	"context"
	"strings"

	"github.com/packline/packline/internal/clients"
)

// ClientStore implements clients.Store.
type ClientStore struct{ db *DB }

var _ clients.Store = (*ClientStore)(nil)

// NewClientStore returns the clients store over db.
func NewClientStore(db *DB) *ClientStore { return &ClientStore{db: db} }

const clientColumns = `id, name, email, address, city, country, archived, created_at, updated_at`

func scanClient(r rowScanner) (*clients.Client, error) {
	var c clients.Client
	var created, updated int64
	if err := r.Scan(&c.ID, &c.Name, &c.Email, &c.Address, &c.City, &c.Country, &c.Archived, &created, &updated); err != nil {
		return nil, err
	}
	c.CreatedAt, c.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &c, nil
}

// InsertClient writes a new client.
func (s *ClientStore) InsertClient(ctx context.Context, c *clients.Client) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO clients (name, name_key, email, address, city, country, search_text, archived, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			c.Name, strings.ToLower(c.Name), c.Email, c.Address, c.City, c.Country, clients.SearchText(c), c.Archived,
			Millis(c.CreatedAt), Millis(c.UpdatedAt)).Scan(&c.ID)
	})
}

// UpdateClient writes a client's fields.
func (s *ClientStore) UpdateClient(ctx context.Context, c *clients.Client) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return mustAffect(tx.Exec(ctx, `UPDATE clients SET name = ?, name_key = ?, email = ?, address = ?, city = ?, country = ?,
			search_text = ?, archived = ?, updated_at = ? WHERE id = ?`,
			c.Name, strings.ToLower(c.Name), c.Email, c.Address, c.City, c.Country, clients.SearchText(c), c.Archived,
			Millis(c.UpdatedAt), c.ID))
	})
}

// Client reads one client (nil when there is none).
func (s *ClientStore) Client(ctx context.Context, id int64) (*clients.Client, error) {
	c, err := scanClient(s.db.QueryRow(ctx, `SELECT `+clientColumns+` FROM clients WHERE id = ?`, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return c, err
}

var clientSorts = map[string]string{
	"name":       "name_key",
	"email":      "email",
	"city":       "city",
	"country":    "country",
	"created_at": "created_at",
}

// Clients is one page of the clients f selects and how many in all.
func (s *ClientStore) Clients(ctx context.Context, f clients.Filter) ([]clients.Client, int, error) {
	return directoryPage(ctx, s.db, "clients", clientColumns, scanClient, clientSorts, f.List, f.IncludeArchived)
}

// Options lists the clients not archived, by name.
func (s *ClientStore) Options(ctx context.Context) ([]clients.Option, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*clients.Option, error) {
		var o clients.Option
		err := r.Scan(&o.ID, &o.Name)
		return &o, err
	}, `SELECT id, name FROM clients WHERE archived = ? ORDER BY name_key, id`, false)
}
