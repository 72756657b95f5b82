package openapi

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/getkin/kin-openapi/openapi3"
)

// The merged document is a valid OpenAPI 3.1 document whose every $ref resolves.
func TestDocumentIsValid(t *testing.T) {
	doc := loadDocument(t)
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("version %s, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// loadDocument is the merged document as kin-openapi reads it.
func loadDocument(t *testing.T) *openapi3.T {
	t.Helper()
	b, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestMergeRefusesDuplicates(t *testing.T) {
	base := &fstest.MapFile{Data: []byte("openapi: 3.1.0\npaths: {}\n")}
	for name, fsys := range map[string]fstest.MapFS{
		"path": {"base.yaml": base,
			"a.yaml": {Data: []byte("paths:\n  /api/x: {}\n")},
			"b.yaml": {Data: []byte("paths:\n  /api/x: {}\n")}},
		"schema": {"base.yaml": base,
			"a.yaml": {Data: []byte("components:\n  schemas:\n    X: {}\n")},
			"b.yaml": {Data: []byte("components:\n  schemas:\n    X: {}\n")}},
		"top-level key": {"base.yaml": base,
			"a.yaml": {Data: []byte("info: {}\n")}},
	} {
		if _, err := merge(fsys); err == nil {
			t.Errorf("%s: merged without an error", name)
		}
	}
}

// Every JSON request body says which members it takes and no others
// (additionalProperties: false), as the server's decoder refuses the others
// with 400 field.unknown: the contract and the server agree on strictness.
func TestRequestBodiesAreClosed(t *testing.T) {
	doc := loadDocument(t)
	var walk func(where string, s *openapi3.SchemaRef, seen map[*openapi3.Schema]bool)
	walk = func(where string, s *openapi3.SchemaRef, seen map[*openapi3.Schema]bool) {
		if s == nil || s.Value == nil || seen[s.Value] {
			return
		}
		seen[s.Value] = true
		v := s.Value
		if len(v.AllOf)+len(v.AnyOf)+len(v.OneOf) > 0 {
			t.Errorf("%s: a composed request schema cannot be closed; write its properties out", where)
		}
		if v.Type.Is("object") || len(v.Properties) > 0 {
			if h := v.AdditionalProperties.Has; h == nil || *h {
				t.Errorf("%s: an object in a request body without additionalProperties: false", where)
			}
		}
		for name, p := range v.Properties {
			walk(where+"."+name, p, seen)
		}
		walk(where+"[]", v.Items, seen)
		for _, branch := range []*openapi3.SchemaRef{v.If, v.Then, v.Else} {
			conditional(t, where, v, branch)
		}
	}
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
				n++
				walk(method+" "+path, mt.Schema, map[*openapi3.Schema]bool{})
			}
		}
	}
	if n == 0 {
		t.Fatal("no JSON request bodies found")
	}
}

// BodyTypes names each operation's body's media types, through a shared
// requestBody too, for every operation Bodies names.
func TestBodyTypes(t *testing.T) {
	types, err := BodyTypes()
	if err != nil {
		t.Fatal(err)
	}
	bodies, err := Bodies()
	if err != nil {
		t.Fatal(err)
	}
	for op := range bodies {
		if len(types[op]) == 0 {
			t.Errorf("%s: no media type", op)
		}
	}
	for op, want := range map[string]string{
		"POST /api/login":             "application/json",
		"POST /api/employees/clockin": "application/json",
		"POST /api/documents":         "multipart/form-data",
		"POST /api/inventory/import":  "application/json text/csv",
	} {
		if got := strings.Join(types[op], " "); got != want {
			t.Errorf("%s: %q, want %q", op, got, want)
		}
	}
}

