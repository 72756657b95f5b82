// Command rawsqlite is the reference for durable punches: what SQLite itself
// does with single-row transactions, each fsynced, from many writers at
// once — the same driver (modernc.org/sqlite, from Packline's go.mod) and
// pragmas as Packline's writer (WAL, synchronous=FULL, one writer
// connection, BEGIN IMMEDIATE), with nothing around it: no HTTP, no PIN, no
// group commit. It prints transactions/s and the p99 of one transaction.
//
//	go run ./scripts/bench/rawsqlite --db /tmp/raw.db --writers 16 --duration 10s
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"sort"
	"sync"
	"time"

	_ "modernc.org/sqlite"
)

func main() {
	path := flag.String("db", "", "a new database file")
	writers := flag.Int("writers", 16, "concurrent writers")
	duration := flag.Duration("duration", 10*time.Second, "how long to write")
	flag.Parse()
	if err := run(*path, *writers, *duration); err != nil {
		fmt.Fprintln(os.Stderr, "rawsqlite:", err)
		os.Exit(1)
	}
}

func run(path string, writers int, duration time.Duration) error {
	params := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_time_format=sqlite&_txlock=immediate"
	db, err := sql.Open("sqlite", path+"?"+params)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE punches (id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL)`); err != nil {
		return err
	}
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	stop := time.Now().Add(duration)
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for n := 0; time.Now().Before(stop); n++ {
				t0 := time.Now()
				tx, err := db.BeginTx(ctx, nil)
				if err != nil {
					errs <- err
					return
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO punches (employee_id, kind, at) VALUES (?, ?, ?)`, w, "in", t0.UnixMilli()); err != nil {
					tx.Rollback()
					errs <- err
					return
				}
				if err := tx.Commit(); err != nil {
					errs <- err
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p99 := lat[min(len(lat)-1, len(lat)*99/100)]
	fmt.Printf("RESULT tx_per_s=%.0f p99_ms=%.2f transactions=%d\n", float64(len(lat))/duration.Seconds(), float64(p99.Microseconds())/1000, len(lat))
	return nil
}
