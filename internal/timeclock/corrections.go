package timeclock

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// Punches lists an employee's punches in [from, to), voided ones too, each
// with its audit trail, newest first like every other history.
func (s *Service) Punches(ctx context.Context, employeeID int64, from, to time.Time) ([]Punch, error) {
	if _, err := s.Employee(ctx, employeeID); err != nil {
		return nil, err
	}
	if !from.Before(to) {
		return nil, errRangeReversed
	}
	return s.store.Punches(ctx, employeeID, from, to)
}

// Audit lists corrections, newest first; employeeID 0 means everyone's.
func (s *Service) Audit(ctx context.Context, employeeID int64, limit int) ([]AuditEntry, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	return s.store.Audit(ctx, employeeID, limit)
}

// settle sets an employee's clock state from their latest non-voided punch
// after a correction (which also makes outstanding clock tokens stale). An
// archived employee may not be left clocked in.
func settle(ctx context.Context, tx Tx, e *Employee) error {
	last, err := tx.LatestPunch(ctx, e.ID)
	if err != nil {
		return err
	}
	status := ClockedOut
	var at *time.Time
	if last != nil {
		at = &last.At
		if last.Kind == KindIn {
			status = ClockedIn
		}
	}
	if status == ClockedIn && !e.Active {
		return errArchivedClockedIn(e)
	}
	if err := tx.SetClockState(ctx, e.ID, status, at); err != nil {
		return err
	}
	return tx.KioskChanged(ctx)
}

// correct runs a correction in one write transaction and returns the
// punch it corrected (see recorded).
func (s *Service) correct(ctx context.Context, fn func(tx Tx) (*Punch, error)) (*Punch, error) {
	var out *Punch
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		out, err = fn(tx)
		return err
	})
	return out, err
}

// recorded ends a correction of p by staff in tx: it records the audit
// entry, settles employee e's clock state from their punches and reads p
// back with its audit trail.
func recorded(ctx context.Context, tx Tx, by Staff, e *Employee, p *Punch, action, reason string, before *PunchState, after PunchState) (*Punch, error) {
	err := tx.InsertAudit(ctx, AuditEntry{PunchID: p.ID, EmployeeID: p.EmployeeID, Action: action, Reason: reason,
		UserID: by.UserID, At: tx.Now(), Before: before, After: after})
	if err == nil {
		err = settle(ctx, tx, e)
	}
	if err != nil {
		return nil, err
	}
	return tx.PunchWithAudit(ctx, p.ID)
}

// AddPunch adds a missing punch (for example the clock-out of a forgotten
// shift) with a reason, recorded in the audit trail.
func (s *Service) AddPunch(ctx context.Context, by Staff, n NewPunch) (*Punch, error) {
	if err := n.Validate(s.cal.Now()); err != nil {
		return nil, err
	}
	n.At = n.At.UTC().Truncate(time.Millisecond)
	return s.correct(ctx, func(tx Tx) (*Punch, error) {
		e, err := lock(ctx, tx, n.EmployeeID)
		if err != nil {
			return nil, err
		}
		p := Punch{EmployeeID: n.EmployeeID, Kind: n.Kind, At: n.At, Source: SourceStaff, CreatedAt: tx.Now(), Corrected: true}
		if p.ID, err = tx.InsertPunch(ctx, p); err != nil {
			return nil, err
		}
		if err := tx.PunchesChanged(ctx, p.At); err != nil {
			return nil, err
		}
		if err := s.checkShift(ctx, tx, p, n.AllowLong); err != nil {
			return nil, err
		}
		return recorded(ctx, tx, by, e, &p, ActionAdd, n.Reason, nil, PunchState{Kind: n.Kind, At: n.At})
	})
}

// checkShift refuses a corrected punch p (in place, not voided) that makes
// its shift — from the clock-in before a clock-out, or to the clock-out
// after a clock-in — longer than the organisation's maximum, unless the
// correction allows it: 409 timeclock.shift_too_long {hours, max_hours}.
func (s *Service) checkShift(ctx context.Context, tx Tx, p Punch, allow bool) error {
	if allow {
		return nil
	}
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return err
	}
	prev, next, err := tx.PunchesAround(ctx, p.EmployeeID, p.ID, p.At)
	if err != nil {
		return err
	}
	var length time.Duration
	switch {
	case p.Kind == KindOut && prev != nil && prev.Kind == KindIn:
		length = p.At.Sub(prev.At)
	case p.Kind == KindIn && next != nil && next.Kind == KindOut:
		length = next.At.Sub(p.At)
	}
	if length <= time.Duration(st.MaxShiftHours)*time.Hour {
		return nil
	}
	hours := math.Round(length.Hours()*100) / 100
	return apperr.New(apperr.Conflict, "timeclock.shift_too_long", apperr.Params{"hours": hours, "max_hours": st.MaxShiftHours},
		fmt.Sprintf("This makes a shift of %.2f hours, longer than the maximum of %d; confirm it if it is right.", hours, st.MaxShiftHours)).OnField("at")
}

