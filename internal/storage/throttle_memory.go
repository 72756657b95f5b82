package storage

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/packline/packline/internal/throttle"
)

// SQLite's throttle rows live in memory, written back behind.
//
// On SQLite the serving process is the database's only writer (serve holds
// the file's lock), so the throttle's rows can live in that process: a PIN
// check or a sign-in counts its attempt under one mutex, in microseconds,
// instead of queueing behind the group commit's fsync for a transaction of
// its own. Attempts are still counted before they are judged, one at a
// time; only where the counts are kept changes.
//
//   - The rows are read from the throttles table on first use.
//   - A changed key is saved to the table in one bookkeeping transaction at
//     most throttleWriteBack after its change, and every one on Close.
//     What a crash of the process (or a power cut) can lose is the counts of
//     that last moment; never a punch, which commits on its own path.
//   - ClearPrefix and Purge change memory and table together, holding the
//     write-back back meanwhile, so a write-back cannot bring back a key
//     they removed.
//   - Another process writing the table meanwhile (a command run beside the
//     server) is not seen by the server until it restarts.
//
// PostgreSQL keeps its rows in the table, each locked per attempt: several
// instances share it.
const throttleWriteBack = 50 * time.Millisecond

type memThrottle struct {
	db *DB

	writeBack sync.Mutex // one write-back at a time; ClearPrefix and Purge hold it too

	mu        sync.Mutex // the rows; held for a whole throttle transaction
	loaded    bool
	rows      map[string]throttle.State
	dirty     map[string]bool // changed since the last write-back
	scheduled bool            // a write-back is due
}

func newMemThrottle(db *DB) *memThrottle {
	return &memThrottle{db: db, rows: map[string]throttle.State{}, dirty: map[string]bool{}}
}

// zeroState is a key never tried, as the table's defaults read back.
var zeroState = throttle.State{LockedUntil: FromMillis(0), UpdatedAt: FromMillis(0)}

// loadLocked reads the table once (m.mu held).
func (m *memThrottle) loadLocked(ctx context.Context) error {
	if m.loaded {
		return nil
	}
	rows, err := m.db.read.QueryContext(ctx, `SELECT key, failures, lockouts, locked_until, updated_at FROM throttles`)
	if err != nil {
		return mapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var st throttle.State
		var until, updated int64
		if err := rows.Scan(&key, &st.Attempts, &st.Lockouts, &until, &updated); err != nil {
			return err
		}
		st.LockedUntil, st.UpdatedAt = FromMillis(until), FromMillis(updated)
		m.rows[key] = st
	}
	if err := rows.Err(); err != nil {
		return err
	}
	m.loaded = true
	return nil
}

// within runs one throttle transaction: fn's saves apply together when it
// returns nil, and none when it fails.
func (m *memThrottle) within(ctx context.Context, fn func(l throttle.Locker, now time.Time) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.loadLocked(ctx); err != nil {
		return err
	}
	l := memLocker{m: m}
	if err := fn(&l, m.db.Now().UTC().Truncate(time.Millisecond)); err != nil {
		return err
	}
	for k, st := range l.saved {
		m.rows[k] = st
		m.dirty[k] = true
	}
	if len(l.saved) > 0 && !m.scheduled {
		m.scheduled = true
		time.AfterFunc(throttleWriteBack, func() { _ = m.flush(context.Background()) })
	}
	return nil
}

// memLocker is one throttle transaction's view of the rows.
type memLocker struct {
	m     *memThrottle
	saved map[string]throttle.State
}

func (l *memLocker) Lock(_ context.Context, key string) (throttle.State, error) {
	if st, ok := l.saved[key]; ok {
		return st, nil
	}
	if st, ok := l.m.rows[key]; ok {
		return st, nil
	}
	return zeroState, nil
}

func (l *memLocker) Save(_ context.Context, key string, st throttle.State) error {
	if l.saved == nil {
		l.saved = map[string]throttle.State{}
	}
	l.saved[key] = st
	return nil
}

// flush writes the changed keys back in one bookkeeping transaction; a
// failed write-back leaves them changed, for the next one.
func (m *memThrottle) flush(ctx context.Context) error {
	m.writeBack.Lock()
	defer m.writeBack.Unlock()
	m.mu.Lock()
	m.scheduled = false
	batch := make(map[string]throttle.State, len(m.dirty))
	for k := range m.dirty {
		if st, ok := m.rows[k]; ok {
			batch[k] = st
		}
	}
	clear(m.dirty)
	m.mu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	// A write-back of counts made earlier: no clock (it may run while a
	// test sets db.Now), bookkeeping (no fsync).
	err := m.db.group.doReq(&writeReq{ctx: ctx, noClock: true, done: make(chan writeResult, 1), fn: func(tx *Tx) error {
		for k, st := range batch {
			if _, err := tx.Exec(ctx, throttleSaveSQL, k, st.Attempts, st.Lockouts, Millis(st.LockedUntil), Millis(st.UpdatedAt)); err != nil {
				return err
			}
		}
		return nil
	}}, false)
	if err != nil {
		m.mu.Lock()
		for k := range batch {
			if _, ok := m.rows[k]; ok {
				m.dirty[k] = true
			}
		}
		if !m.scheduled && !m.closing() {
			m.scheduled = true
			time.AfterFunc(throttleWriteBack, func() { _ = m.flush(context.Background()) })
		}
		m.mu.Unlock()
	}
	return err
}

// closing reports whether the database is being closed (no write-back is
// scheduled then: Close writes back itself).
func (m *memThrottle) closing() bool { return m.db.closing.Load() }

// remove forgets the keys that match, in memory and then in the table (by
// del), with the write-back held back meanwhile.
func (m *memThrottle) remove(ctx context.Context, match func(key string, st throttle.State) bool, del func() (int64, error)) (int64, error) {
	m.writeBack.Lock()
	defer m.writeBack.Unlock()
	m.mu.Lock()
	if err := m.loadLocked(ctx); err != nil {
		m.mu.Unlock()
		return 0, err
	}
	for k, st := range m.rows {
		if match(k, st) {
			delete(m.rows, k)
			delete(m.dirty, k)
		}
	}
	m.mu.Unlock()
	return del()
}

// states returns the rows whose key starts with prefix.
func (m *memThrottle) states(ctx context.Context, prefix string) (map[string]throttle.State, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.loadLocked(ctx); err != nil {
		return nil, err
	}
	out := map[string]throttle.State{}
	for k, st := range m.rows {
		if strings.HasPrefix(k, prefix) {
			out[k] = st
		}
	}
	return out, nil
}
