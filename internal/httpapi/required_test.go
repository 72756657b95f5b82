package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/packline/packline/internal/accounts"
)

// The document and the server agree on what a JSON body must hold, both
// ways, for every operation that takes one:
//
//   - each member the document declares required (at any depth, and those an
//     if/then requires given the other members) is refused when it alone is
//     missing: a 400 naming it;
//   - each member the server refuses as missing (a 400 naming a member the
//     body does not hold) is one the document declares required: found by
//     sending {} and adding, one at a time, each member the server asks for.
//
// The bodies are made from the document (samples below); the paths name
// records of a small world made first, so that an operation that reads its
// record before its body is judged on the body.
func TestRequiredMembersAgree(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		ops := jsonBodyOperations(t)
		w := requiredWorld(e)
		checked, asked := 0, 0
		for _, op := range ops {
			url := op.url(w.paths)
			// The document's required members, each left out alone.
			body := w.sampleBody(op.schema)
			for _, member := range requiredMembers(op.schema, body) {
				without := removeMember(body, member)
				want := absentRequired(op.schema, without, "")
				checked++
				status, code, field := e.refusal(op.method, url, without)
				if status != http.StatusBadRequest || !names(want, field) {
					t.Errorf("%s %s: without %s (the document: %s required) the server answered %d %s naming %q, want 400 naming it",
						op.method, op.path, member, strings.Join(want, " or "), status, code, field)
				}
			}
			// What the server asks for, from nothing.
			got := map[string]any{}
			for range 40 {
				status, code, field := e.refusal(op.method, url, got)
				if status != http.StatusBadRequest || field == "" || hasMember(got, field) || schemaAt(op.schema, field) == nil {
					break
				}
				asked++
				if !names(absentRequired(op.schema, got, ""), field) {
					t.Errorf("%s %s: the server refuses %s without %s (%s), which the document does not declare required",
						op.method, op.path, compact(got), field, code)
				}
				setMember(got, field, w.sample(schemaAt(op.schema, field), lastName(field)))
			}
		}
		t.Logf("%d required members left out, %d asked for by the server", checked, asked)
		// Not vacuous: the bodies hold what the document requires, and the
		// server names what it misses.
		if checked < 100 || asked < 80 {
			t.Fatalf("only %d required members left out and %d asked for", checked, asked)
		}
	})
}

// The schema walks below are held to what they promise on a schema written here.
func TestRequiredMembersSchemaWalk(t *testing.T) {
	var s openapi3.Schema
	if err := json.Unmarshal([]byte(`{
		"type": "object", "required": ["kind", "lines"],
		"properties": {
			"kind": {"type": "string", "enum": ["bank", "link"]},
			"bank_name": {"type": "string"}, "url": {"type": "string"},
			"lines": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["batch_id"],
				"properties": {"batch_id": {"type": "integer", "minimum": 1}, "note": {"type": "string"}}}}
		},
		"if": {"properties": {"kind": {"const": "bank"}}, "required": ["kind"]},
		"then": {"required": ["bank_name"]},
		"else": {"anyOf": [{"required": ["url"]}, {"required": ["bank_name"]}]}
	}`), &s); err != nil {
		t.Fatal(err)
	}
	body := (&world{}).sampleBody(&s)
	if got, want := compact(body), `{"bank_name":"Sample","kind":"bank","lines":[{"batch_id":1}]}`; got != want {
		t.Errorf("sample %s, want %s", got, want)
	}
	if got, want := requiredMembers(&s, body), []string{"bank_name", "kind", "lines", "lines[0].batch_id"}; !slices.Equal(got, want) {
		t.Errorf("required members %v, want %v", got, want)
	}
	for _, c := range []struct{ body, want string }{
		{`{}`, "kind lines url bank_name"}, // no kind: not a bank, so the else
		{`{"kind":"bank","lines":[{}]}`, "lines[0].batch_id bank_name"},
		{`{"kind":"link","lines":[{"batch_id":2}]}`, "url bank_name"},
		{`{"kind":"link","lines":[{"batch_id":2}],"bank_name":"x"}`, ""},
	} {
		var v map[string]any
		_ = json.Unmarshal([]byte(c.body), &v)
		if got := strings.Join(absentRequired(&s, v, ""), " "); got != c.want {
			t.Errorf("absent from %s: %q, want %q", c.body, got, c.want)
		}
	}
	var v map[string]any
	_ = json.Unmarshal([]byte(`{"kind":"bank","lines":[{"batch_id":2}]}`), &v)
	if !hasMember(v, "lines[0].batch_id") || hasMember(v, "lines[0].note") || hasMember(v, "lines[1].batch_id") {
		t.Error("hasMember")
	}
	setMember(v, "lines[0].note", "n")
	if got := compact(removeMember(v, "kind")); got != `{"lines":[{"batch_id":2,"note":"n"}]}` {
		t.Errorf("set and remove: %s", got)
	}
	if schemaAt(&s, "lines[0].batch_id") == nil || schemaAt(&s, "lines[0].zz") != nil || schemaAt(&s, "page") != nil {
		t.Error("schemaAt")
	}
}

