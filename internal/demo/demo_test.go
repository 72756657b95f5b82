package demo_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// TestDemo loads the whole demo once on each engine and runs every check
// that only reads it: loading it under the race detector takes most of a
// minute, so the checks share one load rather than each paying for its own.
func TestDemo(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		svc := app.New(db, slog.New(slog.NewTextHandler(io.Discard, nil)), app.WithPasswordHashing(accounts.TestHashing))
		if _, err := demo.Load(context.Background(), svc.Demo()); err != nil {
			t.Fatal(err)
		}
		t.Run("billing", func(t *testing.T) { checkDemoPayments(t, svc) })
		t.Run("inventory history", func(t *testing.T) { checkDemoInventoryHistory(t, svc) })
		t.Run("production", func(t *testing.T) { checkDemoProduction(t, svc) })
		t.Run("trace", func(t *testing.T) { checkDemoTrace(t, svc) })
		t.Run("partners", func(t *testing.T) { checkDemoPartners(t, svc) })
		t.Run("organisation address", func(t *testing.T) {
			if st, err := svc.Organisation.Get(context.Background()); err != nil || !strings.Contains(st.Address, "\n") {
				t.Fatalf("the packing slips' sender: %q %v", st.Address, err)
			}
		})
	})
}
