// Package apperr is Packline's one error vocabulary. Domain and storage code
// return *Error values with a Code; the HTTP layer maps each Code to a status
// in one place. Any other error is an internal failure: it is logged and the
// client sees a generic message, never a driver's text.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Codes a client can act on.
const (
	Invalid         = "invalid"           // bad input: 400
	Unauthorized    = "unauthorized"      // no or bad credentials: 401
	Forbidden       = "forbidden"         // signed in, not allowed: 403
	NotFound        = "not_found"         // 404
	Conflict        = "conflict"          // state forbids it (duplicate, already done): 409
	TooLarge        = "too_large"         // request body too large: 413
	TooManyAttempts = "too_many_attempts" // throttled: 429
	Internal        = "internal"          // anything else: 500
)

// Error is a coded, human-readable error safe to show to a client.
type Error struct {
	Code    string
	Message string
	// RetryAfter, when set on a TooManyAttempts error, says how long to wait.
	RetryAfter time.Duration
	// Field names the offending input field for Invalid errors, if any.
	Field string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf returns a coded error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// InvalidField returns an Invalid error naming the field at fault.
func InvalidField(field, format string, args ...any) *Error {
	return &Error{Code: Invalid, Message: fmt.Sprintf(format, args...), Field: field}
}

// Code returns the code of err, Internal for uncoded errors and "" for nil.
func Code(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
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
