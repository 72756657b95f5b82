package storage

import (
	"context"
	"database/sql"
	"time"

	"github.com/packline/packline/internal/mail"
)

// OutboxStore implements mail.OutboxStore on the mail_outbox table. A claim
// is a lease (locked_until) taken in one statement; on PostgreSQL the row is
// picked FOR UPDATE SKIP LOCKED, so instances sharing the database each take
// a different mail and never wait on one another. SQLite has one instance.
type OutboxStore struct{ db *DB }

var _ mail.OutboxStore = (*OutboxStore)(nil)

// NewOutboxStore returns the outbox store over db.
func NewOutboxStore(db *DB) *OutboxStore { return &OutboxStore{db: db} }

// QueueMail stores a mail in the transaction tx, sent once it commits (the
// caller then wakes the outbox).
func (tx *Tx) QueueMail(ctx context.Context, kind mail.Kind, m mail.Message) error {
	now := Millis(tx.Now)
	_, err := tx.Exec(ctx, `INSERT INTO mail_outbox (kind, recipient, subject, body_text, body_html, next_attempt_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, string(kind), m.To, m.Subject, m.Text, m.HTML, now, now)
	return err
}

// Enqueue implements mail.OutboxStore.
func (s *OutboxStore) Enqueue(ctx context.Context, kind mail.Kind, m mail.Message) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return tx.QueueMail(ctx, kind, m) })
}

const outboxColumns = `id, kind, recipient, subject, body_text, body_html, status, attempts, last_error, created_at, next_attempt_at, sent_at`

func scanOutgoing(r rowScanner) (mail.Outgoing, error) {
	var o mail.Outgoing
	var kind, status string
	var created, next int64
	var sent sql.NullInt64
	err := r.Scan(&o.ID, &kind, &o.To, &o.Subject, &o.Text, &o.HTML, &status, &o.Attempts, &o.LastError, &created, &next, &sent)
	o.Kind, o.Status = mail.Kind(kind), mail.Status(status)
	o.CreatedAt, o.NextAttemptAt, o.SentAt = FromMillis(created), FromMillis(next), NullMillis(sent)
	return o, err
}

// Claim implements mail.OutboxStore.
func (s *OutboxStore) Claim(ctx context.Context, lease time.Duration) (mail.Outgoing, bool, error) {
	var out mail.Outgoing
	found := false
	err := s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		skip := ""
		if tx.Dialect() == Postgres {
			skip = " FOR UPDATE SKIP LOCKED"
		}
		now := Millis(tx.Now)
		o, err := scanOutgoing(tx.QueryRow(ctx, `UPDATE mail_outbox SET locked_until = ?, attempts = attempts + 1
			WHERE id = (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? AND locked_until <= ?
				ORDER BY id LIMIT 1`+skip+`)
			RETURNING `+outboxColumns, Millis(tx.Now.Add(lease)), now, now))
		if IsNoRows(err) {
			return nil
		}
		out, found = o, err == nil
		return err
	})
	return out, found, err
}

// Delivered implements mail.OutboxStore. It is durable: a mail marked sent
// (or logged) is never sent again.
func (s *OutboxStore) Delivered(ctx context.Context, id int64, attempt int, status mail.Status) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE mail_outbox SET status = ?, sent_at = ?, locked_until = 0, last_error = '',
			body_text = '', body_html = '' WHERE id = ? AND attempts = ? AND status = 'pending'`, string(status), Millis(tx.Now), id, attempt)
		return err
	})
}

// Retry implements mail.OutboxStore.
func (s *OutboxStore) Retry(ctx context.Context, id int64, attempt int, lastErr string, retryAt time.Time, giveUp bool) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		if giveUp {
			_, err := tx.Exec(ctx, `UPDATE mail_outbox SET status = 'failed', locked_until = 0, last_error = ?,
				body_text = '', body_html = '' WHERE id = ? AND attempts = ? AND status = 'pending'`, lastErr, id, attempt)
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE mail_outbox SET next_attempt_at = ?, locked_until = 0, last_error = ?
			WHERE id = ? AND attempts = ? AND status = 'pending'`, Millis(retryAt), lastErr, id, attempt)
		return err
	})
}

// Recent implements mail.OutboxStore.
func (s *OutboxStore) Recent(ctx context.Context, limit int) ([]mail.Outgoing, error) {
	rows, err := s.db.Query(ctx, `SELECT `+outboxColumns+` FROM mail_outbox ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []mail.Outgoing{}
	for rows.Next() {
		o, err := scanOutgoing(rows)
		if err != nil {
			return nil, err
		}
		o.Text, o.HTML = "", "" // the links of pending mails are not for display
		out = append(out, o)
	}
	return out, rows.Err()
}

// PurgeSent implements mail.OutboxStore.
func (s *OutboxStore) PurgeSent(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.db.purge(ctx, "mail_outbox", "id", `status <> 'pending' AND created_at < ?`, Millis(cutoff))
}

// Counts implements mail.OutboxStore: the mails waiting to be sent and those
// given up, as the metrics report them.
func (s *OutboxStore) Counts(ctx context.Context) (pending, failed int, err error) {
	err = s.db.QueryRow(ctx, `SELECT
		COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0)
		FROM mail_outbox`).Scan(&pending, &failed)
	return pending, failed, err
}
