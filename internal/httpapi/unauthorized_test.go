package httpapi_test

import (
	"io"
	"testing"
)

// Every 401 says how to authenticate (RFC 7235, RFC 6750): a bearer token in
// the realm packline; a token that was sent and refused is named
// invalid_token. Other answers carry no challenge.
func TestUnauthorizedAnswersChallengeBearer(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, c := range []struct {
			method, path, token, body string
			status                    int
			want                      string
		}{
			{"GET", "/api/user", "", "", 401, `Bearer realm="packline"`},
			{"GET", "/api/user", "not-a-token", "", 401, `Bearer realm="packline", error="invalid_token"`},
			{"GET", "/api/events", "", "", 401, `Bearer realm="packline"`},
			{"POST", "/api/login", "", `{"email":"admin@example.org","password":"wrong-password"}`, 401, `Bearer realm="packline"`},
			{"GET", "/api/user", e.token, "", 200, ""},
			{"GET", "/api/users", "", "", 401, `Bearer realm="packline"`},
		} {
			res := e.do(c.method, c.path, c.token, c.body)
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.status || res.Header.Get("WWW-Authenticate") != c.want {
				t.Errorf("%s %s: %d, WWW-Authenticate %q; want %d, %q (%s)", c.method, c.path, res.StatusCode,
					res.Header.Get("WWW-Authenticate"), c.status, c.want, raw)
			}
			if c.status == 401 && len(res.Header.Values("WWW-Authenticate")) != 1 {
				t.Errorf("%s %s: %v", c.method, c.path, res.Header.Values("WWW-Authenticate"))
			}
		}
	})
}
