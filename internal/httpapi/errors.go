package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/apperr"
)

// maxBody is the largest JSON request body accepted.
const maxBody = 1 << 20

// statusOf is the one table from error codes to HTTP statuses.
var statusOf = map[string]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthorized:    http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.TooManyAttempts: http.StatusTooManyRequests,
	apperr.Internal:        http.StatusInternalServerError,
}

// writeJSON writes v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// errorBody is the JSON shape of every error response.
type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// writeError answers with err's status and message. Uncoded errors are
// logged and shown to the client only as a generic message.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	code := apperr.Code(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusInternalServerError {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	body := errorBody{Error: apperr.Message(err)}
	if e, ok := apperr.As(err); ok {
		body.Field = e.Field
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds())+1))
		}
	}
	writeJSON(w, status, body)
}

// decodeJSON reads a JSON object body into v, turning every way a client can
// get it wrong into a coded error.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var maxErr *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &maxErr):
			return apperr.Errorf(apperr.TooLarge, "The request body is too large (limit %d bytes).", maxBody)
		case errors.As(err, &typeErr):
			field := typeErr.Field
			if field == "" {
				return apperr.Errorf(apperr.Invalid, "The request body must be a JSON object.")
			}
			return apperr.InvalidField(field, "Field %s must be %s.", field, jsonKind(typeErr.Type.Kind().String()))
		case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
			return apperr.Errorf(apperr.Invalid, "The request body is not valid JSON.")
		case errors.Is(err, io.EOF):
			return apperr.Errorf(apperr.Invalid, "The request body is empty.")
		default:
			return apperr.Errorf(apperr.Invalid, "The request body is not valid JSON.")
		}
	}
	if dec.More() {
		return apperr.Errorf(apperr.Invalid, "The request body must hold a single JSON object.")
	}
	return nil
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "string":
		return "a string"
	case k == "bool":
		return "true or false"
	case k == "slice", k == "array":
		return "a list"
	case k == "struct", k == "map":
		return "an object"
	}
	return fmt.Sprintf("of type %s", k)
}

// pathID parses a positive integer path value.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Errorf(apperr.NotFound, "Not found.")
	}
	return id, nil
}
