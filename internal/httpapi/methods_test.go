package httpapi_test

import (
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A method a known API path does not take is a 405 whose Allow header lists
// the methods the path takes (HEAD with GET), with the usual error body,
// request.method_not_allowed; on every path of the route table. A path no
// route has is still a 404 api.no_endpoint, whatever the method, and a page
// of the app takes only GET and HEAD.
func TestWrongMethodIs405WithAllow(t *testing.T) {
	t.Parallel()
	routes := registeredRoutes(t)
	// The methods of a path are those of every route whose pattern matches it
	// (/api/faq/order is PUT /api/faq/order's and GET /api/faq/{id}'s).
	ids := regexp.MustCompile(`\{[^}]+\}`)
	methodsOf := func(path string) []string {
		var out []string
		for _, route := range routes {
			segments := strings.Split(route[1], "/")
			for i, seg := range segments {
				if strings.HasPrefix(seg, "{") {
					segments[i] = "[^/]+"
				} else {
					segments[i] = regexp.QuoteMeta(seg)
				}
			}
			if regexp.MustCompile("^"+strings.Join(segments, "/")+"$").MatchString(path) && !slices.Contains(out, route[0]) {
				out = append(out, route[0])
			}
		}
		return out
	}
	paths := map[string]bool{}
	for _, route := range routes {
		paths[ids.ReplaceAllString(route[1], "1")] = true
	}
	forEachEnv(t, func(t *testing.T, e *env) {
		for target := range paths {
			methods := methodsOf(target)
			want := slices.Clone(methods)
			if slices.Contains(want, "GET") {
				want = append(want, "HEAD")
			}
			slices.Sort(want)
			for _, method := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
				if slices.Contains(methods, method) {
					continue
				}
				res := e.do(method, target, e.token, "")
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				var body struct {
					Code   string
					Params map[string]any
				}
				_ = json.Unmarshal(raw, &body)
				got := strings.Split(res.Header.Get("Allow"), ", ")
				slices.Sort(got)
				if res.StatusCode != 405 || !slices.Equal(got, want) || body.Code != "request.method_not_allowed" || body.Params["method"] != method {
					t.Errorf("%s %s: %d, Allow %q, %s; want 405, Allow %v", method, target, res.StatusCode, res.Header.Get("Allow"), raw, want)
				}
			}
		}
		for _, c := range []struct{ method, path, code string }{
			{"DELETE", "/api/no-such-thing", "api.no_endpoint"},
			{"GET", "/api/no-such-thing", "api.no_endpoint"},
			{"GET", "/api", "api.no_endpoint"},
			{"POST", "/api/", "api.no_endpoint"},
			{"POST", "/inventory", "request.method_not_allowed"},
		} {
			res := e.do(c.method, c.path, e.token, "")
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var body struct{ Code string }
			if err := json.Unmarshal(raw, &body); err != nil || body.Code != c.code {
				t.Errorf("%s %s: %d %s, want %s", c.method, c.path, res.StatusCode, raw, c.code)
			}
			if c.code == "request.method_not_allowed" && (res.StatusCode != 405 || res.Header.Get("Allow") != "GET, HEAD") {
				t.Errorf("%s %s: %d, Allow %q", c.method, c.path, res.StatusCode, res.Header.Get("Allow"))
			}
		}
	})
}
