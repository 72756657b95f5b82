package engine

import "sync/atomic"

// KioskCount is an instance's own count of the kiosk list's changes, so
// that GET /api/employees can answer from memory without asking the
// database. The list changes with every punch and every change of an
// employee; each such transaction bumps timeclock_state.version, and:
//
//   - on SQLite (one process owns the file) every committed transaction
//     that bumped the version adds one to the count, after its commit and
//     before it is acknowledged;
//   - on PostgreSQL the same, and such a transaction also NOTIFYs the
//     kiosk's channel, which every instance's listener counts; while that
//     listener is not connected, the stored version is read instead.
//
// The zero value is ready.
type KioskCount struct {
	n    atomic.Int64
	live atomic.Bool // PostgreSQL: the listener hears every instance's changes
}

// kioskLocalBase is where an instance's own count starts: far above any
// stored version, so that the two never meet (a cache keyed by one is
// never taken for the other).
const kioskLocalBase = int64(1) << 52

// Changed counts a change.
func (k *KioskCount) Changed() { k.n.Add(1) }

// Listening says whether the listener hears the other instances' changes.
func (k *KioskCount) Listening(on bool) { k.live.Store(on) }

// Version is the count, and whether it is to be trusted: when the instance
// is the database's only writer (alone), or while its listener hears the
// others.
func (k *KioskCount) Version(alone bool) (int64, bool) {
	return kioskLocalBase + k.n.Load(), alone || k.live.Load()
}
