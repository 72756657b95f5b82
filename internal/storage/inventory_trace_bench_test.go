package storage_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/benchdata"
	"github.com/packline/packline/internal/storage/storagetest"
)

// BenchmarkTraceYear traces over a year of production (20 lines × 10 hours
// × 365 days, 438,000 moves; SQLite): forward from the raw batch every
// entry drew on (73,000 entries, 7,300 finished batches) and backward from
// one day's finished batch. It reports p50 and p95 in ms, and the CPU time
// a trace takes.
// PACKLINE_BENCH_PRODUCTION_DB reuses a database made before.
func BenchmarkTraceYear(b *testing.B) {
	ctx := context.Background()
	dsn := os.Getenv("PACKLINE_BENCH_PRODUCTION_DB")
	if dsn == "" {
		dsn = storagetest.DSN(b, storage.SQLite)
	}
	db, err := storage.Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
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
	tr := &inventory.Tracer{Store: storage.NewTraceStore(db)}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	run := func(b *testing.B, batch int64, dir string) {
		var times []time.Duration
		cpu0 := cpu()
		for b.Loop() {
			t0 := time.Now()
			g, err := tr.TraceBatch(ctx, batch, dir)
			if err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(t0))
			if len(g.Nodes) < 2 {
				b.Fatalf("trace of %d: %d nodes", batch, len(g.Nodes))
			}
		}
		// CPU time a trace takes (this process, GC included): on a loaded
		// machine the wall-clock percentiles mostly measure the wait for a core.
		b.ReportMetric(float64(cpu()-cpu0)/1e6/float64(len(times)), "cpu-ms/op")
		slices.Sort(times)
		ms := func(p float64) float64 { return float64(times[int(p*float64(len(times)-1))]) / 1e6 }
		b.ReportMetric(ms(0.5), "p50-ms")
		b.ReportMetric(ms(0.95), "p95-ms")
	}
	b.Run("forward-raw-batch", func(b *testing.B) { run(b, 1, inventory.TraceForward) })
	b.Run("backward-finished-batch", func(b *testing.B) { run(b, 3000, inventory.TraceBackward) })
}
