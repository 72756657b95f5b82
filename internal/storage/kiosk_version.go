package storage

import (
	"context"

	"github.com/packline/packline/internal/storage/engine"
)

// The kiosk's list: each transaction that changes it marks itself, and is
// counted by the instance once committed (engine.KioskCount). On
// PostgreSQL it also takes a number from kioskSequence, and once committed
// its instance NOTIFYs kioskChannel (engine.KioskNotifier), which every
// instance's listener (MessagingStore.Listen) counts; the sequence is what
// an instance re-reads to find a change whose notification never came.

// kioskChannel is the NOTIFY channel of kiosk list changes (PostgreSQL).
const kioskChannel = "packline_kiosk"

// kioskSequence numbers the kiosk list's changes (PostgreSQL, migration
// 0116): nextval inside the changing transaction, which waits for no
// other (a row every punch updated made punches commit one at a time).
const kioskSequence = "timeclock_kiosk_changes"

// kioskNextSQL takes a change number (PostgreSQL).
const kioskNextSQL = `SELECT nextval('` + kioskSequence + `')`

// kioskStoredSQL reads the last change number taken, 0 before the first.
const kioskStoredSQL = `SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ` + kioskSequence

// markKioskChanged records that tx changes the kiosk's list: counted once
// it commits and, on PostgreSQL, numbered now and notified to every
// instance after the commit.
func (tx *Tx) markKioskChanged(ctx context.Context) error {
	if tx.db.Dialect == Postgres && !tx.kioskChanged {
		if _, err := tx.Exec(ctx, kioskNextSQL); err != nil {
			return err
		}
	}
	tx.kioskChanged = true
	return nil
}

// committed is what a transaction does once its commit is durable, before
// its caller hears so; in a group commit, each caller's in the group's
// order.
func (tx *Tx) committed() {
	if tx.kioskChanged {
		tx.db.kioskCommitted()
	}
	for _, f := range tx.after {
		f()
	}
}

// kioskCommitted counts a committed change of the kiosk's list and, on
// PostgreSQL, has the other instances told.
func (db *DB) kioskCommitted() {
	db.kiosk.Changed()
	if db.kioskNotify != nil {
		db.kioskNotify.Poke()
	}
}

// onCommit runs f once tx has committed (never if it rolls back), in commit
// order with the other transactions' (see committed).
func (tx *Tx) onCommit(f func()) { tx.after = append(tx.after, f) }

// newKioskNotifier sends db's notifications of kiosk list changes
// (PostgreSQL): one statement, its own transaction, whose commit is not
// flushed first (set_config … true: for that transaction only), since
// PostgreSQL holds a database-wide lock from a notifying transaction's
// commit until it ends.
func newKioskNotifier(db *DB) *engine.KioskNotifier {
	return &engine.KioskNotifier{Send: func(ctx context.Context) error {
		_, err := db.write.ExecContext(ctx, `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')`, kioskChannel)
		return err
	}}
}
