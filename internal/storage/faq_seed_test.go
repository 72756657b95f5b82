package storage_test

import (
	"context"
	"sync"
	"testing"

	"github.com/packline/packline/internal/faq"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// TestFAQSeededOnceOnFirstStart: a new database gets the seed file's
// entries in every language once, even from several instances starting at
// once; an administrator's deletions stick; a database that already has
// entries (from an earlier version's migration) keeps its own.
func TestFAQSeededOnceOnFirstStart(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		want, err := faq.SeedEntries()
		if err != nil || len(want) < 10 {
			t.Fatalf("seed: %d entries, %v", len(want), err)
		}
		other := db
		if db.Dialect == storage.Postgres {
			if other, err = storage.Open(ctx, db.DSN); err != nil {
				t.Fatal(err)
			}
			defer other.Close()
		}
		var wg sync.WaitGroup
		seeded := make([]bool, 4)
		for i := range seeded {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := db
				if i%2 == 1 {
					d = other
				}
				ok, err := faq.NewService(storage.NewFAQStore(d)).SeedOnce(ctx)
				if err != nil {
					t.Error(err)
				}
				seeded[i] = ok
			}()
		}
		wg.Wait()
		n := 0
		for _, ok := range seeded {
			if ok {
				n++
			}
		}
		svc := faq.NewService(storage.NewFAQStore(db))
		count, err := storage.NewFAQStore(db).Count(ctx)
		if n != 1 || err != nil || count != len(want) {
			t.Fatalf("seeded by %d of 4 starts, %d entries (want 1 and %d), %v", n, count, len(want), err)
		}
		for _, lng := range faq.Locales {
			shown, err := svc.List(ctx, faq.Filter{Locale: lng})
			if err != nil || len(shown) != len(want) || shown[0].Fallback || shown[0].Question != want[0].Texts[slicesIndex(want[0].Texts, lng)].Question {
				t.Fatalf("%s: %d shown, first %+v, %v", lng, len(shown), shown[0], err)
			}
		}
		// An administrator deletes an entry: a restart does not bring it back.
		if ok, err := storage.NewFAQStore(db).Delete(ctx, 1); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if ok, err := svc.SeedOnce(ctx); ok || err != nil {
			t.Fatalf("second start seeded again: %v %v", ok, err)
		}
		if count, _ := storage.NewFAQStore(db).Count(ctx); count != len(want)-1 {
			t.Fatalf("after a delete and a restart: %d entries", count)
		}
	})
}

func TestFAQSeedLeavesAnEarlierFAQAlone(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		store := storage.NewFAQStore(db)
		// What an earlier version's migration wrote: entries and no marker.
		if err := db.WithTx(ctx, func(tx *storage.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (1, 'general', 0, 0)`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO faq_texts (entry_id, locale, question, answer, search_text)
				SELECT id, 'gb', 'Ours?', 'Yes.', 'ours? yes.' FROM faq_entries`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		before, _ := store.Count(ctx)
		if ok, err := faq.NewService(store).SeedOnce(ctx); ok || err != nil {
			t.Fatalf("seeded over an existing FAQ: %v %v", ok, err)
		}
		if after, _ := store.Count(ctx); after != before {
			t.Fatalf("entries %d -> %d", before, after)
		}
	})
}

func slicesIndex(texts []faq.Text, locale string) int {
	for i, tx := range texts {
		if tx.Locale == locale {
			return i
		}
	}
	return 0
}
