package engine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// openGroupDB opens a fresh SQLite database (the group writer is SQLite's)
// with a table of its own, and its writer.
func openGroupDB(t *testing.T) (*Writer, *sql.DB) {
	t.Helper()
	ctx := context.Background()
	w, r, err := OpenSQLite(filepath.Join(t.TempDir(), "group.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Ping(ctx, w); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, `CREATE TABLE group_rows (n INTEGER PRIMARY KEY, parent INTEGER REFERENCES group_rows (n) DEFERRABLE INITIALLY DEFERRED)`); err != nil {
		t.Fatal(err)
	}
	writer := NewWriter(w)
	t.Cleanup(func() {
		writer.Close()
		w.Close()
		r.Close()
	})
	return writer, r
}

func groupRows(t *testing.T, read *sql.DB) map[int]bool {
	t.Helper()
	rows, err := read.QueryContext(context.Background(), `SELECT n FROM group_rows`)
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

// group runs works as one group, as the writer does with the callers
// waiting at one moment, and returns each caller's answer.
func group(w *Writer, durable bool, works ...Work) []result {
	return runGroup(w, durable, requests(works...))
}

// requests are the callers of works, waiting.
func requests(works ...Work) []*request {
	reqs := make([]*request, len(works))
	for i, work := range works {
		reqs[i] = &request{ctx: context.Background(), work: work, done: make(chan result, 1)}
	}
	return reqs
}

func runGroup(w *Writer, durable bool, reqs []*request) []result {
	queue := make(chan *request, len(reqs))
	for _, r := range reqs[1:] {
		queue <- r
	}
	// No time cap: under the race detector on a busy machine a caller can
	// take longer than maxGroupRun, and these tests are about one group.
	g := &Writer{pool: w.pool, maxMembers: maxGroup, maxRun: time.Hour}
	g.commitGroup(durable, reqs[0], queue)
	if len(queue) != 0 {
		panic("the group left callers waiting")
	}
	out := make([]result, len(reqs))
	for i, r := range reqs {
		out[i] = <-r.done
	}
	return out
}

func insertRow(n int) Work {
	return func(tx *sql.Tx) (func(), error) {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO group_rows (n) VALUES (?)`, n)
		return nil, err
	}
}

// Many callers at once: every one is answered, every acknowledged write is
// there, and each caller read its own writes inside its transaction.
func TestGroupCommitConcurrentCallers(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	w, read := openGroupDB(t)
	ctx := context.Background()
	const callers = 200
	var wg sync.WaitGroup
	errs := make([]error, callers)
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = w.Do(ctx, true, func(tx *sql.Tx) (func(), error) {
				if _, err := insertRow(i)(tx); err != nil {
					return nil, err
				}
				var seen int
				if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM group_rows WHERE n = ?`, i).Scan(&seen); err != nil {
					return nil, err
				}
				if seen != 1 {
					return nil, fmt.Errorf("caller %d does not see its own row", i)
				}
				return nil, nil
			})
		}()
	}
	wg.Wait()
	got := groupRows(t, read)
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
	w, read := openGroupDB(t)
	refused := errors.New("refused")
	res := group(w, true,
		insertRow(1),
		func(tx *sql.Tx) (func(), error) {
			if _, err := insertRow(2)(tx); err != nil {
				return nil, err
			}
			return nil, refused
		},
		func(tx *sql.Tx) (func(), error) {
			if _, err := insertRow(3)(tx); err != nil {
				return nil, err
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
	if !IsUniqueViolation(res[3].err) {
		t.Fatalf("caller 4: %v, want a unique violation", res[3].err)
	}
	got := groupRows(t, read)
	want := map[int]bool{1: true, 4: true}
	if len(got) != len(want) || !got[1] || !got[4] {
		t.Fatalf("rows %v, want %v", got, want)
	}

	// Through Do, a panic reaches the caller's own goroutine.
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Fatalf("recovered %v, want boom", p)
			}
		}()
		_ = w.Do(context.Background(), true, func(*sql.Tx) (func(), error) { panic("boom") })
	}()
	if err := w.Do(context.Background(), true, insertRow(5)); err != nil {
		t.Fatalf("the writer after a panic: %v", err)
	}
}

