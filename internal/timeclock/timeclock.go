// Package timeclock holds employees, their clock punches and the timesheets
// computed from them. Employees clock in and out at the public kiosk with a
// PIN; staff correct punches (always with a reason, never deleting) and read
// timesheets in the organisation's time zone.
//
// It imports no storage or HTTP code: Service holds the rules over a Store
// that storage implements; HTTP calls the Service.
package timeclock

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
	"github.com/packline/packline/internal/text"
)

// Clock statuses, exactly as the kiosk API names them (SPEC §3).
const (
	ClockedIn  = "clocked_in"
	ClockedOut = "clocked_out"
)

// Punch kinds.
const (
	KindIn  = "in"
	KindOut = "out"
)

// Punch sources: the kiosk, or staff adding a missing punch.
const (
	SourceKiosk = "kiosk"
	SourceStaff = "staff"
)

// Audit actions on a punch.
const (
	ActionAdd  = "add"
	ActionEdit = "edit"
	ActionVoid = "void"
)

// PIN and field limits.
const (
	PINMinDigits = 4
	PINMaxDigits = 8
	MaxNameRunes = 100
	MaxReason    = 500
	// TokenTTL is how long a clock token from a valid PIN stays usable.
	TokenTTL = 2 * time.Minute
	// MaxRangeDays bounds a timesheet's range.
	MaxRangeDays = 366
)

// Employee is a person who clocks in and out. Their PIN is never readable:
// only whether one is set.
type Employee struct {
	ID          int64      `json:"employee_id"`
	FirstName   string     `json:"first_name"`
	LastName    string     `json:"last_name"`
	ClockStatus string     `json:"clock_status"`
	LastEvent   *time.Time `json:"last_event"` // time of the latest punch, UTC
	Active      bool       `json:"active"`
	HasPIN      bool       `json:"has_pin"`
	CreatedAt   time.Time  `json:"created_at"`
	UpdatedAt   time.Time  `json:"updated_at"`
	ArchivedAt  *time.Time `json:"archived_at"`
}

// Name is the employee's display name, "First Last".
func (e Employee) Name() string { return strings.TrimSpace(e.FirstName + " " + e.LastName) }

// NewEmployee is what adding an employee needs.
type NewEmployee struct {
	FirstName    string  `json:"first_name"`
	LastName     string  `json:"last_name"`
	PIN          string  `json:"pin" text:"raw"`
	Confirmation *string `json:"pin_confirmation" text:"raw"`
}

// Normalize trims the names (never the PIN: a PIN with spaces is invalid).
func (n *NewEmployee) Normalize() {
	n.FirstName = normName(n.FirstName)
	n.LastName = normName(n.LastName)
}

// Validate reports the first invalid field.
func (n NewEmployee) Validate() error {
	if err := validateNames(n.FirstName, n.LastName); err != nil {
		return err
	}
	return PINChange{PIN: n.PIN, Confirmation: n.Confirmation}.Validate()
}

// PINChange is a new PIN and, optionally, the same PIN typed again.
type PINChange struct {
	PIN          string  `json:"pin" text:"raw"`
	Confirmation *string `json:"pin_confirmation" text:"raw"`
}

// Validate checks the PIN and that the confirmation, if given, matches.
func (c PINChange) Validate() error {
	if err := ValidatePIN(c.PIN); err != nil {
		return err
	}
	if c.Confirmation != nil && *c.Confirmation != c.PIN {
		return apperr.New(apperr.Invalid, "pin.mismatch", nil, "The two PINs do not match.").OnField("pin_confirmation")
	}
	return nil
}

// EmployeePatch changes any subset of an employee's names.
type EmployeePatch struct {
	FirstName *string `json:"first_name"`
	LastName  *string `json:"last_name"`
}

// Apply validates p and applies it to e's names.
func (p EmployeePatch) Apply(e Employee) (Employee, error) {
	if p.FirstName != nil {
		e.FirstName = normName(*p.FirstName)
	}
	if p.LastName != nil {
		e.LastName = normName(*p.LastName)
	}
	return e, validateNames(e.FirstName, e.LastName)
}

func normName(s string) string { return strings.Join(strings.Fields(s), " ") }

func validateNames(first, last string) error {
	for _, err := range []error{text.Name("first_name", first), text.Name("last_name", last)} {
		if err != nil {
			return err
		}
	}
	if first == "" {
		return apperr.Required("first_name", "First name is required.")
	}
	if last == "" {
		return apperr.Required("last_name", "Last name is required.")
	}
	if utf8.RuneCountInString(first) > MaxNameRunes {
		return errTooLong("first_name", "First name", MaxNameRunes)
	}
	if utf8.RuneCountInString(last) > MaxNameRunes {
		return errTooLong("last_name", "Last name", MaxNameRunes)
	}
	return nil
}

