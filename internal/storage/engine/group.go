package engine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Group commit (SQLite): one goroutine owns the writer connection and runs
// every write transaction. It takes the callers waiting at that moment, runs
// each caller's work inside its own SAVEPOINT of one transaction, and
// commits them together: one COMMIT, one fsync of the WAL, however many
// punches it carries. Each caller is answered only after that COMMIT has
// returned, so "durable before acknowledged" holds for every one of them.
//
//   - A caller's error (or panic) rolls back to its savepoint only; it gets
//     its own error (the panic is raised again in its own goroutine) and the
//     others in the group are not affected.
//   - A failed COMMIT fails every caller whose work succeeded, with the
//     commit's error; none of them was acknowledged.
//   - What a caller's work does once committed (its transaction's effects:
//     the live events of its notices, the kiosk's count) runs only once the
//     group's COMMIT succeeded, only for callers whose savepoint was
//     released, in the group's order, each before its caller is answered.
//   - Durable and bookkeeping callers never share a group: a bookkeeping
//     group commits with synchronous=NORMAL (no fsync), so a PIN check's
//     throttle counts never wait for a disk.
//   - A group stops taking callers at maxGroup of them or once their work
//     has run for maxGroupRun, so a long transaction (an import's publish)
//     holds back only the few callers that ran before it.
//
// PostgreSQL commits each transaction on its own connection; its server
// already shares WAL flushes between concurrent commits.
const (
	maxGroup    = 64
	maxGroupRun = 4 * time.Millisecond
)

// ErrGroupLost is what a caller whose savepoint had been released hears
// when a later caller's failure took the whole group's transaction with it
// (an interrupted statement in SQLite can roll back the transaction).
// Nothing of the caller was committed; IsRetryable says it may run again.
var ErrGroupLost = errors.New("storage: the group's transaction was rolled back by another caller's failure")

// ErrClosed is the answer to a caller once the writer is closed.
var ErrClosed = errors.New("storage: database is closed")

// Work is one caller's transaction: it runs on tx, inside the caller's own
// savepoint, and returns what to do once the group has committed (nil for
// nothing). An error or a panic rolls its writes back.
type Work func(tx *sql.Tx) (committed func(), err error)

// request is one caller's work, waiting for the writer.
type request struct {
	ctx  context.Context
	work Work
	done chan result // buffered: the writer never waits for a caller
}

type result struct {
	err      error
	panicked any // the value the work panicked with, raised again by the caller
	paniced  bool
}

// Writer runs SQLite's write transactions on its one writer connection,
// grouped.
type Writer struct {
	pool *sql.DB
	// maxMembers and maxRun cap a group (maxGroup, maxGroupRun).
	maxMembers  int
	maxRun      time.Duration
	durable     chan *request
	bookkeeping chan *request
	quit        chan struct{}
	stopped     sync.WaitGroup
	closeOnce   sync.Once
}

// NewWriter starts the writer of pool, SQLite's one writer connection.
func NewWriter(pool *sql.DB) *Writer {
	w := &Writer{
		pool:        pool,
		maxMembers:  maxGroup,
		maxRun:      maxGroupRun,
		durable:     make(chan *request),
		bookkeeping: make(chan *request),
		quit:        make(chan struct{}),
	}
	w.stopped.Add(1)
	go w.run()
	return w
}

// Close stops the writer once its current group is answered; callers that
// arrive later get ErrClosed.
func (w *Writer) Close() {
	w.closeOnce.Do(func() { close(w.quit) })
	w.stopped.Wait()
}

// Do hands work to the writer, in a durable group (its commit fsynced) or a
// bookkeeping one, and waits for its answer. A caller whose context ends
// before the writer took it returns at once; once taken, it waits for the
// group's outcome, which the writer always sends. The errors are the
// driver's (or the work's own) as they are.
func (w *Writer) Do(ctx context.Context, durable bool, work Work) error {
	req := &request{ctx: ctx, work: work, done: make(chan result, 1)}
	queue := w.bookkeeping
	if durable {
		queue = w.durable
	}
	select {
	case queue <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-w.quit:
		return ErrClosed
	}
	res := <-req.done
	if res.paniced {
		panic(res.panicked)
	}
	return res.err
}

