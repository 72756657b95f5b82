package faq

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
)

// seedJSON is the FAQ every organisation starts with, in the five
// languages: a list of {topic, texts: [{locale, question, answer}]}.
//
//go:embed seed.json
var seedJSON []byte

// SeedEntries are the FAQ's first entries, in order, each checked as an
// administrator's edit would be.
func SeedEntries() ([]Input, error) {
	var in []Input
	if err := json.Unmarshal(seedJSON, &in); err != nil {
		return nil, fmt.Errorf("faq seed: %w", err)
	}
	for i := range in {
		if err := in[i].Validate(); err != nil {
			return nil, fmt.Errorf("faq seed entry %d: %w", i+1, err)
		}
	}
	return in, nil
}

// SeedOnce writes the first entries when this database has never had them
// (a new organisation), once: an administrator's later edits and
// deletions stick, and an organisation whose FAQ was written before (by a
// migration of an earlier version) keeps it. It reports whether it wrote
// them. Instances starting at once on one database seed it once.
func (s *Service) SeedOnce(ctx context.Context) (bool, error) {
	in, err := SeedEntries()
	if err != nil {
		return false, err
	}
	return s.store.SeedOnce(ctx, in)
}
