package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

func TestLoginAndUser(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
			{"DELETE", "/api/login", "", "", 405},
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
	t.Parallel()
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
		// Two-factor sign-in turns on only with a code (TestTwoFactorTurnOnAndSignInWithCodes).
		e.call("PATCH", "/api/user/2fa", e.token, `{"is2FAEnabled":true}`, 400, nil)
		e.call("GET", "/api/user", e.token, "", 200, &twoFA)
		if twoFA.User.Is2FA {
			t.Fatal("2FA is on without a code")
		}
	})
}

// Twelve people signing in at once from one office all get in. (One account
// signing in twelve times at once is a burst: its sixth attempt is throttled,
// see TestLoginBurstIsCountedBeforeHashing.)
func TestConcurrentLogins(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		var wg sync.WaitGroup
		tokens := make([]string, 12)
		errs := make(chan error, len(tokens))
		svc := testAccounts(e.db, nil)
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
				// 503 (hashing busy, Retry-After) is the documented answer when
				// more sign-ins arrive than the hash memory budget allows at
				// once; a client tries again. Anything else is a failure.
				var res *http.Response
				for try := 0; ; try++ {
					res = e.do("POST", "/api/login", "", fmt.Sprintf(`{"email":"staff%d@example.org","password":"correct-horse"}`, i))
					if res.StatusCode != http.StatusServiceUnavailable || try == 20 {
						break
					}
					res.Body.Close()
					time.Sleep(100 * time.Millisecond)
				}
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
	t.Parallel()
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
		// Each client-side route gets its entry: the auth pages and the kiosk are apps of their own.
		for path, title := range map[string]string{
			"/auth": "auth", "/auth/login": "auth", "/auth/recover-password/": "auth", "/employee-portal": "kiosk",
			"/employee-portal/": "kiosk", "/dashboard": "app", "/authors": "app", "/employees": "app", "/": "app",
			// The pages a mailed link opens need none of the office app.
			"/invoice-link/abc": "auth", "/impact-link/abc": "auth", "/invoices": "app",
		} {
			res := e.do("GET", path, "", "")
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if want := "<title>" + title + "</title>"; !strings.Contains(string(body), want) {
				t.Errorf("%s: body %q, want the %s entry", path, body, title)
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
	t.Parallel()
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
		e.signIn(accounts.NewUser{Email: "idle@example.org", FirstName: "Idle"})
		e.call("GET", "/api/presence", login.Token, "", 200, &out)
		if len(out.Visitors) != 2 {
			t.Fatalf("visitors = %+v, want two", out.Visitors)
		}
		var offset atomic.Int64
		offset.Store(int64(10 * time.Minute))
		e.db.SetNow(func() time.Time { return time.Now().UTC().Add(time.Duration(offset.Load())) })
		e.call("GET", "/api/presence", login.Token, "", 200, &out)
		if len(out.Visitors) != 1 || out.Visitors[0].FirstName != "Ada" {
			t.Fatalf("visitors ten minutes later = %+v, want only Ada", out.Visitors)
		}
	})
}

// A burst of 100 wrong passwords for one account with the right one among
// them, sent at once (over two instances on PostgreSQL): only five attempts
// are evaluated, the rest are refused before any hashing, and afterwards the
// right password is refused like a wrong one until the cool-down ends.
func TestLoginBurstIsCountedBeforeHashing(t *testing.T) {
	// Serial, engines one after the other: the burst of sign-ins is counted against the hash gate and the throttle as one burst: it must have the process to itself.
	storagetest.ForEachSerial(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db)
		urls := []string{e.srv.URL}
		if db.Dialect == storage.Postgres {
			other, err := storage.Open(context.Background(), db.DSN)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			urls = append(urls, newEnvServer(t, other).URL)
		}
		const n = 101
		// Open every connection first, so that the burst is one burst.
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}}
		burst(n, func(i int) {
			if res, err := client.Get(urls[i%len(urls)] + "/api/health"); err == nil {
				readAll(res)
			}
		})
		statuses := make([]int, n)
		burst(n, func(i int) {
			pass := "wrong-guess"
			if i == n/2 {
				pass = "correct-horse"
			}
			res, err := client.Post(urls[i%len(urls)]+"/api/login", "application/json",
				strings.NewReader(`{"email":"admin@example.org","password":"`+pass+`"}`))
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			statuses[i] = res.StatusCode
		})
		count := map[int]int{}
		for _, s := range statuses {
			count[s]++
		}
		// Five attempts are evaluated, the rest refused unhashed. Only if the
		// right password was among the five does its success start the count
		// again, for any attempt that arrives after it (at most five more).
		evaluated := count[200] + count[401]
		if count[200] == 0 && (evaluated != 5 || count[429] != n-5) || count[200] > 1 || evaluated > 10 ||
			count[200]+count[401]+count[429] != n {
			t.Fatalf("burst of %d: statuses %v; want 5 evaluated (200/401) and %d refused (429)", n, count, n-5)
		}
		if count[200] == 1 {
			// The success started the count again: use it up.
			for range 6 {
				if res := e.do("POST", "/api/login", "", `{"email":"admin@example.org","password":"wrong-guess"}`); readAll(res) != nil && res.StatusCode == 429 {
					break
				}
			}
		}
		res := e.do("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`)
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" || !strings.Contains(string(raw), `"auth.throttled"`) {
			t.Fatalf("right password after the burst: %d %s; want 429 auth.throttled with Retry-After", res.StatusCode, raw)
		}
		// The cool-down over, the right password works again.
		db.SetNow(func() time.Time { return time.Now().UTC().Add(2 * time.Minute) })
		e.call("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`, 200, nil)
	})
}

