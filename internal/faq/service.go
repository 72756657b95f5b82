package faq

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
)

// Store is what the FAQ needs from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	// List is every entry in position order as f.Locale shows it (its own
	// text, else English, as Text.Locale says), those whose shown search
	// text contains every one of f.Words and of f.Topic when set.
	List(ctx context.Context, f Filter) ([]Shown, error)
	// Entry reads one entry with all its texts, in any order.
	Entry(ctx context.Context, id int64) (*Entry, error)
	// Create writes a new entry after the last one and returns its id.
	Create(ctx context.Context, in Input, by int64) (int64, error)
	// Update replaces an entry's topic and texts; false when it does not exist.
	Update(ctx context.Context, id int64, in Input, by int64) (bool, error)
	// Delete removes an entry and its texts; false when it does not exist.
	Delete(ctx context.Context, id int64) (bool, error)
	// Reorder gives the entries the positions of ids (every entry exactly
	// once); false when ids are not exactly the entries.
	Reorder(ctx context.Context, ids []int64) (bool, error)
	// Count is how many entries there are.
	Count(ctx context.Context) (int, error)
	// SeedOnce, in one transaction, marks the FAQ seeded and, if it was
	// not marked before and has no entries, writes in as its entries in
	// order. It reports whether it wrote them.
	SeedOnce(ctx context.Context, in []Input) (bool, error)
}

// Service holds the FAQ rules over a Store.
type Service struct{ store Store }

// NewService returns the FAQ service.
func NewService(store Store) *Service { return &Service{store: store} }

// List is the FAQ as locale reads it, searched and filtered.
func (s *Service) List(ctx context.Context, f Filter) ([]Shown, error) {
	if f.Locale == "" {
		f.Locale = English
	}
	if !slices.Contains(Locales, f.Locale) {
		return nil, apperr.Choice("lang", Locales)
	}
	if f.Topic != "" && !slices.Contains(Topics, f.Topic) {
		return nil, apperr.Choice("topic", Topics)
	}
	f.Search = strings.ToLower(strings.TrimSpace(f.Search))
	if err := paging.CheckSearch(f.Search); err != nil {
		return nil, err
	}
	f.Words = strings.Fields(f.Search)
	if len(f.Words) > MaxSearchWords {
		f.Words = f.Words[:MaxSearchWords]
	}
	list, err := s.store.List(ctx, f)
	for i := range list {
		list[i].Fallback = list[i].Locale != f.Locale
	}
	return list, err
}

// Get reads one entry with all its texts.
func (s *Service) Get(ctx context.Context, id int64) (*Entry, error) {
	e, err := s.store.Entry(ctx, id)
	if err == nil && e == nil {
		err = errNotFound
	}
	if e != nil {
		sortTexts(e.Texts)
	}
	return e, err
}

// Create adds an entry at the end.
func (s *Service) Create(ctx context.Context, in Input, by int64) (*Entry, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	n, err := s.store.Count(ctx)
	if err != nil {
		return nil, err
	}
	if n >= MaxEntries {
		return nil, apperr.New(apperr.Conflict, "faq.full", apperr.Params{"max": MaxEntries},
			fmt.Sprintf("The FAQ holds at most %d questions; delete one first.", MaxEntries))
	}
	id, err := s.store.Create(ctx, in, by)
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Update replaces an entry's topic and texts.
func (s *Service) Update(ctx context.Context, id int64, in Input, by int64) (*Entry, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	ok, err := s.store.Update(ctx, id, in, by)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNotFound
	}
	return s.Get(ctx, id)
}

// Delete removes an entry.
func (s *Service) Delete(ctx context.Context, id int64) error {
	ok, err := s.store.Delete(ctx, id)
	if err == nil && !ok {
		err = errNotFound
	}
	return err
}

// Reorder puts the entries in the order of ids, which must name every entry once.
func (s *Service) Reorder(ctx context.Context, ids []int64) error {
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			return errOrder
		}
		seen[id] = true
	}
	ok, err := s.store.Reorder(ctx, ids)
	if err == nil && !ok {
		err = errOrder
	}
	return err
}

var errOrder = apperr.New(apperr.Conflict, "faq.order_mismatch", nil,
	"The order must name every question exactly once; reload and try again.").OnField("ids")
