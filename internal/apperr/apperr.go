// Package apperr is Packline's one error vocabulary. Domain code returns
// *Error values; the HTTP layer maps each Kind to a status in one place and
// sends the body {error, code, params, field?}. Any other error is an internal
// failure: it is logged and the client sees a generic message, never a
// driver's text.
//
// An error carries two names: its Kind (the class that decides the HTTP
// status) and its Code, a stable key such as "stock.insufficient" that the
// web app translates, with Params holding the values its message names.
// Message is the English sentence, the fallback for a code a client does not
// know.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind classes an error; the HTTP layer maps each to one status.
type Kind string

// Kinds a client can act on.
const (
	Invalid         Kind = "invalid"                // bad input: 400
	Unauthorized    Kind = "unauthorized"           // no or bad credentials: 401
	Forbidden       Kind = "forbidden"              // signed in, not allowed: 403
	NotFound        Kind = "not_found"              // 404
	NotAllowed      Kind = "method_not_allowed"     // the path takes other methods (Allow): 405
	Conflict        Kind = "conflict"               // state forbids it (duplicate, already done): 409
	TooLarge        Kind = "too_large"              // request body too large: 413
	MediaType       Kind = "unsupported_media_type" // a body of a type the endpoint does not take: 415
	TooManyAttempts Kind = "too_many_attempts"      // throttled: 429
	Unavailable     Kind = "unavailable"            // busy, try again (Retry-After): 503
	Internal        Kind = "internal"               // anything else: 500
)

// Params are the values an error's message names, by name, so that a client
// can word the message in its own language.
type Params map[string]any

// Error is a coded, human-readable error safe to show to a client.
type Error struct {
	Kind Kind
	// Code is the stable key of this particular error ("area.reason"); when
	// empty the Kind is the code.
	Code    string
	Message string
	Params  Params
	// Field names the offending input field, if any.
	Field string
	// RetryAfter, when set (TooManyAttempts, Unavailable), says how long to wait.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.CodeOrKind(), e.Message) }

// CodeOrKind is the key a client translates: Code, or the Kind without one.
func (e *Error) CodeOrKind() string {
	if e.Code != "" {
		return e.Code
	}
	return string(e.Kind)
}

// New returns an error of kind with a stable code, its params (may be nil)
// and the English message.
func New(kind Kind, code string, params Params, message string) *Error {
	return &Error{Kind: kind, Code: code, Params: params, Message: message}
}

// OnField returns e naming field as the input at fault.
func (e *Error) OnField(field string) *Error {
	e.Field = field
	return e
}

// Errorf returns an error of kind with a formatted message and no specific
// code (the kind is the code). Prefer New with a code for anything a user
// may see.
func Errorf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// InvalidField returns an Invalid error naming the field at fault.
func InvalidField(field, format string, args ...any) *Error {
	return &Error{Kind: Invalid, Message: fmt.Sprintf(format, args...), Field: field}
}

// KindOf returns the kind of err: Internal for uncoded errors, "" for nil.
func KindOf(err error) Kind {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// CodeOf returns the code a client sees for err ("" for nil).
func CodeOf(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.CodeOrKind()
	}
	return string(Internal)
}

// Message returns the client-safe message of err.
func Message(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "An internal error occurred."
}

// As returns err as *Error, if it is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
