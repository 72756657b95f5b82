package engine

import (
	"context"
	"errors"
	"hash/maphash"
	"slices"
	"sync"
	"time"

	"github.com/packline/packline/internal/throttle"
)

// PostgreSQL's throttle rows are shared by every instance, each keeping
// copies of the rows it used in memory with their versions.
//
// A throttle attempt (a PIN check, a sign-in) is judged on the copies, and
// then one statement (Apply) writes the rows it changed and checks the
// others, each only if its version is still the copy's: every write takes a
// new version from a sequence, so a row changed by any instance, or deleted
// and created again, no longer matches. When every row matched, the attempt
// stands as if it had held the rows' locks from the copies' reading to that
// statement: the count is in the table before the attempt's outcome is told,
// and two instances never count from the same state. When a row did not
// match, its copy is read again and the attempt judged again. So a PIN check
// whose keys no other attempt changed meanwhile (a right PIN, which is
// refunded, changes none) costs one read-only statement, where locking its
// rows took a transaction of three round trips; a wrong PIN writes its
// counts in that one statement. Its commit is not flushed first
// (bookkeeping, as before).
//
// Attempts on one key in one instance are judged one at a time (their keys'
// stripes locked), so they do not fail each other's checks; an attempt that
// fails its check sharedAttempts times (attempts on one key from several
// instances at once) is run on the rows locked instead (Locked), as before.
type SharedThrottle struct {
	// Read reads keys' rows (no row: left out).
	Read func(ctx context.Context, keys []string) (map[string]VersionedState, error)
	// Apply writes the saved rows and checks the others, each only if its
	// version is Expected (-1: no row), in one statement; it returns the
	// version of every key that matched (a saved one's new version).
	Apply func(ctx context.Context, ops []ThrottleOp) (map[string]int64, error)
	// Locked runs fn on the rows locked (the pessimistic way), each write
	// taking a new version.
	Locked func(ctx context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) error
	// Now is the time attempts are judged at.
	Now func() time.Time

	seed    maphash.Seed
	once    sync.Once
	stripes [sharedStripes]sync.Mutex

	mu   sync.Mutex
	rows map[string]VersionedState
}

// VersionedState is a row's state and version (-1: no row).
type VersionedState struct {
	throttle.State
	Version int64
}

// ThrottleOp is what Apply does with one key: write State if Save, else
// only check, either only if the row's version is Expected.
type ThrottleOp struct {
	Key      string
	Expected int64
	Save     bool
	State    throttle.State
}

const (
	sharedStripes  = 64
	sharedAttempts = 3
	// sharedKeep is how many copies an instance keeps at most; past it
	// they are forgotten and read again when used.
	sharedKeep = 20000
)

// errUnlisted: fn asked for a key Within was not told of.
var errUnlisted = errors.New("throttle: a key was locked that the attempt did not name")

// Within runs one throttle attempt on keys (throttle.Rows).
func (t *SharedThrottle) Within(ctx context.Context, keys []string, fn func(l throttle.Locker, now time.Time) error) error {
	defer t.lockStripes(keys)()
	for range sharedAttempts {
		rows, err := t.copies(ctx, keys)
		if err != nil {
			return err
		}
		l := &sharedLocker{rows: rows}
		err = fn(l, t.Now().UTC().Truncate(time.Millisecond))
		if errors.Is(err, errUnlisted) {
			break
		}
		if err != nil {
			return err
		}
		ops := make([]ThrottleOp, 0, len(keys))
		for _, k := range keys {
			st, save := l.saved[k]
			ops = append(ops, ThrottleOp{Key: k, Expected: rows[k].Version, Save: save, State: st})
		}
		held, err := t.Apply(ctx, ops)
		if err != nil && !IsRetryable(err) {
			return err
		}
		if t.settle(ops, rows, held) && err == nil {
			return nil
		}
	}
	t.forget(keys)
	return t.Locked(ctx, keys, fn)
}

// copies are keys' rows from memory, those not there read in one statement.
func (t *SharedThrottle) copies(ctx context.Context, keys []string) (map[string]VersionedState, error) {
	rows := make(map[string]VersionedState, len(keys))
	var missing []string
	t.mu.Lock()
	for _, k := range keys {
		if v, ok := t.rows[k]; ok {
			rows[k] = v
		} else {
			missing = append(missing, k)
		}
	}
	t.mu.Unlock()
	if len(missing) == 0 {
		return rows, nil
	}
	read, err := t.Read(ctx, missing)
	if err != nil {
		return nil, err
	}
	for _, k := range missing {
		v, ok := read[k]
		if !ok {
			v = VersionedState{State: zeroState, Version: -1}
		}
		rows[k] = v
	}
	return rows, nil
}

// settle keeps the copies of the keys that matched (a saved one with its
// new state) and forgets the others; it reports whether all matched.
func (t *SharedThrottle) settle(ops []ThrottleOp, rows map[string]VersionedState, held map[string]int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rows == nil || len(t.rows) > sharedKeep {
		t.rows = map[string]VersionedState{}
	}
	all := true
	for _, op := range ops {
		v, ok := held[op.Key]
		if !ok {
			delete(t.rows, op.Key)
			all = false
			continue
		}
		st := rows[op.Key].State
		if op.Save {
			st = op.State
		}
		t.rows[op.Key] = VersionedState{State: st, Version: v}
	}
	return all
}

// forget drops keys' copies (they are read again when next used).
func (t *SharedThrottle) forget(keys []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, k := range keys {
		delete(t.rows, k)
	}
}

// Forget drops the copies of the keys that match (after rows were deleted).
func (t *SharedThrottle) Forget(match func(key string) bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k := range t.rows {
		if match(k) {
			delete(t.rows, k)
		}
	}
}

// lockStripes locks the stripes of keys, in order, and returns the unlock.
func (t *SharedThrottle) lockStripes(keys []string) func() {
	t.once.Do(func() { t.seed = maphash.MakeSeed() })
	idx := make([]int, 0, len(keys))
	for _, k := range keys {
		idx = append(idx, int(maphash.String(t.seed, k)%sharedStripes))
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	for _, i := range idx {
		t.stripes[i].Lock()
	}
	return func() {
		for _, i := range idx {
			t.stripes[i].Unlock()
		}
	}
}

// sharedLocker is one attempt's view of the copies.
type sharedLocker struct {
	rows  map[string]VersionedState
	saved map[string]throttle.State
}

func (l *sharedLocker) Lock(_ context.Context, key string) (throttle.State, error) {
	if st, ok := l.saved[key]; ok {
		return st, nil
	}
	v, ok := l.rows[key]
	if !ok {
		return throttle.State{}, errUnlisted
	}
	return v.State, nil
}

func (l *sharedLocker) Save(_ context.Context, key string, st throttle.State) error {
	if _, ok := l.rows[key]; !ok {
		return errUnlisted
	}
	if l.saved == nil {
		l.saved = map[string]throttle.State{}
	}
	l.saved[key] = st
	return nil
}
