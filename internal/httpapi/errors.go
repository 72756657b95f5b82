package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/reqid"
)

// statusOf is the one table from error kinds to HTTP statuses.
var statusOf = map[apperr.Kind]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthorized:    http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.NotAllowed:      http.StatusMethodNotAllowed,
	apperr.Conflict:        http.StatusConflict,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.MediaType:       http.StatusUnsupportedMediaType,
	apperr.TooManyAttempts: http.StatusTooManyRequests,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.Internal:        http.StatusInternalServerError,
}

// writeJSON writes v as JSON with status, and its length (so that the
// compressor knows it). It returns nil once written, so that a handler can
// end with `return writeJSON(…)`; only a value JSON cannot encode is an error.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
	return nil
}

// errorBody is the JSON shape of every error response: the English sentence,
// the stable code the web app translates, the values the sentence names, and
// the input field at fault.
type errorBody struct {
	Error  string        `json:"error"`
	Code   string        `json:"code"`
	Params apperr.Params `json:"params"`
	Field  string        `json:"field,omitempty"`
	// RequestID names the request in the server's log, for a person to quote.
	RequestID string `json:"request_id,omitempty"`
}

// bodyOf is the client's view of err, in the request of ctx.
func bodyOf(ctx context.Context, err error) errorBody {
	body := errorBody{Error: apperr.Message(err), Code: apperr.CodeOf(err), Params: apperr.Params{}, RequestID: reqid.From(ctx)}
	if e, ok := apperr.As(err); ok {
		body.Field = e.Field
		if e.Params != nil {
			body.Params = e.Params
		}
	}
	return body
}

// writeError answers with err's status and body. Uncoded errors are logged
// and shown to the client only as a generic message. It is the only place an
// error reaches a client.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	status, ok := statusOf[apperr.KindOf(err)]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusInternalServerError {
		log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", loggedPath(r), "err", err)
	}
	if e, ok := apperr.As(err); ok && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(e.RetryAfter.Seconds())))))
	}
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", challenge(err))
	}
	_ = writeJSON(w, status, bodyOf(r.Context(), err))
}

// challenge is the WWW-Authenticate of a 401 (RFC 6750): the API takes a
// bearer token; a token it was sent and refused is named invalid_token.
func challenge(err error) string {
	if apperr.CodeOf(err) == accounts.ErrTokenInvalid.Code {
		return `Bearer realm="packline", error="invalid_token"`
	}
	return `Bearer realm="packline"`
}

// pathID parses a positive integer path value.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.New(apperr.NotFound, "not_found", nil, "Not found.")
	}
	return id, nil
}
