package partners

import (
	"context"
	"time"
)

// Service holds the partners' rules over a Store.
type Service struct {
	store Store
	now   Clock
}

// NewService returns the partners service; now stamps writes (UTC).
func NewService(store Store, now Clock) *Service { return &Service{store: store, now: now} }

func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// Create adds a partner. Errors: field.required, field.too_long,
// partners.name_taken.
func (s *Service) Create(ctx context.Context, in Input) (*Partner, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	at := s.stamp()
	if !in.OccurredAt.IsZero() {
		at = in.OccurredAt.UTC().Truncate(time.Millisecond)
	}
	p := &Partner{Name: in.Name, Address: in.Address, Contact: in.Contact, Notes: in.Notes, CreatedAt: at, UpdatedAt: at}
	if err := s.store.InsertPartner(ctx, p); err != nil {
		return nil, nameTaken(err, p.Name)
	}
	return p, nil
}

// Get reads one partner, archived or not; an unknown id is partners.not_found.
func (s *Service) Get(ctx context.Context, id int64) (*Partner, error) {
	p, err := s.store.Partner(ctx, id)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errNotFound()
	}
	return p, nil
}

// Update changes the fields present in p, and archives or restores the
// partner. Errors as Create, and partners.not_found.
func (s *Service) Update(ctx context.Context, id int64, patch Patch) (*Partner, error) {
	p, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	in := Input{Name: p.Name, Address: p.Address, Contact: p.Contact, Notes: p.Notes}
	for _, f := range []struct {
		dst *string
		v   *string
	}{{&in.Name, patch.Name}, {&in.Address, patch.Address}, {&in.Contact, patch.Contact}, {&in.Notes, patch.Notes}} {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	p.Name, p.Address, p.Contact, p.Notes = in.Name, in.Address, in.Contact, in.Notes
	if patch.Archived != nil {
		p.Archived = *patch.Archived
	}
	p.UpdatedAt = s.stamp()
	if err := s.store.UpdatePartner(ctx, p); err != nil {
		return nil, nameTaken(err, p.Name)
	}
	return p, nil
}

// List is one page of partners and how many f selects.
func (s *Service) List(ctx context.Context, f Filter) ([]Partner, int, error) {
	f, err := f.Normalize()
	if err != nil {
		return nil, 0, err
	}
	return s.store.Partners(ctx, f)
}
