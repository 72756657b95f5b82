package accounts

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/mail"
)

// memStore's side of UserStore: the links it holds live beside it.
var (
	memLinksMu sync.Mutex
	memLinks   = map[*memStore][]*MailToken{}
)

func (m *memStore) links() []*MailToken {
	memLinksMu.Lock()
	defer memLinksMu.Unlock()
	return memLinks[m]
}

func (m *memStore) ListUsers(ctx context.Context, f UserFilter) ([]User, int, error) {
	var out []User
	for _, u := range m.users {
		if strings.Contains(u.Email+" "+u.FirstName+" "+u.LastName, f.Search) {
			out = append(out, *u)
		}
	}
	total := len(out)
	out = out[min(f.Offset, total):min(f.Offset+f.Limit, total)]
	return out, total, nil
}
func (m *memStore) UserByEmail(ctx context.Context, email string) (*User, error) {
	for _, u := range m.users {
		if u.Email == email {
			return u, nil
		}
	}
	return nil, nil
}
func (m *memStore) UserByID(ctx context.Context, id int64) (*User, error) { return m.user(id), nil }
func (m *memStore) MailToken(ctx context.Context, kind, hash string) (MailToken, bool, error) {
	for _, t := range m.links() {
		if t.Kind == kind && t.Hash == hash {
			return *t, true, nil
		}
	}
	return MailToken{}, false, nil
}
func (m *memStore) QueueMail(ctx context.Context, kind mail.Kind, msg mail.Message) error { return nil }
func (m *memStore) InsertMailToken(ctx context.Context, t MailToken) error {
	memLinksMu.Lock()
	defer memLinksMu.Unlock()
	t.ID = int64(len(memLinks[m]) + 1)
	memLinks[m] = append(memLinks[m], &t)
	return nil
}
func (m *memStore) UseMailToken(ctx context.Context, id int64) (bool, error) {
	for _, t := range m.links() {
		if t.ID == id && t.usable(m.now) {
			now := m.now
			t.UsedAt = &now
			return true, nil
		}
	}
	return false, nil
}
func (m *memStore) ExpireMailTokens(ctx context.Context, kind, email string) error {
	for _, t := range m.links() {
		if t.Kind == kind && t.Email == email && t.UsedAt == nil {
			t.ExpiresAt = m.now
		}
	}
	return nil
}
func (m *memStore) MailTokenByID(ctx context.Context, id int64) (MailToken, bool, error) {
	for _, t := range m.links() {
		if t.ID == id {
			return *t, true, nil
		}
	}
	return MailToken{}, false, nil
}
func (m *memStore) PendingInvitations(ctx context.Context, now time.Time) ([]Invitation, error) {
	out := []Invitation{}
	for _, t := range m.links() {
		if t.Kind == LinkInvitation && t.usable(now) {
			i := Invitation{ID: t.ID, Email: t.Email, Role: t.Role, CreatedAt: t.CreatedAt, ExpiresAt: t.ExpiresAt}
			if u := m.user(t.CreatedBy); u != nil {
				i.InviterActive, i.InviterRole = u.Active, u.Role
			}
			out = append(out, i)
		}
	}
	return out, nil
}
func (m *memStore) ExpireMailToken(ctx context.Context, kind string, id int64) (bool, error) {
	for _, t := range m.links() {
		if t.ID == id && t.Kind == kind && t.usable(m.now) {
			t.ExpiresAt = m.now
			return true, nil
		}
	}
	return false, nil
}
func (m *memStore) ClearTwoFactor(ctx context.Context, id int64) error {
	if u := m.user(id); u != nil {
		u.TOTPEnabled = false
		return nil
	}
	return ErrNotFound
}
func (m *memStore) LockUser(ctx context.Context, id int64) (*User, error) {
	if u := m.user(id); u != nil {
		return u, nil
	}
	return nil, ErrNotFound
}
func (m *memStore) CountActiveAdmins(ctx context.Context) (int, error) {
	n := 0
	for _, u := range m.users {
		if u.Role == RoleAdmin && u.Active {
			n++
		}
	}
	return n, nil
}
func (m *memStore) SetAccess(ctx context.Context, id int64, role string, active bool) (*User, error) {
	u := m.user(id)
	u.Role, u.Active = role, active
	return u, nil
}
func (m *memStore) SetPasswordHash(ctx context.Context, id int64, hash string) error {
	m.hashes[id] = hash
	return nil
}
func (m *memStore) SetEmail(ctx context.Context, id int64, email string) (*User, error) {
	u := m.user(id)
	u.Email = email
	return u, nil
}
func (m *memStore) RevokeUserTokens(ctx context.Context, userID int64, except string) error {
	for h, t := range m.tokens {
		if m.owner[h] == userID && h != except {
			t.Revoked = true
		}
	}
	return nil
}

