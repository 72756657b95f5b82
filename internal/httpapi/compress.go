package httpapi

import (
	"compress/gzip"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// API answers in JSON and CSV are sent gzipped to a client that accepts it
// (Accept-Encoding), once they reach compressMin bytes: serve wraps every
// handler's writer in a compressWriter, except on the routes of
// secretAnswers. A streamed CSV is compressed as it goes. The kiosk list and
// the OpenAPI document bring their own gzip, made once; the app's files are
// compressed by spa.go.

// compressMin is the size from which an answer is compressed: below it, the
// gzip frame and the work cost more than they save.
const compressMin = 1024

// secretAnswers are the routes whose answers carry a secret (a session
// token, a two-factor secret or recovery codes, a clock token, an event
// ticket, a link's token): they are never compressed. A compressed answer that
// holds a secret beside text an attacker chooses leaks the secret through its
// length, byte by byte (BREACH). The one list; TestSecretAnswersAreRoutes holds
// it to the route table.
var secretAnswers = map[string]bool{
	"POST /api/login":                         true, // token
	"POST /api/login/2fa":                     true, // token
	"POST /api/signup":                        true, // token
	"POST /api/user/2fa/setup":                true, // secret, otpauth_url
	"PATCH /api/user/2fa":                     true, // recovery_codes
	"POST /api/users/invitations":             true, // link
	"POST /api/users/invitations/{id}/resend": true, // link
	"POST /api/events/ticket":                 true, // ticket
	"POST /api/employees/validate-pin":        true, // clock_token
	"POST /api/projects/{id}/impact/links":    true, // path: the share link's token
	"POST /api/invoices/{id}/send":            true, // public_path: the invoice link's token
	"POST /api/invoices/{id}/link":            true, // public_path
}

// compressLevel trades a little size for speed: answers are made per request.
const compressLevel = gzip.DefaultCompression

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, compressLevel)
	return zw
}}

// compressWriter gzips the answer written through it when the client accepts
// gzip and the answer is JSON or CSV of compressMin bytes or more (its
// Content-Length, or, without one, what has been written so far). Until it
// knows, it holds back the head and up to compressMin bytes; status says
// whether the handler has begun its answer (fail then cuts it, whether or not
// anything reached the client).
type compressWriter struct {
	http.ResponseWriter
	accepts bool // the client accepts gzip
	status  int  // what the handler wrote (0: nothing yet)
	state   compressState
	held    []byte // written while undecided
	zw      *gzip.Writer
	// stream: the answer has no length (a CSV written row by row); its
	// compressed bytes are pushed out every streamFlush bytes written, so
	// the client receives it as it is made rather than in deflate's blocks.
	stream   bool
	unpushed int
}

// streamFlush is how much of a streamed answer is compressed between two
// pushes to the client.
const streamFlush = 32 << 10

type compressState int

const (
	undecided compressState = iota
	plain
	gzipping
)

func newCompressWriter(w http.ResponseWriter, r *http.Request) *compressWriter {
	return &compressWriter{ResponseWriter: w, accepts: acceptsGzip(r)}
}

func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// compressible says whether the answer about to be sent with status may be
// compressed: JSON or CSV with a body, not already encoded, and without an
// ETag (a stored file, whose tag names its bytes as they are).
func compressibleAnswer(h http.Header, status int) bool {
	if status < 200 || status == http.StatusNoContent || status == http.StatusNotModified ||
		h.Get("Content-Encoding") != "" || h.Get("ETag") != "" {
		return false
	}
	ctype, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	return ctype == "application/json" || ctype == "text/csv"
}

// addVary says that the answer depends on Accept-Encoding, once.
func addVary(h http.Header) {
	for _, v := range h.Values("Vary") {
		for _, name := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(name), "Accept-Encoding") {
				return
			}
		}
	}
	h.Add("Vary", "Accept-Encoding")
}

func (c *compressWriter) WriteHeader(code int) {
	if code < 200 { // informational: passed on, the answer is still to come
		c.ResponseWriter.WriteHeader(code)
		return
	}
	if c.status != 0 {
		return
	}
	c.status = code
	h := c.Header()
	if !compressibleAnswer(h, code) {
		c.state = plain
		c.ResponseWriter.WriteHeader(code)
		return
	}
	addVary(h)
	if !c.accepts {
		c.state = plain
		c.ResponseWriter.WriteHeader(code)
		return
	}
	if cl := h.Get("Content-Length"); cl != "" {
		if n, err := strconv.ParseInt(cl, 10, 64); err == nil && n < compressMin {
			c.state = plain
			c.ResponseWriter.WriteHeader(code)
			return
		}
		c.startGzip()
		return
	}
	// No length: decided by the first compressMin bytes, or the end.
	c.stream = true
}

// startGzip sends the head with Content-Encoding: gzip and what was held.
func (c *compressWriter) startGzip() {
	h := c.Header()
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	c.ResponseWriter.WriteHeader(c.status)
	c.zw = gzipWriters.Get().(*gzip.Writer)
	c.zw.Reset(c.ResponseWriter)
	c.state = gzipping
	if len(c.held) > 0 {
		_, _ = c.zw.Write(c.held)
		c.held = nil
	}
}

func (c *compressWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	switch c.state {
	case gzipping:
		if _, err := c.zw.Write(b); err != nil {
			return 0, err
		}
		if c.stream {
			if c.unpushed += len(b); c.unpushed >= streamFlush {
				c.unpushed = 0
				if err := c.FlushError(); err != nil && !errors.Is(err, http.ErrNotSupported) {
					return 0, err
				}
			}
		}
		return len(b), nil
	case undecided:
		c.held = append(c.held, b...)
		if len(c.held) >= compressMin {
			c.startGzip()
		}
		return len(b), nil
	}
	return c.ResponseWriter.Write(b)
}

// FlushError sends what is written so far: an answer still undecided is a
// stream, and compressed from here on.
func (c *compressWriter) FlushError() error {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	switch c.state {
	case undecided:
		c.startGzip()
		fallthrough
	case gzipping:
		if err := c.zw.Flush(); err != nil {
			return err
		}
	}
	return http.NewResponseController(c.ResponseWriter).Flush()
}

// finish ends an answer the handler completed: what is held goes out as it
// is (with its length), a gzip stream gets its end.
func (c *compressWriter) finish() {
	switch c.state {
	case undecided:
		if c.status == 0 {
			return // nothing written: net/http answers as it would without us
		}
		c.state = plain
		c.Header().Set("Content-Length", strconv.Itoa(len(c.held)))
		c.ResponseWriter.WriteHeader(c.status)
		_, _ = c.ResponseWriter.Write(c.held)
		c.held = nil
	case gzipping:
		_ = c.zw.Close()
		c.zw.Reset(nil)
		gzipWriters.Put(c.zw)
		c.zw = nil
		c.state = plain
	}
}
