package timeclock

import (
	"context"
	"log/slog"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/throttle"
)

// Service is the time clock: the kiosk's PIN checks and punches, employees,
// corrections and timesheets. It holds every rule; storage only runs SQL.
type Service struct {
	store    Store
	throttle Throttle
	keys     *Keys
	cal      *organisation.Calendar
	log      *slog.Logger
	// Notifier, when set, hears of PIN guessing (see pin.go).
	Notifier Notifier
}

// NewService returns the time clock over store. keys come from the server
// secret; cal gives now, the zone and the maximum shift.
func NewService(store Store, th Throttle, keys *Keys, cal *organisation.Calendar, log *slog.Logger) *Service {
	return &Service{store: store, throttle: th, keys: keys, cal: cal, log: log}
}

// KioskVersion changes whenever anything KioskEmployees shows may have changed.
func (s *Service) KioskVersion(ctx context.Context) (int64, error) { return s.store.KioskVersion(ctx) }

// KioskEmployees lists active employees by last name, then first name,
// ignoring case.
func (s *Service) KioskEmployees(ctx context.Context) ([]Employee, error) {
	list, err := s.store.KioskEmployees(ctx)
	if err != nil {
		return nil, err
	}
	SortByName(list)
	return list, nil
}

// SortByName orders employees by last name, then first name, ignoring case.
func SortByName(es []Employee) {
	sort.Slice(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if la, lb := strings.ToLower(a.LastName), strings.ToLower(b.LastName); la != lb {
			return la < lb
		}
		if fa, fb := strings.ToLower(a.FirstName), strings.ToLower(b.FirstName); fa != fb {
			return fa < fb
		}
		return a.ID < b.ID
	})
}

// CheckPIN checks a PIN typed at the kiosk. The attempt is counted on every
// throttle key before the PIN is looked at; a refused attempt is refused
// right PIN or wrong, so a cool-down cannot be used to learn a guess was right.
func (s *Service) CheckPIN(ctx context.Context, c PINCheck) (*PINResult, error) {
	if c.EmployeeID <= 0 {
		return nil, apperr.Required("employee_id", "Field employee_id is required.")
	}
	if c.PIN == "" {
		return nil, apperr.Required("pin", "PIN is required.")
	}
	rec, err := s.store.PINRecord(ctx, c.EmployeeID)
	if err != nil {
		return nil, err
	}
	if rec == nil || !rec.Active {
		return nil, ErrEmployeeNotFound(c.EmployeeID)
	}
	ok, err := s.judgePIN(ctx, c.EmployeeID, c.PIN, c.Client, rec)
	if err != nil {
		return nil, err
	}
	if !ok {
		s.log.Warn("wrong PIN", "employee_id", c.EmployeeID, "client", c.Client)
		return &PINResult{Valid: false, Message: MsgWrongPIN, Code: CodeWrongPIN}, nil
	}
	return &PINResult{
		Valid: true, Message: MsgPINOK, Code: CodePINOK, ClockStatus: rec.ClockStatus, LastEvent: rec.LastEvent,
		Token: s.keys.IssueToken(c.EmployeeID, rec.Seq, s.cal.Now()),
	}, nil
}

// judgePIN counts a PIN attempt on every throttle key, then (if every key
// admits it) judges the PIN against rec. A refused attempt is an error with
// RetryAfter (pin.throttled), right PIN or wrong, so a cool-down cannot be
// used to learn a guess was right. The kiosk's PIN check and its offline
// punches are judged alike.
func (s *Service) judgePIN(ctx context.Context, id int64, pin, clientAddr string, rec *PINRecord) (bool, error) {
	pair, client, emp := pairKey(id, clientAddr), clientKey(clientAddr), employeeKey(id)
	// The PIN is looked at only once the attempt is counted on every key,
	// while their rows are locked: parallel guesses are judged one by one.
	var ok bool
	wait, locked, err := s.throttle.Guard(ctx, [][]throttle.Key{
		{{Name: pair, Policy: PairPolicy}, {Name: client, Policy: ClientPolicy}},
		{{Name: emp, Policy: EmployeePolicy}},
	}, func() Verdict {
		// Malformed and wrong PINs take the same time: the hash is always computed.
		ok = s.keys.CheckPIN(id, pin, rec.Hash) && WellFormedPIN(pin)
		if ok {
			return Verdict{Clear: []string{pair}, Refund: []string{client, emp}}
		}
		return Verdict{}
	})
	if err != nil {
		return false, err
	}
	for _, k := range locked {
		if k == emp {
			s.alertGuessing(ctx, id, clientAddr)
		}
	}
	if wait > 0 {
		s.log.Warn("PIN attempt refused: cooling down", "employee_id", id, "client", clientAddr, "retry_after", wait.Round(time.Second).String())
		return false, errThrottled(wait)
	}
	return ok, nil
}