// A COMMIT that fails fails every caller whose work succeeded: none of them
// is acknowledged, and none of their writes is there.
func TestGroupCommitFailureReachesEveryCaller(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	w, read := openGroupDB(t)
	res := group(w, true,
		insertRow(1),
		func(tx *sql.Tx) (func(), error) {
			// A row whose parent does not exist: the deferred foreign key
			// is checked only by COMMIT, which refuses the whole group.
			_, err := tx.ExecContext(context.Background(), `INSERT INTO group_rows (n, parent) VALUES (2, 999)`)
			return nil, err
		},
		insertRow(3),
	)
	for i, r := range res {
		if r.err == nil {
			t.Fatalf("caller %d was acknowledged though the commit failed", i+1)
		}
	}
	if got := groupRows(t, read); len(got) != 0 {
		t.Fatalf("rows %v after a failed commit, want none", got)
	}
	if err := w.Do(context.Background(), true, insertRow(4)); err != nil {
		t.Fatalf("the writer after a failed commit: %v", err)
	}
}

// What a caller's work does once committed (its notices' live events, the
// kiosk's count) runs only when the group's COMMIT succeeded, only for
// callers whose savepoint was released, in the group's order, each before
// its caller is answered.
func TestGroupCommitEffectsOnlyAfterCommit(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	w, _ := openGroupDB(t)
	var ran atomic.Int64
	var reqs []*request
	effect := func(i int, fail error) Work {
		return func(*sql.Tx) (func(), error) {
			return func() {
				if len(reqs[i].done) != 0 || (i > 0 && len(reqs[i-1].done) == 0) {
					panic("effects out of order with the answers")
				}
				ran.Add(1)
			}, fail
		}
	}
	reqs = requests(effect(0, nil), effect(1, errors.New("refused")), effect(2, nil))
	res := runGroup(w, true, reqs)
	if res[0].err != nil || res[1].err == nil || res[2].err != nil {
		t.Fatalf("answers %+v", res)
	}
	if got := ran.Load(); got != 2 {
		t.Fatalf("%d effects after the commit, want 2 (the refused caller's does not run)", got)
	}

	ran.Store(0)
	reqs = requests(effect(0, nil), func(tx *sql.Tx) (func(), error) {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO group_rows (n, parent) VALUES (2, 999)`)
		return nil, err
	})
	res = runGroup(w, true, reqs)
	if res[0].err == nil {
		t.Fatal("a caller was acknowledged though the commit failed")
	}
	if got := ran.Load(); got != 0 {
		t.Fatalf("%d effects after a failed commit, want none", got)
	}
}

// A caller whose context ended before its turn is answered with that error
// and writes nothing; the others commit.
func TestGroupCommitSkipsCancelledCaller(t *testing.T) {
	// Serial: group commit gathers the callers that arrive while one fsync runs: how many gather depends on what else holds the CPU.
	w, read := openGroupDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	first := &request{ctx: context.Background(), work: insertRow(1), done: make(chan result, 1)}
	gone := &request{ctx: ctx, work: insertRow(2), done: make(chan result, 1)}
	queue := make(chan *request, 1)
	queue <- gone
	(&Writer{pool: w.pool, maxMembers: maxGroup, maxRun: time.Hour}).commitGroup(true, first, queue)
	if r := <-first.done; r.err != nil {
		t.Fatal(r.err)
	}
	if r := <-gone.done; !errors.Is(r.err, context.Canceled) {
		t.Fatalf("cancelled caller: %v", r.err)
	}
	if got := groupRows(t, read); !got[1] || got[2] {
		t.Fatalf("rows %v, want only 1", got)
	}
}
