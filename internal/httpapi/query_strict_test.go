package httpapi_test

import (
	"encoding/json"
	"io"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// queryParam is one query parameter of a GET operation of the document
// whose values are a closed set: a boolean, or an enum.
type queryParam struct {
	path, name string
	boolean    bool
	choices    []string
}

// closedQueryParams lists every boolean and enum query parameter of every
// GET operation the document names, so that a new one is covered here
// without anyone remembering to add it.
func closedQueryParams(t *testing.T) []queryParam {
	t.Helper()
	doc, err := contractDoc()
	if err != nil {
		t.Fatal(err)
	}
	var out []queryParam
	for path, item := range doc.Paths.Map() {
		if item.Get == nil {
			continue
		}
		for _, p := range append(slices.Clone(item.Parameters), item.Get.Parameters...) {
			if p.Value == nil || p.Value.In != openapi3.ParameterInQuery || p.Value.Schema == nil || p.Value.Schema.Value == nil {
				continue
			}
			s := p.Value.Schema.Value
			q := queryParam{path: path, name: p.Value.Name, boolean: s.Type.Is("boolean")}
			for _, v := range s.Enum {
				if v, ok := v.(string); ok {
					q.choices = append(q.choices, v)
				}
			}
			if q.boolean || len(q.choices) > 0 {
				out = append(out, q)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path+out[i].name < out[j].path+out[j].name })
	return out
}

// Every boolean query parameter of every GET route takes exactly true or
// false, and every enum parameter exactly one of its values: anything else
// (TRUE, on, 1, maybe, a value in another case, a blank or empty value) is a
// 400 field.choice naming the parameter, before the route looks anything
// up — never read as false or as no filter at all.
func TestClosedQueryParametersRefuseOtherValues(t *testing.T) {
	t.Parallel()
	params := closedQueryParams(t)
	booleans := 0
	for _, p := range params {
		if p.boolean {
			booleans++
		}
	}
	if booleans < 8 {
		t.Fatalf("found only %d boolean query parameters in the document", booleans)
	}
	ids := regexp.MustCompile(`\{[^}]+\}`)
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, p := range params {
			bad := []string{"maybe", " ", ""}
			if p.boolean {
				bad = append(bad, "TRUE", "True", "on", "1", "0", "yes", "no", "true ")
			} else {
				bad = append(bad, "no-such-choice", strings.ToUpper(p.choices[0])+"x")
				if up := strings.ToUpper(p.choices[0]); up != p.choices[0] {
					bad = append(bad, up)
				}
			}
			for _, v := range bad {
				target := ids.ReplaceAllString(p.path, "1") + "?" + url.Values{p.name: {v}}.Encode()
				res := e.do("GET", target, e.token, "")
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				var body struct{ Code, Field string }
				_ = json.Unmarshal(raw, &body)
				if res.StatusCode != 400 || body.Field != p.name || body.Code != "field.choice" {
					t.Errorf("GET %s: %d %s, want 400 field.choice naming %s", target, res.StatusCode, raw, p.name)
				}
			}
			good := []string{p.name + "=" + url.QueryEscape(first(p))}
			if p.boolean {
				good = append(good, p.name+"=false")
			}
			for _, q := range good {
				target := ids.ReplaceAllString(p.path, "1") + "?" + q
				res := e.do("GET", target, e.token, "")
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode == 400 {
					t.Errorf("GET %s: %d %s, want it accepted", target, res.StatusCode, raw)
				}
			}
		}
	})
}

// first is a value p takes.
func first(p queryParam) string {
	if p.boolean {
		return "true"
	}
	return p.choices[0]
}