// ValidatePIN checks a new PIN: 4 to 8 digits (ASCII 0-9), nothing else.
func ValidatePIN(pin string) error {
	if pin == "" {
		return apperr.Required("pin", "PIN is required.")
	}
	if !WellFormedPIN(pin) {
		return apperr.New(apperr.Invalid, "pin.format", apperr.Params{"min": PINMinDigits, "max": PINMaxDigits},
			fmt.Sprintf("PIN must be %d to %d digits.", PINMinDigits, PINMaxDigits)).OnField("pin")
	}
	return nil
}

// WellFormedPIN reports whether pin could be a PIN at all.
func WellFormedPIN(pin string) bool {
	if len(pin) < PINMinDigits || len(pin) > PINMaxDigits {
		return false
	}
	for i := 0; i < len(pin); i++ {
		if pin[i] < '0' || pin[i] > '9' {
			return false
		}
	}
	return true
}

// ValidateReason checks the reason every correction must give.
func ValidateReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", apperr.New(apperr.Invalid, "punch.reason_required", nil, "A reason is required for every correction.").OnField("reason")
	}
	if utf8.RuneCountInString(reason) > MaxReason {
		return "", errTooLong("reason", "Reason", MaxReason)
	}
	return reason, nil
}

// Punch is one clock-in or clock-out. Punches are never deleted: a wrong
// one is voided, a wrong time is changed with its original kept in Audit.
type Punch struct {
	ID         int64     `json:"id"`
	EmployeeID int64     `json:"employee_id"`
	Kind       string    `json:"kind"` // KindIn or KindOut
	At         time.Time `json:"at"`   // UTC
	Source     string    `json:"source"`
	CreatedAt  time.Time `json:"created_at"`
	Voided     bool      `json:"voided"`
	Corrected  bool      `json:"corrected"` // added, changed or voided by staff
	// Offline: taken by the kiosk while it could not reach the server and
	// recorded at the tablet's time when it could (offline.go).
	Offline bool         `json:"offline"`
	Audit   []AuditEntry `json:"audit"`
}

// PunchState is a punch as it was before or after a correction.
type PunchState struct {
	Kind   string    `json:"kind"`
	At     time.Time `json:"at"`
	Voided bool      `json:"voided"`
}

// AuditEntry records one correction: who, when, why, before and after.
type AuditEntry struct {
	ID         int64       `json:"id"`
	PunchID    int64       `json:"punch_id"`
	EmployeeID int64       `json:"employee_id"`
	Action     string      `json:"action"` // ActionAdd, ActionEdit or ActionVoid
	Reason     string      `json:"reason"`
	UserID     int64       `json:"user_id"`
	UserName   string      `json:"user_name"`
	At         time.Time   `json:"at"`
	Before     *PunchState `json:"before"` // nil for an added punch
	After      PunchState  `json:"after"`
}

// Staff identifies who makes a correction.
type Staff struct {
	UserID int64
}

// NewPunch is a missing punch staff add.
type NewPunch struct {
	EmployeeID int64
	Kind       string
	At         time.Time
	Reason     string
	// AllowLong confirms a punch that makes a shift longer than the
	// organisation's maximum (otherwise timeclock.shift_too_long).
	AllowLong bool
}

// Validate checks the kind, the time (not in the future) and the reason.
func (n *NewPunch) Validate(now time.Time) error {
	if n.Kind != KindIn && n.Kind != KindOut {
		return apperr.New(apperr.Invalid, "punch.kind_invalid", nil, "Kind must be in or out.").OnField("kind")
	}
	if err := validatePunchTime(n.At, now); err != nil {
		return err
	}
	r, err := ValidateReason(n.Reason)
	n.Reason = r
	return err
}

func validatePunchTime(at, now time.Time) error {
	if at.IsZero() {
		return apperr.Required("at", "Time is required.")
	}
	if at.After(now.Add(time.Minute)) {
		return apperr.New(apperr.Invalid, "punch.in_future", nil, "A punch cannot be in the future.").OnField("at")
	}
	if at.Year() < 2000 {
		return apperr.New(apperr.Invalid, "punch.too_old", nil, "Time is too far in the past.").OnField("at")
	}
	return nil
}

