package storage

import "database/sql"

// Pools are the connection pools under db by role ("write", and "read" where
// reads have their own, on SQLite), for the metrics' pool statistics.
func (db *DB) Pools() map[string]*sql.DB {
	if db.read == db.write {
		return map[string]*sql.DB{"write": db.write}
	}
	return map[string]*sql.DB{"write": db.write, "read": db.read}
}
