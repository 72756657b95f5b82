package messaging

import (
	"fmt"
	"sync"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// Caps on the live streams (GET /api/events) one instance holds open. Each
// open stream holds a connection, and so one of the process's open files,
// for as long as the browser keeps it: without caps a few clients holding
// thousands each use up the connections the instance may hold (and so its
// open files), and then the health check, the kiosk list and PIN checks
// wait. A refused stream's connection is closed with its answer, so it
// holds nothing.
const (
	// DefaultStreamsPerSession is what one sign-in (a token) may hold: a
	// person's tabs in one browser, each with its own stream.
	DefaultStreamsPerSession = 8
	// DefaultStreamsPerAccount is what one account may hold across all its
	// sessions (several browsers, a phone, a screen on the wall).
	DefaultStreamsPerAccount = 32
	// StreamRetryAfter is how long a refused client is told to wait.
	StreamRetryAfter = 15 * time.Second
	// streamRoom is the least number of connections kept from streams for
	// ordinary requests (the kiosk, the health check, the office app), where
	// a quarter of the connections is fewer.
	streamRoom = 64
)

// StreamLimits are the caps a StreamGate keeps. A cap of 0 or less is no cap.
type StreamLimits struct {
	PerSession int // streams of one sign-in token
	PerAccount int // streams of one account, all its sessions together
	Total      int // streams of this instance; see TotalStreamsFor
}

// DefaultStreamLimits are the per-person defaults and no total cap (the
// wiring sets one from the connections the instance may hold:
// TotalStreamsFor).
func DefaultStreamLimits() StreamLimits {
	return StreamLimits{PerSession: DefaultStreamsPerSession, PerAccount: DefaultStreamsPerAccount}
}

// TotalStreamsFor is the instance's cap on open streams given how many
// connections it holds open at most: what leaves a quarter of them to
// ordinary requests, at least streamRoom (and never more than half of a
// small number). 0 (no cap) when the connections are not capped.
func TotalStreamsFor(connections int) int {
	if connections <= 0 {
		return 0
	}
	room := max(connections/4, min(streamRoom, connections/2))
	return connections - room
}

// StreamGate counts the streams open on this instance, per session, per
// account and in all, and refuses one beyond a cap. It is per instance on
// purpose: what it protects (the process's open files) is per process, and
// the counts of streams that end with their connection need no storage
// that a crash could leave wrong. Safe for concurrent use.
type StreamGate struct {
	limits    StreamLimits
	mu        sync.Mutex
	total     int
	bySession map[string]int
	byAccount map[int64]int
}

// NewStreamGate returns a gate keeping limits.
func NewStreamGate(limits StreamLimits) *StreamGate {
	return &StreamGate{limits: limits, bySession: map[string]int{}, byAccount: map[int64]int{}}
}

// Limits returns the caps the gate keeps.
func (g *StreamGate) Limits() StreamLimits { return g.limits }

// Open takes a place for one stream of session (its token's hash) and
// account, or refuses with events.too_many_streams (429, Retry-After)
// naming the cap that is full: params cap ("session", "account" or
// "server") and max. release gives the place back; call it once, when the
// stream ends.
func (g *StreamGate) Open(session string, account int64) (release func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := g.limits
	switch {
	case l.PerSession > 0 && g.bySession[session] >= l.PerSession:
		return nil, errTooManyStreams("session", l.PerSession)
	case l.PerAccount > 0 && g.byAccount[account] >= l.PerAccount:
		return nil, errTooManyStreams("account", l.PerAccount)
	case l.Total > 0 && g.total >= l.Total:
		return nil, errTooManyStreams("server", l.Total)
	}
	g.total++
	g.bySession[session]++
	g.byAccount[account]++
	var once sync.Once
	return func() { once.Do(func() { g.close(session, account) }) }, nil
}

func (g *StreamGate) close(session string, account int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.total--
	if g.bySession[session]--; g.bySession[session] <= 0 {
		delete(g.bySession, session)
	}
	if g.byAccount[account]--; g.byAccount[account] <= 0 {
		delete(g.byAccount, account)
	}
}

// OpenCount reports how many streams are open now.
func (g *StreamGate) OpenCount() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.total
}

func errTooManyStreams(cap string, limit int) error {
	secs := int(StreamRetryAfter / time.Second)
	var msg string
	switch cap {
	case "session":
		msg = fmt.Sprintf("This sign-in already has %d live update streams open (the most allowed). Close a tab or try again later.", limit)
	case "account":
		msg = fmt.Sprintf("This account already has %d live update streams open (the most allowed). Close a tab or try again later.", limit)
	default:
		msg = fmt.Sprintf("The server holds as many live update streams as it can (%d). Try again later.", limit)
	}
	e := apperr.New(apperr.TooManyAttempts, "events.too_many_streams",
		apperr.Params{"cap": cap, "max": limit, "retry_after_seconds": secs}, msg)
	e.RetryAfter = StreamRetryAfter
	return e
}