// Behind a trusted load balancer that appends the client's address, a client
// rotating forged X-Forwarded-For entries still gets five guesses, and a 4 KB
// garbage entry is neither a 500 nor a new throttle key.
func TestForgedForwardedForGivesNoExtraGuesses(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db)
		proxied := newEnvServer(t, db, func(s *httpapi.Server) {
			s.TrustedProxies, _ = httpapi.ParseTrustedProxies("127.0.0.0/8,::1")
		})
		login := func(forged string) int {
			req, _ := http.NewRequest("POST", proxied.URL+"/api/login",
				strings.NewReader(`{"email":"admin@example.org","password":"wrong-guess"}`))
			req.Header.Set("Content-Type", "application/json")
			// What the client wrote, then what the load balancer appended.
			req.Header.Set("X-Forwarded-For", forged+", 198.51.100.7")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		for i := range 5 {
			if got := login(fmt.Sprintf("10.0.%d.%d", i, i)); got != 401 {
				t.Fatalf("guess %d: status %d, want 401", i+1, got)
			}
		}
		if got := login("10.9.9.9"); got != 429 {
			t.Fatalf("sixth guess with a new forged address: %d, want 429", got)
		}
		if got := login(strings.Repeat("x", 4096)); got != 429 {
			t.Fatalf("garbage forged address: %d, want 429 (the same client)", got)
		}
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM throttles WHERE key LIKE '%xxxx%'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("throttle rows keyed by garbage: %d (%v)", n, err)
		}
		_ = e
	})
}

// Password hashing is bounded: with one hashing slot, a flood of sign-ins
// for many accounts gets 503 auth.busy with Retry-After beyond the short
// queue, never a 500, and nobody waits long.
func TestLoginFloodIsBoundedBy503(t *testing.T) {
	// Serial, engines one after the other: it floods the password-hash gate and expects a share to be hashed within the gate's wait: other tests hashing at the same time would change the share.
	storagetest.ForEachSerial(t, func(t *testing.T, db *storage.DB) {
		gate := accounts.NewHashGate(accounts.HashMemory)
		gate.MaxWait = 100 * time.Millisecond
		srv := newEnvServer(t, db, func(s *httpapi.Server) {
			s.Accounts = accounts.NewService(storage.NewAccountStore(db), storage.NewThrottle(db), gate, nil)
		})
		const n = 40
		statuses := make([]int, n)
		retry := make([]string, n)
		burst(n, func(i int) {
			res, err := http.Post(srv.URL+"/api/login", "application/json",
				strings.NewReader(fmt.Sprintf(`{"email":"nobody%d@example.org","password":"wrong-guess"}`, i)))
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			statuses[i], retry[i] = res.StatusCode, res.Header.Get("Retry-After")
		})
		count := map[int]int{}
		for i, s := range statuses {
			count[s]++
			if s == 503 && retry[i] == "" {
				t.Errorf("503 without Retry-After")
			}
		}
		if count[503] == 0 || count[401] == 0 || count[401]+count[503] != n {
			t.Fatalf("statuses %v: want some 401 (hashed) and some 503 (turned away), nothing else", count)
		}
	})
}
