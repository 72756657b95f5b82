package storage

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
)

// AccountService implements accounts.Service.
type AccountService struct {
	db       *DB
	throttle *Throttle
	log      *slog.Logger
}

var _ accounts.Service = (*AccountService)(nil)

// NewAccountService returns the account service over db.
func NewAccountService(db *DB, log *slog.Logger) *AccountService {
	return &AccountService{
		db:       db,
		log:      log,
		throttle: &Throttle{DB: db, Limit: 5, Base: time.Minute, Max: time.Hour, Window: 15 * time.Minute},
	}
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

// CreateUser adds an account. With no role given, the first user is admin.
func (s *AccountService) CreateUser(ctx context.Context, n accounts.NewUser) (*accounts.User, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	hash, err := accounts.HashPassword(n.Password)
	if err != nil {
		return nil, err
	}
	var u *accounts.User
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		role := n.Role
		if role == "" {
			var count int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&count); err != nil {
				return err
			}
			role = accounts.RoleStaff
			if count == 0 {
				role = accounts.RoleAdmin
			}
		}
		var exists int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ?`, n.Email).Scan(&exists); err != nil {
			return err
		}
		if exists > 0 {
			return apperr.Errorf(apperr.Conflict, "A user with the email %s already exists.", n.Email)
		}
		row := tx.QueryRow(ctx, `INSERT INTO users (email, first_name, last_name, password_hash, role, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING `+userColumns,
			n.Email, n.FirstName, n.LastName, hash, role, Millis(tx.Now))
		var err error
		u, err = scanUser(row)
		if isUniqueViolation(err) {
			return apperr.Errorf(apperr.Conflict, "A user with the email %s already exists.", n.Email)
		}
		return err
	})
	return u, err
}

var errBadCredentials = apperr.Errorf(apperr.Unauthorized, "Invalid email or password.")

// Login checks credentials, throttling repeated failures per email and client.
func (s *AccountService) Login(ctx context.Context, c accounts.Credentials) (*accounts.User, string, error) {
	email := accounts.NormalizeEmail(c.Email)
	if email == "" || c.Password == "" {
		return nil, "", apperr.Errorf(apperr.Invalid, "Email and password are required.")
	}
	if len(email) > 254 || len(c.Password) > 1024 {
		return nil, "", errBadCredentials
	}
	key := "login:" + email + ":" + c.Client
	if left, err := s.throttle.Blocked(ctx, key); err != nil {
		return nil, "", err
	} else if left > 0 {
		return nil, "", tooMany(left)
	}

	var hash string
	var active bool
	var uid int64
	err := s.db.QueryRow(ctx, `SELECT id, password_hash, active FROM users WHERE email = ?`, email).Scan(&uid, &hash, &active)
	if err != nil && !IsNoRows(err) {
		return nil, "", err
	}
	ok := accounts.CheckPasswordOrDummy(hash, c.Password) && active
	if !ok {
		var lock time.Duration
		if err := s.db.WithTx(ctx, func(tx *Tx) error {
			var err error
			lock, err = s.throttle.Fail(ctx, tx, key)
			return err
		}); err != nil {
			return nil, "", err
		}
		s.log.Warn("sign-in failed", "email", email, "client", c.Client, "locked_for", lock)
		return nil, "", errBadCredentials
	}

	token, tokenHash, err := accounts.NewToken()
	if err != nil {
		return nil, "", err
	}
	ttl := accounts.SessionTTL
	if c.Remember {
		ttl = accounts.RememberTTL
	}
	var u *accounts.User
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		if err := s.throttle.Reset(ctx, tx, key); err != nil {
			return err
		}
		now := Millis(tx.Now)
		if _, err := tx.Exec(ctx, `INSERT INTO auth_tokens (user_id, token_hash, remember, created_at, expires_at, last_seen_at)
			VALUES (?, ?, ?, ?, ?, ?)`, uid, tokenHash, c.Remember, now, Millis(tx.Now.Add(ttl)), now); err != nil {
			return err
		}
		var err error
		u, err = scanUser(tx.QueryRow(ctx, `UPDATE users SET last_login_at = ? WHERE id = ? RETURNING `+userColumns, now, uid))
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

func tooMany(left time.Duration) error {
	secs := int(math.Ceil(left.Seconds()))
	e := apperr.Errorf(apperr.TooManyAttempts, "Too many failed attempts. Try again in %s.", humanDuration(secs))
	e.RetryAfter = left
	return e
}

func humanDuration(secs int) string {
	if secs < 60 {
		return fmt.Sprintf("%d seconds", secs)
	}
	m := (secs + 59) / 60
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}

var errBadToken = apperr.Errorf(apperr.Unauthorized, "Invalid or expired token")

// Authenticate resolves a token to its active user.
func (s *AccountService) Authenticate(ctx context.Context, token string) (*accounts.User, error) {
	if token == "" || len(token) > 200 {
		return nil, errBadToken
	}
	var expires, seen int64
	var revoked sql.NullInt64
	hash := accounts.HashToken(token)
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+prefixed("u.", userColumns)+`, t.expires_at, t.revoked_at, t.last_seen_at
		FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`, hash),
		&expires, &revoked, &seen)
	if IsNoRows(err) {
		return nil, errBadToken
	}
	if err != nil {
		return nil, err
	}
	now := s.db.Now()
	if revoked.Valid || !u.Active || !now.Before(FromMillis(expires)) {
		return nil, errBadToken
	}
	if now.Sub(FromMillis(seen)) >= accounts.SeenEvery {
		if err := s.db.WithTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, `UPDATE auth_tokens SET last_seen_at = ? WHERE token_hash = ?`, Millis(tx.Now), hash)
			return err
		}); err != nil {
			s.log.Warn("could not record token use", "err", err)
		}
	}
	return u, nil
}

// Online lists active users whose token was used within the last `within`.
func (s *AccountService) Online(ctx context.Context, within time.Duration) ([]accounts.Visitor, error) {
	now := s.db.Now()
	rows, err := s.db.Query(ctx, `SELECT u.id, u.first_name, u.last_name, MAX(t.last_seen_at) AS seen
		FROM auth_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.revoked_at IS NULL AND t.expires_at > ? AND t.last_seen_at >= ? AND u.active = ?
		GROUP BY u.id, u.first_name, u.last_name ORDER BY seen DESC LIMIT 100`,
		Millis(now), Millis(now.Add(-within)), true)
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

func prefixed(p, cols string) string {
	parts := strings.Split(cols, ", ")
	for i := range parts {
		parts[i] = p + parts[i]
	}
	return strings.Join(parts, ", ")
}

// Logout revokes token; an unknown token is not an error.
func (s *AccountService) Logout(ctx context.Context, token string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE auth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`,
			Millis(tx.Now), accounts.HashToken(token))
		return err
	})
}

