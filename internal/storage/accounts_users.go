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

const mailTokenColumns = `id, kind, token_hash, email, user_id, role, created_by, created_at, expires_at, used_at`

// MailToken implements accounts.UserStore.
func (s *AccountStore) MailToken(ctx context.Context, kind, hash string) (accounts.MailToken, bool, error) {
	var t accounts.MailToken
	var userID, createdBy, used sql.NullInt64
	var role sql.NullString
	var created, expires int64
	err := s.db.QueryRow(ctx, `SELECT `+mailTokenColumns+` FROM mail_tokens WHERE kind = ? AND token_hash = ?`, kind, hash).
		Scan(&t.ID, &t.Kind, &t.Hash, &t.Email, &userID, &role, &createdBy, &created, &expires, &used)
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

// purgeMailTokens deletes mailed links that expired before cutoff, used or not.
func (s *AccountStore) purgeMailTokens(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.db.purge(ctx, "mail_tokens", "id", `expires_at < ?`, Millis(cutoff))
}
