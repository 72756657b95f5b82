package storage_test

import (
	"context"
	"testing"
	"time"

	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage"
)

// BenchmarkProductionYear measures the daily report and the year's
// overview over 20 lines × 10 hours × 365 days of entries (SQLite).
// PACKLINE_BENCH_PRODUCTION_DB reuses a database made by productiongen.
func BenchmarkProductionYear(b *testing.B) {
	ctx := context.Background()
	db := productionBenchDB(b)
	svc := production.NewService(storage.NewProductionStore(db), &organisation.Calendar{Settings: storage.NewOrganisationService(db)})
	loc, _ := time.LoadLocation("America/Chicago")
	today := time.Now().In(loc)
	to, from := today.Format(time.DateOnly), today.AddDate(0, 0, -364).Format(time.DateOnly)
	b.Run("daily", func(b *testing.B) {
		for b.Loop() {
			if _, err := svc.Daily(ctx, to); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("overview-year", func(b *testing.B) {
		for b.Loop() {
			if _, err := svc.Overview(ctx, from, to); err != nil {
				b.Fatal(err)
			}
		}
	})
}