// jsonBodyOperation is an operation of the document whose request body is
// JSON: its method, its path as written and the body's schema.
type jsonBodyOperation struct {
	method, path string
	schema       *openapi3.Schema
}

// url is the operation's path with each {name} replaced by the record of
// that kind in ids (keyed by the path up to the parameter), or 1.
func (op jsonBodyOperation) url(ids map[string]int64) string {
	out := op.path
	for {
		i := strings.Index(out, "{")
		if i < 0 {
			return out
		}
		j := strings.Index(out[i:], "}") + i
		id, ok := ids[out[:i]]
		if !ok {
			id = 1
		}
		out = out[:i] + strconv.FormatInt(id, 10) + out[j+1:]
	}
}

// jsonBodyOperations lists the document's operations with a JSON body, in
// a fixed order.
func jsonBodyOperations(t *testing.T) []jsonBodyOperation {
	t.Helper()
	doc, err := contractDoc()
	if err != nil {
		t.Fatal(err)
	}
	var ops []jsonBodyOperation
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
				ops = append(ops, jsonBodyOperation{method, path, mt.Schema.Value})
			}
		}
	}
	slices.SortFunc(ops, func(a, b jsonBodyOperation) int { return strings.Compare(a.path+" "+a.method, b.path+" "+b.method) })
	if len(ops) < 60 {
		t.Fatalf("only %d operations with a JSON body", len(ops))
	}
	return ops
}

