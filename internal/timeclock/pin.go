package timeclock

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/throttle"
)

// PIN guessing is throttled on three keys, every attempt counted BEFORE the
// PIN is looked at (so a burst of parallel guesses cannot slip past):
//   - one employee from one client: 5 attempts, then a cool-down of a minute,
//     doubling with each lockout up to an hour; a right PIN clears it;
//   - one client for anyone: 30 attempts, then 5 minutes doubling up to an
//     hour; a right PIN is refunded, so a busy kiosk at a shift change is
//     never slowed by its own employees;
//   - one employee from every client: 20 attempts, then a cool-down of a
//     minute doubling up to an hour, so guessing a 4-digit PIN from many
//     addresses takes days instead of minutes. Guesses spread over many addresses
//     slow down but the employee is never locked out for good: every
//     cool-down ends, and staff see the employee flagged (Now.PINAlerts)
//     while it lasts. A right PIN is refunded, not cleared, so the guesser's
//     count survives the employee's own clock-in.
//
// Only the employee-wide key counts attempts the first two admitted. Counts
// are forgotten after 15 quiet minutes, lockouts after an hour.
var (
	PairPolicy     = throttle.Policy{Limit: PINLimit, Window: 15 * time.Minute, Base: time.Minute, Max: time.Hour}
	ClientPolicy   = throttle.Policy{Limit: ClientPINLimit, Window: 15 * time.Minute, Base: 5 * time.Minute, Max: time.Hour}
	EmployeePolicy = throttle.Policy{Limit: EmployeePINLimit, Window: 15 * time.Minute, Base: time.Minute, Max: time.Hour}
)

// The three limits, as numbers.
const (
	PINLimit         = 5
	ClientPINLimit   = 30
	EmployeePINLimit = 20
)

const employeeKeyPrefix = "pin-employee:"

func pairKey(id int64, client string) string { return fmt.Sprintf("pin:%d:%s", id, client) }
func pairPrefix(id int64) string             { return fmt.Sprintf("pin:%d:", id) }
func clientKey(client string) string         { return "pin-client:" + client }
func employeeKey(id int64) string            { return employeeKeyPrefix + strconv.FormatInt(id, 10) }

// Throttle counts PIN attempts in the database, on every instance alike.
type Throttle interface {
	// Guard counts one attempt on each stage's keys in turn, atomically per
	// key, stopping at the first stage that refuses (a later stage counts
	// only attempts every earlier one admitted, so a guess refused for one
	// kiosk does not also use up the employee's allowance across all
	// kiosks). If every stage admits, it runs evaluate while the keys are
	// still locked and applies its Verdict. It returns how long to wait
	// when refused (0: admitted and evaluated) and the keys this very
	// attempt locked (a cool-down that starts now).
	Guard(ctx context.Context, stages [][]throttle.Key, evaluate func() Verdict) (wait time.Duration, locked []string, err error)
	// ClearPrefix and Succeeded as in throttle.Limiter (for a new PIN).
	// throttle.Throttle implements it.
	ClearPrefix(ctx context.Context, prefix string) error
	Succeeded(ctx context.Context, clear, refund []string) error
}

// Verdict is what an evaluated attempt does to its keys (throttle.Verdict).
type Verdict = throttle.Verdict

// Notifier tells staff (messaging.Service): the time clock sends
// messaging.PINGuessing when someone starts guessing.
type Notifier interface {
	Send(ctx context.Context, n messaging.NewNotification) error
}

// alertGuessing tells staff that the employee-wide PIN limit of id was just
// reached. A failure to notify is logged: the kiosk answers all the same.
func (s *Service) alertGuessing(ctx context.Context, id int64, client string) {
	s.log.Warn("PIN guessing: employee-wide limit reached", "employee_id", id, "client", client)
	if s.Notifier == nil {
		return
	}
	e, err := s.store.Employee(ctx, id)
	if err == nil && e != nil {
		err = s.Notifier.Send(ctx, messaging.PINGuessing(id, e.Name()))
	}
	if err != nil {
		s.log.Error("PIN guessing notice not sent", "employee_id", id, "err", err)
	}
}

// PINAlert tells staff that someone is guessing an employee's PIN: the
// employee-wide limit was reached within the last hour.
type PINAlert struct {
	EmployeeID  int64     `json:"employee_id"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	Lockouts    int       `json:"lockouts"`     // cool-downs so far
	LockedUntil time.Time `json:"locked_until"` // end of the latest cool-down (may be past)
}

// ThrottleReader reads throttle states by key prefix (for staff notices).
type ThrottleReader interface {
	ThrottleStates(ctx context.Context, prefix string) (map[string]throttle.State, error)
}

// pinAlerts lists employees whose PIN is being guessed, by employee id.
func (s *Service) pinAlerts(ctx context.Context, now time.Time) ([]PINAlert, error) {
	out := []PINAlert{}
	states, err := s.store.ThrottleStates(ctx, employeeKeyPrefix)
	if err != nil {
		return nil, err
	}
	for key, st := range states {
		if !guessing(st, now) {
			continue
		}
		id, err := strconv.ParseInt(strings.TrimPrefix(key, employeeKeyPrefix), 10, 64)
		if err != nil {
			continue
		}
		e, err := s.store.Employee(ctx, id)
		if err != nil {
			return nil, err
		}
		if e == nil {
			continue
		}
		out = append(out, PINAlert{EmployeeID: id, FirstName: e.FirstName, LastName: e.LastName,
			Lockouts: st.Lockouts, LockedUntil: st.LockedUntil})
	}
	sortAlerts(out)
	return out, nil
}

// guessing reports whether an employee-wide PIN key shows guessing: it was
// locked at least once and its lockouts are still remembered.
func guessing(st throttle.State, now time.Time) bool {
	return st.Lockouts > 0 && now.Sub(st.UpdatedAt) <= 4*EmployeePolicy.Window
}

func sortAlerts(a []PINAlert) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j].LockedUntil.After(a[j-1].LockedUntil); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