// Transition is the punch that takes an employee to the clock state to;
// an unknown state is an error.
func Transition(to string) (kind string, err error) {
	switch to {
	case ClockedIn:
		return KindIn, nil
	case ClockedOut:
		return KindOut, nil
	}
	return "", errUnknownState
}

// whyNotClocked explains a punch that changed nothing: the employee is gone,
// already in the state wanted, or the token was already used.
func whyNotClocked(st *ClockState, id int64, to string) error {
	switch {
	case st == nil || !st.Active:
		return ErrEmployeeNotFound(id)
	case st.Status == to && to == ClockedIn:
		return errAlreadyIn
	case st.Status == to:
		return errAlreadyOut
	}
	return ErrClockToken
}

// Clock punches in or out with a clock token from CheckPIN. The store
// changes state only from the token's sequence number, so of any number of
// concurrent requests (on any instance) exactly one changes the state; the
// others see the new state (409) or a stale token (403).
func (s *Service) Clock(ctx context.Context, r ClockRequest) (*ClockResult, error) {
	if r.EmployeeID <= 0 {
		return nil, apperr.Required("employee_id", "Field employee_id is required.")
	}
	if r.Token == "" {
		return nil, apperr.Required("clock_token", "Enter your PIN first.")
	}
	kind, err := Transition(r.To)
	if err != nil {
		return nil, err
	}
	claims, ok := s.keys.VerifyToken(r.Token, s.cal.Now())
	if !ok || claims.EmployeeID != r.EmployeeID {
		s.log.Warn("clock refused: no valid clock token", "employee_id", r.EmployeeID, "client", r.Client, "to", r.To)
		return nil, ErrClockToken
	}
	at, err := s.store.Clock(ctx, ClockWrite{EmployeeID: r.EmployeeID, Seq: claims.Seq, To: r.To, Kind: kind}, func(tx ClockTx) error {
		return tx.PunchesChanged(ctx, tx.Now())
	})
	if err != nil {
		return nil, err
	}
	if at == nil {
		st, err := s.store.ClockState(ctx, r.EmployeeID)
		if err != nil {
			return nil, err
		}
		err = whyNotClocked(st, r.EmployeeID, r.To)
		s.log.Warn("clock refused", "employee_id", r.EmployeeID, "client", r.Client, "to", r.To, "reason", apperr.CodeOf(err))
		return nil, err
	}
	return &ClockResult{NewStatus: r.To, Timestamp: *at}, nil
}

// CreateEmployee adds an active, clocked-out employee with a PIN.
func (s *Service) CreateEmployee(ctx context.Context, n NewEmployee) (*Employee, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var e *Employee
	err := s.store.InTx(ctx, func(tx Tx) error {
		id, err := tx.InsertEmployee(ctx, n.FirstName, n.LastName)
		if err != nil {
			return err
		}
		if e, err = tx.SetPINHash(ctx, id, s.keys.HashPIN(id, n.PIN)); err != nil {
			return err
		}
		return tx.KioskChanged(ctx)
	})
	return e, err
}

// Employee returns one employee, archived or not.
func (s *Service) Employee(ctx context.Context, id int64) (*Employee, error) {
	e, err := s.store.Employee(ctx, id)
	if err == nil && e == nil {
		err = ErrEmployeeNotFound(id)
	}
	return e, err
}

