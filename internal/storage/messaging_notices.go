package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/packline/packline/internal/messaging"
)

// eventsLock is the PostgreSQL advisory lock every transaction that records
// events holds from then until it ends (see withEvents).
const eventsLock = 727275

func lockEvents(ctx context.Context, tx *Tx) error {
	if tx.db.Dialect != Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(?)`, eventsLock)
	return err
}

// notice is a notification a transaction records just before it commits.
type notice struct {
	key string
	n   messaging.NewNotification
}

// Notice records n, with each recipient's live event, in tx just before it
// commits: a notification raised by a business write (a stock move, a
// payment) exists exactly when the write does, and a rolled-back write
// notifies nobody. A key already queued in this transaction is ignored (one
// low-stock notice per item per transaction); "" is never a duplicate.
//
// The notices are written after everything else the transaction does, so
// the events lock is the last lock it takes: row locks taken earlier (an
// item's, an invoice's) cannot deadlock against it.
func (tx *Tx) Notice(key string, n messaging.NewNotification) {
	for _, q := range tx.notices {
		if key != "" && q.key == key {
			return
		}
	}
	tx.notices = append(tx.notices, notice{key: key, n: n})
}

// recordNotices writes the queued notices; the returned func, called once
// committed, hands their events to this instance's hub (SQLite; PostgreSQL
// delivers them through LISTEN to every instance).
func (tx *Tx) recordNotices(ctx context.Context) (func(), error) {
	if len(tx.notices) == 0 {
		return func() {}, nil
	}
	if err := lockEvents(ctx, tx); err != nil {
		return nil, err
	}
	ev := &events{db: tx.db}
	for _, q := range tx.notices {
		if err := recordNotification(ctx, tx, ev, q.n); err != nil {
			return nil, err
		}
	}
	tx.notices = nil
	return func() {
		if tx.db.Dialect == Postgres {
			return
		}
		if hub := tx.db.hub.Load(); hub != nil {
			for _, e := range ev.list {
				hub.Publish(e)
			}
		}
	}, nil
}

// recordNotification writes n for each of its recipients with an event
// carrying it. Recipients when n.To is nil: see messaging.Audience.
func recordNotification(ctx context.Context, tx *Tx, ev *events, n messaging.NewNotification) error {
	if n.Params == nil {
		n.Params = map[string]string{}
	}
	body, err := json.Marshal(n.Params)
	if err != nil {
		return err
	}
	var actor *messaging.Person
	var actorID any
	if n.ActorID != 0 {
		actorID = n.ActorID
		var p messaging.Person
		err := tx.QueryRow(ctx, `SELECT u.id, `+nameOf("u")+` FROM users u WHERE u.id = ?`, n.ActorID).Scan(&p.ID, &p.Name)
		switch {
		case err == nil:
			actor = &p
		case err != sql.ErrNoRows:
			return err
		}
	}
	to := n.To
	if to == nil {
		if to, err = recipients(ctx, tx, n); err != nil {
			return err
		}
	}
	var once any
	if n.Once != "" {
		once = n.Once
	}
	for _, uid := range to {
		if n.Once != "" {
			// The events lock (held by every transaction that records
			// notifications) makes this read and the insert one step.
			told, err := toldWithin(ctx, tx, uid, n.Once, tx.Now.Add(-n.Period))
			if err != nil {
				return err
			}
			if told {
				continue
			}
		}
		item := messaging.Notification{Kind: n.Kind, Actor: actor, Params: n.Params, Link: n.Link, CreatedAt: tx.Now.Truncate(1e6)}
		if err := tx.QueryRow(ctx, `INSERT INTO notifications (user_id, kind, params, created_at, actor_id, link, once_key)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, uid, n.Kind, string(body), Millis(tx.Now), actorID, n.Link, once).Scan(&item.ID); err != nil {
			return mapError(err)
		}
		unread, err := unreadCount(ctx, tx, uid)
		if err != nil {
			return err
		}
		if err := ev.add(ctx, tx, uid, messaging.EventNotification, map[string]any{"unread": unread, "notification": item}); err != nil {
			return err
		}
	}
	return nil
}

// toldWithin reports whether the user got a notice with the once key since
// the instant after.
func toldWithin(ctx context.Context, tx *Tx, userID int64, once string, after time.Time) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM notifications
		WHERE user_id = ? AND once_key = ? AND created_at > ? LIMIT 1) t`, userID, once, Millis(after)).Scan(&n)
	return n > 0, err
}

// PurgeNotifications deletes the read notifications created before cutoff.
func (s *MessagingStore) PurgeNotifications(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.db.purge(ctx, "notifications", "id", `read_at IS NOT NULL AND created_at < ?`, Millis(cutoff))
}

// recipients are the active users n's audience names.
func recipients(ctx context.Context, tx *Tx, n messaging.NewNotification) ([]int64, error) {
	q := `SELECT id FROM users WHERE active = ?`
	args := []any{true}
	switch n.Audience {
	case messaging.AudienceOthers:
		q += ` AND id <> ?`
		args = append(args, n.ActorID)
	case messaging.AudienceAdmins:
		q += ` AND role = 'admin'`
	case messaging.AudienceStaff:
	}
	rows, err := tx.Query(ctx, q+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var to []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		to = append(to, id)
	}
	return to, rows.Err()
}
