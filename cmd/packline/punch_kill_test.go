package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
)

// Every acknowledged punch survives a kill -9: kiosks punch
// without pause from many connections at once — on SQLite their commits
// share fsyncs (group commit) — and the server is killed in the middle.
// After it, every punch that was answered 200 is in the database (a punch
// committed but not yet answered may be there too: the kiosk never heard).
func TestAcknowledgedPunchesSurviveKill(t *testing.T) {
	// Serial: it kills a server process (kill -9) under a stream of punches and counts what survived.
	forEachKillEngine(t, func(t *testing.T, _ storage.Dialect, dsn string) {
		ctx := context.Background()
		srv := startChild(t, dsn)
		token := login(t, srv.url)
		post := func(path, auth string, body any, into any) (int, error) {
			b, _ := json.Marshal(body)
			req, _ := http.NewRequest("POST", srv.url+path, bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			if auth != "" {
				req.Header.Set("Authorization", "Bearer "+auth)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return 0, err
			}
			defer res.Body.Close()
			if into != nil {
				_ = json.NewDecoder(res.Body).Decode(into)
			}
			return res.StatusCode, nil
		}
		const kiosks = 16
		ids := make([]int64, kiosks)
		for i := range kiosks {
			var e struct {
				EmployeeID int64 `json:"employee_id"`
			}
			pin := fmt.Sprint(3000 + i)
			if st, err := post("/api/employees", token, map[string]string{"first_name": "K", "last_name": fmt.Sprint("Kiosk", i), "pin": pin}, &e); err != nil || st != 201 {
				t.Fatalf("add employee: %d %v", st, err)
			}
			ids[i] = e.EmployeeID
		}

		acked := make([]int, kiosks)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for i := range kiosks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status := "clocked_out"
				for {
					select {
					case <-stop:
						return
					default:
					}
					var v struct {
						ClockToken string `json:"clock_token"`
					}
					if st, err := post("/api/employees/validate-pin", "", map[string]any{"employee_id": ids[i], "pin": fmt.Sprint(3000 + i)}, &v); err != nil || st != 200 {
						return // the server is gone
					}
					action, next := "/api/employees/clockin", "clocked_in"
					if status == "clocked_in" {
						action, next = "/api/employees/clockout", "clocked_out"
					}
					st, err := post(action, "", map[string]any{"employee_id": ids[i], "clock_token": v.ClockToken}, nil)
					if err != nil {
						return
					}
					if st != 200 {
						t.Errorf("kiosk %d: %s answered %d", i, action, st)
						return
					}
					acked[i]++
					status = next
				}
			}()
		}
		time.Sleep(1500 * time.Millisecond)
		srv.kill()
		close(stop)
		wg.Wait()

		db, err := storage.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		total := 0
		for i, id := range ids {
			var n int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM punches WHERE employee_id = ?`, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n < acked[i] {
				t.Errorf("kiosk %d: %d punches acknowledged, %d found after kill -9", i, acked[i], n)
			}
			if n > acked[i]+1 {
				t.Errorf("kiosk %d: %d punches found, but only %d acknowledged and one in flight", i, n, acked[i])
			}
			total += acked[i]
		}
		if total == 0 {
			t.Fatal("no punch was acknowledged before the kill")
		}
		t.Logf("%d punches acknowledged before kill -9, all found", total)
	})
}
