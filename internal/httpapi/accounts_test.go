package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"strings"
	"sync"
	"testing"
)

func TestLoginAndUser(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		var login struct {
			Token string
			User  struct {
				FirstName string `json:"first_name"`
				LastName  string `json:"last_name"`
				Email     string
			}
		}
		e.call("POST", "/api/login", "", `{"email":" Admin@Example.org ","password":"correct-horse","remember":true}`, 200, &login)
		if login.Token == "" || login.User.FirstName != "Ada" || login.User.LastName != "Admin" || login.User.Email != "admin@example.org" {
			t.Fatalf("login answer = %+v", login)
		}

		var me struct {
			Success bool
			User    struct {
				Email string
				Role  string
			}
		}
		e.call("GET", "/api/user", login.Token, "", 200, &me)
		if !me.Success || me.User.Email != "admin@example.org" || me.User.Role != "admin" {
			t.Fatalf("GET /api/user = %+v", me)
		}

		// The spec's messages for a missing and a bad token.
		if got := errorOf(t, e.call("GET", "/api/user", "", "", 401, nil)); got != "No authentication token available" {
			t.Errorf("no token: %q", got)
		}
		if got := errorOf(t, e.call("GET", "/api/user", "not-a-token", "", 401, nil)); got != "Invalid or expired token" {
			t.Errorf("bad token: %q", got)
		}

		// Logout revokes the token on the server.
		e.call("POST", "/api/logout", login.Token, "", 200, nil)
		if got := errorOf(t, e.call("GET", "/api/user", login.Token, "", 401, nil)); got != "Invalid or expired token" {
			t.Errorf("revoked token: %q", got)
		}
	})
}

func TestLoginFailuresLookAlikeAndAreThrottled(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		wrongPass := errorOf(t, e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"wrong-one"}`, 401, nil))
		noUser := errorOf(t, e.call("POST", "/api/login", "", `{"email":"nobody@example.org","password":"wrong-one"}`, 401, nil))
		if wrongPass != "Invalid email or password." || noUser != wrongPass {
			t.Fatalf("wrong password %q, unknown email %q: want the same message", wrongPass, noUser)
		}
		for i := 0; i < 3; i++ {
			e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"wrong-one"}`, 401, nil)
		}
		// The fifth failure locks; now even the right password is refused for a while.
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"wrong-one"}`, 401, nil)
		res := e.do("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`)
		res.Body.Close()
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
			t.Fatalf("after 5 failures: status %d, Retry-After %q; want 429 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
		}
		// Another email from the same client is not affected.
		e.call("POST", "/api/login", "", `{"email":"nobody@example.org","password":"wrong-one"}`, 401, nil)
	})
}

func TestBadInputNeverFails500(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		huge := `{"email":"` + strings.Repeat("a", 2<<20) + `"}`
		cases := []struct {
			method, path, token, body string
			status                    int
		}{
			{"POST", "/api/login", "", `{"email": 5, "password": []}`, 400},
			{"POST", "/api/login", "", `not json`, 400},
			{"POST", "/api/login", "", ``, 400},
			{"POST", "/api/login", "", `{"email":"a@b.c"} {"x":1}`, 400},
			{"POST", "/api/login", "", `{}`, 400},
			{"POST", "/api/login", "", `[1,2,3]`, 400},
			{"POST", "/api/login", "", huge, 413},
			{"POST", "/api/login", "", `{"email":"' OR 1=1 --","password":"'; DROP TABLE users; --"}`, 401},
			{"PATCH", "/api/user/name", e.token, `{"userName":"   "}`, 400},
			{"PATCH", "/api/user/name", e.token, `{"userName":42}`, 400},
			{"PATCH", "/api/user/2fa", e.token, `{}`, 400},
			{"PATCH", "/api/user/preferences", e.token, `{"language":"xx"}`, 400},
			{"PATCH", "/api/user/preferences", e.token, `{"theme":"blue"}`, 400},
			{"GET", "/api/user", "Bearer " + strings.Repeat("x", 5000), "", 401},
			{"GET", "/api/no-such-thing", "", "", 404},
			{"DELETE", "/api/login", "", "", 404},
		}
		for _, c := range cases {
			res := e.do(c.method, c.path, c.token, c.body)
			res.Body.Close()
			if res.StatusCode != c.status {
				t.Errorf("%s %s %.40q: status %d, want %d", c.method, c.path, c.body, res.StatusCode, c.status)
			}
		}
		// The admin still exists and can sign in: nothing was dropped.
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, nil)
	})
}

