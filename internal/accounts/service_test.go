package accounts

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/throttle"
)

// memStore is an in-memory Store: the rules of Service, tested without a database.
type memStore struct {
	users  []*User
	hashes map[int64]string
	tokens map[string]*Token
	owner  map[string]int64
	now    time.Time
}

func newMemStore() *memStore {
	return &memStore{hashes: map[int64]string{}, tokens: map[string]*Token{}, owner: map[string]int64{},
		now: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
}

func (m *memStore) InTx(ctx context.Context, fn func(tx Tx) error) error { return fn(m) }

func (m *memStore) Credential(ctx context.Context, email string) (Credential, error) {
	for _, u := range m.users {
		if u.Email == email {
			return Credential{UserID: u.ID, Hash: m.hashes[u.ID], Active: u.Active}, nil
		}
	}
	return Credential{}, nil
}

func (m *memStore) user(id int64) *User {
	for _, u := range m.users {
		if u.ID == id {
			return u
		}
	}
	return nil
}

func (m *memStore) TokenUser(ctx context.Context, h string) (*User, Token, bool, error) {
	t, ok := m.tokens[h]
	if !ok {
		return nil, Token{}, false, nil
	}
	return m.user(m.owner[h]), *t, true, nil
}
func (m *memStore) TouchToken(ctx context.Context, h string) error {
	m.tokens[h].LastSeenAt = m.now
	return nil
}
func (m *memStore) RevokeToken(ctx context.Context, h string) error {
	if t, ok := m.tokens[h]; ok {
		t.Revoked = true
	}
	return nil
}
func (m *memStore) SetName(ctx context.Context, id int64, first, last string) error {
	if u := m.user(id); u != nil {
		u.FirstName, u.LastName = first, last
		return nil
	}
	return ErrNotFound
}
func (m *memStore) SetPreferences(ctx context.Context, id int64, p PreferencesPatch) (Preferences, error) {
	return Preferences{}, nil
}
func (m *memStore) CountUsers(ctx context.Context) (int, error)                    { return len(m.users), nil }
func (m *memStore) Online(ctx context.Context, since time.Time) ([]Visitor, error) { return nil, nil }
func (m *memStore) PurgeTokens(ctx context.Context, cutoff time.Time) (int64, error) {
	return 0, nil
}
func (m *memStore) EmailTaken(ctx context.Context, email string) (bool, error) {
	c, _ := m.Credential(ctx, email)
	return c.UserID != 0, nil
}
func (m *memStore) InsertUser(ctx context.Context, n NewUser, hash, role string) (*User, error) {
	u := &User{ID: int64(len(m.users) + 1), Email: n.Email, FirstName: n.FirstName, LastName: n.LastName, Role: role, Active: true}
	m.users = append(m.users, u)
	m.hashes[u.ID] = hash
	return u, nil
}
func (m *memStore) InsertToken(ctx context.Context, id int64, h string, remember bool, ttl time.Duration) error {
	m.tokens[h] = &Token{ExpiresAt: m.now.Add(ttl), LastSeenAt: m.now}
	m.owner[h] = id
	return nil
}
func (m *memStore) RecordLogin(ctx context.Context, id int64) (*User, error) { return m.user(id), nil }

// memThrottles is an in-memory throttle.Limiter over the real policies.
type memThrottles struct {
	state    map[string]throttle.State
	now      func() time.Time
	cleared  []string
	refunded []string
}

func (m *memThrottles) Attempt(ctx context.Context, keys ...throttle.Key) (time.Duration, error) {
	var wait time.Duration
	for _, k := range keys {
		next, w := k.Policy.Admit(m.state[k.Name], m.now())
		m.state[k.Name] = next
		wait = max(wait, w)
	}
	return wait, nil
}
func (m *memThrottles) Succeeded(ctx context.Context, clear, refund []string) error {
	for _, k := range clear {
		delete(m.state, k)
	}
	for _, k := range refund {
		m.state[k] = m.state[k].Refund()
	}
	m.cleared, m.refunded = append(m.cleared, clear...), append(m.refunded, refund...)
	return nil
}
func (m *memThrottles) ClearPrefix(ctx context.Context, prefix string) error { return nil }

func newTestService(t *testing.T) (*Service, *memStore, *memThrottles) {
	t.Helper()
	st := newMemStore()
	th := &memThrottles{state: map[string]throttle.State{}, now: func() time.Time { return st.now }}
	svc := NewService(st, th, nil, nil)
	svc.Now = func() time.Time { return st.now }
	svc.Hashing = TestHashing // the rules, not the hash's cost (secrets_test.go)
	if _, err := svc.CreateUser(context.Background(), NewUser{Email: "Ada@Example.org ", Password: "correct-horse", FirstName: "Ada"}); err != nil {
		t.Fatal(err)
	}
	return svc, st, th
}

func TestFirstUserIsAdminAndEmailsAreUnique(t *testing.T) {
	svc, _, _ := newTestService(t)
	ctx := context.Background()
	u, err := svc.CreateUser(ctx, NewUser{Email: "sam@example.org", Password: "correct-horse", FirstName: "Sam"})
	if err != nil || u.Role != RoleStaff {
		t.Fatalf("second user: %+v, %v; want staff", u, err)
	}
	_, err = svc.CreateUser(ctx, NewUser{Email: "ADA@example.org", Password: "correct-horse", FirstName: "Ada"})
	if apperr.CodeOf(err) != "user.email_taken" {
		t.Fatalf("taken email: %v", err)
	}
	for _, c := range []struct {
		n    NewUser
		code string
	}{
		{NewUser{Email: "x@example.org", Password: "short", FirstName: "X"}, "user.password_too_short"},
		{NewUser{Email: "not-an-email", Password: "correct-horse", FirstName: "X"}, "user.email_invalid"},
		{NewUser{Email: "x@example.org", Password: "correct-horse", FirstName: "\u200b"}, "text.invisible"},
		{NewUser{Email: "x@example.org", Password: "correct-horse"}, "user.first_name_required"},
		{NewUser{Email: "x@example.org", Password: "correct-horse", FirstName: "X", Role: "root"}, "user.role_invalid"},
	} {
		if _, err := svc.CreateUser(ctx, c.n); apperr.CodeOf(err) != c.code {
			t.Errorf("%+v: %v, want %s", c.n, err, c.code)
		}
	}
}

func TestLoginRules(t *testing.T) {
	svc, st, th := newTestService(t)
	ctx := context.Background()
	login := func(pass string) error {
		_, _, err := svc.Login(ctx, Credentials{Email: " ada@example.org", Password: pass, Client: "10.0.0.1"})
		return err
	}
	// A success clears the account's count and gives the client its attempt back.
	if err := login("correct-horse"); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(th.cleared, "login:ada@example.org:10.0.0.1") || !slices.Contains(th.refunded, "login-client:10.0.0.1") {
		t.Fatalf("after a success: cleared %v, refunded %v", th.cleared, th.refunded)
	}
	for i := range 5 {
		if err := login("wrong-guess"); apperr.CodeOf(err) != "auth.invalid_credentials" {
			t.Fatalf("guess %d: %v", i+1, err)
		}
	}
	// Past the limit the right password is refused like a wrong one, until the cool-down ends.
	err := login("correct-horse")
	if e, ok := apperr.As(err); !ok || e.Code != "auth.throttled" || e.Params["retry_after_seconds"] != 60 {
		t.Fatalf("right password when locked: %v", err)
	}
	if apperr.CodeOf(login("wrong-guess")) != "auth.throttled" {
		t.Fatal("wrong password when locked: not throttled")
	}
	st.now = st.now.Add(time.Minute)
	if err := login("correct-horse"); err != nil {
		t.Fatalf("after the cool-down: %v", err)
	}
	if _, _, err := svc.Login(ctx, Credentials{Email: "", Password: "x"}); apperr.CodeOf(err) != "auth.credentials_required" {
		t.Fatalf("no email: %v", err)
	}
}

// With every hashing slot busy, a sign-in is turned away with auth.busy and
// its counted attempt is given back.
func TestLoginWhenHashingIsBusyRefundsTheAttempt(t *testing.T) {
	// Serial: it fills the hash gate and waits out its short queue.
	svc, _, th := newTestService(t)
	svc.hashes = NewHashGate(HashMemory)
	svc.hashes.MaxWait = 10 * time.Millisecond
	release := make(chan struct{})
	busy := make(chan struct{})
	go svc.hashes.Do(context.Background(), func() { close(busy); <-release })
	<-busy
	for range 4 { // fill the queue
		go svc.hashes.Do(context.Background(), func() {})
	}
	time.Sleep(20 * time.Millisecond)
	_, _, err := svc.Login(context.Background(), Credentials{Email: "ada@example.org", Password: "correct-horse", Client: "c"})
	close(release)
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("login while hashing is busy: %v, want ErrBusy", err)
	}
	if st := th.state["login:ada@example.org:c"]; st.Attempts != 0 {
		t.Fatalf("attempts counted after a busy refusal: %d", st.Attempts)
	}
}

func TestAuthenticateRules(t *testing.T) {
	svc, st, _ := newTestService(t)
	ctx := context.Background()
	_, token, err := svc.Login(ctx, Credentials{Email: "ada@example.org", Password: "correct-horse", Client: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, token); err != nil {
		t.Fatal(err)
	}
	st.now = st.now.Add(SessionTTL)
	if _, err := svc.Authenticate(ctx, token); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("expired token: %v", err)
	}
	_, token, _ = svc.Login(ctx, Credentials{Email: "ada@example.org", Password: "correct-horse", Client: "c"})
	if err := svc.Logout(ctx, token); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, token); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("revoked token: %v", err)
	}
	if _, err := svc.Authenticate(ctx, "unknown"); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("unknown token: %v", err)
	}
}
