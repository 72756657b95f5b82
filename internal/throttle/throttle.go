// Package throttle limits how often something may be tried — a password for
// one account, a PIN for one employee — across every server instance.
//
// An attempt is counted BEFORE it is evaluated, atomically per key, so a
// burst of parallel attempts cannot slip past the limit: storage runs Admit
// under a lock on the key's row. A success then clears the key (or refunds
// the attempt, for a key shared by many people such as one kiosk's address).
package throttle

import (
	"context"
	"time"
)

// Policy allows Limit attempts per key within Window. The attempt past the
// limit is refused and locks the key for Base, doubling with each further
// lockout up to Max; a key quiet for four windows starts again from Base.
// Locks only ever last a while: no policy locks a key for good.
type Policy struct {
	Limit  int
	Window time.Duration
	Base   time.Duration
	Max    time.Duration
}

// State is what storage keeps for one key.
type State struct {
	Attempts    int
	Lockouts    int
	LockedUntil time.Time
	UpdatedAt   time.Time
}

// Admit decides one attempt at now. It returns the state to store and, for a
// refused attempt, how long until the key may be tried again (0: admitted).
func (p Policy) Admit(s State, now time.Time) (State, time.Duration) {
	if now.Before(s.LockedUntil) {
		return s, s.LockedUntil.Sub(now)
	}
	if idle := now.Sub(s.UpdatedAt); idle > p.Window {
		s.Attempts = 0
		if idle > 4*p.Window {
			s.Lockouts = 0
		}
	}
	s.Attempts++
	s.UpdatedAt = now
	if s.Attempts <= p.Limit {
		return s, 0
	}
	lock := p.Base << s.Lockouts
	if lock > p.Max || lock <= 0 {
		lock = p.Max
	}
	s.Attempts = 0
	s.Lockouts++
	s.LockedUntil = now.Add(lock)
	return s, lock
}

// Refund takes back one counted attempt (a success on a shared key).
func (s State) Refund() State {
	if s.Attempts > 0 {
		s.Attempts--
	}
	return s
}

// Key is one throttled key under its policy.
type Key struct {
	Name   string
	Policy Policy
}

// Limiter is what the areas that throttle (accounts, the time clock) use;
// Throttle implements it over Rows, and tests may fake it.
type Limiter interface {
	// Attempt counts one attempt on every key, in one transaction holding
	// each key's row lock, and returns the longest wait if any key refuses
	// (0: the attempt may be evaluated). Every key is counted either way.
	Attempt(ctx context.Context, keys ...Key) (time.Duration, error)
	// Succeeded forgets the keys in clear and refunds one attempt on the
	// keys in refund, in one transaction.
	Succeeded(ctx context.Context, clear, refund []string) error
	// ClearPrefix forgets every key starting with prefix (a new PIN, say).
	ClearPrefix(ctx context.Context, prefix string) error
}

// Retention is how long a key's row is kept after its last attempt once it
// is not locked: far longer than four windows of any policy, after which
// Admit would treat the key as new anyway, so purging it changes nothing.
const Retention = 24 * time.Hour
