package engine

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
//   - The rows are read from the table on first use (Load).
//   - A changed key is saved to the table (Save, in one bookkeeping
//     transaction) at most throttleWriteBack after its change, and every
//     one on Flush when the database closes. What a crash of the process
//     (or a power cut) can lose is the counts of that last moment; never a
//     punch, which commits on its own path.
//   - Remove (ClearPrefix, Purge) changes memory and table together,
//     holding the write-back back meanwhile, so a write-back cannot bring
//     back a key it removed.
//   - Another process writing the table meanwhile (a command run beside the
//     server) is not seen by the server until it restarts.
//
// PostgreSQL keeps its rows in the table, which several instances share:
// each instance judges an attempt on its copies and checks their versions
// in the statement that writes it (throttle_shared.go).
const throttleWriteBack = 50 * time.Millisecond

// MemThrottle holds the throttle's rows in memory over the table its
// functions read and write.
type MemThrottle struct {
	// Load reads every row of the table; Save writes rows back (in one
	// bookkeeping transaction that reads no clock: it may run while a test
	// turns the database's).
	Load func(ctx context.Context) (map[string]throttle.State, error)
	Save func(ctx context.Context, rows map[string]throttle.State) error
	// Now is the time attempts are judged at; Closing reports whether the
	// database is being closed (no write-back is scheduled then: Close
	// flushes itself).
	Now     func() time.Time
	Closing func() bool

	writeBack sync.Mutex // one write-back at a time; Remove holds it too

	mu        sync.Mutex // the rows; held for a whole throttle transaction
	loaded    bool
	rows      map[string]throttle.State
	dirty     map[string]bool // changed since the last write-back
	scheduled bool            // a write-back is due
}

// zeroState is a key never tried, as the table's defaults read back.
var zeroState = throttle.State{LockedUntil: time.UnixMilli(0).UTC(), UpdatedAt: time.UnixMilli(0).UTC()}

// loadLocked reads the table once (m.mu held).
func (m *MemThrottle) loadLocked(ctx context.Context) error {
	if m.loaded {
		return nil
	}
	rows, err := m.Load(ctx)
	if err != nil {
		return err
	}
	m.rows, m.dirty, m.loaded = rows, map[string]bool{}, true
	if m.rows == nil {
		m.rows = map[string]throttle.State{}
	}
	return nil
}

// Within runs one throttle transaction (throttle.Rows): fn's saves apply
// together when it returns nil, and none when it fails.
func (m *MemThrottle) Within(ctx context.Context, fn func(l throttle.Locker, now time.Time) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.loadLocked(ctx); err != nil {
		return err
	}
	l := memLocker{m: m}
	if err := fn(&l, m.Now().UTC().Truncate(time.Millisecond)); err != nil {
		return err
	}
	for k, st := range l.saved {
		m.rows[k] = st
		m.dirty[k] = true
	}
	if len(l.saved) > 0 && !m.scheduled {
		m.scheduled = true
		time.AfterFunc(throttleWriteBack, func() { _ = m.Flush(context.Background()) })
	}
	return nil
}

// memLocker is one throttle transaction's view of the rows.
type memLocker struct {
	m     *MemThrottle
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

// Flush writes the changed keys back in one Save; a failed write-back
// leaves them changed, for the next one.
func (m *MemThrottle) Flush(ctx context.Context) error {
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
	err := m.Save(ctx, batch)
	if err != nil {
		m.mu.Lock()
		for k := range batch {
			if _, ok := m.rows[k]; ok {
				m.dirty[k] = true
			}
		}
		if !m.scheduled && !m.Closing() {
			m.scheduled = true
			time.AfterFunc(throttleWriteBack, func() { _ = m.Flush(context.Background()) })
		}
		m.mu.Unlock()
	}
	return err
}

// Remove forgets the keys that match, in memory and then in the table (by
// del), with the write-back held back meanwhile.
func (m *MemThrottle) Remove(ctx context.Context, match func(key string, st throttle.State) bool, del func() (int64, error)) (int64, error) {
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

// States returns the rows whose key starts with prefix.
func (m *MemThrottle) States(ctx context.Context, prefix string) (map[string]throttle.State, error) {
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
