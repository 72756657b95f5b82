package httpapi_test

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/packline/packline/internal/httpapi"
)

// registeredRoutes is every endpoint of the route table, so that a new
// endpoint is covered here without anyone remembering to add it.
func registeredRoutes(t *testing.T) [][2]string {
	t.Helper()
	var out [][2]string
	for _, p := range (&httpapi.Server{}).RoutePatterns() {
		method, path, _ := strings.Cut(p, " ")
		out = append(out, [2]string{method, path})
	}
	if len(out) < 10 {
		t.Fatalf("found only %d routes", len(out))
	}
	return out
}

// TestNoClientInputCauses500 sends every endpoint malformed, mistyped,
// hostile and out-of-range input, signed in and not, and fails on any 5xx.
func TestNoClientInputCauses500(t *testing.T) {
	t.Parallel()
	bodies := []string{
		``, `null`, `[]`, `{}`, `"text"`, `12`, `{"x":`, `{"id":1}{"id":2}`,
		`{"employee_id":"1","pin":1234,"quantity":"lots","batch_id":-1,"sku":null,"name":[],"first_name":{}}`,
		`{"employee_id":-5,"pin":"' OR 1=1 --","clock_token":"x","quantity":1e308,"batch_id":9223372036854775807}`,
		`{"employee_id":9223372036854775807,"quantity":-1e-9,"reason":"drop table","received_at":"2026-02-30","expires_at":"yesterday"}`,
		`{"sku":"` + strings.Repeat("S", 5000) + `","name":"\u0000\u202e","kind":"weird","unit":"","reorder_level":-3}`,
		`{"first_name":"A","last_name":"B","pin":"12ab"}`,
		`{"from":"2026-13-01","to":"2025-01-01","day":"x","week":"2026-W99"}`,
	}
	// a%00b and %ff%fe: NUL and invalid UTF-8 in a path value (a link's
	// token) reached PostgreSQL, which refused them with a 500.
	ids := []string{"0", "-1", "abc", "999999999", "1", "9223372036854775808", "a%00b", "%ff%fe"}
	queries := []string{"", "?page=-1&page_size=100000&sort=%27;drop&order=sideways&search=%25%27&from=x&to=y&kind=zzz&expiring_within_days=-9&limit=abc"}

	// Two cuts keep the run short without losing a case that could answer
	// differently: signed out, a route that answers 401 to one request
	// answers it to all (the check comes before anything is read); and an id
	// that is not a number is refused whatever the body, so it gets two.
	numeric := map[string]bool{"0": true, "-1": true, "999999999": true, "1": true}
	forEachEnv(t, func(t *testing.T, e *env) {
		sent, statuses, signedOutBy := 0, map[int]int{}, map[string]int{}
		defer func() { t.Logf("%d requests sent; statuses %v", sent, statuses) }()
		send := func(method, path, token, body string) int {
			sent++
			res := e.do(method, path, token, body)
			if strings.HasPrefix(path, "/api/events") && res.StatusCode == 200 {
				res.Body.Close() // the live stream never ends: its opening is the answer
				statuses[200]++
				return 200
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			statuses[res.StatusCode]++
			if res.StatusCode >= 500 {
				t.Errorf("%s %s (token %v) body %.80q: status %d: %s", method, path, token != "", body, res.StatusCode, raw)
			}
			return res.StatusCode
		}
		for _, route := range registeredRoutes(t) {
			method, pattern := route[0], route[1]
			if pattern == "/api/logout" {
				continue // it would revoke the token the rest of the test signs in with
			}
			signedIn := []bool{true}
			if first := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(pattern, "1"); send(method, first, "", "") != 401 {
				signedIn = append(signedIn, false) // open to the public: fuzz it signed out too
			}
			for _, id := range ids {
				path := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(pattern, id)
				for _, q := range queries {
					for _, in := range signedIn {
						for i, body := range bodies {
							if method == "GET" && body != "" || !numeric[id] && i > 3 {
								continue
							}
							token := ""
							if in {
								token = e.token
							}
							if send(method, path+q, token, body) == 401 && in {
								// Revoking the first sign-in signs this test out: sign in
								// again, or the rest would only test the 401.
								signedOutBy[pattern]++
								e.token = e.loginAs("robustness", "admin@example.org", "correct-horse")
							}
						}
					}
				}
				if !strings.Contains(pattern, "{") {
					break
				}
			}
		}
		for pattern, n := range signedOutBy {
			if pattern != "/api/user/sessions/{id}" || n > 1 {
				t.Errorf("%s answered 401 to the signed-in admin %d times", pattern, n)
			}
		}
	})
}

// A path whose decoded form holds NUL, a control character or invalid
// UTF-8 names nothing: 404 not_found, on every route and before any
// handler (a link's token reached PostgreSQL, which answered 500).
func TestPathWithNULOrBadUTF8Is404(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, path := range []string{
			"/api/public/invoices/a%00b", "/api/public/invoices/%ff%fe", "/api/public/impact/a%00b",
			"/api/public/impact/%c3%28", "/api/clients/1%0a", "/api/inventory/items/%00",
		} {
			tokens := []string{e.token}
			if strings.HasPrefix(path, "/api/public/") {
				tokens = append(tokens, "")
			}
			for _, token := range tokens {
				res := e.do("GET", path, token, "")
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != 404 || !strings.Contains(string(raw), `"code":"not_found"`) {
					t.Errorf("GET %s (signed in %v): %d %s", path, token != "", res.StatusCode, raw)
				}
			}
		}
	})
}
