package timeclock

import (
	"context"
	"time"

	"github.com/packline/packline/internal/effects"
)

// Store is what the time clock needs from storage: SQL on SQLite or
// PostgreSQL, nothing more. A missing row is a nil result (or false), never
// an error: the Service decides what that means.
type Store interface {
	// KioskVersion changes whenever anything KioskEmployees shows may have changed.
	KioskVersion(ctx context.Context) (int64, error)
	// KioskEmployees lists active employees (id, names, clock state).
	KioskEmployees(ctx context.Context) ([]Employee, error)
	// PINRecord reads what a PIN check needs; nil if no such employee.
	PINRecord(ctx context.Context, employeeID int64) (*PINRecord, error)
	// Clock changes an employee's clock state to w.To and records the punch,
	// only if the employee is active, not already in w.To and still at
	// sequence w.Seq: of any number of concurrent calls one changes it. It
	// returns the punch time, or nil when nothing changed. What then does
	// is written in the same transaction, only when the state changed:
	// then may run before the punch is written (storage then writes its
	// effects with the punch, in one statement), so it acts only through
	// its ClockTx.
	Clock(ctx context.Context, w ClockWrite, then func(tx ClockTx) error) (*time.Time, error)
	// ClockState reads an employee's state after a Clock that changed nothing.
	ClockState(ctx context.Context, employeeID int64) (*ClockState, error)

	Employee(ctx context.Context, id int64) (*Employee, error)
	ListEmployees(ctx context.Context, f EmployeeFilter) ([]Employee, int, error)
	// OpenShifts lists who is clocked in, longest first.
	OpenShifts(ctx context.Context) ([]OpenShift, error)
	// Punches lists an employee's punches in [from, to), newest first, with
	// their audit trail.
	Punches(ctx context.Context, employeeID int64, from, to time.Time) ([]Punch, error)
	Audit(ctx context.Context, employeeID int64, limit int) ([]AuditEntry, error)
	// SheetInputs reads employees (one, or all for 0) and their non-voided
	// punches in [from, to).
	SheetInputs(ctx context.Context, employeeID int64, from, to time.Time) ([]SheetInput, error)

	// OfflineAnswer reads the stored answer to the offline punch key; nil
	// if it was never answered.
	OfflineAnswer(ctx context.Context, key string) (*OfflineAnswer, error)
	// PurgeOfflineAnswers deletes the answers received before cutoff.
	PurgeOfflineAnswers(ctx context.Context, cutoff time.Time) (int64, error)

	// ThrottleStates reads the PIN throttle keys starting with prefix.
	ThrottleReader

	// InTx runs fn in one write transaction.
	InTx(ctx context.Context, fn func(tx Tx) error) error
}

// ClockTx is what a kiosk punch's transaction offers besides the punch:
// its time (the punch's) and production's labour.
type ClockTx interface {
	Now() time.Time
	effects.Labour
}

// Tx is one write transaction, with one fixed Now.
type Tx interface {
	Now() time.Time
	// Labour: every punch recorded, moved or voided says so
	// (PunchesChanged), for production's labour of the days around it.
	effects.Labour
	// Notices: a shift open past the maximum tells the admins.
	effects.Notices
	// MarkForgotten records, once per shift, that the open shift o has run
	// longer than the maximum shift. It reports false when that shift was
	// marked before (by this or another instance) or has closed meanwhile.
	MarkForgotten(ctx context.Context, o OpenShift) (bool, error)
	// InsertEmployee adds an active, clocked-out employee without a PIN.
	InsertEmployee(ctx context.Context, first, last string) (int64, error)
	// LockEmployee reads an employee for update; nil if none.
	LockEmployee(ctx context.Context, id int64) (*Employee, error)
	// SetNames, SetActive and SetPINHash change an employee and return it
	// (nil if none); SetActive and SetPINHash make clock tokens stale.
	SetNames(ctx context.Context, id int64, first, last string) (*Employee, error)
	SetActive(ctx context.Context, id int64, active bool, archivedAt *time.Time) (*Employee, error)
	SetPINHash(ctx context.Context, id int64, hash string) (*Employee, error)
	// SetCreatedAt backdates when an employee was added (demo data).
	SetCreatedAt(ctx context.Context, id int64, at time.Time) (*Employee, error)
	// SetClockState sets an employee's state and makes clock tokens stale.
	SetClockState(ctx context.Context, id int64, status string, lastEvent *time.Time) error
	// LatestPunch is an employee's latest non-voided punch; nil if none.
	LatestPunch(ctx context.Context, employeeID int64) (*Punch, error)
	// PunchesAround are an employee's non-voided punches just before and
	// just after at, other than the punch except (nil where none).
	PunchesAround(ctx context.Context, employeeID, except int64, at time.Time) (prev, next *Punch, err error)
	// PunchOwner is the employee a punch belongs to; 0 if no such punch.
	PunchOwner(ctx context.Context, punchID int64) (int64, error)
	// LockPunch reads a punch for update; nil if none.
	LockPunch(ctx context.Context, id int64) (*Punch, error)
	// InsertPunch records p (its ID is ignored) and returns its id.
	InsertPunch(ctx context.Context, p Punch) (int64, error)
	SetPunchTime(ctx context.Context, id int64, at time.Time) error
	VoidPunch(ctx context.Context, id int64) error
	// InsertAudit records a correction; ErrNoStaff if a.UserID is no user.
	InsertAudit(ctx context.Context, a AuditEntry) error
	// PunchWithAudit reads a punch and its audit trail.
	PunchWithAudit(ctx context.Context, id int64) (*Punch, error)
	// SaveOfflineAnswer stores the answer to an offline punch under its
	// key; false (nothing stored) when the key has an answer already.
	SaveOfflineAnswer(ctx context.Context, a OfflineAnswer) (bool, error)
	// KioskChanged tells every instance that what the kiosk lists changed.
	KioskChanged(ctx context.Context) error
}

// PINRecord is what checking a PIN reads.
type PINRecord struct {
	Hash        string // "" when no PIN is set
	Active      bool
	ClockStatus string
	LastEvent   *time.Time
	Seq         int64
}

// ClockWrite is one punch at the kiosk.
type ClockWrite struct {
	EmployeeID int64
	Seq        int64  // the clock token's sequence number
	To         string // ClockedIn or ClockedOut
	Kind       string // KindIn or KindOut
}

// ClockState is an employee's clock state.
type ClockState struct {
	Active bool
	Status string
}
