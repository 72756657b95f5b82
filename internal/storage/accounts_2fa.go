package storage

import (
	"context"
	"database/sql"
	"time"

	"github.com/packline/packline/internal/accounts"
)

// Two-factor sign-in: SQL only, the rules are in accounts/twofactor.go.

// TwoFactor implements accounts.SecurityStore.
func (s *AccountStore) TwoFactor(ctx context.Context, userID int64) (accounts.TwoFactor, error) {
	var tf accounts.TwoFactor
	var secret, pending sql.NullString
	err := s.db.QueryRow(ctx, `SELECT totp_enabled, totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = ?`, userID).
		Scan(&tf.Enabled, &secret, &pending, &tf.LastStep)
	if IsNoRows(err) {
		return tf, accounts.ErrNotFound
	}
	tf.Secret, tf.Pending = secret.String, pending.String
	return tf, err
}

// SetPendingSecret implements accounts.SecurityStore.
func (s *AccountStore) SetPendingSecret(ctx context.Context, userID int64, sealed string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return affected(accounts.ErrNotFound)(tx.Exec(ctx, `UPDATE users SET totp_pending_secret = ? WHERE id = ?`, sealed, userID))
	})
}

// EnableTwoFactor implements accounts.SecurityStore.
func (s *AccountStore) EnableTwoFactor(ctx context.Context, userID int64, sealed string, step int64, codeHashes []string) (bool, error) {
	on := false
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE users SET totp_enabled = ?, totp_secret = ?, totp_pending_secret = NULL, totp_last_step = ?
			WHERE id = ? AND totp_enabled = ?`, true, sealed, step, userID, false)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM user_recovery_codes WHERE user_id = ?`, userID); err != nil {
			return err
		}
		for _, h := range codeHashes {
			if _, err := tx.Exec(ctx, `INSERT INTO user_recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)`,
				userID, h, Millis(tx.Now)); err != nil {
				return err
			}
		}
		on = true
		return nil
	})
	return on, err
}

// DisableTwoFactor implements accounts.SecurityStore.
func (s *AccountStore) DisableTwoFactor(ctx context.Context, userID int64) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		if err := affected(accounts.ErrNotFound)(tx.Exec(ctx, `UPDATE users SET totp_enabled = ?, totp_secret = NULL,
			totp_pending_secret = NULL WHERE id = ?`, false, userID)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM user_recovery_codes WHERE user_id = ?`, userID)
		return err
	})
}

// RecoveryCodesLeft implements accounts.SecurityStore.
func (s *AccountStore) RecoveryCodesLeft(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM user_recovery_codes WHERE user_id = ? AND used_at IS NULL`, userID).Scan(&n)
	return n, err
}

// InsertChallenge implements accounts.SecurityStore.
func (s *AccountStore) InsertChallenge(ctx context.Context, userID int64, hash string, remember bool, device string, expires time.Time) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM login_challenges WHERE user_id = ? AND expires_at < ?`, userID, Millis(tx.Now)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO login_challenges (user_id, challenge_hash, remember, device, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)`, userID, hash, remember, device, Millis(tx.Now), Millis(expires))
		return err
	})
}

// Challenge implements accounts.SecurityStore.
func (s *AccountStore) Challenge(ctx context.Context, hash string) (accounts.Challenge, bool, error) {
	var c accounts.Challenge
	var expires int64
	var used sql.NullInt64
	err := s.db.QueryRow(ctx, `SELECT id, user_id, remember, device, expires_at, used_at FROM login_challenges
		WHERE challenge_hash = ?`, hash).Scan(&c.ID, &c.UserID, &c.Remember, &c.Device, &expires, &used)
	if IsNoRows(err) {
		return c, false, nil
	}
	if err != nil {
		return c, false, err
	}
	c.ExpiresAt, c.Used = FromMillis(expires), used.Valid
	return c, true, nil
}

// ConsumeChallenge implements accounts.SecurityTx.
func (tx accountTx) ConsumeChallenge(ctx context.Context, id int64) (bool, error) {
	return updatedOne(tx.Exec(ctx, `UPDATE login_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL`, Millis(tx.Now), id))
}

// UseTOTPStep implements accounts.SecurityTx.
func (tx accountTx) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	return updatedOne(tx.Exec(ctx, `UPDATE users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, userID, step))
}

// UseRecoveryCode implements accounts.SecurityTx.
func (tx accountTx) UseRecoveryCode(ctx context.Context, userID int64, hash string) (bool, error) {
	return updatedOne(tx.Exec(ctx, `UPDATE user_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
		Millis(tx.Now), userID, hash))
}

// updatedOne reports whether an update touched a row.
func updatedOne(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
