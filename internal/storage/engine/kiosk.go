package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// KioskCount is an instance's own count of the kiosk list's changes, so
// that GET /api/employees can answer from memory without asking the
// database. The list changes with every punch and every change of an
// employee; every committed transaction that changed it adds one to the
// count of the instance that made it, after its commit and before it is
// acknowledged. That is the whole story on SQLite, where one process owns
// the file.
//
// On PostgreSQL several instances share the database, and no row is
// written by every change (a row every punch updates would make punches
// commit one at a time, each holding its lock through its WAL flush):
//
//   - a change takes a number from a sequence inside its transaction
//     (nextval waits for no other transaction and is never rolled back);
//   - once committed, its instance tells the others with one NOTIFY for
//     every change since its last (KioskNotifier), sent after the commit
//     and never waited for: the punch is acknowledged once it is durable;
//   - every instance counts each notification its listener hears, and one
//     more whenever the listener (re)connects;
//   - beside that, an instance re-reads the sequence (Version's read) at
//     most every KioskRecheck while its list is asked for, and at every ask
//     while its listener is not connected. A number that moved is a change;
//     so are the next KioskSettle re-checks after it, each at least
//     KioskRecheck apart, because a number taken by a transaction still
//     committing is seen before its change is.
//
// So another instance serves a list without a committed change for as long
// as the notification takes to arrive; and when it never arrives (the
// instance that committed was killed before it sent it), until its first
// re-check after the commit: at most KioskRecheck while kiosks ask (as long
// as the change committed within KioskSettle re-checks of taking its
// number, which a punch does in milliseconds).
//
// The zero value is ready.
type KioskCount struct {
	n    atomic.Int64
	live atomic.Bool // PostgreSQL: the listener hears every instance's changes

	// nextCheck (unix nanoseconds) is when a listening instance re-reads
	// the stored number next; a caller takes the re-check by moving it on.
	nextCheck atomic.Int64
	watch     kioskWatch
}

// KioskRecheck is how often an instance listening to the others re-reads
// the stored change number while its list is asked for (see KioskCount).
const KioskRecheck = time.Second

// KioskSettle is how many re-checks after the stored number moved still
// count as a change (see KioskCount).
const KioskSettle = 2

// kioskLocalBase is where an instance's own count starts: far above any
// number a sequence gives, so that a cache keyed by one is never taken
// for the other.
const kioskLocalBase = int64(1) << 52

// Changed counts a change.
func (k *KioskCount) Changed() { k.n.Add(1) }

// Listening says whether the listener hears the other instances' changes.
func (k *KioskCount) Listening(on bool) { k.live.Store(on) }

func (k *KioskCount) count() int64 { return kioskLocalBase + k.n.Load() }

// Version is the count to key the list's ready answer by, read before the
// list. alone: the instance is the database's only writer (SQLite), and the
// count is the whole truth. Otherwise read returns the stored change number
// (PostgreSQL's sequence), read when a re-check is due: every KioskRecheck
// while the listener hears the others (a failed read then leaves the count
// as the listener keeps it), at every call while it does not (a failed
// read is the call's error).
func (k *KioskCount) Version(ctx context.Context, alone bool, read func(context.Context) (int64, error)) (int64, error) {
	if alone {
		return k.count(), nil
	}
	now := time.Now()
	if k.live.Load() {
		next := k.nextCheck.Load()
		if now.UnixNano() < next || !k.nextCheck.CompareAndSwap(next, now.Add(KioskRecheck).UnixNano()) {
			return k.count(), nil // checked lately, or being checked by another caller
		}
		_ = k.recheck(ctx, read, now)
		return k.count(), nil
	}
	if err := k.recheck(ctx, read, now); err != nil {
		return 0, err
	}
	return k.count(), nil
}

// recheck reads the stored number and counts a change when the watch says so.
func (k *KioskCount) recheck(ctx context.Context, read func(context.Context) (int64, error), now time.Time) error {
	v, err := read(ctx)
	if err != nil {
		return err
	}
	if k.watch.observe(v, now) {
		k.Changed()
	}
	return nil
}

// kioskWatch follows the stored change number from one re-check to the next.
type kioskWatch struct {
	mu     sync.Mutex
	known  bool
	seen   int64
	settle int       // re-checks still to count as a change
	spaced time.Time // the last re-check that counted towards settling
}

// observe takes the number read at now and reports whether the list may
// have changed since the last re-check: the number moved, or moved within
// the last KioskSettle re-checks spaced KioskRecheck apart.
func (w *kioskWatch) observe(v int64, now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	spaced := now.Sub(w.spaced) >= KioskRecheck
	if spaced {
		w.spaced = now
	}
	switch {
	case !w.known || v != w.seen:
		w.known, w.seen, w.settle = true, v, KioskSettle
		return true
	case w.settle > 0:
		if spaced {
			w.settle--
		}
		return true
	}
	return false
}

// KioskNotifyGap is the least time between two notifications of one
// instance: under a stream of punches one NOTIFY carries the changes of
// that moment, not one each (a NOTIFY costs PostgreSQL a commit and every
// listener a wake-up: at 10 ms apart, 8% of a punch's CPU at 2,000 punches
// a second from two instances).
const KioskNotifyGap = 50 * time.Millisecond

// KioskNotifier sends an instance's notifications of kiosk list changes
// (PostgreSQL) after their commits: Poke never waits, and the changes
// poked while a notification is being sent go out together in the next,
// at least KioskNotifyGap later. A failed send is not tried again: the
// other instances' re-checks find the change (KioskCount).
type KioskNotifier struct {
	// Send sends one notification.
	Send func(ctx context.Context) error

	mu      sync.Mutex
	pending bool // poked since the last send began
	running bool // a sender goroutine is running
	closed  bool
	done    sync.WaitGroup
}

// Poke asks for a notification of the changes committed so far.
func (n *KioskNotifier) Poke() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return
	}
	n.pending = true
	if n.running {
		return
	}
	n.running = true
	n.done.Add(1)
	go n.run()
}

func (n *KioskNotifier) run() {
	defer n.done.Done()
	for {
		n.mu.Lock()
		if !n.pending {
			n.running = false
			n.mu.Unlock()
			return
		}
		n.pending = false
		n.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = n.Send(ctx)
		cancel()
		time.Sleep(KioskNotifyGap)
	}
}

// Close sends what was poked before it and returns once sent; later pokes
// are dropped.
func (n *KioskNotifier) Close() {
	n.mu.Lock()
	n.closed = true
	n.mu.Unlock()
	n.done.Wait()
}