// Passwords: 12 characters at least, none from the common list, whatever
// their case; nothing else is asked of them.
func TestPasswordRules(t *testing.T) {
	for _, c := range []struct {
		password, code string
	}{
		{"short-pass1", "user.password_too_short"},
		{"password1234", "user.password_common"},
		{"PASSWORD1234", "user.password_common"},
		{"supernatural", "user.password_common"},
		{"packline-demo", ""},
		{"correct horse battery", ""},
		{"aaaaaaaaaaaa", ""}, // no composition rules (NIST SP 800-63B)
		{strings.Repeat("x", MaxPassword+1), "user.password_too_long"},
	} {
		err := ValidatePassword(c.password)
		if got := apperr.CodeOf(err); got != c.code {
			t.Errorf("%q: code %q, want %q", c.password, got, c.code)
		}
	}
}

// The last active admin can be neither demoted nor deactivated; once another
// admin exists, either can; deactivating ends the account's sessions.
func TestLastActiveAdmin(t *testing.T) {
	svc, st, _ := newTestService(t)
	ctx := context.Background()
	staff := "staff"
	no := false
	if _, err := svc.UpdateUser(ctx, 1, UserPatch{Role: &staff}); apperr.CodeOf(err) != "users.last_admin" {
		t.Fatalf("demoting the only admin: %v", err)
	}
	if _, err := svc.UpdateUser(ctx, 1, UserPatch{Active: &no}); apperr.CodeOf(err) != "users.last_admin" {
		t.Fatalf("deactivating the only admin: %v", err)
	}
	b, err := svc.CreateUser(ctx, NewUser{Email: "bo@example.org", Password: "correct-horse", FirstName: "Bo"})
	if err != nil || b.Role != RoleStaff {
		t.Fatalf("second user: %+v %v", b, err)
	}
	if _, _, err := svc.Login(ctx, Credentials{Email: "bo@example.org", Password: "correct-horse", Client: "c"}); err != nil {
		t.Fatal(err)
	}
	admin := "admin"
	if _, err := svc.UpdateUser(ctx, b.ID, UserPatch{Role: &admin}); err != nil {
		t.Fatal(err)
	}
	if u, err := svc.UpdateUser(ctx, 1, UserPatch{Active: &no}); err != nil || u.Active {
		t.Fatalf("deactivating one of two admins: %+v %v", u, err)
	}
	if _, err := svc.UpdateUser(ctx, b.ID, UserPatch{Role: &staff}); apperr.CodeOf(err) != "users.last_admin" {
		t.Fatalf("demoting the last active admin: %v", err)
	}
	if u, err := svc.UpdateUser(ctx, b.ID, UserPatch{Active: &no, Role: &admin}); apperr.CodeOf(err) != "users.last_admin" {
		t.Fatalf("deactivating the last active admin: %+v %v", u, err)
	}
	for h, tok := range st.tokens {
		if st.owner[h] == 1 && !tok.Revoked {
			t.Fatal("a deactivated admin's token still works")
		}
	}
}
