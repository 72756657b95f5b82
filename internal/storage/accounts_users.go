package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/accounts"
)

// ListUsers implements accounts.UserStore.
func (s *AccountStore) ListUsers(ctx context.Context, f accounts.UserFilter) ([]accounts.User, int, error) {
	where, args := "1 = 1", []any{}
	if q := strings.ToLower(strings.TrimSpace(f.Search)); q != "" {
		like := "%" + escapeLike(q) + "%"
		where = `(LOWER(email) LIKE ? ESCAPE '\' OR LOWER(first_name) LIKE ? ESCAPE '\' OR LOWER(last_name) LIKE ? ESCAPE '\'
			OR LOWER(first_name || ' ' || last_name) LIKE ? ESCAPE '\')`
		args = append(args, like, like, like, like)
	}
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	list, err := scanAll(ctx, s.db, func(r rowScanner) (*accounts.User, error) { return scanUser(r) },
		`SELECT `+userColumns+` FROM users WHERE `+where+`
		ORDER BY active DESC, LOWER(first_name), LOWER(last_name), id LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset)...)
	return list, total, err
}

// UserByEmail implements accounts.UserStore.
func (s *AccountStore) UserByEmail(ctx context.Context, email string) (*accounts.User, error) {
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
	if IsNoRows(err) {
		return nil, nil
	}
	return u, err
}

// UserByID implements accounts.UserStore.
func (s *AccountStore) UserByID(ctx context.Context, id int64) (*accounts.User, error) {
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if IsNoRows(err) {
		return nil, nil
	}
	return u, err
}

const mailTokenColumns = `id, kind, token_hash, email, user_id, role, created_by, created_at, expires_at, used_at`

// MailToken implements accounts.UserStore.
func (s *AccountStore) MailToken(ctx context.Context, kind, hash string) (accounts.MailToken, bool, error) {
	return scanMailToken(s.db.QueryRow(ctx, `SELECT `+mailTokenColumns+` FROM mail_tokens WHERE kind = ? AND token_hash = ?`, kind, hash))
}

// MailTokenByID implements accounts.UserStore.
func (s *AccountStore) MailTokenByID(ctx context.Context, id int64) (accounts.MailToken, bool, error) {
	return scanMailToken(s.db.QueryRow(ctx, `SELECT `+mailTokenColumns+` FROM mail_tokens WHERE id = ?`, id))
}

// PendingInvitations implements accounts.UserStore.
func (s *AccountStore) PendingInvitations(ctx context.Context, now time.Time) ([]accounts.Invitation, error) {
	rows, err := s.db.Query(ctx, `SELECT m.id, m.email, COALESCE(m.role, ''), COALESCE(TRIM(u.first_name || ' ' || u.last_name), ''),
		m.created_at, m.expires_at, COALESCE(u.active, ?), COALESCE(u.role, '')
		FROM mail_tokens m LEFT JOIN users u ON u.id = m.created_by
		WHERE m.kind = ? AND m.used_at IS NULL AND m.expires_at > ? ORDER BY m.created_at DESC, m.id DESC`,
		false, accounts.LinkInvitation, Millis(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []accounts.Invitation{}
	for rows.Next() {
		var i accounts.Invitation
		var created, expires int64
		if err := rows.Scan(&i.ID, &i.Email, &i.Role, &i.InvitedBy, &created, &expires, &i.InviterActive, &i.InviterRole); err != nil {
			return nil, err
		}
		i.CreatedAt, i.ExpiresAt = FromMillis(created), FromMillis(expires)
		out = append(out, i)
	}
	return out, rows.Err()
}

func scanMailToken(row rowScanner) (accounts.MailToken, bool, error) {
	var t accounts.MailToken
	var userID, createdBy, used sql.NullInt64
	var role sql.NullString
	var created, expires int64
	err := row.Scan(&t.ID, &t.Kind, &t.Hash, &t.Email, &userID, &role, &createdBy, &created, &expires, &used)
	if IsNoRows(err) {
		return t, false, nil
	}
	if err != nil {
		return t, false, err
	}
	t.UserID, t.CreatedBy, t.Role = userID.Int64, createdBy.Int64, role.String
	t.CreatedAt, t.ExpiresAt, t.UsedAt = FromMillis(created), FromMillis(expires), NullMillis(used)
	return t, true, nil
}

func nullable[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

func (tx accountTx) InsertMailToken(ctx context.Context, t accounts.MailToken) error {
	_, err := tx.Exec(ctx, `INSERT INTO mail_tokens (kind, token_hash, email, user_id, role, created_by, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.Kind, t.Hash, t.Email, nullable(t.UserID), nullable(t.Role), nullable(t.CreatedBy),
		Millis(t.CreatedAt), Millis(t.ExpiresAt))
	return err
}

func (tx accountTx) UseMailToken(ctx context.Context, id int64) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE mail_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?`,
		Millis(tx.Now), id, Millis(tx.Now))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (tx accountTx) ExpireMailTokens(ctx context.Context, kind, email string) error {
	_, err := tx.Exec(ctx, `UPDATE mail_tokens SET expires_at = ? WHERE kind = ? AND email = ? AND used_at IS NULL AND expires_at > ?`,
		Millis(tx.Now), kind, email, Millis(tx.Now))
	return err
}

func (tx accountTx) ExpireMailToken(ctx context.Context, kind string, id int64) (bool, error) {
	return updatedOne(tx.Exec(ctx, `UPDATE mail_tokens SET expires_at = ? WHERE id = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
		Millis(tx.Now), id, kind, Millis(tx.Now)))
}

