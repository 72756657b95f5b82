package httpapi

import (
	"container/list"
	"errors"
	"net"
	"net/http"
	"sync"
)

// An instance's open files are shared by its database, its own files and
// its connections. The connections are capped below what the others leave
// (ConnectionsFor), so a flood of them never makes accept(2) fail with "too
// many open files", which would stop every answer, the health check's and
// the kiosk's included: beyond the cap a connection waits in the kernel's
// backlog, which holds none of the process's files, until one closes. The
// live event streams are capped below the connections
// (messaging.TotalStreamsFor), and a refused stream's connection is closed
// with its answer, so what is left of the connections serves ordinary
// requests.

// processFiles are the open files an instance keeps for itself besides its
// connections and its database: its listeners, its log, files being
// uploaded or backed up, the runtime's own.
const processFiles = 64

// ConnectionsFor is how many connections an instance holds open at most,
// given its open-file limit and the files its database may hold open: what
// the rest leave. 0 (no cap) for an unknown or unlimited limit.
func ConnectionsFor(openFiles uint64, databaseFiles int) int {
	if openFiles == 0 || openFiles > 1<<31 {
		return 0
	}
	return max(int(openFiles)-processFiles-databaseFiles, 1)
}

// ConnLimit is a listener that holds at most max connections open at once:
// Accept waits while max are open, and meanwhile closes the connections
// that idle between requests (HTTP keep-alive), longest idle first, since a
// client opens a new one for its next request. Give its ConnState to the
// http.Server. A connection taken over from net/http (a live event stream)
// counts until it is closed.
type ConnLimit struct {
	net.Listener
	slots     chan struct{} // one per open connection
	closed    chan struct{} // closed by Close
	closeOnce sync.Once

	mu      sync.Mutex
	idle    *list.List // of *limitedConn, longest idle first
	waiting bool       // Accept waits for a slot
}

// LimitConns caps ln's open connections at max (0: no cap, ln itself).
func LimitConns(ln net.Listener, max int) net.Listener {
	if max <= 0 {
		return ln
	}
	return &ConnLimit{Listener: ln, slots: make(chan struct{}, max), closed: make(chan struct{}), idle: list.New()}
}

// Close closes the listener, and ends an Accept waiting for a place.
func (l *ConnLimit) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// Accept waits for a free place, then accepts.
func (l *ConnLimit) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	default:
		l.mu.Lock()
		l.waiting = true
		l.closeIdleLocked()
		l.mu.Unlock()
		var err error
		select {
		case l.slots <- struct{}{}:
		case <-l.closed:
			err = net.ErrClosed
		}
		l.mu.Lock()
		l.waiting = false
		l.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, limit: l}, nil
}

// closeIdleLocked closes the connection idle longest (l.mu held); it
// gives its place back once net/http sees it closed.
func (l *ConnLimit) closeIdleLocked() {
	if e := l.idle.Front(); e != nil {
		c := l.idle.Remove(e).(*limitedConn)
		c.elem = nil
		_ = c.Conn.Close() // released by net/http's Close of the conn
	}
}

// Open is how many connections are open.
func (l *ConnLimit) Open() int { return len(l.slots) }

// Max is the cap.
func (l *ConnLimit) Max() int { return cap(l.slots) }

// ConnState follows each connection's state for http.Server.ConnState:
// idle ones may be closed for a new one.
func (l *ConnLimit) ConnState(nc net.Conn, state http.ConnState) {
	c, ok := nc.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.elem != nil {
		l.idle.Remove(c.elem)
		c.elem = nil
	}
	if state == http.StateIdle {
		c.elem = l.idle.PushBack(c)
		if l.waiting {
			l.closeIdleLocked()
		}
	}
}

// limitedConn gives its place back when closed.
type limitedConn struct {
	net.Conn
	limit *ConnLimit
	elem  *list.Element // in limit.idle while idle
	once  sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.limit.mu.Lock()
		if c.elem != nil {
			c.limit.idle.Remove(c.elem)
			c.elem = nil
		}
		c.limit.mu.Unlock()
		<-c.limit.slots
	})
	if errors.Is(err, net.ErrClosed) {
		return nil // closed for a new connection while idle
	}
	return err
}