func (w *Writer) run() {
	defer w.stopped.Done()
	for {
		var first *request
		durable := false
		select {
		case first = <-w.durable:
			durable = true
		case first = <-w.bookkeeping:
		case <-w.quit:
			return
		}
		queue := w.bookkeeping
		if durable {
			queue = w.durable
		}
		w.commitGroup(durable, first, queue)
	}
}

// member is a caller in the group being built.
type member struct {
	req       *request
	res       result
	released  bool   // its savepoint was released: it commits with the group
	committed func() // what its work does once committed
}

// commitGroup runs first and the callers waiting in queue (up to maxGroup,
// for up to maxGroupRun) in one transaction and answers each.
func (w *Writer) commitGroup(durable bool, first *request, queue chan *request) {
	bg := context.Background()
	sqlTx, done, err := BeginSQLite(bg, w.pool, durable)
	if err != nil {
		first.done <- result{err: fmt.Errorf("begin: %w", err)}
		return
	}
	defer done()
	started := time.Now()
	members := make([]*member, 0, 8)
	lost := false
	for req := first; req != nil; {
		m := &member{req: req}
		members = append(members, m)
		if !runMember(bg, sqlTx, m) {
			lost = true
			break
		}
		req = nil
		if len(members) < w.maxMembers && time.Since(started) < w.maxRun {
			select {
			case req = <-queue:
			default:
			}
		}
	}
	if lost {
		_ = sqlTx.Rollback()
		for _, m := range members {
			if m.released {
				m.res = result{err: ErrGroupLost}
			}
			m.req.done <- m.res
		}
		return
	}
	if err := sqlTx.Commit(); err != nil {
		err = fmt.Errorf("commit: %w", err)
		for _, m := range members {
			if m.released {
				m.res = result{err: err}
			}
			m.req.done <- m.res
		}
		return
	}
	for _, m := range members {
		if m.released && m.committed != nil {
			m.committed()
		}
		m.req.done <- m.res
	}
}

// runMember runs one caller's work in its own savepoint, settling m.res for
// a caller that failed and m.released for one that succeeded. It reports
// false when the group's transaction itself is gone.
func runMember(bg context.Context, sqlTx *sql.Tx, m *member) bool {
	if err := m.req.ctx.Err(); err != nil {
		m.res.err = err
		return true
	}
	if _, err := sqlTx.ExecContext(bg, `SAVEPOINT pl_member`); err != nil {
		m.res.err = fmt.Errorf("savepoint: %w", err)
		return false
	}
	committed, err, panicked, didPanic := callCaught(m.req.work, sqlTx)
	if err == nil && !didPanic {
		if _, err := sqlTx.ExecContext(bg, `RELEASE pl_member`); err != nil {
			m.res.err = fmt.Errorf("release: %w", err)
			return false
		}
		m.released, m.committed = true, committed
		return true
	}
	m.res = result{err: err, panicked: panicked, paniced: didPanic}
	if _, rerr := sqlTx.ExecContext(bg, `ROLLBACK TO pl_member`); rerr != nil {
		return false
	}
	if _, rerr := sqlTx.ExecContext(bg, `RELEASE pl_member`); rerr != nil {
		return false
	}
	return true
}

// callCaught calls work, turning a panic into its value.
func callCaught(work Work, tx *sql.Tx) (committed func(), err error, panicked any, didPanic bool) {
	defer func() {
		if p := recover(); p != nil {
			panicked, didPanic = p, true
		}
	}()
	committed, err = work(tx)
	return committed, err, nil, false
}
