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

	"github.com/packline/packline/internal/apperr"
)

// spa serves the embedded app: real files as they are (hashed assets cached
// for a year), and index.html, never cached, for every client-side route.
// Text files are sent gzipped to clients that accept it.
func (s *Server) spa() http.Handler {
	index, err := fs.ReadFile(s.App, "index.html")
	if err != nil {
		index = []byte("<!doctype html><title>Packline</title><p>The web app is not built. Run <code>make build</code>.</p>")
	}
	gz := &gzipCache{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			_ = writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: "Method not allowed.",
				Code: "request.method_not_allowed", Params: apperr.Params{}})
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name != "" && name != "index.html" {
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
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache, no-store, must-revalidate")
		gz.serve(w, r, "index.html", index)
	})
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
