// Package partners is the directory of the places the group ships to:
// pantries, food banks, shelters, each typed once with its address and
// contact, which a shipment names instead of retyping them. It imports no
// storage or HTTP code.
//
// Rules the Service guarantees:
//   - a partner has a name, unique ignoring case (partners.name_taken);
//   - partners are never deleted, only archived: old shipments keep
//     pointing at them, and an archived partner is left out of pickers and
//     refused on a new shipment (Attributable).
package partners

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
)

// Limits. A partner's name, address and contact fit a shipment's
// destination (shipping.MaxName, MaxAddress, MaxContact).
const (
	MaxName     = 200
	MaxAddress  = 1000
	MaxContact  = 200
	MaxNotes    = 2000
	MaxPageSize = 200
)

// SortKeys are the columns the list can be ordered by.
var SortKeys = []string{"name", "contact", "created_at", "updated_at"}

// Partner is one place the group ships to.
type Partner struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Address   string    `json:"address"`
	Contact   string    `json:"contact"`
	Notes     string    `json:"notes"`
	Archived  bool      `json:"archived"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Input is what creating a partner needs.
type Input struct {
	Name    string `json:"name"`
	Address string `json:"address" text:"multiline"`
	Contact string `json:"contact"`
	Notes   string `json:"notes" text:"multiline"`
	// OccurredAt stamps the creation (the demo's history; server side only).
	OccurredAt time.Time `json:"-"`
}

// Patch changes a partner: only the fields present; Archived archives or
// restores it.
type Patch struct {
	Name     *string `json:"name"`
	Address  *string `json:"address" text:"multiline"`
	Contact  *string `json:"contact"`
	Notes    *string `json:"notes" text:"multiline"`
	Archived *bool   `json:"archived"`
}

// Filter selects and orders the list: archived partners only with
// IncludeArchived.
type Filter struct {
	paging.List
	IncludeArchived bool
}

// Normalize fills defaults (by name) and refuses a search too long.
func (f Filter) Normalize() (Filter, error) {
	err := f.Settle("name", MaxPageSize)
	return f, err
}

// Validate checks and normalises an input: field.required on the name,
// field.too_long on any field.
func (in *Input) Validate() error {
	in.Name, in.Address = strings.TrimSpace(in.Name), strings.TrimSpace(in.Address)
	in.Contact, in.Notes = strings.TrimSpace(in.Contact), strings.TrimSpace(in.Notes)
	if in.Name == "" {
		return apperr.Required("name")
	}
	for _, c := range []struct {
		field, v string
		max      int
	}{
		{"name", in.Name, MaxName},
		{"address", in.Address, MaxAddress},
		{"contact", in.Contact, MaxContact},
		{"notes", in.Notes, MaxNotes},
	} {
		if utf8.RuneCountInString(c.v) > c.max {
			return apperr.TooLong(c.field, c.max)
		}
	}
	return nil
}

// NameKey is what a partner's name is unique and sorted by: lower-cased.
func NameKey(name string) string { return strings.ToLower(name) }

// SearchText is what the list's search matches a partner against: its
// name, address and contact, lower-cased.
func SearchText(p *Partner) string {
	return strings.ToLower(strings.Join([]string{p.Name, p.Address, p.Contact}, " "))
}

// ErrNameTaken is the store's answer when another partner has the name
// (ignoring case); the service words it as partners.name_taken.
var ErrNameTaken = errors.New("partners: name taken")

// Store is what partners need from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	// InsertPartner writes a new partner and sets its ID; ErrNameTaken
	// when another has its name.
	InsertPartner(ctx context.Context, p *Partner) error
	// UpdatePartner writes a partner's fields; ErrNameTaken as above.
	UpdatePartner(ctx context.Context, p *Partner) error
	// Partner reads one partner.
	Partner(ctx context.Context, id int64) (*Partner, error)
	// Partners is one page of what f selects (f normalised) and how many in all.
	Partners(ctx context.Context, f Filter) ([]Partner, int, error)
}

// Clock gives the time a write is stamped with.
type Clock func() time.Time

func errNotFound() error {
	return apperr.New(apperr.NotFound, "partners.not_found", apperr.Params{}, "Partner not found.")
}

func nameTaken(err error, name string) error {
	if errors.Is(err, ErrNameTaken) {
		return apperr.New(apperr.Conflict, "partners.name_taken", apperr.Params{"name": name},
			fmt.Sprintf("A partner named %s already exists.", name)).OnField("name")
	}
	return err
}

// Attributable refuses a partner a shipment may not name, on field: none
// with that id is 400 partners.unknown, an archived one 409
// partners.archived.
func Attributable(p *Partner, id int64, field string) error {
	if p == nil {
		return apperr.New(apperr.Invalid, "partners.unknown", apperr.Params{"partner_id": id},
			fmt.Sprintf("There is no partner %d.", id)).OnField(field)
	}
	if p.Archived {
		return apperr.New(apperr.Conflict, "partners.archived", apperr.Params{"name": p.Name},
			fmt.Sprintf("Partner %s is archived.", p.Name)).OnField(field)
	}
	return nil
}
