package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// textFields names every text field of every endpoint that takes a JSON
// body; a field marked "!raw" is kept exactly as typed (a password), so only
// NUL is refused there. TestEveryTextFieldRefusesBadText fails when a route
// of the route table that takes a body is missing here.
var textFields = map[string][]string{
	"POST /api/login":                         {"email", "password!raw"},
	"POST /api/logout":                        {},
	"PATCH /api/user/name":                    {"userName"},
	"PATCH /api/user/2fa":                     {"code", "password!raw"},
	"POST /api/login/2fa":                     {"challenge", "code"},
	"POST /api/user/2fa/setup":                {},
	"DELETE /api/user/sessions/{id}":          {},
	"POST /api/users/invitations/{id}/resend": {},
	"DELETE /api/users/invitations/{id}":      {},
	"POST /api/users/{id}/reset-2fa":          {},
	"PATCH /api/user/password":                {"current_password!raw", "password!raw"},
	"PATCH /api/user/preferences":             {"language", "theme", "nav_layout"},
	"POST /api/signup":                        {"first_name", "last_name", "email", "password!raw", "invitation!raw"},
	"POST /api/password/recover":              {"email"},
	"POST /api/password/reset":                {"token!raw", "password!raw"},
	"POST /api/user/email":                    {"email", "password!raw"},
	"POST /api/user/email/confirm":            {"token!raw"},
	"PATCH /api/users/{id}":                   {"role"},
	"POST /api/users/invitations":             {"email", "role"},
	"PATCH /api/settings":                     {"organisation_name", "support_email", "time_zone", "currency", "organisation_address"},
	"PUT /api/settings/logo":                  {}, // multipart: one file part, no text
	"DELETE /api/settings/logo":               {},
	"POST /api/notifications/read":            {},
	"POST /api/events/ticket":                 {},
	"POST /api/chat/topics":                   {"name"},
	"POST /api/chat/topics/{id}/messages":     {"text"},
	"POST /api/chat/topics/{id}/read":         {},
	"PATCH /api/chat/messages/{id}":           {"text"},
	"DELETE /api/chat/messages/{id}":          {},
	"POST /api/employees/validate-pin":        {"pin!raw"},
	"POST /api/employees/clockin":             {"clock_token!raw"},
	// Its text is inside punches[] (base64url and keys, all raw; decode still
	// refuses control characters there, TestOfflinePunchesInputChecked).
	"POST /api/kiosk/offline-punches":          {},
	"POST /api/employees/clockout":             {"clock_token!raw"},
	"POST /api/employees":                      {"first_name", "last_name", "pin!raw", "pin_confirmation!raw"},
	"PATCH /api/staff/employees/{id}":          {"first_name", "last_name"},
	"POST /api/staff/employees/{id}/archive":   {},
	"POST /api/staff/employees/{id}/unarchive": {},
	"PUT /api/staff/employees/{id}/pin":        {"pin!raw", "pin_confirmation!raw"},
	"POST /api/staff/employees/{id}/punches":   {"kind", "at", "reason"},
	"PATCH /api/staff/punches/{id}":            {"at", "reason"},
	"POST /api/staff/punches/{id}/void":        {"reason"},
	"POST /api/inventory/items":                {"sku", "name", "kind", "unit", "category", "location", "notes"},
	"PATCH /api/inventory/items/{id}":          {"sku", "name", "kind", "unit", "category", "location", "notes"},
	"POST /api/inventory/items/{id}/batches":   {"code", "received_at", "expires_at", "source", "source_type", "notes", "note"},
	"PATCH /api/inventory/batches/{id}":        {"code", "received_at", "expires_at", "source", "source_type", "notes"},
	"POST /api/inventory/batches/{id}/count":   {"note"},
	"POST /api/inventory/moves":                {"reason", "note"},
	"POST /api/inventory/moves/{id}/reverse":   {"note"},
	// The import's csv is a file, not text: its cells are checked by the
	// inventory domain (TestImportRefusesBadTextInCells).
	"POST /api/inventory/import/preview":        {},
	"POST /api/inventory/import":                {},
	"PUT /api/inventory/items/{id}/recipe":      {},
	"POST /api/production/lines":                {"name"},
	"PATCH /api/production/lines/{id}":          {"name"},
	"POST /api/production/entries":              {"date", "note"},
	"POST /api/production/entries/{id}/reverse": {"reason"},
	"PUT /api/production/assignments":           {"date"},
	// An upload is a multipart form, not JSON: its form fields are checked
	// by TestDocumentUploadRefusesBadFormText.
	"POST /api/documents":              {},
	"DELETE /api/documents/{id}":       {},
	"POST /api/faq":                    {"topic"},
	"PUT /api/faq/{id}":                {"topic"},
	"PUT /api/faq/order":               {},
	"DELETE /api/faq/{id}":             {},
	"POST /api/documents/{id}/restore": {},
	"POST /api/shipments":              {"ship_date", "carrier", "tracking_number", "notes"},
	"PATCH /api/shipments/{id}":        {"ship_date", "carrier", "tracking_number", "notes"},
	"POST /api/shipments/{id}/ship":    {},
	"POST /api/shipments/{id}/deliver": {},
	"POST /api/shipments/{id}/cancel":  {"reason"},
	"POST /api/partners":               {"name", "address", "contact", "notes"},
	"PATCH /api/partners/{id}":         {"name", "address", "contact", "notes"},
	"POST /api/clients":                {"name", "email", "address", "city", "country"},
	"PATCH /api/clients/{id}":          {"name", "email", "address", "city", "country"},
	"POST /api/projects":               {"name", "status", "start_date", "due_date", "notes"},
	"PATCH /api/projects/{id}":         {"name", "status", "start_date", "due_date", "notes"},
	"POST /api/pricing-plans":          {"name", "unit", "period"},
	"PATCH /api/pricing-plans/{id}":    {"name", "unit", "period"},
	"POST /api/payment-methods":        {"kind", "label", "bank_name", "account_name", "sort_code", "account_number", "notes", "payment_url"},
	"PATCH /api/payment-methods/{id}":  {"label", "bank_name", "account_name", "sort_code", "account_number", "notes", "payment_url"},
	"POST /api/invoices":               {"currency", "language", "notes"},
	"PATCH /api/invoices/{id}":         {"currency", "language", "notes"},
	"POST /api/invoices/{id}/send":     {},
	"POST /api/invoices/{id}/link":     {},
	"POST /api/invoices/{id}/void":     {"reason"},
	// impact: share links and the monthly mail
	"POST /api/projects/{id}/impact/links":               {"label", "expires_on"},
	"POST /api/projects/{id}/impact/links/{link}/revoke": {},
	"PUT /api/projects/{id}/impact/mail":                 {},
	"POST /api/invoices/{id}/reissue":                    {},
	"POST /api/invoices/{id}/payments":                   {"paid_on", "note"},
	"POST /api/recalls":                                  {"reason", "notes"},
	"POST /api/recalls/{id}/release":                     {"notes"},
}

