package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// serveInstance starts the full API over db as serve starts an instance:
// the fleet's server secret, live events and the kiosk list's changes from
// every instance (PostgreSQL LISTEN).
func serveInstance(t *testing.T, db *storage.DB) *httptest.Server {
	t.Helper()
	api, svcs := wiredAPI(db, app.WithTimeclockKeys(fleetKeys(t)))
	if err := svcs.Prepare(context.Background(), api.Log); err != nil {
		t.Fatal(err)
	}
	stop, err := svcs.Start(context.Background(), api.Log, app.Background{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	srv := httptest.NewServer(validated(t, api.Handler()))
	t.Cleanup(srv.Close)
	t.Cleanup(api.CloseStreams)
	return srv
}

// otherInstance opens db's database once more, as another instance would
// (on SQLite, which one instance serves, the same handle).
func otherInstance(t *testing.T, db *storage.DB) *storage.DB {
	t.Helper()
	if db.Dialect != storage.Postgres {
		return db
	}
	return storagetest.OpenDSN(t, db.DSN)
}

// kioskStatus is employee id's clock status in the kiosk list srv serves.
func kioskStatus(t *testing.T, srv *httptest.Server, id int64) string {
	t.Helper()
	res, err := http.Get(srv.URL + "/api/employees")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []employeeJSON
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if e.EmployeeID == id {
			return e.ClockStatus
		}
	}
	t.Fatalf("employee %d is not in %s's kiosk list", id, srv.URL)
	return ""
}

// Kiosks on two instances of one database punch the same six employees at
// the same moments, each punching whoever its PIN check said to: every
// punch answered 200 is recorded once, no employee is ever clocked in (or
// out) twice in a row, each one's state is their last punch, and the
// punches that lost a race are refused (409 already in or out, 403 a stale
// token), never answered 500.
func TestTwoInstancesPunchingNeverDoubleAState(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		servers := []*httptest.Server{serveInstance(t, db), serveInstance(t, otherInstance(t, db))}
		var ids []int64
		for _, name := range []string{"Ana", "Bo", "Cy", "Di", "Ed", "Flo"} {
			emp, err := app.New(db, slog.New(slog.DiscardHandler), app.WithTimeclockKeys(fleetKeys(t))).Timeclock.CreateEmployee(
				context.Background(), timeclock.NewEmployee{FirstName: name, LastName: "Kiosk", PIN: "2468"})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, emp.ID)
		}
		const kiosks, rounds = 8, 20
		var mu sync.Mutex
		statuses := map[int]int{}
		punched := map[int64]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for k := range kiosks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				srv := servers[k%2]
				<-start
				for r := range rounds {
					id := ids[(r+k/2)%len(ids)] // two kiosks, one on each instance, on the same person
					var a pinAnswer
					if st := post(t, srv.URL+"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, id), &a); st != 200 || !a.Valid {
						t.Errorf("PIN check of %d: %d %+v", id, st, a)
						return
					}
					action := "clockin"
					if a.Employee.ClockStatus == timeclock.ClockedIn {
						action = "clockout"
					}
					st := post(t, srv.URL+"/api/employees/"+action, fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, id, a.ClockToken), nil)
					mu.Lock()
					statuses[st]++
					if st == 200 {
						punched[id]++
					}
					mu.Unlock()
				}
			}()
		}
		close(start)
		wg.Wait()
		if statuses[200]+statuses[409]+statuses[403] != kiosks*rounds || statuses[200] == 0 {
			t.Fatalf("answers %v: want 200, 409 and 403 only", statuses)
		}
		t.Logf("%d punches: %v", kiosks*rounds, statuses)

		ctx := context.Background()
		for _, id := range ids {
			rows, err := db.Query(ctx, `SELECT kind FROM punches WHERE employee_id = ? ORDER BY at, id`, id)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for rows.Next() {
				var k string
				if err := rows.Scan(&k); err != nil {
					t.Fatal(err)
				}
				kinds = append(kinds, k)
			}
			rows.Close()
			if len(kinds) != punched[id] {
				t.Errorf("employee %d: %d punches recorded, %d answered 200", id, len(kinds), punched[id])
			}
			for i, k := range kinds {
				want := timeclock.KindIn
				if i%2 == 1 {
					want = timeclock.KindOut
				}
				if k != want {
					t.Fatalf("employee %d: punches %v: a state doubled at %d", id, kinds, i)
				}
			}
			var status string
			if err := db.QueryRow(ctx, `SELECT clock_status FROM employees WHERE id = ?`, id).Scan(&status); err != nil {
				t.Fatal(err)
			}
			if want := map[bool]string{true: timeclock.ClockedIn, false: timeclock.ClockedOut}[len(kinds)%2 == 1]; status != want {
				t.Errorf("employee %d is %s after punches %v", id, status, kinds)
			}
		}
	})
}

// The kiosk list another instance serves catches up after a punch: through
// the notification sent after the commit, and, when that never comes (the
// instance that committed was killed before it sent it), through the other
// instance's re-check of the stored change number.
func TestKioskListOfAnotherInstanceCatchesUp(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		if db.Dialect != storage.Postgres {
			t.Skip("SQLite serves one instance")
		}
		other := otherInstance(t, db)
		a, b := serveInstance(t, db), serveInstance(t, other)
		emp := fleetEmployee(t, db)
		if st := kioskStatus(t, b, emp.ID); st != timeclock.ClockedOut { // b's list is ready
			t.Fatalf("before any punch b lists %s", st)
		}
		var pin pinAnswer
		post(t, a.URL+"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, emp.ID), &pin)
		if st := post(t, a.URL+"/api/employees/clockin", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, emp.ID, pin.ClockToken), nil); st != 200 {
			t.Fatalf("clock in on a: %d", st)
		}
		if st := kioskStatus(t, a, emp.ID); st != timeclock.ClockedIn {
			t.Fatalf("a, where the punch was made, lists %s right after it", st)
		}
		waitFor := func(what, want string) {
			t.Helper()
			for deadline := time.Now().Add(30 * time.Second); kioskStatus(t, b, emp.ID) != want; time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("b's kiosk list never caught up with %s", what)
				}
			}
		}
		waitFor("the punch made on a", timeclock.ClockedIn)

		// Settled: b's version stands still for longer than the re-checks
		// that follow a move of the stored number count as changes.
		store := storage.NewTimeclockStore(other)
		version := func() int64 {
			v, err := store.KioskVersion(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		deadline := time.Now().Add(30 * time.Second)
		for last, still := version(), time.Now(); time.Since(still) < engine.KioskRecheck*(engine.KioskSettle+1); {
			time.Sleep(50 * time.Millisecond)
			if v := version(); v != last {
				last, still = v, time.Now()
			}
			if time.Now().After(deadline) {
				t.Fatal("b's version never settled")
			}
		}
		// A clock-out committed with its change number and never notified.
		if err := db.WithTx(context.Background(), func(tx *storage.Tx) error {
			if _, err := tx.Exec(context.Background(), `UPDATE employees SET clock_status = ?, seq = seq + 1 WHERE id = ?`, timeclock.ClockedOut, emp.ID); err != nil {
				return err
			}
			_, err := tx.Exec(context.Background(), `SELECT nextval('timeclock_kiosk_changes')`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		waitFor("a change whose notification never came", timeclock.ClockedOut)
	})
}
