package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// freeAddr is a local address no one listens on (a moment ago).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// --metrics-addr serves Prometheus metrics on a listener of its own: the
// API's requests by route, the database pools, the mail outbox, the Go
// runtime; the API's listener does not serve them. The access log names each
// request's id. --pprof adds the runtime's profiles there, never the
// command line.
func TestMetricsListener(t *testing.T) {
	// Serial: it takes a free port, lets it go and hands it to the server: a test beside it could take it between.
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			metrics := freeAddr(t)
			flags := []string{"--metrics-addr", metrics}
			if d == storage.SQLite { // scheduled backups are SQLite's
				flags = append(flags, "--backup-dir", t.TempDir())
			}
			pprofOn := d == storage.Postgres // one engine with the profiles, the other without
			if pprofOn {
				flags = append(flags, "--pprof")
			}
			srv := startServe(t, storagetest.DSN(t, d), flags...)
			url := srv.url
			if status, _ := get(t, url+"/api/health"); status != 200 {
				t.Fatalf("health: %d", status)
			}
			status, text := get(t, "http://"+metrics+"/metrics")
			if status != 200 {
				t.Fatalf("metrics: %d %s", status, text)
			}
			for _, want := range []string{
				`packline_http_requests_total{method="GET",route="GET /api/health",status="200"} 1`,
				`packline_http_request_duration_seconds_count{route="GET /api/health"} 1`,
				`packline_event_streams_open 0`,
				`packline_mail_outbox_pending 0`,
				`packline_mail_outbox_failed 0`,
				`go_sql_max_open_connections{db_name="` + string(d) + `",pool="write"}`,
				`go_goroutines `,
				`process_resident_memory_bytes `,
			} {
				if !strings.Contains(text, want) {
					t.Errorf("metrics lack %q", want)
				}
			}
			if d == storage.SQLite && !strings.Contains(text, "packline_backup_last_good_age_seconds ") {
				t.Error("metrics lack the last backup's age")
			}
			if _, page := get(t, url+"/metrics"); strings.Contains(page, "packline_http_requests_total") {
				t.Error("the API's listener serves the metrics")
			}
			// The profiles only with --pprof; the command line (--secret, the
			// database URL) never.
			if status, _ := get(t, "http://"+metrics+"/debug/pprof/"); (status == 200) != pprofOn {
				t.Errorf("/debug/pprof/ with --pprof %v: %d", pprofOn, status)
			}
			if pprofOn {
				if status, _ := get(t, "http://"+metrics+"/debug/pprof/goroutine?debug=1"); status != 200 {
					t.Errorf("goroutine profile: %d", status)
				}
			}
			if status, body := get(t, "http://"+metrics+"/debug/pprof/cmdline"); status != 404 || strings.Contains(body, testSecret) {
				t.Errorf("/debug/pprof/cmdline: %d %q", status, body)
			}
			if log := srv.stderr.String(); !strings.Contains(log, `"request_id":"`) {
				t.Errorf("the access log does not name the request:\n%s", log)
			}
			if err := srv.stop(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// --pprof without --metrics-addr is refused: the profiles never go on the API's listener.
func TestPprofNeedsMetricsAddr(t *testing.T) {
	t.Parallel()
	var out, errOut safeBuffer
	err := Main(context.Background(), []string{"serve", "--db", t.TempDir() + "/p.db", "--secret", testSecret, "--pprof"}, &out, &errOut, nil)
	if err == nil || !strings.Contains(err.Error(), "--metrics-addr") {
		t.Fatalf("serve --pprof without --metrics-addr: %v", err)
	}
}
