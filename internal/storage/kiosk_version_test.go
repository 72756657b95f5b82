package storage_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// The kiosk list's version (the key of its ready answer) changes with every
// committed change of the list, on the instance that made it and, on
// PostgreSQL, on every other instance listening; a change rolled back
// changes nothing.
func TestKioskVersionFollowsCommittedChanges(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		store := storage.NewTimeclockStore(db)
		version := func(s *storage.TimeclockStore) int64 {
			t.Helper()
			v, err := s.KioskVersion(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		change := func(fail error) error {
			return store.InTx(ctx, func(tx timeclock.Tx) error {
				if err := tx.KioskChanged(ctx); err != nil {
					return err
				}
				return fail
			})
		}
		v0 := version(store)
		if err := change(errors.New("rolled back")); err == nil {
			t.Fatal("the failing change did not fail")
		}
		if got := version(store); got != v0 {
			t.Fatalf("a rolled-back change moved the version %d → %d", v0, got)
		}
		if err := change(nil); err != nil {
			t.Fatal(err)
		}
		v1 := version(store)
		if v1 == v0 {
			t.Fatal("a committed change left the version as it was")
		}
		if db.Dialect != storage.Postgres {
			return
		}
		// Another instance, listening: it hears the change made here.
		other, err := storage.Open(ctx, db.DSN)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		lctx, stop := context.WithCancel(ctx)
		defer stop()
		if err := storage.NewMessagingStore(other, messaging.NewHub()).Listen(lctx, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatal(err)
		}
		otherStore := storage.NewTimeclockStore(other)
		before := version(otherStore)
		if err := change(nil); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(10 * time.Second); version(otherStore) == before; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the other instance never heard of the change")
			}
		}
	})
}
