package storage

import "context"

// The kiosk's list: each transaction that changes it marks itself, and is
// counted by the instance once committed (engine.KioskCount); on PostgreSQL
// it also NOTIFYs kioskChannel, which every instance's listener
// (MessagingStore.Listen) counts.

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
		tx.db.kiosk.Changed()
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
func (db *DB) localKioskVersion() (int64, bool) { return db.kiosk.Version(db.Dialect != Postgres) }
