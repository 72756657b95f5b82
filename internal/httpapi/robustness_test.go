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
	bodies := []string{
		``, `null`, `[]`, `{}`, `"text"`, `12`, `{"x":`, `{"id":1}{"id":2}`,
		`{"employee_id":"1","pin":1234,"quantity":"lots","batch_id":-1,"sku":null,"name":[],"first_name":{}}`,
		`{"employee_id":-5,"pin":"' OR 1=1 --","clock_token":"x","quantity":1e308,"batch_id":9223372036854775807}`,
		`{"employee_id":9223372036854775807,"quantity":-1e-9,"reason":"drop table","received_at":"2026-02-30","expires_at":"yesterday"}`,
		`{"sku":"` + strings.Repeat("S", 5000) + `","name":"\u0000\u202e","kind":"weird","unit":"","reorder_level":-3}`,
		`{"first_name":"A","last_name":"B","pin":"12ab"}`,
		`{"from":"2026-13-01","to":"2025-01-01","day":"x","week":"2026-W99"}`,
	}
	ids := []string{"0", "-1", "abc", "999999999", "1", "9223372036854775808"}
	queries := []string{"", "?page=-1&page_size=100000&sort=%27;drop&order=sideways&search=%25%27&from=x&to=y&kind=zzz&expiring_within_days=-9&limit=abc"}

	forEachEnv(t, func(t *testing.T, e *env) {
		sent, statuses := 0, map[int]int{}
		defer func() { t.Logf("%d requests sent; statuses %v", sent, statuses) }()
		for _, route := range registeredRoutes(t) {
			method, pattern := route[0], route[1]
			if pattern == "/api/logout" {
				continue // it would revoke the token the rest of the test signs in with
			}
			for _, id := range ids {
				path := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(pattern, id)
				for _, q := range queries {
					for _, token := range []string{"", e.token} {
						for _, body := range bodies {
							if method == "GET" && body != "" {
								continue
							}
							sent++
							res := e.do(method, path+q, token, body)
							if pattern == "/api/events" && res.StatusCode == 200 {
								res.Body.Close() // the live stream never ends: its opening is the answer
								statuses[200]++
								continue
							}
							raw, _ := io.ReadAll(res.Body)
							res.Body.Close()
							statuses[res.StatusCode]++
							if res.StatusCode >= 500 {
								t.Errorf("%s %s%s (token %v) body %.80q: status %d: %s",
									method, path, q, token != "", body, res.StatusCode, raw)
							}
						}
						if method == "GET" {
							res := e.do(method, path+q, token, "")
							res.Body.Close()
							if res.StatusCode >= 500 {
								t.Errorf("%s %s%s: status %d", method, path, q, res.StatusCode)
							}
						}
					}
				}
				if !strings.Contains(pattern, "{") {
					break
				}
			}
		}
	})
}
