package storage

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage/engine"
)

const topicColumns = `t.id, t.name, t.created_by, ` + `TRIM(c.first_name || ' ' || c.last_name)` + `, t.created_at, t.last_message_at`

func scanTopic(sc interface{ Scan(...any) error }, extra ...any) (*messaging.Topic, error) {
	var t messaging.Topic
	var created int64
	var last sql.NullInt64
	if err := sc.Scan(append([]any{&t.ID, &t.Name, &t.CreatedBy.ID, &t.CreatedBy.Name, &created, &last}, extra...)...); err != nil {
		return nil, err
	}
	t.CreatedAt = FromMillis(created)
	if last.Valid {
		at := FromMillis(last.Int64)
		t.LastMessageAt = &at
	}
	return &t, nil
}

// CreateTopic adds a topic with its chat.topic event.
func (s *MessagingStore) CreateTopic(ctx context.Context, by int64, name string) (*messaging.Topic, error) {
	var t *messaging.Topic
	err := s.withEvents(ctx, func(tx *Tx, ev *events) error {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO chat_topics (name, name_key, created_by, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			name, strings.ToLower(name), by, Millis(tx.Now)).Scan(&id); err != nil {
			if engine.IsUniqueViolation(err) {
				return messaging.ErrTopicTaken
			}
			return err
		}
		var err error
		if t, err = scanTopic(tx.QueryRow(ctx, `SELECT `+topicColumns+` FROM chat_topics t JOIN users c ON c.id = t.created_by WHERE t.id = ?`, id)); err != nil {
			return err
		}
		return ev.add(ctx, tx, 0, messaging.EventChatTopic, t)
	})
	return t, err
}