// refusal sends body and answers the status, and the error's code and field.
func (e *env) refusal(method, path string, body map[string]any) (status int, code, field string) {
	e.t.Helper()
	res := e.do(method, path, e.token, compact(body))
	var out struct{ Code, Field string }
	_ = json.Unmarshal(readAll(res), &out)
	return res.StatusCode, out.Code, out.Field
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// world is the records the bodies and paths name: ids by the path before
// their {id}, and values by member name for members whose schema alone
// does not make a value the server takes (the ids of real records, a PIN
// of digits, a time it takes).
type world struct {
	paths   map[string]int64
	members map[string]any
}

// sampleBody is a body of schema with every member it requires, and those
// its if/then require given them.
func (w *world) sampleBody(s *openapi3.Schema) map[string]any {
	v, _ := w.sample(s, "").(map[string]any)
	if v == nil {
		v = map[string]any{}
	}
	return v
}

// sample is a value schema takes, for a member named name: the world's
// value of that name, else the schema's const, first enum value or
// example, else one of its type: each object with its required members
// only, each list with its fewest items (one at least).
func (w *world) sample(s *openapi3.Schema, name string) any {
	if v, ok := w.members[name]; ok {
		return v
	}
	switch {
	case s == nil:
		return "Sample"
	case s.Const != nil:
		return s.Const
	case len(s.Enum) > 0:
		return s.Enum[0]
	case len(s.Examples) > 0:
		return s.Examples[0]
	case len(s.OneOf) > 0:
		return w.sample(s.OneOf[0].Value, name)
	case len(s.AnyOf) > 0:
		return w.sample(s.AnyOf[0].Value, name)
	}
	typ := ""
	for _, t := range s.Type.Slice() {
		if t != "null" {
			typ = t
			break
		}
	}
	if typ == "" && len(s.Properties) > 0 {
		typ = "object"
	}
	switch typ {
	case "object":
		v := map[string]any{}
		for _, name := range s.Required {
			v[name] = w.sample(propertyOf(s, name), name)
		}
		// Members an if/then requires of what is there so far.
		for range 5 {
			missing := absentRequired(s, v, "")
			if len(missing) == 0 {
				break
			}
			for _, m := range missing {
				setMember(v, m, w.sample(schemaAt(s, m), lastName(m)))
			}
		}
		return v
	case "array":
		n := max(int(s.MinItems), 1)
		list := make([]any, n)
		for i := range list {
			list[i] = w.sample(itemsOf(s), name)
		}
		return list
	case "integer", "number":
		if s.Min != nil && *s.Min > 1 {
			return *s.Min
		}
		return 1
	case "boolean":
		return false
	}
	switch {
	case s.Format == "email":
		return "member@example.org"
	case s.Format == "date-time":
		return time.Now().UTC().Truncate(time.Second).Format(time.RFC3339)
	case s.Format == "date" || strings.Contains(s.Pattern, `\d{4}-\d{2}-\d{2}`):
		return time.Now().UTC().Format(time.DateOnly)
	case s.MinLength > 6:
		return strings.Repeat("a", int(s.MinLength))
	}
	return "Sample"
}

func propertyOf(s *openapi3.Schema, name string) *openapi3.Schema {
	if s == nil || s.Properties[name] == nil {
		return nil
	}
	return s.Properties[name].Value
}

func itemsOf(s *openapi3.Schema) *openapi3.Schema {
	if s == nil || s.Items == nil {
		return nil
	}
	return s.Items.Value
}

// memberPath splits "lines[0].batch_id" into "lines", 0, "batch_id".
var memberStep = regexp.MustCompile(`[^.\[\]]+|\[\d+\]`)

func steps(path string) []string { return memberStep.FindAllString(path, -1) }

func lastName(path string) string {
	s := steps(path)
	for i := len(s) - 1; i >= 0; i-- {
		if !strings.HasPrefix(s[i], "[") {
			return s[i]
		}
	}
	return ""
}

func index(step string) (int, bool) {
	if !strings.HasPrefix(step, "[") {
		return 0, false
	}
	n, err := strconv.Atoi(strings.Trim(step, "[]"))
	return n, err == nil
}

// schemaAt is the schema of the member at path, or nil when the document
// names no such member (a query parameter, a field of no body).
func schemaAt(s *openapi3.Schema, path string) *openapi3.Schema {
	for _, step := range steps(path) {
		if _, ok := index(step); ok {
			s = itemsOf(s)
		} else {
			s = propertyOf(s, step)
		}
		if s == nil {
			return nil
		}
	}
	return s
}

// hasMember says whether v holds a value at path.
func hasMember(v any, path string) bool {
	for _, step := range steps(path) {
		if i, ok := index(step); ok {
			list, _ := v.([]any)
			if i >= len(list) {
				return false
			}
			v = list[i]
			continue
		}
		m, _ := v.(map[string]any)
		next, ok := m[step]
		if !ok {
			return false
		}
		v = next
	}
	return true
}

// setMember puts value at path in v, making the objects and list items on
// the way.
func setMember(v map[string]any, path string, value any) {
	s := steps(path)
	var cur any = v
	for k, step := range s {
		last := k == len(s)-1
		fresh := func() any {
			if last {
				return value
			}
			if _, ok := index(s[k+1]); ok {
				return []any{}
			}
			return map[string]any{}
		}
		if i, ok := index(step); ok {
			list := cur.([]any)
			for len(list) <= i {
				list = append(list, fresh())
			}
			if last {
				list[i] = value
			}
			// Lists grow in place only through their parent: rewrite it.
			setMember(v, strings.Join(s[:k], "."), list)
			cur = list[i]
			continue
		}
		m := cur.(map[string]any)
		if _, ok := m[step]; !ok || last {
			m[step] = fresh()
		}
		cur = m[step]
	}
}

// removeMember is a deep copy of v without the member at path.
func removeMember(v map[string]any, path string) map[string]any {
	var cp map[string]any
	_ = json.Unmarshal([]byte(compact(v)), &cp)
	s := steps(path)
	var cur any = cp
	for _, step := range s[:len(s)-1] {
		if i, ok := index(step); ok {
			cur = cur.([]any)[i]
		} else {
			cur = cur.(map[string]any)[step]
		}
	}
	delete(cur.(map[string]any), s[len(s)-1])
	return cp
}

// absentRequired lists the members schema requires that v lacks, by path
// under prefix: the required members of every object on the way, those an
// if/then/else requires, and of an anyOf of required lists none of which
// holds, every one.
func absentRequired(s *openapi3.Schema, v any, prefix string) []string {
	if s == nil {
		return nil
	}
	var out []string
	switch val := v.(type) {
	case map[string]any:
		for _, name := range s.Required {
			if _, ok := val[name]; !ok {
				out = append(out, prefix+name)
			}
		}
		names := make([]string, 0, len(val))
		for name := range val {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			out = append(out, absentRequired(propertyOf(s, name), val[name], prefix+name+".")...)
		}
	case []any:
		for i, el := range val {
			out = append(out, absentRequired(itemsOf(s), el, strings.TrimSuffix(prefix, ".")+fmt.Sprintf("[%d].", i))...)
		}
	}
	if s.If != nil && s.If.Value != nil {
		branch := s.Else
		if s.If.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()) == nil {
			branch = s.Then
		}
		if branch != nil {
			out = append(out, absentRequired(branch.Value, v, prefix)...)
		}
	}
	if len(s.AnyOf) > 0 {
		var all []string
		held := false
		for _, alt := range s.AnyOf {
			missing := absentRequired(alt.Value, v, prefix)
			held = held || len(missing) == 0
			all = append(all, missing...)
		}
		if !held {
			out = append(out, all...)
		}
	}
	return out
}

