package storage_test

import (
	"context"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/storage"
)

// BenchmarkTraceYear traces over a year of production (20 lines × 10 hours
// × 365 days, 438,000 moves; SQLite): forward from the raw batch every
// entry drew on (73,000 entries, 7,300 finished batches) and backward from
// one day's finished batch. It reports p50 and p95 in ms, and the CPU time
// a trace takes.
// PACKLINE_BENCH_PRODUCTION_DB reuses a database made before.
func BenchmarkTraceYear(b *testing.B) {
	ctx := context.Background()
	db := productionBenchDB(b)
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
