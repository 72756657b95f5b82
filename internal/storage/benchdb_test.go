package storage_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/benchdata"
	"github.com/packline/packline/internal/storage/storagetest"
)

// productionBenchDB opens a migrated SQLite database holding a year of
// production (20 lines × 10 hours × 365 days of entries, made by
// benchdata.Production), closed when the benchmark ends.
// PACKLINE_BENCH_PRODUCTION_DB reuses a database made before (productiongen).
func productionBenchDB(b *testing.B) *storage.DB {
	ctx := context.Background()
	dsn := os.Getenv("PACKLINE_BENCH_PRODUCTION_DB")
	if dsn == "" {
		dsn = storagetest.DSN(b, storage.SQLite)
	}
	db, err := storage.Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	var n int
	_ = db.QueryRow(ctx, `SELECT COUNT(*) FROM production_entries`).Scan(&n)
	if n == 0 {
		u, err := storage.NewAccountService(db, slog.New(slog.NewTextHandler(io.Discard, nil))).CreateUser(ctx,
			accounts.NewUser{Email: "bench@packline.local", Password: "bench-password", FirstName: "Bench", LastName: "User", Role: accounts.RoleAdmin})
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := benchdata.Production(ctx, db, u.ID, 20, 10, 365); err != nil {
			b.Fatal(err)
		}
	}
	return db
}
