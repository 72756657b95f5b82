package storage

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
// each caller's function inside its own SAVEPOINT of one transaction, and
// commits them together: one COMMIT, one fsync of the WAL, however many
// punches it carries. Each caller is answered only after that COMMIT has
// returned, so "durable before acknowledged" holds for every one of them.
//
//   - A caller's error (or panic) rolls back to its savepoint only; it gets
//     its own error (the panic is raised again in its own goroutine) and the
//     others in the group are not affected.
//   - A failed COMMIT fails every caller whose function succeeded, with the
//     commit's error; none of them was acknowledged.
//   - What a caller's transaction publishes after commit (the live events
//     of its notices) is published only once the group's COMMIT succeeded,
//     and only for callers whose savepoint was released.
//   - One clock per caller: each caller's Tx.Now is fixed when its savepoint
//     begins, so every row one caller writes carries the same time, as a
//     transaction of its own would; two callers in a group may differ.
//   - Durable (WithTx) and bookkeeping (WithBookkeepingTx) callers never
//     share a group: a bookkeeping group commits with synchronous=NORMAL
//     (no fsync), so a PIN check's throttle counts never wait for a disk.
//   - A group stops taking callers at maxGroup of them or once its
//     functions have run for maxGroupRun, so a long transaction (an import's
//     publish) holds back only the few callers that ran before it.
//
// PostgreSQL commits each transaction on its own connection; its server
// already shares WAL flushes between concurrent commits.
const (
	maxGroup    = 64
	maxGroupRun = 4 * time.Millisecond
)

// errGroupLost is what a caller whose savepoint had been released hears when
// a later caller's failure took the whole group's transaction with it (an
// interrupted statement in SQLite can roll back the transaction). Nothing of
// the caller was committed; isRetryable lets WithTx run it again.
var errGroupLost = errors.New("storage: the group's transaction was rolled back by another caller's failure")

// errClosed is WithTx's answer once the database is closed.
var errClosed = errors.New("storage: database is closed")

// writeReq is one caller's transaction, waiting for the writer.
type writeReq struct {
	ctx  context.Context
	fn   func(tx *Tx) error
	done chan writeResult // buffered: the writer never waits for a caller
	// noClock: fn writes back what was decided earlier and reads no clock
	// (its Tx.Now stays zero), so the writer does not read db.Now for it.
	noClock bool
}

type writeResult struct {
	err      error
	panicked any // the value fn panicked with, raised again by the caller
	paniced  bool
}

// groupWriter runs SQLite's write transactions, grouped.
type groupWriter struct {
	db *DB
	// maxMembers and maxRun cap a group (maxGroup, maxGroupRun).
	maxMembers  int
	maxRun      time.Duration
	durable     chan *writeReq
	bookkeeping chan *writeReq
	quit        chan struct{}
	stopped     sync.WaitGroup
	closeOnce   sync.Once
}

func newGroupWriter(db *DB) *groupWriter {
	w := &groupWriter{
		db:          db,
		maxMembers:  maxGroup,
		maxRun:      maxGroupRun,
		durable:     make(chan *writeReq),
		bookkeeping: make(chan *writeReq),
		quit:        make(chan struct{}),
	}
	w.stopped.Add(1)
	go w.run()
	return w
}

// close stops the writer once its current group is answered; callers that
// arrive later get errClosed.
func (w *groupWriter) close() {
	w.closeOnce.Do(func() { close(w.quit) })
	w.stopped.Wait()
}

// do hands fn to the writer and waits for its answer. A caller whose context
// ends before the writer took it returns at once; once taken, it waits for
// the group's outcome, which the writer always sends.
func (w *groupWriter) do(ctx context.Context, durable bool, fn func(tx *Tx) error) error {
	return w.doReq(&writeReq{ctx: ctx, fn: fn, done: make(chan writeResult, 1)}, durable)
}

func (w *groupWriter) doReq(req *writeReq, durable bool) error {
	ctx := req.ctx
	queue := w.bookkeeping
	if durable {
		queue = w.durable
	}
	select {
	case queue <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-w.quit:
		return errClosed
	}
	res := <-req.done
	if res.paniced {
		panic(res.panicked)
	}
	return res.err
}

func (w *groupWriter) run() {
	defer w.stopped.Done()
	for {
		var first *writeReq
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

// member is a caller in the group being built, with what it published.
type member struct {
	req       *writeReq
	tx        *Tx
	res       writeResult
	released  bool   // its savepoint was released: it commits with the group
	published func() // its notices' live events, for after the commit
}

// commitGroup runs first and the callers waiting in queue (up to maxGroup,
// for up to maxGroupRun) in one transaction and answers each.
func (w *groupWriter) commitGroup(durable bool, first *writeReq, queue chan *writeReq) {
	bg := context.Background()
	sqlTx, done, err := w.db.beginSQLite(bg, durable)
	if err != nil {
		first.done <- writeResult{err: fmt.Errorf("begin: %w", err)}
		return
	}
	defer done()
	started := time.Now()
	members := make([]*member, 0, 8)
	lost := false
	for req := first; req != nil; {
		m := &member{req: req}
		members = append(members, m)
		if !w.runMember(bg, sqlTx, m) {
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
				m.res = writeResult{err: errGroupLost}
			}
			m.req.done <- m.res
		}
		return
	}
	if err := sqlTx.Commit(); err != nil {
		err = mapError(fmt.Errorf("commit: %w", err))
		for _, m := range members {
			if m.released {
				m.res = writeResult{err: err}
			}
			m.req.done <- m.res
		}
		return
	}
	for _, m := range members {
		if m.released {
			m.tx.committed()
			m.published()
		}
		m.req.done <- m.res
	}
}

// runMember runs one caller's function in its own savepoint, settling m.res
// for a caller that failed and m.released for one that succeeded. It
// reports false when the group's transaction itself is gone.
func (w *groupWriter) runMember(bg context.Context, sqlTx *sql.Tx, m *member) bool {
	if err := m.req.ctx.Err(); err != nil {
		m.res.err = err
		return true
	}
	if _, err := sqlTx.ExecContext(bg, `SAVEPOINT pl_member`); err != nil {
		m.res.err = mapError(fmt.Errorf("savepoint: %w", err))
		return false
	}
	tx := &Tx{db: w.db, tx: sqlTx}
	if !m.req.noClock {
		tx.Now = w.db.Now().UTC().Truncate(time.Millisecond)
	}
	m.tx = tx
	err, panicked, didPanic := callCaught(m.req.fn, tx)
	var published func()
	if err == nil && !didPanic {
		published, err = tx.recordNotices(m.req.ctx)
	}
	if err == nil && !didPanic {
		if _, err := sqlTx.ExecContext(bg, `RELEASE pl_member`); err != nil {
			m.res.err = mapError(fmt.Errorf("release: %w", err))
			return false
		}
		m.released, m.published = true, published
		return true
	}
	m.res = writeResult{err: mapError(err), panicked: panicked, paniced: didPanic}
	if _, rerr := sqlTx.ExecContext(bg, `ROLLBACK TO pl_member`); rerr != nil {
		return false
	}
	if _, rerr := sqlTx.ExecContext(bg, `RELEASE pl_member`); rerr != nil {
		return false
	}
	return true
}

// callCaught calls fn, turning a panic into its value.
func callCaught(fn func(tx *Tx) error, tx *Tx) (err error, panicked any, didPanic bool) {
	defer func() {
		if p := recover(); p != nil {
			panicked, didPanic = p, true
		}
	}()
	return fn(tx), nil, false
}
