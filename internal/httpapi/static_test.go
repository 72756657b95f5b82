package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/packline/packline/internal/httpapi"
)

// The app's files that are not content-hashed (boot.js, the kiosk's service
// worker, manifest and icons) are revalidated on every visit: each carries an
// ETag naming its bytes (the gzipped form one of its own), and a request that
// names it in If-None-Match is answered 304 without the file. The kiosk's
// manifest is application/manifest+json.
func TestStaticFilesRevalidateWithETag(t *testing.T) {
	t.Parallel()
	png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 600)...)
	files := fstest.MapFS{
		"index.html":                {Data: []byte("<!doctype html><title>app</title>")},
		"boot.js":                   {Data: []byte("document.documentElement.dataset.boot = '1';")},
		"kiosk-sw.js":               {Data: []byte(strings.Repeat("self.addEventListener('fetch', () => {});\n", 40))},
		"kiosk.webmanifest":         {Data: []byte(`{"name":"Packline kiosk","start_url":"/employee-portal","display":"standalone"}`)},
		"kiosk-icons/icon-192.png":  {Data: png},
		"assets/app-0123abcd.js":    {Data: []byte("console.log(1)")},
		"favicon.svg":               {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		"prerendered/unrelated.txt": {Data: []byte("x")},
	}
	api := &httpapi.Server{Log: slog.New(slog.DiscardHandler), Version: "test", App: files}
	srv := httptest.NewServer(api.Handler())
	defer srv.Close()
	get := func(path, accept, match string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		if match != "" {
			req.Header.Set("If-None-Match", match)
		}
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for path, ctype := range map[string]string{
		"/boot.js":                  "text/javascript; charset=utf-8",
		"/kiosk-sw.js":              "text/javascript; charset=utf-8",
		"/kiosk.webmanifest":        "application/manifest+json",
		"/kiosk-icons/icon-192.png": "image/png",
		"/favicon.svg":              "image/svg+xml",
	} {
		for _, accept := range []string{"", "gzip"} {
			res := get(path, accept, "")
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			tag := res.Header.Get("ETag")
			if res.StatusCode != 200 || len(body) == 0 || res.Header.Get("Content-Type") != ctype ||
				res.Header.Get("Cache-Control") != "no-cache" || !strings.HasPrefix(tag, `"`) {
				t.Errorf("GET %s (%q): %d, %d bytes, headers %v; want 200 %s, no-cache, an ETag", path, accept, res.StatusCode, len(body), res.Header, ctype)
				continue
			}
			again := get(path, accept, tag)
			rest, _ := io.ReadAll(again.Body)
			again.Body.Close()
			if again.StatusCode != http.StatusNotModified || len(rest) != 0 || again.Header.Get("ETag") != tag {
				t.Errorf("GET %s (%q) If-None-Match %s: %d, %d bytes", path, accept, tag, again.StatusCode, len(rest))
			}
			if other := get(path, accept, `"something-else"`); other.StatusCode != 200 {
				t.Errorf("GET %s with another tag: %d", path, other.StatusCode)
			} else {
				other.Body.Close()
			}
		}
	}
	// The gzipped service worker and the plain one are two representations: two tags.
	plain, zipped := get("/kiosk-sw.js", "", ""), get("/kiosk-sw.js", "gzip", "")
	plain.Body.Close()
	zipped.Body.Close()
	if zipped.Header.Get("Content-Encoding") != "gzip" || plain.Header.Get("ETag") == zipped.Header.Get("ETag") {
		t.Errorf("plain %v, gzipped %v", plain.Header, zipped.Header)
	}
}
