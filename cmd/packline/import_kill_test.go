package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
)

// killFile is an import of 5,000 rows: 2,500 new items, each with two batches.
func killFile(prefix string) []byte {
	var b strings.Builder
	b.WriteString("sku,name,kind,unit,category,location,batch_code,quantity,received_at,expires_at\n")
	for i := range 2500 {
		for j := range 2 {
			fmt.Fprintf(&b, "%s-%04d,Killed import item %s %d,raw_material,kg,Grains,Dry store,LOT-%d,%d.5,2026-08-01,2027-08-01\n",
				prefix, i, prefix, i, j, i%40+1)
		}
	}
	return []byte(b.String())
}

// A CSV import is all or nothing, also when the server is killed -9 in the
// middle of it: after a restart either every row of the file is
// there (items, batches, moves, and the stock they add up to) or none, and no
// staged part of it is left. Each round kills the server at another moment:
// after delays, as soon as a row of the file shows, and on SQLite while the
// import is being staged and once it is all staged (publishing).
func TestImportKilledMidwayIsAllOrNothing(t *testing.T) {
	// Serial: it kills a server process mid-import (kill -9) and reads what survived: other tests beside it would change when the kill lands.
	forEachKillEngine(t, func(t *testing.T, d storage.Dialect, dsn string) {
		ctx := context.Background()
		db, err := storage.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		count := func(q string, args ...any) int {
			t.Helper()
			var n int
			if err := db.QueryRow(ctx, q, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		staged := func() int { return count(`SELECT COUNT(*) FROM inventory_import_receipts`) }

		type round struct {
			name string
			// killAt says, polled every few ms with the time since the
			// request and the prefix of the file's SKUs, when to kill.
			killAt func(since time.Duration, prefix string) bool
		}
		after := func(d time.Duration) func(time.Duration, string) bool {
			return func(s time.Duration, _ string) bool { return s >= d }
		}
		visible := func(_ time.Duration, prefix string) bool {
			return count(`SELECT COUNT(*) FROM inventory_items WHERE sku LIKE ?`, prefix+"-%") > 0
		}
		rounds := []round{{"after 150ms", after(150 * time.Millisecond)}, {"after 400ms", after(400 * time.Millisecond)},
			{"once a row shows", visible}}
		if d == storage.SQLite {
			rounds = append(rounds,
				round{"while staging", func(time.Duration, string) bool { return staged() > 0 }},
				round{"late in staging", func(time.Duration, string) bool { return staged() >= 3000 }},
				round{"once staged", func(time.Duration, string) bool { return staged() == 5000 }})
		}
		srv := startChild(t, dsn)
		for i, r := range rounds {
			prefix := fmt.Sprintf("K%d", i)
			token := login(t, srv.url)
			done := make(chan int, 1)
			go func() {
				req, _ := http.NewRequest("POST", srv.url+"/api/inventory/import", bytes.NewReader(killFile(prefix)))
				req.Header.Set("Authorization", "Bearer "+token)
				req.Header.Set("Content-Type", "text/csv")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					done <- 0 // the server died under it
					return
				}
				res.Body.Close()
				done <- res.StatusCode
			}()
			start := time.Now()
			status := -1
		wait:
			for time.Since(start) < 60*time.Second {
				select {
				case status = <-done:
					break wait
				default:
				}
				if r.killAt(time.Since(start), prefix) {
					break
				}
				time.Sleep(2 * time.Millisecond)
			}
			srv.kill()
			if status == -1 {
				status = <-done
			}
			srv = startChild(t, dsn)
			items := count(`SELECT COUNT(*) FROM inventory_items WHERE sku LIKE ?`, prefix+"-%")
			batches := count(`SELECT COUNT(*) FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id WHERE i.sku LIKE ?`, prefix+"-%")
			moves := count(`SELECT COUNT(*) FROM inventory_moves m JOIN inventory_items i ON i.id = m.item_id WHERE i.sku LIKE ?`, prefix+"-%")
			t.Logf("%s: import answered %d; after the restart %d items, %d batches, %d moves", r.name, status, items, batches, moves)
			all, none := items == 2500 && batches == 5000 && moves == 5000, items+batches+moves == 0
			if !all && !none {
				t.Fatalf("%s: killed mid-import, the restart finds %d items, %d batches, %d moves of the file: want all or none",
					r.name, items, batches, moves)
			}
			if status == http.StatusCreated && !all {
				t.Fatalf("%s: the import was acknowledged but is not all there", r.name)
			}
			if n := staged() + count(`SELECT COUNT(*) FROM inventory_import_items`) + count(`SELECT COUNT(*) FROM inventory_import_stages`); n != 0 {
				t.Fatalf("%s: the restart left %d staged rows", r.name, n)
			}
			if off := count(`SELECT COUNT(*) FROM inventory_items i WHERE i.on_hand <> (SELECT COALESCE(SUM(b.on_hand), 0) FROM inventory_batches b WHERE b.item_id = i.id)`); off != 0 {
				t.Fatalf("%s: %d items whose stock is not their batches'", r.name, off)
			}
		}
		// The restarted server imports a file whole.
		token := login(t, srv.url)
		req, _ := http.NewRequest("POST", srv.url+"/api/inventory/import", bytes.NewReader(killFile("DONE")))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "text/csv")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusCreated {
			t.Fatalf("import after the restarts: %v %v", err, res)
		}
		res.Body.Close()
		if n := count(`SELECT COUNT(*) FROM inventory_items WHERE sku LIKE 'DONE-%'`); n != 2500 {
			t.Fatalf("import after the restarts wrote %d items", n)
		}
	})
}
