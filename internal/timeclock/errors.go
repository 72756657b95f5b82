package timeclock

import (
	"fmt"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/throttle"
)

// The time clock's error codes, listed with their English messages in
// docs/error-codes.md. The kiosk's messages are SPEC §8's, word for word.

// ErrEmployeeNotFound is an employee that does not exist (or, at the kiosk,
// is archived).
func ErrEmployeeNotFound(id int64) error {
	return apperr.New(apperr.NotFound, "employee.not_found", apperr.Params{"employee_id": id}, "Employee not found.")
}

// ErrPunchNotFound is a punch that does not exist.
func ErrPunchNotFound(id int64) error {
	return apperr.New(apperr.NotFound, "punch.not_found", apperr.Params{"punch_id": id}, "Punch not found.")
}

var (
	errAlreadyIn  = apperr.New(apperr.Conflict, "punch.already_in", nil, "You are already clocked in.")
	errAlreadyOut = apperr.New(apperr.Conflict, "punch.already_out", nil, "You are already clocked out.")
	// ErrClockToken is a clock-in or -out without a valid, unused clock token.
	ErrClockToken = apperr.New(apperr.Forbidden, "clock.token_invalid", nil,
		"Your PIN check has expired or was already used. Please enter your PIN again.")
	// ErrNoStaff is a correction by someone who is not a staff member.
	ErrNoStaff      = apperr.New(apperr.Forbidden, "punch.staff_required", nil, "Only a signed-in staff member can correct punches.")
	errUnknownState = apperr.New(apperr.Invalid, "clock.unknown_state", nil, "Unknown clock state.")
	errVoided       = apperr.New(apperr.Conflict, "punch.voided", nil, "A voided punch cannot be changed.")
	errAlreadyVoid  = apperr.New(apperr.Conflict, "punch.already_void", nil, "That punch is already void.")
	errSameTime     = apperr.New(apperr.Invalid, "punch.same_time", nil, "The new time is the same as the current one.").OnField("at")
)

// errThrottled refuses a PIN check until a cool-down ends.
func errThrottled(wait time.Duration) error { return throttle.Refused("pin.throttled", wait) }

// errArchivedClockedIn refuses a change that would leave an archived
// employee clocked in.
func errArchivedClockedIn(e *Employee) error {
	return apperr.New(apperr.Conflict, "employee.archived_clocked_in", apperr.Params{"name": e.Name()},
		fmt.Sprintf("That would leave %s, who is archived, clocked in.", e.Name()))
}

// errArchiveClockedIn refuses archiving someone who is at work.
func errArchiveClockedIn(e *Employee) error {
	return apperr.New(apperr.Conflict, "employee.clocked_in", apperr.Params{"name": e.Name()},
		fmt.Sprintf("%s is clocked in. Close the shift before archiving.", e.Name()))
}

var errRangeReversed = apperr.New(apperr.Invalid, "range.reversed", nil, "The end must be after the start.").OnField("to")

// errTooLong is a text field over its length limit.
func errTooLong(field, label string, max int) error {
	return apperr.TooLong(field, max, fmt.Sprintf("%s must be at most %d characters.", label, max))
}

// errOneOf is a field that must be one of a few values.
func errOneOf(field string, values []string, message string) error {
	return apperr.Choice(field, values, message)
}
