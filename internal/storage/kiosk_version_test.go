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
	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// The kiosk list's version (the key of its ready answer) changes with every
// committed change of the list, on the instance that made it and, on
// PostgreSQL, on every other instance listening, also when the change's
// notification never came (its instance killed between commit and notify).
// On SQLite a change rolled back changes nothing; on PostgreSQL it may cost
// one rebuild (its number is taken, and seen by the next re-check).
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
		if got := version(store); got != v0 && db.Dialect == storage.SQLite {
			t.Fatalf("a rolled-back change moved the version %d → %d", v0, got)
		}
		v0 = version(store)
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

		// A change committed with its number and never notified, as an
		// instance killed right after its commit leaves it: the listening
		// instance finds it when it re-checks the stored number.
		// Settled first: the version stands still for longer than the
		// re-checks that follow a move of the number count as changes.
		deadline := time.Now().Add(30 * time.Second)
		for last, still := version(otherStore), time.Now(); time.Since(still) < engine.KioskRecheck*(engine.KioskSettle+1); {
			time.Sleep(50 * time.Millisecond)
			if v := version(otherStore); v != last {
				last, still = v, time.Now()
			}
			if time.Now().After(deadline) {
				t.Fatal("the other instance's version never settled")
			}
		}
		before = version(otherStore)
		if err := db.WithTx(ctx, func(tx *storage.Tx) error {
			_, err := tx.Exec(ctx, `SELECT nextval('timeclock_kiosk_changes')`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(30 * time.Second); version(otherStore) == before; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the other instance never found the change whose notification was lost")
			}
		}
	})
}
