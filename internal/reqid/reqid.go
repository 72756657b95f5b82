// Package reqid carries a request's id in its context, so that every log line
// the request causes names it (Handler) and its error answer quotes it, and a
// person can give support the id of what went wrong.
package reqid

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"log/slog"
	"math/rand/v2"
)

type key struct{}

// With returns ctx carrying id.
func With(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, key{}, id)
}

// From is the id ctx carries, "" when none.
func From(ctx context.Context) string {
	id, _ := ctx.Value(key{}).(string)
	return id
}

// New makes an id: 16 hex digits, random. An id names a request in logs; it
// is no secret, so it comes from the runtime's fast per-core generator
// (math/rand/v2, randomly seeded) rather than crypto/rand: every request
// makes one, the kiosk list's tens of thousands a second.
func New() string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// MaxLen is the longest id taken from a proxy's X-Request-Id.
const MaxLen = 128

// Valid says whether an id a proxy sent may be used as it is: 1 to MaxLen
// letters, digits and . _ : - (nothing a log line or a header could be
// confused by).
func Valid(id string) bool {
	if id == "" || len(id) > MaxLen {
		return false
	}
	for _, c := range []byte(id) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == ':', c == '-':
		default:
			return false
		}
	}
	return true
}

// Handler adds request_id to every record logged with a context that carries
// one (slog's *Context methods, and Log).
type Handler struct{ slog.Handler }

// Handle implements slog.Handler.
func (h Handler) Handle(ctx context.Context, r slog.Record) error {
	if id := From(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs implements slog.Handler.
func (h Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return Handler{h.Handler.WithAttrs(attrs)}
}

// WithGroup implements slog.Handler.
func (h Handler) WithGroup(name string) slog.Handler {
	return Handler{h.Handler.WithGroup(name)}
}