// ListEmployees searches, sorts and pages employees for the office.
func (s *Service) ListEmployees(ctx context.Context, f EmployeeFilter) ([]Employee, int, error) {
	if err := f.Normalize(); err != nil {
		return nil, 0, err
	}
	return s.store.ListEmployees(ctx, f)
}

// lock reads an employee for update inside tx.
func lock(ctx context.Context, tx Tx, id int64) (*Employee, error) {
	e, err := tx.LockEmployee(ctx, id)
	if err == nil && e == nil {
		err = ErrEmployeeNotFound(id)
	}
	return e, err
}

// UpdateEmployee changes an employee's names.
func (s *Service) UpdateEmployee(ctx context.Context, id int64, p EmployeePatch) (*Employee, error) {
	return s.changeEmployee(ctx, id, func(tx Tx, e *Employee) (*Employee, error) {
		next, err := p.Apply(*e)
		if err != nil {
			return nil, err
		}
		return tx.SetNames(ctx, id, next.FirstName, next.LastName)
	})
}

// changeEmployee runs change on employee id under its lock, in one write
// transaction that tells the kiosk its list changed, and returns the
// employee change wrote.
func (s *Service) changeEmployee(ctx context.Context, id int64, change func(tx Tx, e *Employee) (*Employee, error)) (*Employee, error) {
	var out *Employee
	err := s.store.InTx(ctx, func(tx Tx) error {
		e, err := lock(ctx, tx, id)
		if err != nil {
			return err
		}
		if out, err = change(tx, e); err != nil {
			return err
		}
		return tx.KioskChanged(ctx)
	})
	return out, err
}

// SetArchived archives (leaves the kiosk, keeps history) or restores an
// employee. Archiving one who is clocked in is a conflict: close the shift
// first. Outstanding clock tokens go stale either way.
func (s *Service) SetArchived(ctx context.Context, id int64, archived bool) (*Employee, error) {
	return s.changeEmployee(ctx, id, func(tx Tx, e *Employee) (*Employee, error) {
		if archived && e.ClockStatus == ClockedIn {
			return nil, errArchiveClockedIn(e)
		}
		var at *time.Time
		if archived {
			now := tx.Now()
			at = &now
		}
		return tx.SetActive(ctx, id, !archived, at)
	})
}

// SetPIN sets or resets an employee's PIN (see ChangePIN).
func (s *Service) SetPIN(ctx context.Context, id int64, pin string) error {
	return s.ChangePIN(ctx, id, PINChange{PIN: pin})
}

// ChangePIN sets or resets an employee's PIN (it can never be read back).
// It makes outstanding clock tokens stale and lifts every PIN cool-down of
// that employee.
func (s *Service) ChangePIN(ctx context.Context, id int64, c PINChange) error {
	if err := c.Validate(); err != nil {
		return err
	}
	err := s.store.InTx(ctx, func(tx Tx) error {
		e, err := tx.SetPINHash(ctx, id, s.keys.HashPIN(id, c.PIN))
		if err == nil && e == nil {
			err = ErrEmployeeNotFound(id)
		}
		return err
	})
	if err != nil {
		return err
	}
	if err := s.throttle.ClearPrefix(ctx, pairPrefix(id)); err != nil {
		return err
	}
	return s.throttle.Succeeded(ctx, []string{employeeKey(id)}, nil)
}

