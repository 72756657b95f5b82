package engine

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listener keeps a PostgreSQL connection of its own LISTENing on channels,
// reconnecting a second after a failure, and hands every notification on.
type Listener struct {
	DSN      string // as the driver takes it (PostgresDSN)
	Channels []string
	Log      *slog.Logger
	// Ready runs once the first connection listens; its error stops Start.
	Ready func(ctx context.Context) error
	// Listening says when notifications are heard (true after each
	// connection, Reconnected first for the later ones) and when they are
	// not (a connection lost, or ctx ended).
	Listening func(on bool)
	// Reconnected runs on each connection after the first, before its
	// notifications: the moment to catch up on what was missed.
	Reconnected func(ctx context.Context)
	// Notify gets every notification, in order.
	Notify func(ctx context.Context, channel, payload string)
}

// Start connects and listens, and returns once listening (or the first
// connection's error); it goes on listening until ctx ends.
func (l *Listener) Start(ctx context.Context) error {
	conn, err := l.connect(ctx)
	if err != nil {
		return err
	}
	if err := l.Ready(ctx); err != nil {
		conn.Close(context.Background())
		return err
	}
	l.Listening(true)
	go func() {
		defer l.Listening(false)
		for ctx.Err() == nil {
			if conn == nil {
				if conn, err = l.connect(ctx); err != nil {
					l.Log.Warn("live events: cannot listen", "err", err)
					select {
					case <-ctx.Done():
					case <-time.After(time.Second):
					}
					continue
				}
				l.Listening(true)
				l.Reconnected(ctx)
			}
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				if ctx.Err() == nil {
					l.Log.Warn("live events: listening failed; reconnecting", "err", err)
				}
				l.Listening(false)
				conn.Close(context.Background())
				conn = nil
				continue
			}
			l.Notify(ctx, n.Channel, n.Payload)
		}
		if conn != nil {
			conn.Close(context.Background())
		}
	}()
	return nil
}

func (l *Listener) connect(ctx context.Context) (*pgx.Conn, error) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(cctx, l.DSN)
	if err != nil {
		return nil, err
	}
	for _, ch := range l.Channels {
		if _, err := conn.Exec(cctx, `LISTEN `+ch); err != nil {
			conn.Close(context.Background())
			return nil, err
		}
	}
	return conn, nil
}
