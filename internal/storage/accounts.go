package storage

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"time"

	"github.com/packline/packline/internal/accounts"
)

// AccountStore implements accounts.Store: SQL only, the rules are in
// accounts.Service.
type AccountStore struct{ db *DB }

var _ accounts.Store = (*AccountStore)(nil)

// NewAccountStore returns the accounts store over db.
func NewAccountStore(db *DB) *AccountStore { return &AccountStore{db: db} }

// NewAccountService returns the accounts service over db, with the
// throttles in the same database and the database's clock (for tests and
// tools; the binary wires it in internal/app).
func NewAccountService(db *DB, log *slog.Logger) *accounts.Service {
	svc := accounts.NewService(NewAccountStore(db), NewThrottle(db), nil, log)
	svc.Now = func() time.Time { return db.Now() }
	return svc
}

const userColumns = `id, email, first_name, last_name, role, active, totp_enabled, created_at, last_login_at, language, theme, nav_layout`

type rowScanner interface{ Scan(dest ...any) error }

func scanUser(r rowScanner, extra ...any) (*accounts.User, error) {
	var u accounts.User
	var created int64
	var lastLogin sql.NullInt64
	dest := append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &u.Role, &u.Active, &u.TOTPEnabled,
		&created, &lastLogin, &u.Preferences.Language, &u.Preferences.Theme, &u.Preferences.NavLayout}, extra...)
	if err := r.Scan(dest...); err != nil {
		return nil, err
	}
	u.CreatedAt = FromMillis(created)
	u.LastLoginAt = NullMillis(lastLogin)
	return &u, nil
}

// InTx implements accounts.Store.
func (s *AccountStore) InTx(ctx context.Context, fn func(tx accounts.Tx) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return fn(accountTx{tx}) })
}

type accountTx struct{ *Tx }

// CountUsers counts the accounts inside a transaction that decides a role by
// it (the first account is the admin). On PostgreSQL such transactions run
// one at a time, or two first sign-ups at once would both count zero; SQLite
// has one writer already.
func (tx accountTx) CountUsers(ctx context.Context) (int, error) {
	if tx.Dialect() == Postgres {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(727276)`); err != nil {
			return 0, err
		}
	}
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}

func (tx accountTx) EmailTaken(ctx context.Context, email string) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ?`, email).Scan(&n)
	return n > 0, err
}

func (tx accountTx) InsertUser(ctx context.Context, n accounts.NewUser, hash, role string) (*accounts.User, error) {
	return scanUser(tx.QueryRow(ctx, `INSERT INTO users (email, first_name, last_name, password_hash, role, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING `+userColumns,
		n.Email, n.FirstName, n.LastName, hash, role, Millis(tx.Now)))
}

func (tx accountTx) InsertToken(ctx context.Context, userID int64, tokenHash string, remember bool, ttl time.Duration) error {
	now := Millis(tx.Now)
	_, err := tx.Exec(ctx, `INSERT INTO auth_tokens (user_id, token_hash, remember, created_at, expires_at, last_seen_at)
		VALUES (?, ?, ?, ?, ?, ?)`, userID, tokenHash, remember, now, Millis(tx.Now.Add(ttl)), now)
	return err
}

func (tx accountTx) RecordLogin(ctx context.Context, userID int64) (*accounts.User, error) {
	return scanUser(tx.QueryRow(ctx, `UPDATE users SET last_login_at = ? WHERE id = ? RETURNING `+userColumns,
		Millis(tx.Now), userID))
}

// Credential implements accounts.Store.
func (s *AccountStore) Credential(ctx context.Context, email string) (accounts.Credential, error) {
	var c accounts.Credential
	err := s.db.QueryRow(ctx, `SELECT id, password_hash, active FROM users WHERE email = ?`, email).Scan(&c.UserID, &c.Hash, &c.Active)
	if IsNoRows(err) {
		return accounts.Credential{}, nil
	}
	return c, err
}

