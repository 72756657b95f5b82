package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/messaging"
)

// openGroupDB opens a fresh, migrated SQLite database (the group writer is
// SQLite's) with a table of its own for the tests below.
func openGroupDB(t *testing.T) *DB {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "group.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	err = db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `CREATE TABLE group_rows (n INTEGER PRIMARY KEY, parent INTEGER REFERENCES group_rows (n) DEFERRABLE INITIALLY DEFERRED)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func groupRows(t *testing.T, db *DB) map[int]bool {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT n FROM group_rows`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[int]bool{}
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		got[n] = true
	}
	return got
}

// group runs reqs as one group, as the writer does with the callers waiting
// at one moment, and returns each caller's answer.
func group(db *DB, durable bool, fns ...func(tx *Tx) error) []writeResult {
	ctx := context.Background()
	reqs := make([]*writeReq, len(fns))
	queue := make(chan *writeReq, len(fns))
	for i, fn := range fns {
		reqs[i] = &writeReq{ctx: ctx, fn: fn, done: make(chan writeResult, 1)}
		if i > 0 {
			queue <- reqs[i]
		}
	}
	// No time cap: under the race detector on a busy machine a caller can
	// take longer than maxGroupRun, and these tests are about one group.
	w := &groupWriter{db: db, maxMembers: maxGroup, maxRun: time.Hour}
	w.commitGroup(durable, reqs[0], queue)
	if len(queue) != 0 {
		panic("the group left callers waiting")
	}
	out := make([]writeResult, len(reqs))
	for i, r := range reqs {
		out[i] = <-r.done
	}
	return out
}

func insertRow(n int) func(tx *Tx) error {
	return func(tx *Tx) error {
		_, err := tx.Exec(context.Background(), `INSERT INTO group_rows (n) VALUES (?)`, n)
		return err
	}
}