func (tx accountTx) ClearTwoFactor(ctx context.Context, userID int64) error {
	if err := affected(accounts.ErrNotFound)(tx.Exec(ctx, `UPDATE users SET totp_enabled = ?, totp_secret = NULL,
		totp_pending_secret = NULL WHERE id = ?`, false, userID)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM user_recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM login_challenges WHERE user_id = ?`, userID)
	return err
}

func (tx accountTx) LockUser(ctx context.Context, id int64) (*accounts.User, error) {
	u, err := scanUser(tx.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`+tx.ForUpdate(), id))
	if IsNoRows(err) {
		return nil, accounts.ErrNotFound
	}
	return u, err
}

func (tx accountTx) CountActiveAdmins(ctx context.Context) (int, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM users WHERE role = ? AND active = ? ORDER BY id`+tx.ForUpdate(), accounts.RoleAdmin, true)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}

func (tx accountTx) SetAccess(ctx context.Context, id int64, role string, active bool) (*accounts.User, error) {
	u, err := scanUser(tx.QueryRow(ctx, `UPDATE users SET role = ?, active = ? WHERE id = ? RETURNING `+userColumns, role, active, id))
	if IsNoRows(err) {
		return nil, accounts.ErrNotFound
	}
	return u, err
}

func (tx accountTx) SetPasswordHash(ctx context.Context, id int64, hash string) error {
	return affected(accounts.ErrNotFound)(tx.Exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, id))
}

func (tx accountTx) SetEmail(ctx context.Context, id int64, email string) (*accounts.User, error) {
	u, err := scanUser(tx.QueryRow(ctx, `UPDATE users SET email = ? WHERE id = ? RETURNING `+userColumns, email, id))
	if IsNoRows(err) {
		return nil, accounts.ErrNotFound
	}
	return u, mapError(err)
}

func (tx accountTx) RevokeUserTokens(ctx context.Context, userID int64, exceptHash string) error {
	_, err := tx.Exec(ctx, `UPDATE auth_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND token_hash <> ?`,
		Millis(tx.Now), userID, exceptHash)
	return err
}

// purgeMailTokens deletes mailed links that expired before cutoff, used or
// not, and two-factor sign-in challenges that have expired (of no use once
// expired: a sign-in past it starts again with the password).
func (s *AccountStore) purgeMailTokens(ctx context.Context, cutoff time.Time) (int64, error) {
	n, err := s.db.purge(ctx, "mail_tokens", "id", `expires_at < ?`, Millis(cutoff))
	if err != nil {
		return n, err
	}
	c, err := s.db.purge(ctx, "login_challenges", "id", `expires_at < ?`, Millis(s.db.Now()))
	return n + c, err
}
