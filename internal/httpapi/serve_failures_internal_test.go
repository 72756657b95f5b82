package httpapi

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// A streamed CSV that fails after its first rows (the database went away
// mid-export) must not read as a complete, shorter file: over HTTP/1.1 and
// HTTP/2 the client's read of the body fails. A download that ends well
// reads whole. The access log marks the cut request. Both are sent gzipped
// (the client accepts it), so this holds through the compressor.
func TestStreamedCSVCutShortIsAFailedDownload(t *testing.T) {
	t.Parallel()
	logs := &syncWriter{w: &bytes.Buffer{}}
	s := &Server{Log: slog.New(slog.NewJSONHandler(logs, nil))}
	export := func(fail bool) handler {
		return func(w http.ResponseWriter, r *http.Request) error {
			out := newCSV(w, "x.csv", []string{"n"})
			for i := range 20000 { // past any buffer: the head is on the wire
				if err := out.Row(strconv.Itoa(i)); err != nil {
					return err
				}
			}
			if fail {
				out.cw.Flush()
				return errors.New("read rows: connection terminated by the database")
			}
			return out.Close()
		}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /api/cut", s.serve(public, export(true)))
	mux.Handle("GET /api/whole", s.serve(public, export(false)))
	h := s.recoverer(s.logRequests(mux))

	h1 := httptest.NewServer(h)
	defer h1.Close()
	h2 := httptest.NewUnstartedServer(h)
	h2.EnableHTTP2 = true
	h2.StartTLS()
	defer h2.Close()
	for _, srv := range []*httptest.Server{h1, h2} {
		for _, path := range []string{"/api/cut", "/api/whole"} {
			res, err := srv.Client().Get(srv.URL + path)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			lines := strings.Count(string(body), "\n")
			switch {
			case res.StatusCode != 200:
				t.Errorf("%s %s: status %d", res.Proto, path, res.StatusCode)
			case !res.Uncompressed:
				t.Errorf("%s %s: not sent gzipped", res.Proto, path)
			case path == "/api/cut" && err == nil:
				t.Errorf("%s: a CSV cut short read as complete (%d lines)", res.Proto, lines)
			case path == "/api/whole" && (err != nil || lines != 20001):
				t.Errorf("%s: a whole CSV: %d lines, %v", res.Proto, lines, err)
			}
		}
	}
	if text := logs.String(); !strings.Contains(text, `"aborted":true`) || !strings.Contains(text, "response failed after it began") {
		t.Errorf("the log does not tell of the cut download:\n%.2000s", text)
	}
}

// syncWriter lets the server's goroutines log into one buffer.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// A link's token never reaches the logs: the access log, an error's line and
// a static page's failure write the path with the token left out.
func TestLogsLeaveLinkTokensOut(t *testing.T) {
	t.Parallel()
	logs := &syncWriter{w: &bytes.Buffer{}}
	s := &Server{Log: slog.New(slog.NewJSONHandler(logs, nil))}
	mux := http.NewServeMux()
	mux.Handle("GET /api/public/impact/{token}", s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("the database is gone")
	}))
	mux.Handle("GET /api/public/invoices/{token}", s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		return writeJSON(w, http.StatusOK, map[string]string{"ok": "yes"})
	}))
	mux.Handle("GET /invoice-link/", http.NotFoundHandler())
	srv := httptest.NewServer(s.recoverer(s.logRequests(mux)))
	defer srv.Close()
	const secret = "Zq3secretTOKENthatOpensTheInvoice_9xY"
	for _, path := range []string{"/api/public/impact/", "/api/public/invoices/", "/invoice-link/"} {
		res, err := http.Get(srv.URL + path + secret)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	text := logs.String()
	if strings.Contains(text, secret) {
		t.Errorf("a link's token is in the log:\n%s", text)
	}
	for _, want := range []string{`"path":"/api/public/impact/[token]"`, `"path":"/api/public/invoices/[token]"`, `"path":"/invoice-link/[token]"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the log lacks %s:\n%s", want, text)
		}
	}
}
