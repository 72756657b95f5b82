package httpapi

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
)

// acceptsGzip reports whether the request's Accept-Encoding allows gzip:
// the one negotiation for every response sent compressed (the app's files,
// the kiosk list).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// gzipped returns body compressed at level, or nil if compression failed.
func gzipped(body []byte, level int) []byte {
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, level)
	if err != nil {
		return nil
	}
	_, _ = zw.Write(body)
	if zw.Close() != nil {
		return nil
	}
	return b.Bytes()
}
