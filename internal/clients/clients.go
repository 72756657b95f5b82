// Package clients holds the group's clients: sponsors and co-packing
// partners, each with a billing address (name, email, address, city,
// country). Projects name a client as their partner and invoices are
// addressed to one. It imports no storage or HTTP code.
//
// Rules the Service guarantees:
//   - a client has a name; the email, when given, is one address;
//   - clients are never deleted, only archived (old invoices keep pointing
//     at them); an archived client is left out of pickers.
package clients

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
)

// Limits.
const (
	MaxName     = 200
	MaxEmail    = 254
	MaxAddress  = 1000
	MaxCity     = 100
	MaxCountry  = 100
	MaxPageSize = 200
)

// SortKeys are the columns the list can be ordered by.
var SortKeys = []string{"name", "email", "city", "country", "created_at"}

// Client is one client with its billing address.
type Client struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Address   string    `json:"address"`
	City      string    `json:"city"`
	Country   string    `json:"country"`
	Archived  bool      `json:"archived"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Option is a client as a picker shows it (any signed-in user may read these).
type Option struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Input is what creating a client needs.
type Input struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Address string `json:"address" text:"multiline"`
	City    string `json:"city"`
	Country string `json:"country"`
}

// Patch changes a client: only the fields present.
type Patch struct {
	Name     *string `json:"name"`
	Email    *string `json:"email"`
	Address  *string `json:"address" text:"multiline"`
	City     *string `json:"city"`
	Country  *string `json:"country"`
	Archived *bool   `json:"archived"`
}

// Filter selects and orders the list.
type Filter struct {
	paging.List
	IncludeArchived bool
}

// Normalize fills defaults and refuses a search too long.
func (f Filter) Normalize() (Filter, error) {
	err := f.Settle("name", MaxPageSize)
	return f, err
}

// Validate checks and normalises an input.
func (in *Input) Validate() error {
	in.Name, in.Email = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email)
	in.Address, in.City, in.Country = strings.TrimSpace(in.Address), strings.TrimSpace(in.City), strings.TrimSpace(in.Country)
	if in.Name == "" {
		return apperr.Required("name")
	}
	for _, c := range []struct {
		field, v string
		max      int
	}{
		{"name", in.Name, MaxName},
		{"email", in.Email, MaxEmail},
		{"address", in.Address, MaxAddress},
		{"city", in.City, MaxCity},
		{"country", in.Country, MaxCountry},
	} {
		if utf8.RuneCountInString(c.v) > c.max {
			return apperr.TooLong(c.field, c.max)
		}
	}
	if in.Email != "" {
		a, err := mail.ParseAddress(in.Email)
		if err != nil || a.Address != in.Email {
			return apperr.New(apperr.Invalid, "clients.email_invalid", apperr.Params{},
				"Email is not a valid address.").OnField("email")
		}
	}
	return nil
}

// Store is what clients need from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	// InsertClient writes a new client and sets its ID.
	InsertClient(ctx context.Context, c *Client) error
	// UpdateClient writes a client's fields.
	UpdateClient(ctx context.Context, c *Client) error
	// Client reads one client.
	Client(ctx context.Context, id int64) (*Client, error)
	// Clients is one page of what f selects (f normalised) and how many in all.
	Clients(ctx context.Context, f Filter) ([]Client, int, error)
	// Options lists the clients not archived, by name.
	Options(ctx context.Context) ([]Option, error)
}

// Clock gives the time a write is stamped with.
type Clock func() time.Time

func errNotFound() error {
	return apperr.New(apperr.NotFound, "clients.not_found", apperr.Params{}, "Client not found.")
}

// SearchText is what the list's search matches a client against: its name,
// email, city and country, lower-cased.
func SearchText(c *Client) string {
	return strings.ToLower(strings.Join([]string{c.Name, c.Email, c.City, c.Country}, " "))
}
