package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
)

// MessagingStore implements messaging.Store: notifications, the chat and the
// event log, and carries every committed event to the Hub of every instance
// (see messaging_events.go).
type MessagingStore struct {
	db  *DB
	hub *messaging.Hub
}

var _ messaging.Store = (*MessagingStore)(nil)

// NewMessagingStore returns the messaging store over db, publishing to hub.
// Notifications that other areas record in their own transactions (Tx.Notice)
// reach hub too.
func NewMessagingStore(db *DB, hub *messaging.Hub) *MessagingStore {
	db.hub.Store(hub)
	return &MessagingStore{db: db, hub: hub}
}

// NewMessagingService returns the messaging service over db with a new hub,
// the database's clock and its settings (for tests; the app wires its
// Calendar).
func NewMessagingService(db *DB) *messaging.Service {
	hub := messaging.NewHub()
	cal := &organisation.Calendar{Settings: NewOrganisationService(db), Clock: db.Now}
	return messaging.NewService(NewMessagingStore(db, hub), cal, hub)
}

const personName = `TRIM(%s.first_name || ' ' || %s.last_name)`

func nameOf(alias string) string { return strings.ReplaceAll(personName, "%s", alias) }

// List returns a page of a user's notifications (those the filter keeps),
// how many the filter keeps and the user's unread count (all of them).
func (s *MessagingStore) List(ctx context.Context, userID int64, f messaging.Filter) (messaging.Page, error) {
	cond, args := `1 = 1`, []any{}
	if f.UnreadOnly {
		cond += ` AND n.read_at IS NULL`
	}
	if f.Kind != "" {
		cond, args = cond+` AND n.kind = ?`, append(args, f.Kind)
	}
	rows, err := s.db.Query(ctx, `SELECT n.id, n.kind, n.params, n.link, n.created_at, n.read_at, a.id, `+nameOf("a")+`
		FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
		WHERE n.user_id = ? AND `+cond+` ORDER BY n.created_at DESC, n.id DESC LIMIT ? OFFSET ?`, append(append([]any{userID}, args...), f.Limit, f.Offset)...)
	if err != nil {
		return messaging.Page{}, err
	}
	defer rows.Close()
	page := messaging.Page{Notifications: []messaging.Notification{}}
	for rows.Next() {
		var n messaging.Notification
		var params string
		var created int64
		var read, actorID sql.NullInt64
		var actorName sql.NullString
		if err := rows.Scan(&n.ID, &n.Kind, &params, &n.Link, &created, &read, &actorID, &actorName); err != nil {
			return page, err
		}
		n.CreatedAt = FromMillis(created)
		n.Read = read.Valid
		if actorID.Valid {
			n.Actor = &messaging.Person{ID: actorID.Int64, Name: actorName.String}
		}
		n.Params = map[string]string{}
		_ = json.Unmarshal([]byte(params), &n.Params)
		page.Notifications = append(page.Notifications, n)
	}
	if err := rows.Err(); err != nil {
		return page, err
	}
	err = s.db.QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN `+cond+` THEN 1 ELSE 0 END), 0), COUNT(*) - COUNT(n.read_at)
		FROM notifications n WHERE n.user_id = ?`, append(args, userID)...).Scan(&page.Total, &page.Unread)
	return page, err
}

func unreadCount(ctx context.Context, tx *Tx, userID int64) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read_at IS NULL`, userID).Scan(&n)
	return n, err
}

// MarkRead marks notifications read; ids empty means all of the user's. The
// user's streams get the new unread count.
func (s *MessagingStore) MarkRead(ctx context.Context, userID int64, ids []int64) (int, error) {
	var unread int
	err := s.withEvents(ctx, func(tx *Tx, ev *events) error {
		q := `UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL`
		args := []any{Millis(tx.Now), userID}
		if len(ids) > 0 {
			cond, arg := anyOf(tx, "id", ids)
			q, args = q+` AND `+cond, append(args, arg)
		}
		res, err := tx.Exec(ctx, q, args...)
		if err != nil {
			return err
		}
		if unread, err = unreadCount(ctx, tx, userID); err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return ev.add(ctx, tx, userID, messaging.EventNotification, map[string]any{"unread": unread})
	})
	return unread, err
}

// Notify records a notification for its recipients (see messaging.Audience
// when To is nil), each with an event carrying it.
func (s *MessagingStore) Notify(ctx context.Context, n messaging.NewNotification) error {
	return s.withEvents(ctx, func(tx *Tx, ev *events) error {
		return recordNotification(ctx, tx, ev, n)
	})
}

// People lists the active users.
func (s *MessagingStore) People(ctx context.Context) ([]messaging.Person, error) {
	return s.people(ctx, 0)
}

// people lists the active users, or the one with id.
func (s *MessagingStore) people(ctx context.Context, id int64) ([]messaging.Person, error) {
	q := `SELECT u.id, ` + nameOf("u") + ` FROM users u WHERE u.active = ?`
	args := []any{true}
	if id != 0 {
		q += ` AND u.id = ?`
		args = append(args, id)
	}
	rows, err := s.db.Query(ctx, q+` ORDER BY u.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []messaging.Person
	for rows.Next() {
		var p messaging.Person
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
