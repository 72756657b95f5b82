package httpapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/packline/packline/internal/httpapi/openapi"
)

// The route table and the OpenAPI document name the same endpoints, and the
// document says who may call each as the table does: public routes have
// `security: []`, admin routes `x-access: admin`.
func TestRoutesMatchOpenAPI(t *testing.T) {
	b, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	type op struct {
		Security *[]any `json:"security"`
		Access   string `json:"x-access"`
	}
	documented := map[string]op{}
	for path, item := range doc.Paths {
		for method, raw := range item {
			switch method {
			case "get", "put", "post", "delete", "patch", "head", "options":
				var o op
				if err := json.Unmarshal(raw, &o); err != nil {
					t.Fatal(err)
				}
				documented[strings.ToUpper(method)+" "+path] = o
			}
		}
	}

	var registered []string
	for _, rt := range (&Server{}).routeTable() {
		registered = append(registered, rt.pattern)
		o, ok := documented[rt.pattern]
		if !ok {
			t.Errorf("route %q is missing from the OpenAPI document (internal/httpapi/openapi/*.yaml)", rt.pattern)
			continue
		}
		isPublic := o.Security != nil && len(*o.Security) == 0
		if (rt.access == public) != isPublic {
			t.Errorf("%q: public in the route table = %v, in the document (security: []) = %v", rt.pattern, rt.access == public, isPublic)
		}
		if (rt.access == admin) != (o.Access == "admin") {
			t.Errorf("%q: admin only in the route table = %v, in the document (x-access: admin) = %v", rt.pattern, rt.access == admin, o.Access == "admin")
		}
	}
	for pattern := range documented {
		if !slices.Contains(registered, pattern) {
			t.Errorf("the OpenAPI document names %q, which is not a route", pattern)
		}
	}
}
