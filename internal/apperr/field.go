package apperr

import (
	"fmt"
	"strings"
	"time"
)

// The generic input errors, one constructor each: the 400 names the field
// (Field and params.field) and the web app words it from the code
// (errors.field.<reason>). A domain may pass its own English message where
// the default reads badly; the code and params are what a client relies on.

// Required is 400 field.required: field is missing or empty. message, when
// given, replaces "<field> is required.".
func Required(field string, message ...string) *Error {
	return New(Invalid, "field.required", Params{"field": field}, pick(message, field+" is required.")).OnField(field)
}

// TooLong is 400 field.too_long {field, max}: more than max characters.
func TooLong(field string, max int, message ...string) *Error {
	return New(Invalid, "field.too_long", Params{"field": field, "max": max},
		pick(message, fmt.Sprintf("%s must be at most %d characters.", field, max))).OnField(field)
}

// Range is 400 field.range {field, min, max}: a whole number outside [min, max].
func Range(field string, min, max int64, message ...string) *Error {
	return New(Invalid, "field.range", Params{"field": field, "min": min, "max": max},
		pick(message, fmt.Sprintf("%s must be a whole number from %d to %d.", field, min, max))).OnField(field)
}

// Date is 400 field.date {field}: not a calendar date YYYY-MM-DD.
func Date(field string, message ...string) *Error {
	return New(Invalid, "field.date", Params{"field": field},
		pick(message, field+" must be a date like 2025-08-15.")).OnField(field)
}

// CheckDate is nil when v is a calendar date YYYY-MM-DD, Required when v is
// empty and Date otherwise.
func CheckDate(field, v string) error {
	if v == "" {
		return Required(field)
	}
	return CheckOptionalDate(field, v)
}

// CheckOptionalDate is nil when v is empty or a calendar date YYYY-MM-DD,
// and Date otherwise (a filter's from and to).
func CheckOptionalDate(field, v string) error {
	if _, err := time.Parse(time.DateOnly, v); v != "" && err != nil {
		return Date(field)
	}
	return nil
}

// Choice is 400 field.choice {field, choices}: not one of choices (joined
// with ", " in params.choices).
func Choice(field string, choices []string, message ...string) *Error {
	list := strings.Join(choices, ", ")
	return New(Invalid, "field.choice", Params{"field": field, "choices": list},
		pick(message, fmt.Sprintf("%s must be one of %s.", field, list))).OnField(field)
}

func pick(message []string, def string) string {
	if len(message) > 0 && message[0] != "" {
		return message[0]
	}
	return def
}
