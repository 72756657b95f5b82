package openapi

import (
	"context"
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
