package httpapi

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// spa serves the embedded app: real files as they are (hashed assets cached
// for a year), and for every client-side route its entry's HTML, never cached.
// Text files are sent gzipped to clients that accept it.
func (s *Server) spa() http.Handler {
	index, err := fs.ReadFile(s.App, "index.html")
	if err != nil {
		index = []byte("<!doctype html><title>Packline</title><p>The web app is not built. Run <code>make build</code>.</p>")
	}
	// The public pages have light entries of their own (web/vite.config.ts); an app
	// built without them falls back to index.html.
	pages := map[string][]byte{"index.html": index}
	for _, name := range []string{"auth.html", "kiosk.html"} {
		pages[name] = index
		if b, err := fs.ReadFile(s.App, name); err == nil {
			pages[name] = b
		}
	}
	prerendered := readPrerendered(s.App)
	gz := &gzipCache{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, r, s.Log, errMethodNotAllowed(r.Method))
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name != "" && pages[name] == nil {
			body, err := fs.ReadFile(s.App, name)
			if err == nil {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				gz.serve(w, r, name, body)
				return
			}
			// A batch label's link (/b/{sku}/10/{code}…) is a route whatever its code
			// looks like ("LOT.7" is not a file).
			if !strings.HasPrefix(name, "b/") && (strings.HasPrefix(name, "assets/") || path.Ext(name) != "") {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache, no-store, must-revalidate")
		if file := prerenderedFile(name, r, s.DefaultLanguage); prerendered[file] != nil {
			w.Header().Add("Vary", "Cookie, Accept-Language")
			gz.serve(w, r, file, prerendered[file])
			return
		}
		page := entryPage(name)
		gz.serve(w, r, page, pages[page])
	})
}

// entryPage names the HTML entry of a client-side route (a path without its leading
// slash): the auth pages (and the pages a mailed link opens, a shared impact report,
// /impact-link/<token>, and an invoice, /invoice-link/<token>, which need
// nothing of the office app) and the kiosk are apps of their own, the office app is
// everything else. web/src/config/paths.ts (entryOf) applies the same rule.
func entryPage(name string) string {
	switch {
	case name == "auth" || strings.HasPrefix(name, "auth/") || strings.HasPrefix(name, "impact-link/") || strings.HasPrefix(name, "invoice-link/"):
		return "auth.html"
	case name == "employee-portal":
		return "kiosk.html"
	case name == "auth.html" || name == "kiosk.html":
		return name
	}
	return "index.html"
}

// gzipCache keeps the gzipped form of each compressible file it has served.
type gzipCache struct{ m sync.Map }

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".map", ".webmanifest":
		return true
	}
	return false
}

func (g *gzipCache) serve(w http.ResponseWriter, r *http.Request, name string, body []byte) {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = http.DetectContentType(body)
	}
	w.Header().Set("Content-Type", ctype)
	if compressible(name) && len(body) > 512 {
		w.Header().Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			v, ok := g.m.Load(name)
			if !ok {
				v, _ = g.m.LoadOrStore(name, gzipped(body, gzip.BestCompression))
			}
			if z := v.([]byte); z != nil {
				body = z
				w.Header().Set("Content-Encoding", "gzip")
			}
		}
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