// lockPunch reads a punch and locks its employee, employee first (the order
// every transaction takes them in).
func lockPunch(ctx context.Context, tx Tx, id int64) (*Punch, *Employee, error) {
	owner, err := tx.PunchOwner(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if owner == 0 {
		return nil, nil, ErrPunchNotFound(id)
	}
	e, err := lock(ctx, tx, owner)
	if err != nil {
		return nil, nil, err
	}
	p, err := tx.LockPunch(ctx, id)
	if err == nil && p == nil {
		err = ErrPunchNotFound(id)
	}
	return p, e, err
}

// EditPunch changes a punch's time; the old time stays in the audit trail.
func (s *Service) EditPunch(ctx context.Context, by Staff, ed PunchEdit) (*Punch, error) {
	if err := ed.Validate(s.cal.Now()); err != nil {
		return nil, err
	}
	ed.At = ed.At.UTC().Truncate(time.Millisecond)
	return s.correct(ctx, func(tx Tx) (*Punch, error) {
		p, e, err := lockPunch(ctx, tx, ed.PunchID)
		if err != nil {
			return nil, err
		}
		if p.Voided {
			return nil, errVoided
		}
		if p.At.Equal(ed.At) {
			return nil, errSameTime
		}
		if err := tx.SetPunchTime(ctx, p.ID, ed.At); err != nil {
			return nil, err
		}
		if err := tx.PunchesChanged(ctx, p.At, ed.At); err != nil {
			return nil, err
		}
		moved := *p
		moved.At = ed.At
		if err := s.checkShift(ctx, tx, moved, ed.AllowLong); err != nil {
			return nil, err
		}
		return recorded(ctx, tx, by, e, p, ActionEdit, ed.Reason,
			&PunchState{Kind: p.Kind, At: p.At}, PunchState{Kind: p.Kind, At: ed.At})
	})
}

// VoidPunch voids a punch: it stays, marked void, and counts no more.
func (s *Service) VoidPunch(ctx context.Context, by Staff, punchID int64, reason string) (*Punch, error) {
	reason, err := ValidateReason(reason)
	if err != nil {
		return nil, err
	}
	return s.correct(ctx, func(tx Tx) (*Punch, error) {
		p, e, err := lockPunch(ctx, tx, punchID)
		if err != nil {
			return nil, err
		}
		if p.Voided {
			return nil, errAlreadyVoid
		}
		if err := tx.VoidPunch(ctx, p.ID); err != nil {
			return nil, err
		}
		if err := tx.PunchesChanged(ctx, p.At); err != nil {
			return nil, err
		}
		return recorded(ctx, tx, by, e, p, ActionVoid, reason,
			&PunchState{Kind: p.Kind, At: p.At}, PunchState{Kind: p.Kind, At: p.At, Voided: true})
	})
}

// SeedPunch records a kiosk punch at a past time, as if it had happened
// then, and sets the employee's state from their latest punch. For demo
// data and benchmarks only: it checks no token.
func (s *Service) SeedPunch(ctx context.Context, employeeID int64, kind string, at time.Time) error {
	return s.SeedPunches(ctx, employeeID, []SeedPunch{{Kind: kind, At: at}})
}

// SeedPunch is one punch of an employee's history.
type SeedPunch struct {
	Kind string
	At   time.Time
}

// SeedPunches records an employee's past kiosk punches in one transaction
// (see SeedPunch).
func (s *Service) SeedPunches(ctx context.Context, employeeID int64, ps []SeedPunch) error {
	return s.store.InTx(ctx, func(tx Tx) error {
		e, err := lock(ctx, tx, employeeID)
		if err != nil {
			return err
		}
		for _, sp := range ps {
			at := sp.At.UTC().Truncate(time.Millisecond)
			if _, err := tx.InsertPunch(ctx, Punch{EmployeeID: employeeID, Kind: sp.Kind, At: at, Source: SourceKiosk, CreatedAt: at}); err != nil {
				return err
			}
			if err := tx.PunchesChanged(ctx, at); err != nil {
				return err
			}
		}
		return settle(ctx, tx, e)
	})
}

// SeedEmployee adds an employee as CreateEmployee does, recorded as added
// at hired. For demo data only.
func (s *Service) SeedEmployee(ctx context.Context, n NewEmployee, hired time.Time) (*Employee, error) {
	e, err := s.CreateEmployee(ctx, n)
	if err != nil {
		return nil, err
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		e, err = tx.SetCreatedAt(ctx, e.ID, hired.UTC().Truncate(time.Millisecond))
		return err
	})
	return e, err
}