// Now lists who is clocked in, longest first, flagging forgotten clock-outs,
// and whose PIN someone is guessing.
func (s *Service) Now(ctx context.Context) (*Now, error) {
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	loc := st.Location()
	open, err := s.store.OpenShifts(ctx)
	if err != nil {
		return nil, err
	}
	now := s.cal.Now()
	maxShift := time.Duration(st.MaxShiftHours) * time.Hour
	out := &Now{ClockedIn: open, MaxShiftHours: st.MaxShiftHours, TimeZone: loc.String()}
	for i := range out.ClockedIn {
		o := &out.ClockedIn[i]
		since := now.Sub(o.Since)
		o.Hours = math.Round(since.Hours()*100) / 100
		o.Forgotten = since > maxShift
		if o.Forgotten {
			out.ForgottenCount++
			usual, err := s.usualShift(ctx, o.EmployeeID, o.Since, now, maxShift)
			if err != nil {
				return nil, err
			}
			end := o.Since.Add(min(usual, maxShift))
			o.ProposedOut = &end
		}
	}
	out.Count = len(out.ClockedIn)
	if out.PINAlerts, err = s.pinAlerts(ctx, now); err != nil {
		return nil, err
	}
	return out, nil
}

// UsualShift is how long an employee's shift usually lasts: the median of
// their closed shifts of the four weeks before a time, DefaultShift when
// they have none.
func UsualShift(shifts []Shift) time.Duration {
	var lengths []time.Duration
	for _, sh := range shifts {
		if sh.In != nil && sh.Out != nil {
			lengths = append(lengths, sh.Out.Sub(*sh.In))
		}
	}
	if len(lengths) == 0 {
		return DefaultShift
	}
	slices.Sort(lengths)
	return lengths[len(lengths)/2]
}

// DefaultShift is the usual shift of someone with no recent shifts.
const DefaultShift = 8 * time.Hour

// usualShift is employee id's UsualShift before since.
func (s *Service) usualShift(ctx context.Context, id int64, since, now time.Time, maxShift time.Duration) (time.Duration, error) {
	inputs, err := s.store.SheetInputs(ctx, id, since.Add(-28*24*time.Hour), since)
	if err != nil || len(inputs) == 0 {
		return DefaultShift, err
	}
	var closed []Punch
	for _, p := range inputs[0].Punches {
		if !p.Voided && p.At.Before(since) {
			closed = append(closed, p)
		}
	}
	return UsualShift(PairShifts(closed, nil, now, maxShift)), nil
}

// AlertForgotten tells the admins, once per shift, of every open shift that
// has run longer than the organisation's maximum shift (a forgotten
// clock-out, as Now flags it), and returns how many it told them of now.
// Housekeeping calls it; instances sharing a database may call it at once.
func (s *Service) AlertForgotten(ctx context.Context) (int, error) {
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return 0, err
	}
	open, err := s.store.OpenShifts(ctx)
	if err != nil {
		return 0, err
	}
	now := s.cal.Now()
	maxShift := time.Duration(st.MaxShiftHours) * time.Hour
	sent := 0
	for _, o := range open {
		if o.Since.IsZero() || now.Sub(o.Since) <= maxShift {
			continue
		}
		noted := false
		err := s.store.InTx(ctx, func(tx Tx) (err error) {
			if noted, err = tx.MarkForgotten(ctx, o); noted {
				name := strings.TrimSpace(o.FirstName + " " + o.LastName)
				tx.Notice("", messaging.ForgottenClockOut(o.EmployeeID, name, o.Since, st.MaxShiftHours))
			}
			return err
		})
		if err != nil {
			return sent, err
		}
		if noted {
			sent++
		}
	}
	return sent, nil
}

// Calendar is the organisation's calendar the time clock reads now, the
// zone and today from (handlers read dates in it).
func (s *Service) Calendar() *organisation.Calendar { return s.cal }

// Timesheet computes hours over q's days in the organisation's zone.
func (s *Service) Timesheet(ctx context.Context, q TimesheetQuery) (*Timesheet, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	loc := st.Location()
	from := q.From.Start(loc).Add(-Window)
	to := q.To.AddDays(1).Start(loc).Add(Window)
	inputs, err := s.store.SheetInputs(ctx, q.EmployeeID, from, to)
	if err != nil {
		return nil, err
	}
	if q.EmployeeID > 0 && len(inputs) == 0 {
		return nil, ErrEmployeeNotFound(q.EmployeeID)
	}
	return BuildTimesheet(q, loc, s.cal.Now(), st.MaxShiftHours, inputs), nil
}
