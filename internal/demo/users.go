package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
)

// demoUsers are the accounts beside the demo login, for the users screen:
// when each joined and last signed in, and one who left the group.
var demoUsers = []struct {
	email, first, last, role string
	joinedDaysAgo            int
	lastSignIn               time.Duration // ago; 0: never
	active                   bool
}{
	{"demo@packline.local", "", "", "", 120, 0, true},
	{"sam@packline.local", "", "", "", 95, 26 * time.Hour, true},
	{"priya@packline.local", "Priya", "Raman", accounts.RoleStaff, 40, 3*24*time.Hour + 5*time.Hour, true},
	{"tom@packline.local", "Tom", "Becker", accounts.RoleStaff, 180, 23 * 24 * time.Hour, false},
}

// loadUsers adds the demo's other accounts and dates every account's joining
// and last sign-in (every demo account has the demo password); Tom Becker
// left and is deactivated.
func loadUsers(ctx context.Context, s Services) error {
	now := s.DB.Now()
	for _, d := range demoUsers {
		var last any
		if d.lastSignIn > 0 {
			last = storage.Millis(now.Add(-d.lastSignIn))
		}
		joined := now.AddDate(0, 0, -d.joinedDaysAgo).Add(-2 * time.Hour)
		var id int64
		if err := s.DB.WithTx(ctx, func(tx *storage.Tx) error {
			if d.first != "" {
				// The demo password, without hashing it again (argon2id is slow on purpose).
				if _, err := tx.Exec(ctx, `INSERT INTO users (email, first_name, last_name, password_hash, role, created_at)
					SELECT ?, ?, ?, password_hash, ?, ? FROM users WHERE email = ? ON CONFLICT (email) DO NOTHING`,
					d.email, d.first, d.last, d.role, storage.Millis(joined), Email); err != nil {
					return err
				}
			}
			if err := tx.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, d.email).Scan(&id); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE users SET created_at = ?, last_login_at = COALESCE(?, last_login_at) WHERE id = ?`,
				storage.Millis(joined), last, id)
			return err
		}); err != nil {
			return err
		}
		if !d.active {
			no := false
			if _, err := s.Accounts.UpdateUser(ctx, id, accounts.UserPatch{Active: &no}); err != nil {
				return err
			}
		}
	}
	return loadInvitation(ctx, s)
}

// loadInvitation leaves one invitation pending (sent two days ago by the demo
// login, five days left) for the users screen's list; its link was never
// known, so resending it is the way to use it.
func loadInvitation(ctx context.Context, s Services) error {
	now := s.DB.Now()
	var secret [16]byte
	if _, err := rand.Read(secret[:]); err != nil {
		return err
	}
	return s.DB.WithTx(ctx, func(tx *storage.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO mail_tokens (kind, token_hash, email, role, created_by, created_at, expires_at)
			SELECT ?, ?, ?, ?, id, ?, ? FROM users WHERE email = ?
			AND NOT EXISTS (SELECT 1 FROM mail_tokens WHERE kind = ? AND email = ?)`,
			accounts.LinkInvitation, accounts.HashToken(hex.EncodeToString(secret[:])), "jules@packline.local", accounts.RoleStaff,
			storage.Millis(now.Add(-2*24*time.Hour)), storage.Millis(now.Add(-2*24*time.Hour).Add(accounts.InvitationTTL)), Email,
			accounts.LinkInvitation, "jules@packline.local")
		return err
	})
}
