package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage/engine"
)

// eventsChannel is the PostgreSQL NOTIFY channel every instance listens on.
const eventsChannel = "packline_events"

// notifyMax is the largest NOTIFY payload sent whole (PostgreSQL's limit is
// 8000 bytes); a larger event travels as its id and is read back.
const notifyMax = 7000

// events collects the events one transaction records.
type events struct {
	db   *DB
	list []messaging.Event
}

// add records an event for a user (0: everyone) in tx. On PostgreSQL it is
// also NOTIFYed, which PostgreSQL delivers to every instance at commit.
func (e *events) add(ctx context.Context, tx *Tx, userID int64, typ string, data any) error {
	body, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var uid any
	if userID != 0 {
		uid = userID
	}
	ev := messaging.Event{UserID: userID, Type: typ, Data: body}
	if err := tx.QueryRow(ctx, `INSERT INTO events (user_id, type, data, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
		uid, typ, string(body), Millis(tx.Now)).Scan(&ev.ID); err != nil {
		return err
	}
	if e.db.Dialect == Postgres {
		if _, err := tx.Exec(ctx, `SELECT pg_notify(?, ?)`, eventsChannel, notifyPayload(ev)); err != nil {
			return err
		}
	}
	e.list = append(e.list, ev)
	return nil
}

func notifyPayload(ev messaging.Event) string {
	b, _ := json.Marshal(ev)
	if len(b) > notifyMax && ev.ID != 0 {
		b, _ = json.Marshal(messaging.Event{ID: ev.ID})
	}
	return string(b)
}

// withEvents runs fn in a durable transaction and, once committed, hands its
// events to this instance's hub (SQLite; PostgreSQL delivers them through
// LISTEN to every instance, this one included).
func (s *MessagingStore) withEvents(ctx context.Context, fn func(tx *Tx, ev *events) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		// PostgreSQL: event ids come from one sequence, and two transactions
		// could commit out of id order: a stream that saw 11 and reconnects
		// with Last-Event-ID 11 would never be replayed 10, committed just
		// after. Transactions that record events therefore run one at a time
		// (the lock is their first statement here, and the last lock other
		// areas' transactions take, see Tx.Notice, so they cannot deadlock on
		// each other), and ids commit in order.
		if err := lockEvents(ctx, tx); err != nil {
			return err
		}
		ev := &events{db: s.db}
		if err := fn(tx, ev); err != nil {
			return err
		}
		if s.db.Dialect != Postgres {
			// Published in commit order (a group commit acknowledges its
			// callers together: published by each caller, ids could reach
			// a stream out of order, and it skips an id lower than one seen).
			tx.onCommit(func() {
				for _, e := range ev.list {
					s.hub.Publish(e)
				}
			})
		}
		return nil
	})
}

// PublishEphemeral sends an event to every instance without storing it.
func (s *MessagingStore) PublishEphemeral(ctx context.Context, ev messaging.Event) error {
	ev.ID = 0
	if s.db.Dialect != Postgres {
		s.hub.Publish(ev)
		return nil
	}
	_, err := s.db.write.ExecContext(ctx, `SELECT pg_notify($1, $2)`, eventsChannel, notifyPayload(ev))
	return err
}

// EventsSince returns the stored events a user may see after id.
func (s *MessagingStore) EventsSince(ctx context.Context, userID, after int64, limit int) ([]messaging.Event, error) {
	return s.eventsSince(ctx, `(user_id IS NULL OR user_id = ?) AND id > ?`, []any{userID, after}, limit)
}

func (s *MessagingStore) eventsSince(ctx context.Context, where string, args []any, limit int) ([]messaging.Event, error) {
	rows, err := s.db.Query(ctx, `SELECT id, user_id, type, data FROM events WHERE `+where+` ORDER BY id LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []messaging.Event{}
	for rows.Next() {
		var ev messaging.Event
		var uid sql.NullInt64
		var data string
		if err := rows.Scan(&ev.ID, &uid, &ev.Type, &data); err != nil {
			return nil, err
		}
		ev.UserID = uid.Int64
		ev.Data = json.RawMessage(data)
		out = append(out, ev)
	}
	return out, rows.Err()
}

// LastEventID is the newest stored event's id (0 when none).
func (s *MessagingStore) LastEventID(ctx context.Context) (int64, error) {
	var id sql.NullInt64
	err := s.db.QueryRow(ctx, `SELECT MAX(id) FROM events`).Scan(&id)
	return id.Int64, err
}

// SaveTicket stores a stream ticket (bookkeeping: a lost ticket is asked again).
func (s *MessagingStore) SaveTicket(ctx context.Context, ticketHash, tokenHash string, expires time.Time) error {
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO event_tickets (ticket_hash, token_hash, expires_at) VALUES (?, ?, ?)`,
			ticketHash, tokenHash, Millis(expires))
		return err
	})
}

// UseTicket deletes a ticket and returns its token's hash if it was unexpired.
func (s *MessagingStore) UseTicket(ctx context.Context, ticketHash string) (string, bool, error) {
	var token string
	var expires int64
	err := s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `DELETE FROM event_tickets WHERE ticket_hash = ? RETURNING token_hash, expires_at`, ticketHash).Scan(&token, &expires)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return token, Millis(s.db.Now()) < expires, nil
}

// PurgeEvents deletes events older than cutoff and expired tickets.
func (s *MessagingStore) PurgeEvents(ctx context.Context, cutoff time.Time) (int64, error) {
	n, err := s.db.purge(ctx, "events", "id", `created_at < ?`, Millis(cutoff))
	if err != nil {
		return n, err
	}
	m, err := s.db.purge(ctx, "event_tickets", "ticket_hash", `expires_at < ?`, Millis(s.db.Now()))
	return n + m, err
}

// Listen makes this instance's hub receive every instance's events. On
// SQLite (one instance) events are handed over in process and Listen does
// nothing. On PostgreSQL it LISTENs on a connection of its own (returning
// once listening) and keeps doing so, reconnecting after a failure and then
// reading back from the event log what it missed, until ctx ends
// (engine.Listener). It counts the kiosk list's changes too.
func (s *MessagingStore) Listen(ctx context.Context, log *slog.Logger) error {
	if s.db.Dialect != Postgres {
		return nil
	}
	var last int64
	return (&engine.Listener{
		DSN:      s.db.driverDSN,
		Channels: []string{eventsChannel, kioskChannel},
		Log:      log,
		Ready: func(ctx context.Context) (err error) {
			last, err = s.LastEventID(ctx)
			return err
		},
		Listening: func(on bool) {
			if on { // the kiosk's list may have changed meanwhile
				s.db.kiosk.Changed()
			}
			s.db.kiosk.Listening(on)
		},
		Reconnected: func(ctx context.Context) {
			// Catch up on what was committed while not listening.
			missed, err := s.eventsSince(ctx, `id > ?`, []any{last}, 10000)
			if err != nil {
				log.Warn("live events: catching up", "err", err)
			}
			for _, ev := range missed {
				s.hub.Publish(ev)
				last = ev.ID
			}
		},
		Notify: func(ctx context.Context, channel, payload string) {
			if channel == kioskChannel {
				s.db.kiosk.Changed()
				return
			}
			var ev messaging.Event
			if json.Unmarshal([]byte(payload), &ev) != nil {
				return
			}
			if ev.Type == "" && ev.ID != 0 { // too large for NOTIFY: read it back
				list, err := s.eventsSince(ctx, `id = ?`, []any{ev.ID}, 1)
				if err != nil || len(list) == 0 {
					log.Warn("live events: reading back an event", "id", ev.ID, "err", err)
					return
				}
				ev = list[0]
			}
			if ev.ID > last {
				last = ev.ID
			}
			s.hub.Publish(ev)
		},
	}).Start(ctx)
}