// UpdateName sets a user's first and last name.
func (s *AccountService) UpdateName(ctx context.Context, userID int64, first, last string) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return mustAffect(tx.Exec(ctx, `UPDATE users SET first_name = ?, last_name = ? WHERE id = ?`, first, last, userID))
	})
}

// SetTwoFactor records whether two-factor sign-in is on.
func (s *AccountService) SetTwoFactor(ctx context.Context, userID int64, enabled bool) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		return mustAffect(tx.Exec(ctx, `UPDATE users SET totp_enabled = ? WHERE id = ?`, enabled, userID))
	})
}

// UpdatePreferences applies a validated patch and returns the result.
func (s *AccountService) UpdatePreferences(ctx context.Context, userID int64, p accounts.PreferencesPatch) (accounts.Preferences, error) {
	var out accounts.Preferences
	if err := p.Validate(); err != nil {
		return out, err
	}
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `UPDATE users SET language = COALESCE(?, language), theme = COALESCE(?, theme),
			nav_layout = COALESCE(?, nav_layout) WHERE id = ? RETURNING language, theme, nav_layout`,
			p.Language, p.Theme, p.NavLayout, userID).Scan(&out.Language, &out.Theme, &out.NavLayout)
	})
	if IsNoRows(err) {
		return out, apperr.Errorf(apperr.NotFound, "User not found.")
	}
	return out, err
}

// CountUsers returns how many accounts exist.
func (s *AccountService) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}

// mustAffect turns an update that touched no row into NotFound.
func mustAffect(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.Errorf(apperr.NotFound, "Not found.")
	}
	return nil
}