// TokenUser implements accounts.Store.
func (s *AccountStore) TokenUser(ctx context.Context, tokenHash string) (*accounts.User, accounts.Token, bool, error) {
	var t accounts.Token
	var expires, seen int64
	var revoked sql.NullInt64
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+prefixed("u.", userColumns)+`, t.expires_at, t.revoked_at, t.last_seen_at
		FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`, tokenHash),
		&expires, &revoked, &seen)
	if IsNoRows(err) {
		return nil, t, false, nil
	}
	if err != nil {
		return nil, t, false, err
	}
	t.ExpiresAt, t.LastSeenAt, t.Revoked = FromMillis(expires), FromMillis(seen), revoked.Valid
	return u, t, true, nil
}

// TouchToken implements accounts.Store.
func (s *AccountStore) TouchToken(ctx context.Context, tokenHash string) error {
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE auth_tokens SET last_seen_at = ? WHERE token_hash = ?`, Millis(tx.Now), tokenHash)
		return err
	})
}

// RevokeToken implements accounts.Store.
func (s *AccountStore) RevokeToken(ctx context.Context, tokenHash string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE auth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`,
			Millis(tx.Now), tokenHash)
		return err
	})
}

// Online implements accounts.Store.
func (s *AccountStore) Online(ctx context.Context, since time.Time) ([]accounts.Visitor, error) {
	rows, err := s.db.Query(ctx, `SELECT u.id, u.first_name, u.last_name, MAX(t.last_seen_at) AS seen
		FROM auth_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.revoked_at IS NULL AND t.expires_at > ? AND t.last_seen_at >= ? AND u.active = ?
		GROUP BY u.id, u.first_name, u.last_name ORDER BY seen DESC LIMIT 100`,
		Millis(s.db.Now()), Millis(since), true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []accounts.Visitor{}
	for rows.Next() {
		var v accounts.Visitor
		var seen int64
		if err := rows.Scan(&v.ID, &v.FirstName, &v.LastName, &seen); err != nil {
			return nil, err
		}
		v.LastSeenAt = FromMillis(seen)
		out = append(out, v)
	}
	return out, rows.Err()
}

// PurgeTokens implements accounts.Store.
func (s *AccountStore) PurgeTokens(ctx context.Context, cutoff time.Time) (int64, error) {
	n, err := s.db.purge(ctx, "auth_tokens", "id", `expires_at < ? OR revoked_at < ?`, Millis(cutoff), Millis(cutoff))
	if err != nil {
		return n, err
	}
	links, err := s.purgeMailTokens(ctx, cutoff) // accounts_users.go
	return n + links, err
}

func prefixed(p, cols string) string {
	parts := strings.Split(cols, ", ")
	for i := range parts {
		parts[i] = p + parts[i]
	}
	return strings.Join(parts, ", ")
}

// SetName implements accounts.Store.
func (s *AccountStore) SetName(ctx context.Context, userID int64, first, last string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return affected(accounts.ErrNotFound)(tx.Exec(ctx, `UPDATE users SET first_name = ?, last_name = ? WHERE id = ?`, first, last, userID))
	})
}

// SetPreferences implements accounts.Store.
func (s *AccountStore) SetPreferences(ctx context.Context, userID int64, p accounts.PreferencesPatch) (accounts.Preferences, error) {
	var out accounts.Preferences
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `UPDATE users SET language = COALESCE(?, language), theme = COALESCE(?, theme),
			nav_layout = COALESCE(?, nav_layout) WHERE id = ? RETURNING language, theme, nav_layout`,
			p.Language, p.Theme, p.NavLayout, userID).Scan(&out.Language, &out.Theme, &out.NavLayout)
	})
	if IsNoRows(err) {
		return out, accounts.ErrNotFound
	}
	return out, err
}

// CountUsers implements accounts.Store.
func (s *AccountStore) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}
