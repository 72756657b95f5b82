package storage

import (
	"context"
	"time"

	"github.com/packline/packline/internal/accounts"
)

// Sessions and passwords: SQL only, the rules are in accounts/sessions.go.

// SetTokenDevice implements accounts.SecurityTx.
func (tx accountTx) SetTokenDevice(ctx context.Context, tokenHash, device string) error {
	if device == "" {
		return nil
	}
	_, err := tx.Exec(ctx, `UPDATE auth_tokens SET device = ? WHERE token_hash = ?`, device, tokenHash)
	return err
}

// Sessions implements accounts.SecurityStore.
func (s *AccountStore) Sessions(ctx context.Context, userID int64, now time.Time, currentHash string) ([]accounts.Session, error) {
	rows, err := s.db.Query(ctx, `SELECT id, device, created_at, last_seen_at, expires_at, remember, token_hash = ?
		FROM auth_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?
		ORDER BY last_seen_at DESC, id DESC LIMIT 200`, currentHash, userID, Millis(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []accounts.Session{}
	for rows.Next() {
		var v accounts.Session
		var created, seen, expires int64
		if err := rows.Scan(&v.ID, &v.Device, &created, &seen, &expires, &v.Remember, &v.Current); err != nil {
			return nil, err
		}
		v.CreatedAt, v.LastUsedAt, v.ExpiresAt = FromMillis(created), FromMillis(seen), FromMillis(expires)
		out = append(out, v)
	}
	return out, rows.Err()
}

// RevokeSession implements accounts.SecurityStore.
func (s *AccountStore) RevokeSession(ctx context.Context, userID, sessionID int64) (bool, error) {
	var ok bool
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		var err error
		ok, err = updatedOne(tx.Exec(ctx, `UPDATE auth_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL`,
			Millis(tx.Now), sessionID, userID))
		return err
	})
	return ok, err
}

// PasswordHash implements accounts.SecurityStore.
func (s *AccountStore) PasswordHash(ctx context.Context, userID int64) (string, error) {
	var h string
	err := s.db.QueryRow(ctx, `SELECT password_hash FROM users WHERE id = ?`, userID).Scan(&h)
	if IsNoRows(err) {
		return "", accounts.ErrNotFound
	}
	return h, err
}

// SetPassword implements accounts.SecurityStore.
func (s *AccountStore) SetPassword(ctx context.Context, userID int64, hash, keepTokenHash string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		if err := affected(accounts.ErrNotFound)(tx.Exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, userID)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE auth_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND token_hash <> ?`,
			Millis(tx.Now), userID, keepTokenHash)
		return err
	})
}
