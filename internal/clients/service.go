package clients

import (
	"context"
	"time"
)

// Service holds the clients' rules over a Store.
type Service struct {
	store Store
	now   Clock
}

// NewService returns the clients service; now stamps writes (UTC).
func NewService(store Store, now Clock) *Service { return &Service{store: store, now: now} }

func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// Create adds a client.
func (s *Service) Create(ctx context.Context, in Input) (*Client, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	at := s.stamp()
	c := &Client{Name: in.Name, Email: in.Email, Address: in.Address, City: in.City, Country: in.Country, CreatedAt: at, UpdatedAt: at}
	if err := s.store.InsertClient(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Get reads one client; an unknown id is clients.not_found.
func (s *Service) Get(ctx context.Context, id int64) (*Client, error) {
	c, err := s.store.Client(ctx, id)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, errNotFound()
	}
	return c, nil
}

// Update changes the fields present in p.
func (s *Service) Update(ctx context.Context, id int64, p Patch) (*Client, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	in := Input{Name: c.Name, Email: c.Email, Address: c.Address, City: c.City, Country: c.Country}
	for _, f := range []struct {
		dst *string
		v   *string
	}{{&in.Name, p.Name}, {&in.Email, p.Email}, {&in.Address, p.Address}, {&in.City, p.City}, {&in.Country, p.Country}} {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	c.Name, c.Email, c.Address, c.City, c.Country = in.Name, in.Email, in.Address, in.City, in.Country
	if p.Archived != nil {
		c.Archived = *p.Archived
	}
	c.UpdatedAt = s.stamp()
	if err := s.store.UpdateClient(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// List is one page of clients and how many f selects.
func (s *Service) List(ctx context.Context, f Filter) ([]Client, int, error) {
	f, err := f.Normalize()
	if err != nil {
		return nil, 0, err
	}
	return s.store.Clients(ctx, f)
}

// Options lists the clients a picker offers (not archived), by name.
func (s *Service) Options(ctx context.Context) ([]Option, error) { return s.store.Options(ctx) }