// What a linter's recommended rules ask of the document (Redocly's
// operation-4xx-response, operation-tag-defined, tag-description,
// no-empty-servers), and the common refusals on every operation: 400
// everywhere (any query or body can be wrong), 401 where a token is
// needed, 403 on admins' operations, 404 where the path names a record,
// 413 and 415 where there is a body. Each is one of the shared answers in
// components/responses, whose body is the Error schema.
func TestEveryOperationNamesItsRefusals(t *testing.T) {
	b, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Servers    []struct{ URL string }
		Tags       []struct{ Name, Description string }
		Paths      map[string]map[string]json.RawMessage
		Components struct {
			Responses map[string]struct {
				Content map[string]struct {
					Schema struct {
						Ref string `json:"$ref"`
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Servers) == 0 || doc.Servers[0].URL != "/" {
		t.Errorf("servers %v, want the relative /", doc.Servers)
	}
	declared := map[string]bool{}
	for _, tag := range doc.Tags {
		declared[tag.Name] = true
		if strings.TrimSpace(tag.Description) == "" {
			t.Errorf("tag %q has no description", tag.Name)
		}
	}
	shared := map[string]string{"400": "BadRequest", "401": "Unauthorized", "403": "Forbidden", "404": "NotFound",
		"409": "Conflict", "413": "PayloadTooLarge", "415": "UnsupportedMediaType", "429": "TooManyRequests"}
	for _, name := range shared {
		if ref := doc.Components.Responses[name].Content["application/json"].Schema.Ref; ref != "#/components/schemas/Error" {
			t.Errorf("components/responses/%s: body %q, want the Error schema", name, ref)
		}
	}
	used := map[string]bool{}
	n := 0
	for path, item := range doc.Paths {
		for method, raw := range item {
			if method == "parameters" {
				continue
			}
			n++
			var op struct {
				Tags        []string
				Security    *[]any
				Access      string `json:"x-access"`
				RequestBody json.RawMessage
				Responses   map[string]struct {
					Ref string `json:"$ref"`
				}
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatal(err)
			}
			name := strings.ToUpper(method) + " " + path
			if len(op.Tags) == 0 {
				t.Errorf("%s: no tag", name)
			}
			for _, tag := range op.Tags {
				used[tag] = true
				if !declared[tag] {
					t.Errorf("%s: tag %q is not declared at the top level", name, tag)
				}
			}
			want := []string{"400"}
			if op.Security == nil || len(*op.Security) > 0 {
				want = append(want, "401")
			}
			if op.Access == "admin" {
				want = append(want, "403")
			}
			if strings.Contains(path, "{") {
				want = append(want, "404")
			}
			if op.RequestBody != nil {
				want = append(want, "413", "415")
			}
			for _, code := range want {
				if _, ok := op.Responses[code]; !ok {
					t.Errorf("%s: no %s response", name, code)
				}
			}
			client := 0
			for code, r := range op.Responses {
				if !strings.HasPrefix(code, "4") {
					continue
				}
				client++
				if sharedName, ok := shared[code]; ok && r.Ref != "" && r.Ref != "#/components/responses/"+sharedName {
					t.Errorf("%s: %s is %s, want components/responses/%s", name, code, r.Ref, sharedName)
				}
			}
			if client == 0 {
				t.Errorf("%s: no 4xx response", name)
			}
		}
	}
	for tag := range declared {
		if !used[tag] {
			t.Errorf("tag %q is declared but no operation has it", tag)
		}
	}
	if n < 150 {
		t.Fatalf("only %d operations", n)
	}
}

// conditional holds a branch of an if/then/else in a request schema (what a
// member's value requires of the others) to naming only members the object
// declares: it may require them, or constrain their values, and nothing else
// (anyOf only as a list of alternatives required, nested if/then/else alike).
func conditional(t *testing.T, where string, object *openapi3.Schema, branch *openapi3.SchemaRef) {
	t.Helper()
	if branch == nil || branch.Value == nil {
		return
	}
	b := branch.Value
	for _, name := range b.Required {
		if object.Properties[name] == nil {
			t.Errorf("%s: a condition requires %q, which the object does not declare", where, name)
		}
	}
	for name, p := range b.Properties {
		declared := object.Properties[name]
		if declared == nil || declared.Value == nil {
			t.Errorf("%s: a condition names %q, which the object does not declare", where, name)
			continue
		}
		if p.Value != nil && len(p.Value.Required) > 0 {
			conditional(t, where+"."+name, declared.Value, p)
		}
	}
	if len(b.AllOf)+len(b.OneOf) > 0 || b.AdditionalProperties.Has != nil || b.Items != nil {
		t.Errorf("%s: a condition may only require members or constrain their values", where)
	}
	for _, alt := range b.AnyOf {
		conditional(t, where, object, alt)
	}
	for _, nested := range []*openapi3.SchemaRef{b.If, b.Then, b.Else} {
		conditional(t, where, object, nested)
	}
}
