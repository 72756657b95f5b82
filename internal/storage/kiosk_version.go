package storage

import (
	"context"
	"sync/atomic"
)

// The kiosk's list changes with every punch and every change of an
// employee; each such transaction bumps timeclock_state.version. So that
// GET /api/employees can answer from memory without asking the database,
// each instance also counts those changes itself:
//
//   - on SQLite (one process owns the file) every committed transaction
//     that bumped the version adds one to the instance's count, after its
//     commit and before it is acknowledged;
//   - on PostgreSQL the same, and such a transaction also NOTIFYs
//     kioskChannel, which every instance's listener (MessagingStore.Listen)
//     counts; while that listener is not connected, KioskVersion reads the
//     stored version instead, as before.
type kioskCount struct {
	n    atomic.Int64 // starts at kioskLocalBase
	live atomic.Bool  // PostgreSQL: the listener hears kioskChannel
}

// kioskLocalBase is where an instance's own count starts: far above any
// stored version, so that the two never meet (a cache keyed by one is
// never taken for the other).
const kioskLocalBase = int64(1) << 52

// kioskChannel is the NOTIFY channel of kiosk list changes (PostgreSQL).
const kioskChannel = "packline_kiosk"

// markKioskChanged records that tx bumped the kiosk version: counted once
// it commits (and, on PostgreSQL, NOTIFYed to every instance at commit).
func (tx *Tx) markKioskChanged(ctx context.Context) error {
	tx.kioskChanged = true
	if tx.db.Dialect != Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_notify(?, '')`, kioskChannel)
	return err
}

// committed is what a transaction does once its commit is durable, before
// its caller hears so; in a group commit, each caller's in the group's
// order.
func (tx *Tx) committed() {
	if tx.kioskChanged {
		tx.db.kiosk.n.Add(1)
	}
	for _, f := range tx.after {
		f()
	}
}

// onCommit runs f once tx has committed (never if it rolls back), in commit
// order with the other transactions' (see committed).
func (tx *Tx) onCommit(f func()) { tx.after = append(tx.after, f) }

// localKioskVersion is the instance's own count of kiosk changes, and
// whether it is to be trusted (always on SQLite; on PostgreSQL while the
// listener hears the other instances).
func (db *DB) localKioskVersion() (int64, bool) {
	return db.kiosk.n.Load(), db.Dialect != Postgres || db.kiosk.live.Load()
}