// badTexts are what no text field may hold: NUL, and characters that leave
// a name looking blank (zero-width space, right-to-left override, byte order
// mark, soft hyphen).
var badTexts = []struct{ name, value, code string }{
	{"NUL", "a\x00b", "text.control"},
	{"zero-width space", "\u200b", "text.invisible"},
	{"right-to-left override", "\u202e", "text.invisible"},
	{"byte order mark", "\ufeff", "text.invisible"},
	{"soft hyphen", "\u00ad", "text.invisible"},
}

// badJSONTexts are JSON string literals that are not Unicode text, which
// encoding/json alone would store as U+FFFD: a byte that is not UTF-8, and
// an escaped half of a surrogate pair without its other half. Every field,
// raw ones too, refuses them (text.encoding).
var badJSONTexts = []struct{ name, literal string }{
	{"invalid UTF-8", "\"ab\xffc\""},
	{"truncated UTF-8", "\"ab\xe2\x82\""},
	{"lone high surrogate", `"a\ud800b"`},
	{"lone low surrogate", `"\udc00"`},
	{"high surrogate then a letter", `"\ud83d\u0041"`},
}

// Every text field of every endpoint, and every query parameter, refuses
// NUL and invisible-only text with a 400 naming the field: never a 500,
// never stored.
func TestEveryTextFieldRefusesBadText(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db)
		var patterns []string
		for _, p := range (&httpapi.Server{}).RoutePatterns() {
			patterns = append(patterns, p)
		}
		checkTextFieldsAgainstOpenAPI(t, e)
		for _, pattern := range patterns {
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.ReplaceAll(path, "{id}", "1")
			if method == "GET" {
				// Query parameters: any name, any GET endpoint.
				for _, bad := range badTexts {
					res := e.do(method, path+"?search="+url.QueryEscape(bad.value), e.token, "")
					checkRefused(t, pattern+" ?search "+bad.name, res.StatusCode, readAll(res), "search", bad.code)
				}
				continue
			}
			fields, ok := textFields[pattern]
			if !ok {
				t.Errorf("%s takes a body but is not in textFields: list its text fields", pattern)
				continue
			}
			for _, f := range fields {
				field, raw := strings.CutSuffix(f, "!raw")
				for _, bad := range badTexts {
					if raw && bad.code != "text.control" {
						continue
					}
					body, _ := json.Marshal(map[string]string{field: bad.value})
					res := e.do(method, path, e.token, string(body))
					checkRefused(t, pattern+" "+field+" "+bad.name, res.StatusCode, readAll(res), field, bad.code)
				}
				for _, bad := range badJSONTexts {
					res := e.do(method, path, e.token, `{"`+field+`":`+bad.literal+`}`)
					checkRefused(t, pattern+" "+field+" "+bad.name, res.StatusCode, readAll(res), field, "text.encoding")
				}
			}
		}
	})
}