func TestUserNameAndPreferences(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		e.call("PATCH", "/api/user/name", e.token, `{"userName":"  Grace   Brewster Hopper "}`, 200, nil)
		var me struct {
			User struct {
				FirstName string `json:"first_name"`
				LastName  string `json:"last_name"`
			}
		}
		e.call("GET", "/api/user", e.token, "", 200, &me)
		if me.User.FirstName != "Grace" || me.User.LastName != "Brewster Hopper" {
			t.Fatalf("name = %+v, want Grace / Brewster Hopper", me.User)
		}

		var prefs struct {
			Language, Theme string
			NavLayout       string `json:"nav_layout"`
		}
		e.call("GET", "/api/user/preferences", e.token, "", 200, &prefs)
		if prefs.Language != "gb" || prefs.Theme != "light" || prefs.NavLayout != "side" {
			t.Fatalf("default preferences = %+v", prefs)
		}
		e.call("PATCH", "/api/user/preferences", e.token, `{"theme":"dark","language":"ir"}`, 200, &prefs)
		e.call("GET", "/api/user/preferences", e.token, "", 200, &prefs)
		if prefs.Language != "ir" || prefs.Theme != "dark" || prefs.NavLayout != "side" {
			t.Fatalf("patched preferences = %+v", prefs)
		}

		var twoFA struct {
			User struct {
				Is2FA bool `json:"is_2fa_enabled"`
			}
		}
		e.call("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":true}`, 200, nil)
		e.call("GET", "/api/user", e.token, "", 200, &twoFA)
		if !twoFA.User.Is2FA {
			t.Fatal("2FA flag not saved")
		}
	})
}

// Twelve people signing in at once from one office all get in. (One account
// signing in twelve times at once is a burst: its sixth attempt is throttled,
// see TestLoginBurstIsCountedBeforeHashing.)
func TestConcurrentLogins(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		var wg sync.WaitGroup
		tokens := make([]string, 12)
		errs := make(chan error, len(tokens))
		svc := app.New(e.db, slog.New(slog.DiscardHandler)).Accounts
		for i := range tokens {
			if _, err := svc.CreateUser(context.Background(), accounts.NewUser{
				Email: fmt.Sprintf("staff%d@example.org", i), Password: "correct-horse", FirstName: "Staff"}); err != nil {
				t.Fatal(err)
			}
		}
		for i := range tokens {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				res := e.do("POST", "/api/login", "", fmt.Sprintf(`{"email":"staff%d@example.org","password":"correct-horse"}`, i))
				defer res.Body.Close()
				if res.StatusCode != 200 {
					errs <- fmt.Errorf("login %d: status %d", i, res.StatusCode)
				}
			}(i)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	})
}

func TestHealthSPAAndHeaders(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		var h struct {
			Status        string
			SchemaVersion int `json:"schema_version"`
		}
		e.call("GET", "/api/health", "", "", 200, &h)
		if h.Status != "ok" || h.SchemaVersion < 1 {
			t.Fatalf("health = %+v", h)
		}
		for _, path := range []string{"/employee-portal", "/inventory", "/some/unknown/path"} {
			res := e.do("GET", path, "", "")
			res.Body.Close()
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
				!strings.Contains(res.Header.Get("Cache-Control"), "no-cache") {
				t.Errorf("%s: status %d, type %q, cache %q", path, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
			}
			if res.Header.Get("Content-Security-Policy") == "" || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
				res.Header.Get("X-Frame-Options") != "DENY" || res.Header.Get("Referrer-Policy") == "" {
				t.Errorf("%s: missing security headers %v", path, res.Header)
			}
		}
		res := e.do("GET", "/assets/app-abc.js", "", "")
		res.Body.Close()
		if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("hashed asset cache = %q", res.Header.Get("Cache-Control"))
		}
		res = e.do("GET", "/assets/big-123.js", "", "")
		res.Body.Close()
		if !res.Uncompressed {
			t.Error("a large script should be sent gzipped to a client that accepts it")
		}
		res = e.do("GET", "/assets/missing.js", "", "")
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("missing asset: status %d, want 404", res.StatusCode)
		}
	})
}

func TestPresenceListsStaffOnlineNow(t *testing.T) {
	forEachEnv(t, func(t *testing.T, e *env) {
		var out struct {
			Visitors []struct {
				FirstName string `json:"first_name"`
			}
		}
		e.call("GET", "/api/presence", e.token, "", 200, &out)
		if len(out.Visitors) != 1 || out.Visitors[0].FirstName != "Ada" {
			t.Fatalf("visitors = %+v, want the signed-in admin", out.Visitors)
		}
		// After logout the admin's only token is revoked: nobody is online.
		e.call("POST", "/api/logout", e.token, "", 200, nil)
		var login struct{ Token string }
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, &login)
		e.call("GET", "/api/presence", login.Token, "", 200, &out)
		if len(out.Visitors) != 1 {
			t.Fatalf("visitors after a new sign-in = %+v, want one", out.Visitors)
		}

		// A second user signs in, then does nothing for ten minutes: only the
		// admin, who keeps using the app, is still a current visitor.
		if _, err := app.New(e.db, slog.New(slog.NewTextHandler(io.Discard, nil))).Accounts.CreateUser(context.Background(),
			accounts.NewUser{Email: "idle@example.org", Password: "correct-horse", FirstName: "Idle"}); err != nil {
			t.Fatal(err)
		}
		e.call("POST", "/api/login", "", `{"email":"idle@example.org","password":"correct-horse"}`, 200, nil)
		e.call("GET", "/api/presence", login.Token, "", 200, &out)
		if len(out.Visitors) != 2 {
			t.Fatalf("visitors = %+v, want two", out.Visitors)
		}
		var offset atomic.Int64
		offset.Store(int64(10 * time.Minute))
		e.db.Now = func() time.Time { return time.Now().UTC().Add(time.Duration(offset.Load())) }
		e.call("GET", "/api/presence", login.Token, "", 200, &out)
		if len(out.Visitors) != 1 || out.Visitors[0].FirstName != "Ada" {
			t.Fatalf("visitors ten minutes later = %+v, want only Ada", out.Visitors)
		}
	})
}
