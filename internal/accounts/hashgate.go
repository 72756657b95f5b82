package accounts

import (
	"context"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// DefaultHashBudget is the memory all concurrent password hashes may hold
// together: 64 MiB, three argon2id hashes of 19 MiB.
const DefaultHashBudget = 64 << 20

// HashMemory is what one password hash holds while it runs.
const HashMemory = argonMemory * 1024

// HashGate bounds how many password hashes run at once, so that a flood of
// sign-ins cannot exhaust the server's memory: slots sized to a memory
// budget, a short queue behind them, and beyond that a 503 with
// Retry-After. Nobody waits in the queue longer than MaxWait.
type HashGate struct {
	slots   chan struct{}
	queue   chan struct{}
	MaxWait time.Duration
}

// NewHashGate returns a gate admitting budget/HashMemory hashes at once (at
// least one), with four waiting places per slot.
func NewHashGate(budget int64) *HashGate {
	n := max(int(budget/HashMemory), 1)
	return &HashGate{slots: make(chan struct{}, n), queue: make(chan struct{}, 4*n), MaxWait: 3 * time.Second}
}

// Slots is how many hashes may run at once.
func (g *HashGate) Slots() int { return cap(g.slots) }

// ErrBusy is the answer when every hashing slot and waiting place is taken.
var ErrBusy = func() *apperr.Error {
	e := apperr.New(apperr.Unavailable, "auth.busy", apperr.Params{"retry_after_seconds": 1},
		"The server is busy signing people in. Try again in a moment.")
	e.RetryAfter = time.Second
	return e
}()

// Do runs fn in a hashing slot, waiting briefly for one; ErrBusy if none
// frees up in time or the queue is full. fn does not run then.
func (g *HashGate) Do(ctx context.Context, fn func()) error {
	select {
	case g.slots <- struct{}{}:
	default:
		select {
		case g.queue <- struct{}{}:
		default:
			return ErrBusy
		}
		t := time.NewTimer(g.MaxWait)
		select {
		case g.slots <- struct{}{}:
			t.Stop()
			<-g.queue
		case <-t.C:
			<-g.queue
			return ErrBusy
		case <-ctx.Done():
			t.Stop()
			<-g.queue
			return ErrBusy
		}
	}
	defer func() { <-g.slots }()
	fn()
	return nil
}
