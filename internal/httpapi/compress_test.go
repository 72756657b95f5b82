package httpapi

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// compressTestServer serves, through serve and the request logger as the API
// does, a large and a small JSON answer, a CSV, a stored file with its ETag,
// and a large answer on a route whose answers carry a secret.
func compressTestServer(t *testing.T) *httptest.Server {
	t.Helper()
	s := &Server{Log: slog.New(slog.DiscardHandler)}
	rows := make([]map[string]any, 200)
	for i := range rows {
		rows[i] = map[string]any{"id": i, "name": "row " + strconv.Itoa(i), "note": "a line of text"}
	}
	big := func(w http.ResponseWriter, r *http.Request) error {
		return writeJSON(w, http.StatusOK, map[string]any{"rows": rows})
	}
	mux := http.NewServeMux()
	mux.Handle("GET /api/big", s.serve(public, big))
	mux.Handle("POST /api/login", s.serve(public, big)) // in secretAnswers
	mux.Handle("GET /api/small", s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		return writeJSON(w, http.StatusOK, map[string]any{"status": "ok"})
	}))
	mux.Handle("GET /api/rows.csv", s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		out := newCSV(w, "rows.csv", []string{"n", "name"})
		for i := range 2000 {
			if err := out.Row(strconv.Itoa(i), "row"); err != nil {
				return err
			}
		}
		return out.Close()
	}))
	mux.Handle("GET /api/file", s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("ETag", `"abc"`)
		return writeJSON(w, http.StatusOK, map[string]any{"rows": rows})
	}))
	srv := httptest.NewServer(s.recoverer(s.logRequests(mux)))
	t.Cleanup(srv.Close)
	return srv
}

// rawGet sends a request with the Accept-Encoding given ("" for none) and
// returns the answer with its body as sent, not decompressed.
func rawGet(t *testing.T, method, url, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// JSON and CSV answers of a kilobyte or more are gzipped for a client that
// accepts it, and say that they vary with Accept-Encoding; a small answer, a
// client that does not accept gzip, a stored file (its ETag names its bytes)
// and an answer that carries a secret are sent as they are.
func TestAnswersAreCompressed(t *testing.T) {
	t.Parallel()
	srv := compressTestServer(t)
	for _, c := range []struct {
		method, path, accept string
		gzipped, vary        bool
	}{
		{"GET", "/api/big", "gzip", true, true},
		{"GET", "/api/big", "gzip, deflate, br", true, true},
		{"GET", "/api/big", "", false, true},
		{"GET", "/api/big", "gzip;q=0, br", false, true},
		{"HEAD", "/api/big", "gzip", true, true},
		{"GET", "/api/rows.csv", "gzip", true, true},
		{"GET", "/api/rows.csv", "", false, true},
		{"GET", "/api/small", "gzip", false, true},
		{"GET", "/api/file", "gzip", false, false},
		{"POST", "/api/login", "gzip", false, false},
	} {
		res, body := rawGet(t, c.method, srv.URL+c.path, c.accept)
		name := c.method + " " + c.path + " (" + c.accept + ")"
		if got := res.Header.Get("Content-Encoding") == "gzip"; got != c.gzipped {
			t.Errorf("%s: gzipped %v, want %v (headers %v)", name, got, c.gzipped, res.Header)
			continue
		}
		if got := res.Header.Get("Vary") == "Accept-Encoding"; got != c.vary {
			t.Errorf("%s: Vary %q", name, res.Header.Get("Vary"))
		}
		if c.method == "HEAD" {
			continue
		}
		if c.gzipped {
			if res.Header.Get("Content-Length") != "" && res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Errorf("%s: Content-Length %s for %d bytes", name, res.Header.Get("Content-Length"), len(body))
			}
			body = gunzip(t, body)
		} else if res.Header.Get("Content-Length") == "" && !strings.HasSuffix(c.path, ".csv") {
			t.Errorf("%s: no Content-Length", name)
		}
		switch {
		case strings.HasSuffix(c.path, ".csv"):
			if n := strings.Count(string(body), "\n"); n != 2001 {
				t.Errorf("%s: %d lines", name, n)
			}
		default:
			var v map[string]any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Errorf("%s: %v: %.200s", name, err, body)
			}
		}
	}
}

// Every route named in secretAnswers is a route of the table: a renamed
// route would otherwise be compressed again without anyone noticing.
func TestSecretAnswersAreRoutes(t *testing.T) {
	routes := map[string]bool{}
	for _, rt := range (&Server{}).routeTable() {
		routes[rt.pattern] = true
	}
	for pattern := range secretAnswers {
		if !routes[pattern] {
			t.Errorf("secretAnswers names %q, which is not a route", pattern)
		}
	}
}

// A streamed CSV is compressed as it is written: the client reads and
// decompresses its first rows while the handler is still making the rest.
func TestStreamedCSVArrivesCompressedAsItGoes(t *testing.T) {
	t.Parallel()
	s := &Server{Log: slog.New(slog.DiscardHandler)}
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.Handle("GET /api/slow.csv", s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		out := newCSV(w, "slow.csv", []string{"n"})
		for i := range 20000 {
			if err := out.Row(strconv.Itoa(i), "a cell of text that makes the row longer"); err != nil {
				return err
			}
		}
		<-release // the rest of the file takes its time
		return out.Close()
	}))
	srv := httptest.NewServer(s.recoverer(s.logRequests(mux)))
	defer srv.Close()
	defer close(release)

	req, _ := http.NewRequest("GET", srv.URL+"/api/slow.csv", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("headers %v", res.Header)
	}
	got := make(chan string, 1)
	go func() {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			got <- err.Error()
			return
		}
		sc := bufio.NewScanner(zr)
		for i := 0; i < 1000 && sc.Scan(); i++ {
		}
		got <- sc.Text()
	}()
	select {
	case line := <-got:
		if !strings.HasPrefix(line, "998,") {
			t.Fatalf("line 1000 of the stream: %q", line)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing of the CSV arrived while it was being written")
	}
}
