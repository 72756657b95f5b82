package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// SIGTERM under load drains: every request the server accepted is answered
// as if nothing happened (no error), every write it acknowledged is in the
// database afterwards, an open event stream is told to reconnect, and the
// process exits 0 with its database closed.
func TestSIGTERMDrainsUnderLoad(t *testing.T) {
	// Serial: it drains a server under a load of its own; other tests would add theirs.
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		db.Close() // the child opens it; this one only read its DSN
		createUser(t, db.DSN, "boss@example.org", "Bo")
		c := startChild(t, db.DSN)
		token := login(t, c.url)

		req, _ := http.NewRequest("GET", c.url+"/api/events", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		stream, err := http.DefaultClient.Do(req)
		if err != nil || stream.StatusCode != 200 {
			t.Fatalf("events: %v", err)
		}
		streamText := make(chan string, 1)
		go func() { b, _ := io.ReadAll(stream.Body); streamText <- string(b) }()

		var (
			mu       sync.Mutex
			acked    []string
			answered = map[int]int{}
			wg       sync.WaitGroup
			started  = make(chan struct{})
			once     sync.Once
		)
		for g := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				client := &http.Client{Timeout: time.Minute}
				for i := 0; ; i++ {
					sku := fmt.Sprintf("SIG-%d-%04d", g, i)
					req, _ := http.NewRequest("POST", c.url+"/api/inventory/items", strings.NewReader(
						fmt.Sprintf(`{"sku":%q,"name":"Drained %s","kind":"raw_material","unit":"kg","reorder_level":0}`, sku, sku)))
					req.Header.Set("Authorization", "Bearer "+token)
					req.Header.Set("Content-Type", "application/json")
					res, err := client.Do(req)
					if err != nil {
						return // the server no longer takes requests: a refusal, never an answer
					}
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					mu.Lock()
					answered[res.StatusCode]++
					if res.StatusCode == http.StatusCreated {
						acked = append(acked, sku)
					}
					n := len(acked)
					mu.Unlock()
					if n >= 20 {
						once.Do(func() { close(started) })
					}
				}
			}()
		}
		select {
		case <-started:
		case <-time.After(2 * time.Minute):
			t.Fatal("no load reached the server")
		}
		if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		exited := make(chan error, 1)
		go func() { exited <- c.cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil {
				t.Fatalf("the server did not exit cleanly on SIGTERM: %v", err)
			}
		case <-time.After(time.Minute):
			t.Fatal("the server did not stop within a minute of SIGTERM")
		}
		for status, n := range answered {
			if status != http.StatusCreated {
				t.Errorf("%d accepted requests were answered %d while the server drained", n, status)
			}
		}
		if text := <-streamText; !strings.Contains(text, "server stopping, reconnect") {
			t.Errorf("the event stream was not told to reconnect: %q", text)
		}

		after, err := storage.Open(context.Background(), db.DSN)
		if err != nil {
			t.Fatal(err)
		}
		defer after.Close()
		stored := map[string]bool{}
		rows, err := after.Query(context.Background(), `SELECT sku FROM inventory_items WHERE sku LIKE 'SIG-%'`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var sku string
			_ = rows.Scan(&sku)
			stored[sku] = true
		}
		rows.Close()
		for _, sku := range acked {
			if !stored[sku] {
				t.Errorf("item %s was acknowledged (201) and is missing after the shutdown", sku)
			}
		}
		t.Logf("%d writes acknowledged under load, all there after SIGTERM", len(acked))
	})
}
