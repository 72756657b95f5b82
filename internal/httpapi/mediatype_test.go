package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/packline/packline/internal/httpapi/openapi"
)

// A body is taken only in a media type its operation's contract names:
// JSON sent as text/plain or as a form (how a page of another site can post
// without a CORS preflight: to the sign-in, a PIN check, password recovery),
// or with no type at all, is refused with 415 request.unsupported_media_type
// on every route that takes JSON, before anything is read; an upload takes
// only multipart. application/json with parameters (charset) is JSON.
func TestBodyOfAnotherMediaTypeIs415(t *testing.T) {
	t.Parallel()
	types, err := openapi.BodyTypes()
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`\{[^}]+\}`)
	forEachEnv(t, func(t *testing.T, e *env) {
		n := 0
		for _, route := range registeredRoutes(t) {
			pattern := route[0] + " " + route[1]
			allowed, ok := types[pattern]
			if !ok {
				continue
			}
			n++
			path := ids.ReplaceAllString(route[1], "1")
			bad := []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonx"}
			if !slices.Contains(allowed, "application/json") {
				bad = append(bad, "application/json")
			}
			for _, ctype := range bad {
				if slices.Contains(allowed, strings.Split(ctype, ";")[0]) {
					continue
				}
				header := http.Header{}
				if ctype != "" {
					header.Set("Content-Type", ctype)
				}
				res := e.send(route[0], path, e.token, strings.NewReader(`{"email":"a@example.org"}`), header)
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				var body struct{ Code string }
				_ = json.Unmarshal(raw, &body)
				if res.StatusCode != 415 || body.Code != "request.unsupported_media_type" {
					t.Errorf("%s %s as %q: %d %s, want 415", route[0], path, ctype, res.StatusCode, raw)
				}
			}
			if !slices.Contains(allowed, "application/json") {
				continue
			}
			for _, ctype := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON"} {
				res := e.send(route[0], path, e.token, strings.NewReader(`{}`), http.Header{"Content-Type": {ctype}})
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode == 415 {
					t.Errorf("%s %s as %q: %d %s", route[0], path, ctype, res.StatusCode, raw)
				}
			}
		}
		if n < 50 {
			t.Fatalf("only %d routes take a body", n)
		}
	})
}
