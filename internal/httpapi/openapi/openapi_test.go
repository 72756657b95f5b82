package openapi

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/getkin/kin-openapi/openapi3"
)

// The merged document is a valid OpenAPI 3.1 document whose every $ref resolves.
func TestDocumentIsValid(t *testing.T) {
	b, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("version %s, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
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