func checkRefused(t *testing.T, what string, status int, raw []byte, field, code string) {
	t.Helper()
	var b struct {
		Code, Field string
		Params      map[string]any
	}
	_ = json.Unmarshal(raw, &b)
	if status != 400 || b.Code != code || b.Field != field || b.Params["field"] != field {
		t.Errorf("%s: %d %s; want 400 %s on field %s", what, status, raw, code, field)
	}
}

func readAll(res *http.Response) []byte {
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return b
}

// A CSV import holding NUL or an invisible-only name is refused row by row
// and stores nothing; never a 500.
func TestImportRefusesBadTextInCells(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db)
		for _, bad := range badTexts {
			csv := "sku,name,kind,unit\nBAD-1," + bad.value + ",raw_material,kg\n"
			body, _ := json.Marshal(map[string]string{"csv": csv})
			var preview struct {
				Valid bool
			}
			e.call("POST", "/api/inventory/import/preview", e.token, string(body), 200, &preview)
			if preview.Valid {
				t.Errorf("%s in a name cell: preview valid", bad.name)
			}
			res := e.do("POST", "/api/inventory/import", e.token, string(body))
			if raw := readAll(res); res.StatusCode != 400 {
				t.Errorf("%s in a name cell: import %d %s, want 400", bad.name, res.StatusCode, raw)
			}
		}
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM inventory_items`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("items stored: %d (%v)", n, err)
		}
	})
}

// Every /api answer — success or error, known route or not — tells browsers
// and proxies not to store it: answers carry tokens and personal data. Two
// are revalidated by ETag instead: the kiosk list, which is what the public
// kiosk screen shows anyway, and the API's contract, which holds no data.
func TestAPIResponsesAreNotStored(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db)
		patterns := append((&httpapi.Server{}).RoutePatterns(), "GET /api/no-such-thing")
		for _, pattern := range patterns {
			method, path, _ := strings.Cut(pattern, " ")
			res := e.do(method, strings.ReplaceAll(path, "{id}", "1"), e.token, "")
			readAll(res)
			want := "no-store"
			if pattern == "GET /api/employees" {
				want = "no-cache"
			}
			if got := res.Header.Get("Cache-Control"); !strings.Contains(got, want) {
				t.Errorf("%s: %d, Cache-Control %q, want %s", pattern, res.StatusCode, got, want)
			}
		}
		// The sign-in answer, which carries the token.
		res := e.do("POST", "/api/login", "", `{"email":"admin@example.org","password":"correct-horse"}`)
		readAll(res)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("login: %d, Cache-Control %q", res.StatusCode, res.Header.Get("Cache-Control"))
		}
	})
}

// checkTextFieldsAgainstOpenAPI holds textFields to the API contract, when the
// server serves one: every string property of every JSON request body must
// be listed, so a new field cannot escape the test.
func checkTextFieldsAgainstOpenAPI(t *testing.T, e *env) {
	t.Helper()
	res := e.do("GET", "/api/openapi.json", "", "")
	raw := readAll(res)
	if res.StatusCode != 200 {
		return // no contract served (yet): the route table alone drives the test
	}
	var doc struct {
		Paths      map[string]map[string]json.RawMessage
		Components struct{ Schemas map[string]json.RawMessage }
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	type schema struct {
		Ref        string `json:"$ref"`
		Type       any
		Properties map[string]json.RawMessage
		AllOf      []json.RawMessage `json:"allOf"`
	}
	var resolve func(raw json.RawMessage) schema
	resolve = func(raw json.RawMessage) schema {
		var s schema
		_ = json.Unmarshal(raw, &s)
		if name, ok := strings.CutPrefix(s.Ref, "#/components/schemas/"); ok {
			return resolve(doc.Components.Schemas[name])
		}
		for _, part := range s.AllOf {
			for k, v := range resolve(part).Properties {
				if s.Properties == nil {
					s.Properties = map[string]json.RawMessage{}
				}
				s.Properties[k] = v
			}
		}
		return s
	}
	isString := func(raw json.RawMessage) bool {
		switch ty := resolve(raw).Type.(type) {
		case string:
			return ty == "string"
		case []any:
			for _, x := range ty {
				if x != "string" && x != "null" {
					return false
				}
			}
			return len(ty) > 0
		}
		return false
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			var o struct {
				RequestBody struct {
					Content map[string]struct{ Schema json.RawMessage }
				} `json:"requestBody"`
			}
			if json.Unmarshal(op, &o) != nil {
				continue
			}
			body, ok := o.RequestBody.Content["application/json"]
			if !ok {
				continue
			}
			pattern := strings.ToUpper(method) + " " + path
			listed := map[string]bool{}
			for _, f := range textFields[pattern] {
				name, _ := strings.CutSuffix(f, "!raw")
				listed[name] = true
			}
			for name, prop := range resolve(body.Schema).Properties {
				if isString(prop) && !listed[name] {
					t.Errorf("%s: the contract's text field %q is not in textFields", pattern, name)
				}
			}
		}
	}
}
