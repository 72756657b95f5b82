package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// separateInstances starts n API servers over n separate connections (each
// its own storage.Open) to db's database, as n packline processes.
func separateInstances(t *testing.T, db *storage.DB, n int) []*httptest.Server {
	t.Helper()
	return fleet(t, n, func(i int) *storage.DB {
		if i == 0 {
			return db
		}
		conn, err := storage.Open(context.Background(), db.DSN)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}, func(h http.Handler) http.Handler { return h })
}

// TestPINBurstEvaluatesAtMostFive: 150 parallel guesses for one employee
// from one client, released at once (and on PostgreSQL split over two
// instances), get at most 5 PINs looked at; the rest are refused with 429
// before the PIN is read, and so is the right PIN after them.
func TestPINBurstEvaluatesAtMostFive(t *testing.T) {
	// Serial, engines one after the other: a burst of PIN checks is one burst only when nothing else holds the CPU.
	storagetest.ForEachSerial(t, func(t *testing.T, db *storage.DB) {
		n := 1
		if db.Dialect == storage.Postgres {
			n = 2
		}
		srvs := separateInstances(t, db, n)
		emp := fleetEmployee(t, db)
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}}
		var evaluated, refused, other atomic.Int32
		burst(150, func(i int) {
			body := fmt.Sprintf(`{"employee_id":%d,"pin":"%04d"}`, emp.ID, 3000+i)
			res, err := client.Post(srvs[i%len(srvs)].URL+"/api/employees/validate-pin", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			switch res.StatusCode {
			case 200:
				evaluated.Add(1)
			case 429:
				refused.Add(1)
			default:
				other.Add(1)
			}
		})
		if evaluated.Load() > timeclock.PINLimit || other.Load() != 0 || evaluated.Load()+refused.Load() != 150 {
			t.Fatalf("burst of 150 over %d instance(s): %d evaluated, %d refused, %d other; want at most %d evaluated",
				n, evaluated.Load(), refused.Load(), other.Load(), timeclock.PINLimit)
		}
		for _, srv := range srvs {
			var a pinAnswer
			if st := post(t, srv.URL+"/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":"2468"}`, emp.ID), &a); st != 429 {
				t.Errorf("the right PIN after the burst: %d %+v, want 429", st, a)
			}
		}
	})
}
