package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"github.com/packline/packline/internal/messaging"
)

// MessagingStore implements messaging.Store.
type MessagingStore struct{ db *DB }

var _ messaging.Store = (*MessagingStore)(nil)

// NewMessagingStore returns the notification store over db.
func NewMessagingStore(db *DB) *MessagingStore { return &MessagingStore{db: db} }

// NewMessagingService returns the notification service over db.
func NewMessagingService(db *DB) *messaging.Service {
	return messaging.NewService(NewMessagingStore(db))
}

// List returns a user's newest notifications and the unread count.
func (s *MessagingStore) List(ctx context.Context, userID int64, limit int) ([]messaging.Notification, int, error) {
	rows, err := s.db.Query(ctx, `SELECT id, kind, params, created_at, read_at FROM notifications
		WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, userID, limit)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []messaging.Notification{}
	for rows.Next() {
		var n messaging.Notification
		var params string
		var created int64
		var read sql.NullInt64
		if err := rows.Scan(&n.ID, &n.Kind, &params, &created, &read); err != nil {
			return nil, 0, err
		}
		n.CreatedAt = FromMillis(created)
		n.Read = read.Valid
		n.Params = map[string]string{}
		_ = json.Unmarshal([]byte(params), &n.Params)
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	var unread int
	err = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read_at IS NULL`, userID).Scan(&unread)
	return out, unread, err
}

// MarkRead marks notifications read; ids empty means all of the user's.
func (s *MessagingStore) MarkRead(ctx context.Context, userID int64, ids []int64) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		q := `UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL`
		args := []any{Millis(tx.Now), userID}
		if len(ids) > 0 {
			q += ` AND id IN (?` + strings.Repeat(",?", len(ids)-1) + `)`
			for _, id := range ids {
				args = append(args, id)
			}
		}
		_, err := tx.Exec(ctx, q, args...)
		return err
	})
}

// NotifyAll records a notification for every active user except the actor.
func (s *MessagingStore) NotifyAll(ctx context.Context, actorID int64, kind string, params map[string]string) error {
	body, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, kind, params, created_at)
			SELECT id, ?, ?, ? FROM users WHERE active = ? AND id <> ?`, kind, string(body), Millis(tx.Now), true, actorID)
		return err
	})
}
