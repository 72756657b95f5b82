package throttle

import (
	"context"
	"slices"
	"sort"
	"time"
)

// Rows is what a throttle needs from storage: one short transaction at a
// time in which keys' rows are locked, read and saved. Storage decides
// nothing: every rule (what counts, what a success forgets, what a refund
// gives back) is in this package.
type Rows interface {
	// Within runs fn in one transaction whose clock is now; keys are the
	// keys fn locks, which storage may lock all at once, in name order
	// (byte order, as sort.Strings), before fn runs. Its commit is
	// bookkeeping: a power cut (on SQLite, whose rows live in the serving
	// process, also a crash of that process) may forget the last counts,
	// never a punch.
	Within(ctx context.Context, keys []string, fn func(l Locker, now time.Time) error) error
	// ClearPrefix forgets every key starting with prefix.
	ClearPrefix(ctx context.Context, prefix string) error
}

// Locker reads and writes keys' rows inside a Rows transaction.
type Locker interface {
	// Lock returns key's state (the zero State for a key never tried),
	// locked until the transaction ends, so that parallel attempts on one
	// key are judged one by one, on every instance.
	Lock(ctx context.Context, key string) (State, error)
	// Save stores key's state.
	Save(ctx context.Context, key string, st State) error
}

// Verdict is what an evaluated attempt does to its keys: Clear forgets
// them, Refund takes the attempt back (the key keeps its state from before
// the attempt); any other key keeps it counted.
type Verdict struct {
	Clear, Refund []string
}

// Throttle counts attempts on keys stored in Rows.
type Throttle struct{ rows Rows }

// New returns the throttle over rows.
func New(rows Rows) *Throttle { return &Throttle{rows: rows} }

var _ Limiter = (*Throttle)(nil)

// Attempt implements Limiter: every key is counted, refused or not.
func (t *Throttle) Attempt(ctx context.Context, keys ...Key) (time.Duration, error) {
	wait, _, err := t.Guard(ctx, [][]Key{keys}, nil)
	return wait, err
}

// Succeeded implements Limiter.
func (t *Throttle) Succeeded(ctx context.Context, clear, refund []string) error {
	if len(clear) == 0 && len(refund) == 0 {
		return nil
	}
	keys := append(append([]string(nil), clear...), refund...)
	sort.Strings(keys)
	keys = slices.Compact(keys)
	return t.rows.Within(ctx, keys, func(l Locker, now time.Time) error {
		for _, k := range keys {
			st, err := l.Lock(ctx, k)
			if err != nil {
				return err
			}
			next := st.Refund()
			if slices.Contains(clear, k) {
				next = State{UpdatedAt: now}
			}
			if next == st {
				continue
			}
			if err := l.Save(ctx, k, next); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClearPrefix implements Limiter.
func (t *Throttle) ClearPrefix(ctx context.Context, prefix string) error {
	return t.rows.ClearPrefix(ctx, prefix)
}

// Guard counts one attempt on each stage's keys in turn, in one
// transaction: every stage's keys are locked in name order (two attempts
// never deadlock), all at once where storage can, and each stage's judged
// by their policy; a refusing stage ends the attempt,
// counted on the keys judged so far (a later stage counts only attempts
// every earlier one admitted). When every stage admits, evaluate (if any)
// runs while the keys are locked and its Verdict decides what is stored.
//
// It returns how long to wait when refused (0: admitted and evaluated) and
// the keys whose cool-down this very attempt starts.
func (t *Throttle) Guard(ctx context.Context, stages [][]Key, evaluate func() Verdict) (wait time.Duration, locked []string, err error) {
	var names []string
	for _, stage := range stages {
		for _, k := range stage {
			names = append(names, k.Name)
		}
	}
	sort.Strings(names)
	err = t.rows.Within(ctx, slices.Compact(names), func(l Locker, now time.Time) error {
		wait, locked = 0, nil
		type judged struct {
			key           string
			before, after State
		}
		var all []judged
		for _, stage := range stages {
			keys := append([]Key(nil), stage...)
			sort.Slice(keys, func(i, j int) bool { return keys[i].Name < keys[j].Name })
			for _, k := range keys {
				st, err := l.Lock(ctx, k.Name)
				if err != nil {
					return err
				}
				next, w := k.Policy.Admit(st, now)
				if w > 0 && !now.Before(st.LockedUntil) {
					locked = append(locked, k.Name)
				}
				all = append(all, judged{k.Name, st, next})
				wait = max(wait, w)
			}
			if wait > 0 {
				break
			}
		}
		var v Verdict
		if wait == 0 && evaluate != nil {
			v = evaluate()
		}
		for _, j := range all {
			st := j.after
			switch {
			case slices.Contains(v.Refund, j.key):
				continue // the row keeps its state from before the attempt
			case slices.Contains(v.Clear, j.key):
				if j.before.Attempts == 0 && j.before.Lockouts == 0 {
					continue // nothing to forget
				}
				st = State{UpdatedAt: now}
			}
			if err := l.Save(ctx, j.key, st); err != nil {
				return err
			}
		}
		return nil
	})
	return wait, locked, err
}