// names says whether a refusal naming field names one of the members
// missing: one of them, or a member inside one (destination.name for a
// missing destination).
func names(missing []string, field string) bool {
	for _, m := range missing {
		if field == m || strings.HasPrefix(field, m+".") || strings.HasPrefix(field, m+"[") {
			return true
		}
	}
	return false
}

// requiredMembers lists the members of body (sampled from schema) that the
// schema requires: each one whose absence alone makes absentRequired name it.
func requiredMembers(s *openapi3.Schema, body map[string]any) []string {
	var paths []string
	var walk func(v any, prefix string)
	walk = func(v any, prefix string) {
		switch val := v.(type) {
		case map[string]any:
			for name, el := range val {
				p := prefix + name
				paths = append(paths, p)
				walk(el, p+".")
			}
		case []any:
			for i, el := range val {
				walk(el, strings.TrimSuffix(prefix, ".")+fmt.Sprintf("[%d].", i))
			}
		}
	}
	walk(body, "")
	slices.Sort(paths)
	var out []string
	for _, p := range paths {
		if slices.Contains(absentRequired(s, removeMember(body, p), ""), p) {
			out = append(out, p)
		}
	}
	return out
}

// requiredWorld makes a record of each kind an operation with a JSON body
// names in its path, and the values its bodies take.
func requiredWorld(e *env) *world {
	e.t.Helper()
	w := &world{paths: map[string]int64{}, members: map[string]any{
		"pin": "4826", "pin_confirmation": "4826", "password": "correct-horse-battery", "current_password": "wrong-horse",
		"email": "member@example.org", "time_zone": "Europe/London", "currency": "GBP", "language": "gb",
		"at": time.Now().Add(-time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339),
	}}
	id := func(method, path, body string) int64 {
		e.t.Helper()
		var out struct {
			ID         int64 `json:"id"`
			EmployeeID int64 `json:"employee_id"`
		}
		res := e.do(method, path, e.token, body)
		raw := readAll(res)
		if res.StatusCode >= 300 || json.Unmarshal(raw, &out) != nil {
			e.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
		}
		return max(out.ID, out.EmployeeID)
	}
	rice, meal := e.item("RICE", "raw_material", "kg"), e.item("MEAL", "finished_good", "bag")
	batch := e.batch(rice, "1000", "2030-01-01")
	e.call("PUT", fmt.Sprintf("/api/inventory/items/%d/recipe", meal), e.token, fmt.Sprintf(`{"components":[{"item_id":%d,"quantity":0.5}]}`, rice), 200, nil)
	line := id("POST", "/api/production/lines", `{"name":"Table 1"}`)
	yesterday := time.Now().AddDate(0, 0, -1).Format(time.DateOnly)
	entry, _ := e.entry(yesterday, 10, line, meal, 4)
	client := e.newClient("Harbour Food Bank")
	employee := id("POST", "/api/employees", `{"first_name":"Ana","last_name":"Almeida","pin":"2468"}`)
	topic := id("POST", "/api/chat/topics", `{"name":"Rota"}`)
	var faqs struct{ Entries []struct{ ID int64 } }
	e.call("GET", "/api/faq", e.token, "", 200, &faqs)
	if len(faqs.Entries) == 0 {
		e.t.Fatal("no FAQ entry to name")
	}
	staff, _ := e.signIn(accounts.NewUser{Email: "sam@example.org", FirstName: "Sam", LastName: "Staff"})
	held := e.batch(rice, "10", "2030-01-01")
	for prefix, v := range map[string]int64{
		"/api/inventory/items/":    meal,
		"/api/inventory/batches/":  batch,
		"/api/inventory/moves/":    id("POST", "/api/inventory/moves", fmt.Sprintf(`{"batch_id":%d,"reason":"adjust","quantity":1,"note":"Found"}`, batch)),
		"/api/production/lines/":   line,
		"/api/production/entries/": entry,
		"/api/clients/":            client.ID,
		"/api/projects/": id("POST", "/api/projects", fmt.Sprintf(`{"name":"Winter meals","client_id":%d,"product_id":%d,"target_units":100,
			"start_date":"2026-01-01","due_date":"2099-12-31"}`, client.ID, meal)),
		"/api/invoices/":        e.draft(client.ID, `"lines":[{"description":"Meals","quantity":1,"unit_price_minor":100}]`).ID,
		"/api/partners/":        e.newPartner("Harbour Pantry", "1 Quay St", "Ann").ID,
		"/api/payment-methods/": id("POST", "/api/payment-methods", `{"kind":"cheque","label":"Cheque"}`),
		"/api/pricing-plans/":   id("POST", "/api/pricing-plans", `{"name":"Meals","unit":"meal","unit_price_minor":100,"period":"per_unit"}`),
		"/api/shipments/": id("POST", "/api/shipments", fmt.Sprintf(`{"ship_date":%q,"destination":{"name":"Harbour"},"lines":[{"batch_id":%d,"quantity":1}]}`,
			yesterday, batch)),
		"/api/recalls/":         id("POST", "/api/recalls", fmt.Sprintf(`{"batch_id":%d,"reason":"Torn seal"}`, held)),
		"/api/staff/employees/": employee,
		"/api/staff/punches/": id("POST", fmt.Sprintf("/api/staff/employees/%d/punches", employee), fmt.Sprintf(`{"kind":"in","at":%q,"reason":"Forgot"}`,
			time.Now().Add(-3*time.Hour).UTC().Format(time.RFC3339))),
		"/api/chat/topics/":   topic,
		"/api/chat/messages/": id("POST", fmt.Sprintf("/api/chat/topics/%d/messages", topic), `{"text":"Hello"}`),
		"/api/faq/":           faqs.Entries[0].ID,
		"/api/users/":         staff,
	} {
		w.paths[prefix] = v
	}
	for name, v := range map[string]int64{"batch_id": batch, "item_id": rice, "product_id": meal, "line_id": line,
		"client_id": client.ID, "employee_id": employee} {
		w.members[name] = v
	}
	return w
}
