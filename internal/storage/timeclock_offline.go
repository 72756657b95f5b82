package storage

import (
	"context"
	"database/sql"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// The answers to the kiosk's offline punches, one row per idempotency key
// (migrations NNNN_offline_punches): what a repeat of the key is answered.

// OfflineAnswer implements timeclock.Store.
func (s *TimeclockStore) OfflineAnswer(ctx context.Context, key string) (*timeclock.OfflineAnswer, error) {
	a := timeclock.OfflineAnswer{Key: key}
	var employee, punch, at sql.NullInt64
	var action sql.NullString
	err := s.db.QueryRow(ctx, `SELECT status, code, message, employee_id, action, at, punch_id FROM offline_punches WHERE key = ?`, key).
		Scan(&a.Status, &a.Code, &a.Message, &employee, &action, &at, &punch)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	a.EmployeeID, a.PunchID, a.Action, a.At = employee.Int64, punch.Int64, action.String, NullMillis(at)
	return &a, nil
}

// PurgeOfflineAnswers implements timeclock.Store.
func (s *TimeclockStore) PurgeOfflineAnswers(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.db.purge(ctx, "offline_punches", "key", `received_at < ?`, Millis(cutoff))
}

// SaveOfflineAnswer implements timeclock.Tx.
func (t clockTx) SaveOfflineAnswer(ctx context.Context, a timeclock.OfflineAnswer) (bool, error) {
	var at, employee, punch, action any
	if a.At != nil {
		at = Millis(*a.At)
	}
	if a.EmployeeID > 0 {
		employee = a.EmployeeID
	}
	if a.PunchID > 0 {
		punch = a.PunchID
	}
	if a.Action != "" {
		action = a.Action
	}
	res, err := t.tx.Exec(ctx, `INSERT INTO offline_punches (key, status, code, message, employee_id, action, at, punch_id, received_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
		a.Key, a.Status, a.Code, a.Message, employee, action, at, punch, Millis(t.tx.Now))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