// Topics lists the topics, most recently active first, with the user's unread counts.
func (s *MessagingStore) Topics(ctx context.Context, userID int64) ([]messaging.Topic, error) {
	rows, err := s.db.Query(ctx, `SELECT `+topicColumns+`, COALESCE(r.last_read_id, 0),
		(SELECT COUNT(*) FROM chat_messages m WHERE m.topic_id = t.id AND m.id > COALESCE(r.last_read_id, 0)
			AND m.deleted_at IS NULL AND m.author_id <> ?)
		FROM chat_topics t JOIN users c ON c.id = t.created_by
		LEFT JOIN chat_reads r ON r.topic_id = t.id AND r.user_id = ?
		ORDER BY COALESCE(t.last_message_at, t.created_at) DESC, t.id DESC LIMIT 500`, userID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []messaging.Topic{}
	for rows.Next() {
		var lastRead int64
		var unread int
		t, err := scanTopic(rows, &lastRead, &unread)
		if err != nil {
			return nil, err
		}
		t.LastReadID, t.Unread = lastRead, unread
		out = append(out, *t)
	}
	return out, rows.Err()
}

// Topic returns one topic.
func (s *MessagingStore) Topic(ctx context.Context, id int64) (*messaging.Topic, error) {
	t, err := scanTopic(s.db.QueryRow(ctx, `SELECT `+topicColumns+` FROM chat_topics t JOIN users c ON c.id = t.created_by WHERE t.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, messaging.ErrTopicNotFound
	}
	return t, err
}

const messageColumns = `m.id, m.topic_id, m.author_id, TRIM(a.first_name || ' ' || a.last_name), m.text, m.created_at, m.edited_at, m.deleted_at`

func scanMessage(sc rowScanner) (*messaging.Message, error) {
	var m messaging.Message
	var created int64
	var edited, deleted sql.NullInt64
	if err := sc.Scan(&m.ID, &m.TopicID, &m.Author.ID, &m.Author.Name, &m.Text, &created, &edited, &deleted); err != nil {
		return nil, err
	}
	m.CreatedAt = FromMillis(created)
	if edited.Valid {
		at := FromMillis(edited.Int64)
		m.EditedAt = &at
	}
	m.Deleted = deleted.Valid
	return &m, nil
}

func (s *MessagingStore) messageTx(ctx context.Context, tx *Tx, id int64) (*messaging.Message, error) {
	m, err := scanMessage(tx.QueryRow(ctx, `SELECT `+messageColumns+` FROM chat_messages m JOIN users a ON a.id = m.author_id WHERE m.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, messaging.ErrMessageNotFound
	}
	return m, err
}

// PostMessage adds a message with its chat.message event.
func (s *MessagingStore) PostMessage(ctx context.Context, by, topicID int64, text string) (*messaging.Message, error) {
	var m *messaging.Message
	err := s.withEvents(ctx, func(tx *Tx, ev *events) error {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO chat_messages (topic_id, author_id, text, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			topicID, by, text, Millis(tx.Now)).Scan(&id); err != nil {
			return mapError(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE chat_topics SET last_message_id = ?, last_message_at = ? WHERE id = ?`, id, Millis(tx.Now), topicID); err != nil {
			return err
		}
		var err error
		if m, err = s.messageTx(ctx, tx, id); err != nil {
			return err
		}
		return ev.add(ctx, tx, 0, messaging.EventChatMessage, map[string]any{"action": "posted", "message": m})
	})
	return m, err
}

// Messages returns a topic's messages before id (0: the newest), newest first.
func (s *MessagingStore) Messages(ctx context.Context, topicID, before int64, limit int) ([]messaging.Message, error) {
	q := `SELECT ` + messageColumns + ` FROM chat_messages m JOIN users a ON a.id = m.author_id WHERE m.topic_id = ?`
	args := []any{topicID}
	if before > 0 {
		q += ` AND m.id < ?`
		args = append(args, before)
	}
	return scanAll(ctx, s.db, scanMessage, q+` ORDER BY m.id DESC LIMIT ?`, append(args, limit)...)
}

// Message returns one message.
func (s *MessagingStore) Message(ctx context.Context, id int64) (*messaging.Message, error) {
	m, err := scanMessage(s.db.QueryRow(ctx, `SELECT `+messageColumns+` FROM chat_messages m JOIN users a ON a.id = m.author_id WHERE m.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, messaging.ErrMessageNotFound
	}
	return m, err
}

// EditMessage changes a message's text with its event.
func (s *MessagingStore) EditMessage(ctx context.Context, id int64, text string) (*messaging.Message, error) {
	return s.changeMessage(ctx, id, "edited", `text = ?, edited_at = ?`, text)
}

// DeleteMessage empties a message and marks it deleted, with its event.
func (s *MessagingStore) DeleteMessage(ctx context.Context, id int64) (*messaging.Message, error) {
	return s.changeMessage(ctx, id, "deleted", `text = ?, deleted_at = ?`, "")
}

func (s *MessagingStore) changeMessage(ctx context.Context, id int64, action, set, text string) (*messaging.Message, error) {
	var m *messaging.Message
	err := s.withEvents(ctx, func(tx *Tx, ev *events) error {
		res, err := tx.Exec(ctx, `UPDATE chat_messages SET `+set+` WHERE id = ? AND deleted_at IS NULL`, text, Millis(tx.Now), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return messaging.ErrMessageDeleted
		}
		if m, err = s.messageTx(ctx, tx, id); err != nil {
			return err
		}
		return ev.add(ctx, tx, 0, messaging.EventChatMessage, map[string]any{"action": action, "message": m})
	})
	return m, err
}

// MarkTopicRead moves a user's read mark in a topic forward (never back).
func (s *MessagingStore) MarkTopicRead(ctx context.Context, userID, topicID, upTo int64) error {
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO chat_reads (user_id, topic_id, last_read_id) VALUES (?, ?, ?)
			ON CONFLICT (user_id, topic_id) DO UPDATE SET last_read_id = excluded.last_read_id
			WHERE chat_reads.last_read_id < excluded.last_read_id`, userID, topicID, upTo)
		return err
	})
}
