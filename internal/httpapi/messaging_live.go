package httpapi

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/packline/packline/internal/messaging"
)

// Live event streams without a goroutine each (5,000 streams on
// one instance). Once a stream over HTTP/1.x is set up (authenticated,
// capped, subscribed, its missed events replayed), its connection is taken
// from net/http (Hijack) and its handler returns: the connection's
// goroutine, its stack and net/http's buffers are given back. What remains
// a stream is a liveStream: its connection, the frames waiting for it, and
// one small goroutine blocked reading the connection, which notices the
// client leaving. Events reach it from the hub (each framed once, the same
// bytes for every stream); a few fan-out writers, as many as there are
// cores and only while there is something to write, write each stream's
// waiting frames in one writev. One sweep every heartbeat checks every
// stream's token and sends the keep-alive comment. HTTP/2 streams cannot be
// taken over and keep a goroutine each (handleEvents' loop).

// streamWriteTimeout is how long a write to one stream may block a
// fan-out writer before that stream is dropped (it reconnects and replays).
const streamWriteTimeout = 5 * time.Second

// liveStream is one event stream whose connection the server holds.
type liveStream struct {
	srv       *Server
	conn      net.Conn
	tokenHash string
	sub       *messaging.Sub
	release   func()

	mu      sync.Mutex
	early   []*messaging.Event // delivered before it started (replay not yet written)
	pending [][]byte           // frames waiting for a writer
	after   int64              // the last event id it was given
	started bool               // the replay is written: writers may write
	queued  bool               // with a writer, or waiting for one
	dropped bool               // fell behind (or the server stops): close once written
	closed  bool
	// deadline is the connection's write deadline, moved on only once half
	// of streamWriteTimeout is gone (setting it costs a runtime timer
	// update, 5% of a fan-out's CPU when set for every write).
	deadline time.Time
}

// liveStreams is the server's set of live streams and their writers.
type liveStreams struct {
	mu      sync.Mutex
	all     map[*liveStream]struct{}
	queue   []*liveStream // streams with frames waiting
	writers int           // fan-out writers running
	sweeper bool          // the heartbeat sweep is running
}

// deliver is the hub's hand-off (under the hub's lock: it must not block).
func (ls *liveStream) deliver(ev *messaging.Event) bool {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.closed || ls.dropped {
		return false
	}
	if !ls.started {
		ls.early = append(ls.early, ev)
		if len(ls.early) > messaging.MaxLag {
			ls.dropped, ls.early = true, nil
		}
		return !ls.dropped
	}
	if !ls.addLocked(ev) {
		return true
	}
	if len(ls.pending) > messaging.MaxLag {
		// Fell behind: it reconnects and replays what it missed.
		ls.dropped, ls.pending = true, nil
	}
	ls.scheduleLocked()
	return !ls.dropped
}

// addLocked queues ev's frame unless the stream already had it (replayed).
func (ls *liveStream) addLocked(ev *messaging.Event) bool {
	if ev.ID != 0 {
		if ev.ID <= ls.after {
			return false
		}
		ls.after = ev.ID
	}
	ls.pending = append(ls.pending, ev.Frame())
	return true
}

// send queues a frame of the server's own (a keep-alive, a goodbye).
func (ls *liveStream) send(frame []byte, thenClose bool) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.closed || (thenClose && ls.dropped) {
		return
	}
	ls.pending = append(ls.pending, frame)
	ls.dropped = ls.dropped || thenClose
	ls.scheduleLocked()
}

// scheduleLocked hands the stream to a writer unless one has it already.
func (ls *liveStream) scheduleLocked() {
	if ls.queued || !ls.started {
		return
	}
	ls.queued = true
	ls.srv.live.enqueue(ls)
}

func (l *liveStreams) enqueue(ls *liveStream) {
	l.mu.Lock()
	l.queue = append(l.queue, ls)
	start := l.writers < max(2, runtime.GOMAXPROCS(0))
	if start {
		l.writers++
	}
	l.mu.Unlock()
	if start {
		go l.write()
	}
}

// write is a fan-out writer: it writes streams' waiting frames while any
// stream has some, then ends.
func (l *liveStreams) write() {
	for {
		l.mu.Lock()
		if len(l.queue) == 0 {
			l.writers--
			l.queue = nil
			l.mu.Unlock()
			return
		}
		ls := l.queue[0]
		l.queue[0] = nil
		l.queue = l.queue[1:]
		l.mu.Unlock()
		ls.flush()
	}
}

// flush writes what waits for the stream (one writev a round) until nothing does.
func (ls *liveStream) flush() {
	for {
		ls.mu.Lock()
		frames, drop := ls.pending, ls.dropped
		ls.pending = nil
		if len(frames) == 0 || ls.closed {
			ls.queued = false
			ls.mu.Unlock()
			if drop {
				ls.close()
			}
			return
		}
		ls.mu.Unlock()
		if now := time.Now(); ls.deadline.Sub(now) < streamWriteTimeout/2 {
			ls.deadline = now.Add(streamWriteTimeout)
			_ = ls.conn.SetWriteDeadline(ls.deadline)
		}
		bufs := net.Buffers(frames)
		if _, err := bufs.WriteTo(ls.conn); err != nil {
			ls.mu.Lock()
			ls.queued = false
			ls.mu.Unlock()
			ls.close()
			return
		}
	}
}