// PunchEdit changes a punch's time.
type PunchEdit struct {
	PunchID int64
	At      time.Time
	Reason  string
	// AllowLong: see NewPunch.
	AllowLong bool
}

// Validate checks the new time and the reason.
func (e *PunchEdit) Validate(now time.Time) error {
	if err := validatePunchTime(e.At, now); err != nil {
		return err
	}
	r, err := ValidateReason(e.Reason)
	e.Reason = r
	return err
}

// EmployeeFilter selects, sorts and pages the staff's employee list.
type EmployeeFilter struct {
	Search   string // matched against first and last name, case-insensitively
	Status   string // "active" (default), "archived" or "all"
	Sort     string // one of SortFields
	Desc     bool
	Page     int // from 1
	PageSize int
}

// Staff list limits.
const (
	// MaxEmployeePage is the most employees one page of the staff list holds.
	MaxEmployeePage = 200
	// MaxEmployeeSearch is the longest search text of the staff list.
	MaxEmployeeSearch = 100
)

// SortFields are the columns the employee list sorts by on the server.
var SortFields = []string{"last_name", "first_name", "clock_status", "last_event", "created_at"}

// EmployeeStatuses are the values of EmployeeFilter.Status.
var EmployeeStatuses = []string{"active", "archived", "all"}

// Normalize fills defaults and clamps paging.
func (f *EmployeeFilter) Normalize() error {
	f.Search = strings.TrimSpace(f.Search)
	if utf8.RuneCountInString(f.Search) > MaxEmployeeSearch {
		return errTooLong("search", "Search", MaxEmployeeSearch)
	}
	switch f.Status {
	case "":
		f.Status = "active"
	case "active", "archived", "all":
	default:
		return errOneOf("status", EmployeeStatuses, "Status must be active, archived or all.")
	}
	if f.Sort == "" {
		f.Sort = "last_name"
	}
	ok := false
	for _, s := range SortFields {
		ok = ok || s == f.Sort
	}
	if !ok {
		return errOneOf("sort", SortFields, fmt.Sprintf("Sort must be one of %s.", strings.Join(SortFields, ", ")))
	}
	f.Page, f.PageSize = paging.Bounds(f.Page, f.PageSize, MaxEmployeePage)
	return nil
}

// PINCheck is a PIN typed at the kiosk.
type PINCheck struct {
	EmployeeID int64
	PIN        string
	Client     string // the client's address, for throttling
}

// PINResult answers a PIN check. Valid results carry a clock token.
type PINResult struct {
	Valid       bool
	Message     string
	Code        string // CodePINOK or CodeWrongPIN, for translated messages
	ClockStatus string
	LastEvent   *time.Time
	Token       string
}

// Messages of the PIN check.
const (
	MsgPINOK    = "PIN accepted."
	MsgWrongPIN = "Incorrect PIN. Please try again."
	// The codes of a PIN check's answer (the kiosk translates them).
	CodePINOK    = "ok"
	CodeWrongPIN = "pin.incorrect"
)

// ClockRequest is a clock-in or clock-out at the kiosk.
type ClockRequest struct {
	EmployeeID int64
	Token      string
	To         string // ClockedIn or ClockedOut: the state wanted
	Client     string
}

// ClockResult is the state after a punch.
type ClockResult struct {
	NewStatus string
	Timestamp time.Time
}

// OpenShift is an employee clocked in now.
type OpenShift struct {
	EmployeeID int64     `json:"employee_id"`
	FirstName  string    `json:"first_name"`
	LastName   string    `json:"last_name"`
	Since      time.Time `json:"since"`
	PunchID    int64     `json:"punch_id"`
	Hours      float64   `json:"hours"`     // open so far
	Forgotten  bool      `json:"forgotten"` // open longer than the maximum shift
	// ProposedOut is when a forgotten shift most likely ended, to propose
	// for its missing clock-out: its start plus the employee's usual shift
	// (UsualShift), never past the maximum; nil for a shift not forgotten.
	ProposedOut *time.Time `json:"proposed_out"`
}

// Now is who is clocked in and which shifts look like forgotten clock-outs.
type Now struct {
	ClockedIn      []OpenShift `json:"clocked_in"`
	Count          int         `json:"count"`
	ForgottenCount int         `json:"forgotten_count"`
	MaxShiftHours  int         `json:"max_shift_hours"`
	TimeZone       string      `json:"time_zone"`
	// PINAlerts are employees whose PIN someone is guessing (see pin.go).
	PINAlerts []PINAlert `json:"pin_alerts"`
}