// Many callers at once: every one is answered, every acknowledged write is
// there, and each caller read its own writes inside its transaction.
func TestGroupCommitConcurrentCallers(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	db := openGroupDB(t)
	ctx := context.Background()
	const callers = 200
	var wg sync.WaitGroup
	errs := make([]error, callers)
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.WithTx(ctx, func(tx *Tx) error {
				if err := insertRow(i)(tx); err != nil {
					return err
				}
				var seen int
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM group_rows WHERE n = ?`, i).Scan(&seen); err != nil {
					return err
				}
				if seen != 1 {
					return fmt.Errorf("caller %d does not see its own row", i)
				}
				return nil
			})
		}()
	}
	wg.Wait()
	got := groupRows(t, db)
	for i, err := range errs {
		if err != nil {
			t.Fatalf("caller %d: %v", i, err)
		}
		if !got[i] {
			t.Fatalf("caller %d was acknowledged but its row is not there", i)
		}
	}
}

// A caller's error rolls back its own writes only; the others in its group
// commit, and it alone hears the error. A panic is raised again in the
// caller's goroutine and costs the others nothing either.
func TestGroupCommitOneFailingCaller(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	db := openGroupDB(t)
	refused := apperr.New(apperr.Conflict, "test.refused", nil, "Refused.")
	res := group(db, true,
		insertRow(1),
		func(tx *Tx) error {
			if err := insertRow(2)(tx); err != nil {
				return err
			}
			return refused
		},
		func(tx *Tx) error {
			if err := insertRow(3)(tx); err != nil {
				return err
			}
			panic("caller 3 broke")
		},
		insertRow(1), // a duplicate of caller 1's row: a unique violation
		insertRow(4),
	)
	if res[0].err != nil || res[4].err != nil {
		t.Fatalf("callers 1 and 5: %v, %v; want both committed", res[0].err, res[4].err)
	}
	if !errors.Is(res[1].err, refused) {
		t.Fatalf("caller 2: %v, want its own error", res[1].err)
	}
	if !res[2].paniced || res[2].panicked != "caller 3 broke" {
		t.Fatalf("caller 3: %+v, want its panic handed back", res[2])
	}
	if apperr.CodeOf(res[3].err) != "conflict.duplicate" {
		t.Fatalf("caller 4: %v, want conflict.duplicate", res[3].err)
	}
	got := groupRows(t, db)
	want := map[int]bool{1: true, 4: true}
	if len(got) != len(want) || !got[1] || !got[4] {
		t.Fatalf("rows %v, want %v", got, want)
	}

	// Through WithTx, a panic reaches the caller's own goroutine.
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Fatalf("recovered %v, want boom", p)
			}
		}()
		_ = db.WithTx(context.Background(), func(tx *Tx) error { panic("boom") })
	}()
	if err := db.WithTx(context.Background(), insertRow(5)); err != nil {
		t.Fatalf("the writer after a panic: %v", err)
	}
}

// A COMMIT that fails fails every caller whose function succeeded: none of
// them is acknowledged, and none of their writes is there.
func TestGroupCommitFailureReachesEveryCaller(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	db := openGroupDB(t)
	res := group(db, true,
		insertRow(1),
		func(tx *Tx) error {
			// A row whose parent does not exist: the deferred foreign key
			// is checked only by COMMIT, which refuses the whole group.
			_, err := tx.Exec(context.Background(), `INSERT INTO group_rows (n, parent) VALUES (2, 999)`)
			return err
		},
		insertRow(3),
	)
	for i, r := range res {
		if r.err == nil {
			t.Fatalf("caller %d was acknowledged though the commit failed", i+1)
		}
	}
	if got := groupRows(t, db); len(got) != 0 {
		t.Fatalf("rows %v after a failed commit, want none", got)
	}
	if err := db.WithTx(context.Background(), insertRow(4)); err != nil {
		t.Fatalf("the writer after a failed commit: %v", err)
	}
}

// What a caller publishes after commit (its notices' live events) is
// published only when the group's COMMIT succeeded, only for callers whose
// savepoint was released, and before any caller is answered.
func TestGroupCommitEffectsOnlyAfterCommit(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	db := openGroupDB(t)
	ctx := context.Background()
	hub := messaging.NewHub()
	db.hub.Store(hub)
	err := db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO users (id, email, first_name, password_hash, created_at) VALUES (1, 'a@example.org', 'A', 'x', 0)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sub := hub.Subscribe(1)
	defer hub.Unsubscribe(sub)
	notice := func(n int, fail error) func(tx *Tx) error {
		return func(tx *Tx) error {
			tx.Notice("", messaging.NewNotification{Kind: "test", Params: map[string]string{"n": fmt.Sprint(n)}, To: []int64{1}})
			return fail
		}
	}
	received := func() int {
		n := 0
		for {
			select {
			case <-sub.C:
				n++
			default:
				return n
			}
		}
	}

	res := group(db, true, notice(1, nil), notice(2, errors.New("refused")), notice(3, nil))
	if res[0].err != nil || res[1].err == nil || res[2].err != nil {
		t.Fatalf("answers %+v", res)
	}
	if got := received(); got != 2 {
		t.Fatalf("%d events after the commit, want 2 (the refused caller's notice is not published)", got)
	}

	res = group(db, true, notice(4, nil), func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO group_rows (n, parent) VALUES (2, 999)`)
		return err
	})
	if res[0].err == nil {
		t.Fatal("a caller was acknowledged though the commit failed")
	}
	if got := received(); got != 0 {
		t.Fatalf("%d events after a failed commit, want none", got)
	}
}

// A caller whose context ended before its turn is answered with that error
// and writes nothing; the others commit.
func TestGroupCommitSkipsCancelledCaller(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	db := openGroupDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	first := &writeReq{ctx: context.Background(), fn: insertRow(1), done: make(chan writeResult, 1)}
	gone := &writeReq{ctx: ctx, fn: insertRow(2), done: make(chan writeResult, 1)}
	queue := make(chan *writeReq, 1)
	queue <- gone
	(&groupWriter{db: db, maxMembers: maxGroup, maxRun: time.Hour}).commitGroup(true, first, queue)
	if r := <-first.done; r.err != nil {
		t.Fatal(r.err)
	}
	if r := <-gone.done; !errors.Is(r.err, context.Canceled) {
		t.Fatalf("cancelled caller: %v", r.err)
	}
	if got := groupRows(t, db); !got[1] || got[2] {
		t.Fatalf("rows %v, want only 1", got)
	}
}
