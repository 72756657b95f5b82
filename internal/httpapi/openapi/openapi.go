// Package openapi holds the API's one contract: an OpenAPI 3.1 document
// written by hand, one file per area. base.yaml is the frame (info, security,
// the shared Error shape); every other *.yaml adds its area's paths and
// components. A new area adds its own file here and nothing else.
//
// The server serves the merged document at GET /api/openapi.json, the API
// tests validate every response against it, and the web app's types are
// generated from it (npm run api:types).
package openapi

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed *.yaml
var files embed.FS

// JSON returns the merged document, indented. The files are embedded, so an
// error here is a broken build, which the package's test catches.
var JSON = sync.OnceValues(func() ([]byte, error) {
	doc, err := merge(files)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(doc, "", "  ")
})

// Bodies are the operations, as the route table writes them ("POST
// /api/clients"), whose contract takes a request body. The server refuses a
// body sent to any other (httpapi's noBody).
var Bodies = sync.OnceValues(func() (map[string]bool, error) {
	doc, err := merge(files)
	if err != nil {
		return nil, err
	}
	paths, _ := doc["paths"].(map[string]any)
	bodies := map[string]bool{}
	for path, item := range paths {
		ops, _ := item.(map[string]any)
		for method, op := range ops {
			if o, ok := op.(map[string]any); ok && o["requestBody"] != nil {
				bodies[strings.ToUpper(method)+" "+path] = true
			}
		}
	}
	return bodies, nil
})

// BodyTypes are the media types each operation's request body may have, as
// the route table writes the operation ("POST /api/clients" →
// ["application/json"]), for every operation that takes a body. The server
// refuses a body of any other type (httpapi's bodyOfType).
var BodyTypes = sync.OnceValues(func() (map[string][]string, error) {
	doc, err := merge(files)
	if err != nil {
		return nil, err
	}
	paths, _ := doc["paths"].(map[string]any)
	shared := child(child(doc, "components"), "requestBodies")
	types := map[string][]string{}
	for path, item := range paths {
		ops, _ := item.(map[string]any)
		for method, op := range ops {
			o, ok := op.(map[string]any)
			if !ok || o["requestBody"] == nil {
				continue
			}
			body, _ := o["requestBody"].(map[string]any)
			if ref, ok := body["$ref"].(string); ok {
				body, _ = shared[strings.TrimPrefix(ref, "#/components/requestBodies/")].(map[string]any)
			}
			content, _ := body["content"].(map[string]any)
			var list []string
			for mt := range content {
				list = append(list, mt)
			}
			if len(list) == 0 {
				return nil, fmt.Errorf("openapi: %s %s: a request body without a media type", method, path)
			}
			slices.Sort(list)
			types[strings.ToUpper(method)+" "+path] = list
		}
	}
	return types, nil
})

// merge reads base.yaml and adds every other file's paths and components,
// refusing a path or component that two files define.
func merge(fsys fs.FS) (map[string]any, error) {
	doc, err := read(fsys, "base.yaml")
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	for _, name := range names {
		if name == "base.yaml" {
			continue
		}
		area, err := read(fsys, name)
		if err != nil {
			return nil, err
		}
		for key, v := range area {
			switch key {
			case "paths":
				if err := addAll(doc, "paths", v, name); err != nil {
					return nil, err
				}
			case "components":
				sections, ok := v.(map[string]any)
				if !ok {
					return nil, fmt.Errorf("openapi: %s: components is not a map", name)
				}
				comps := child(doc, "components")
				for section, entries := range sections {
					if err := addAll(comps, section, entries, name); err != nil {
						return nil, err
					}
				}
			default:
				return nil, fmt.Errorf("openapi: %s: an area file holds only paths and components, not %q", name, key)
			}
		}
	}
	return doc, nil
}

func read(fsys fs.FS, name string) (map[string]any, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := yaml.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("openapi: %s: %w", name, err)
	}
	return m, nil
}

// child returns parent[key] as a map, creating it when absent.
func child(parent map[string]any, key string) map[string]any {
	m, ok := parent[key].(map[string]any)
	if !ok {
		m = map[string]any{}
		parent[key] = m
	}
	return m
}

// addAll copies the entries of v into parent[key], refusing duplicates.
func addAll(parent map[string]any, key string, v any, file string) error {
	entries, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("openapi: %s: %s is not a map", file, key)
	}
	dst := child(parent, key)
	for name, entry := range entries {
		if _, dup := dst[name]; dup {
			return fmt.Errorf("openapi: %s: %s %q is defined twice", file, key, name)
		}
		dst[name] = entry
	}
	return nil
}