// close ends the stream: the connection, its subscription and its place
// under the caps. Never called under the hub's lock.
func (ls *liveStream) close() {
	ls.mu.Lock()
	if ls.closed {
		ls.mu.Unlock()
		return
	}
	ls.closed = true
	ls.pending, ls.early = nil, nil
	ls.mu.Unlock()
	_ = ls.conn.Close()
	ls.srv.Messaging.Hub.Unsubscribe(ls.sub)
	ls.release()
	l := &ls.srv.live
	l.mu.Lock()
	delete(l.all, ls)
	l.mu.Unlock()
}

// watch notices the client leaving: a stream's client sends nothing, so a
// read returns only when the connection ends.
func (ls *liveStream) watch() {
	var b [1]byte
	for {
		if _, err := ls.conn.Read(b[:]); err != nil {
			ls.close()
			return
		}
	}
}

// newLiveStream is a stream about to be set up: subscribe it with its
// deliver (its events wait until startLive has written the replay).
func (s *Server) newLiveStream() *liveStream { return &liveStream{srv: s} }

// startLive takes the connection of a stream that is set up (subscribed
// as ls, its replay read) and hands it to the fan-out writers. It fails,
// having written nothing, when the connection cannot be taken over.
func (s *Server) startLive(w http.ResponseWriter, ls *liveStream, release func(), after int64, replay []messaging.Event) error {
	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return err
	}
	_ = conn.SetDeadline(time.Time{}) // the server's timeouts are for ordinary answers
	ls.mu.Lock()
	ls.conn, ls.release, ls.after = conn, release, after
	ls.mu.Unlock()

	// The answer's head, with the headers the middleware set, then the
	// replay: written here, before any writer may write to the stream.
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no") // proxies: do not buffer
	h.Set("Connection", "close")     // the stream ends with its connection
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	_ = h.Write(&head)
	head.WriteString("\r\nretry: 3000\n: stream open\n\n")
	ls.mu.Lock()
	for i := range replay {
		if ev := &replay[i]; ev.ID == 0 || ev.ID > ls.after {
			ls.after = max(ls.after, ev.ID)
			head.Write(ev.Frame())
		}
	}
	ls.mu.Unlock()
	_ = conn.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	if _, err := writeAll(brw.Writer, head.Bytes()); err != nil {
		ls.close()
		return nil
	}

	l := &s.live
	l.mu.Lock()
	if l.all == nil {
		l.all = map[*liveStream]struct{}{}
	}
	l.all[ls] = struct{}{}
	sweep := !l.sweeper
	l.sweeper = true
	l.mu.Unlock()
	if sweep {
		go s.sweepStreams()
	}

	ls.mu.Lock()
	ls.started = true
	for _, ev := range ls.early {
		ls.addLocked(ev)
	}
	ls.early = nil
	ls.scheduleLocked()
	ls.mu.Unlock()
	go ls.watch()
	select {
	case <-s.streams.done():
		ls.send(streamStopping, true)
	default:
	}
	return nil
}

func writeAll(w *bufio.Writer, b []byte) (int, error) {
	n, err := w.Write(b)
	if err == nil {
		err = w.Flush()
	}
	return n, err
}

var (
	streamPing     = []byte(": ping\n\n")
	streamStopping = []byte("retry: 1000\n: server stopping, reconnect\n\n")
)

// heartbeat is how often an idle event stream is checked and kept open:
// EventsHeartbeat, or messaging.Heartbeat when it is not set.
func (s *Server) heartbeat() time.Duration {
	if s.EventsHeartbeat > 0 {
		return s.EventsHeartbeat
	}
	return messaging.Heartbeat
}

// sweepStreams, every heartbeat while streams are open: a revoked or
// expired token, or a deactivated user, ends its streams; every other
// stream gets a comment line that keeps proxies from closing it.
func (s *Server) sweepStreams() {
	t := time.NewTicker(s.heartbeat())
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-s.streams.done():
			l := &s.live
			l.mu.Lock()
			l.sweeper = false
			l.mu.Unlock()
			return // CloseStreams ends them
		}
		l := &s.live
		l.mu.Lock()
		if len(l.all) == 0 {
			l.sweeper = false
			l.mu.Unlock()
			return
		}
		list := make([]*liveStream, 0, len(l.all))
		for ls := range l.all {
			list = append(list, ls)
		}
		l.mu.Unlock()
		valid := map[string]bool{}
		for _, ls := range list {
			ok, seen := valid[ls.tokenHash]
			if !seen {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				_, err := s.Accounts.AuthenticateHash(ctx, ls.tokenHash)
				cancel()
				ok = err == nil
				valid[ls.tokenHash] = ok
			}
			if !ok {
				ls.close()
				continue
			}
			ls.send(streamPing, false)
		}
	}
}

// stopLiveStreams tells every live stream the server is stopping (the
// browser comes back in a second, to this instance restarted or to another
// behind the proxy), closes it once that is written, and returns when all
// are closed (or after the write timeout).
func (s *Server) stopLiveStreams() {
	l := &s.live
	l.mu.Lock()
	list := make([]*liveStream, 0, len(l.all))
	for ls := range l.all {
		list = append(list, ls)
	}
	l.mu.Unlock()
	for _, ls := range list {
		ls.send(streamStopping, true)
	}
	// Streams whose goodbye cannot be written within the write timeout are
	// closed by their writer; wait for them so that shutdown ends them all.
	deadline := time.Now().Add(streamWriteTimeout + time.Second)
	for time.Now().Before(deadline) {
		l.mu.Lock()
		n := len(l.all)
		l.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
