// Command productiongen fills a fresh database with a year of production
// for load tests: 20 lines × 10 hours × 365 days of entries by default, each
// with its consume and produce moves, and the punches of two people a line.
// It writes SQL directly in bulk and is not part of the packline binary.
//
//	go run ./scripts/bench/productiongen --db /tmp/bench.db [--lines 20 --hours 10 --days 365]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/packline/packline/internal/storage/benchdata"
)

func main() {
	dsn := flag.String("db", "", "SQLite file or postgres:// URL (fresh)")
	lines := flag.Int("lines", 20, "lines")
	hours := flag.Int("hours", 10, "hours a day")
	days := flag.Int("days", 365, "days, ending today")
	flag.Parse()
	if *dsn == "" {
		fmt.Fprintln(os.Stderr, "productiongen: --db is required")
		os.Exit(2)
	}
	start := time.Now()
	ctx := context.Background()
	err := func() error {
		db, admin, err := benchdata.OpenFresh(ctx, *dsn, "bench@packline.local", "bench-password")
		if err != nil {
			return err
		}
		defer db.Close()
		entries, moves, err := benchdata.Production(ctx, db, admin, *lines, *hours, *days)
		if err != nil {
			return err
		}
		fmt.Printf("productiongen: %d entries, %d moves in %s\n", entries, moves, time.Since(start).Round(time.Millisecond))
		return nil
	}()
	if err != nil {
		fmt.Fprintln(os.Stderr, "productiongen:", err)
		os.Exit(1)
	}
}
