// Command inventorygen fills a fresh database with a large inventory for
// load tests: 5,000 items, 50,000 batches and 1,000,000 moves by default,
// every on-hand summary equal to its ledger. It writes SQL directly in bulk
// (the service would take minutes) and is not part of the packline binary.
//
//	go run ./scripts/bench/inventorygen --db /tmp/bench.db [--items 5000 --batches 10 --moves 20]
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
	items := flag.Int("items", 5000, "items")
	perItem := flag.Int("batches", 10, "batches per item")
	perBatch := flag.Int("moves", 20, "moves per batch")
	email := flag.String("email", "bench@packline.local", "user to create")
	password := flag.String("password", "bench-password", "its password")
	flag.Parse()
	if *dsn == "" {
		fmt.Fprintln(os.Stderr, "inventorygen: --db is required")
		os.Exit(2)
	}
	if err := run(context.Background(), *dsn, *items, *perItem, *perBatch, *email, *password); err != nil {
		fmt.Fprintln(os.Stderr, "inventorygen:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dsn string, nItems, perItem, perBatch int, email, password string) error {
	start := time.Now()
	db, admin, err := benchdata.OpenFresh(ctx, dsn, email, password)
	if err != nil {
		return err
	}
	defer db.Close()
	batches, moves, err := benchdata.Inventory(ctx, db, admin, nItems, perItem, perBatch)
	if err != nil {
		return err
	}
	fmt.Printf("inventorygen: %d items, %d batches, %d moves in %s\n", nItems, batches, moves, time.Since(start).Round(time.Millisecond))
	return nil
}
