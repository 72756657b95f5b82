package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// spa serves the embedded app: real files as they are (hashed assets cached
// for a year, the others revalidated with their ETag: a 304 when unchanged),
// and for every client-side route its entry's HTML, never cached. Text files
// are sent gzipped to clients that accept it.
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
				gz.serveFile(w, r, name, body)
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

// gzipCache keeps, for each file it has served, its gzipped form (when it
// is compressible) and the ETag of its bytes (files only, not pages).
type gzipCache struct{ m, tags sync.Map }

// staticTypes are the content types of the app's files that the system's
// MIME table may lack (Go's own has no .webmanifest: it was sniffed as
// text/plain) or word otherwise.
var staticTypes = map[string]string{
	".webmanifest": "application/manifest+json",
	".ico":         "image/x-icon",
	".map":         "application/json",
	".woff2":       "font/woff2",
	".txt":         "text/plain; charset=utf-8",
}

// contentType is a file's type by its name, else by its bytes.
func contentType(name string, body []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if t := staticTypes[ext]; t != "" {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(body)
}

// serveFile serves one of the app's files with an ETag naming its bytes, so
// that a file that is revalidated on every visit (boot.js, kiosk-sw.js, the
// kiosk's manifest and icons) costs a 304 when unchanged, not its download.
// The gzipped form has a tag of its own.
func (g *gzipCache) serveFile(w http.ResponseWriter, r *http.Request, name string, body []byte) {
	v, ok := g.tags.Load(name)
	if !ok {
		sum := sha256.Sum256(body)
		v, _ = g.tags.LoadOrStore(name, hex.EncodeToString(sum[:10]))
	}
	g.serveTagged(w, r, name, body, v.(string))
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".map", ".webmanifest":
		return true
	}
	return false
}

// serve serves a page (never revalidated: it is not stored).
func (g *gzipCache) serve(w http.ResponseWriter, r *http.Request, name string, body []byte) {
	g.serveTagged(w, r, name, body, "")
}

// serveTagged serves body as name, gzipped when the client takes it, with
// the ETag tag (none when ""); http.ServeContent answers If-None-Match.
func (g *gzipCache) serveTagged(w http.ResponseWriter, r *http.Request, name string, body []byte, tag string) {
	h := w.Header()
	h.Set("Content-Type", contentType(name, body))
	if compressible(name) && len(body) > 512 {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			v, ok := g.m.Load(name)
			if !ok {
				v, _ = g.m.LoadOrStore(name, gzipped(body, gzip.BestCompression))
			}
			if z := v.([]byte); z != nil {
				body = z
				h.Set("Content-Encoding", "gzip")
				if tag != "" {
					tag += "-gzip"
				}
			}
		}
	}
	if tag != "" {
		h.Set("ETag", `"`+tag+`"`)
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
