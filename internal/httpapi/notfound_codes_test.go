package httpapi_test

import (
	"fmt"
	"testing"
)

// TestMissingAndTakenAreWordedByTheDomain pins the codes the domain services
// build from what storage answers (nil for a missing row, a sentinel for a
// taken name): storage words no error itself.
func TestMissingAndTakenAreWordedByTheDomain(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		var line idOnly
		e.call("POST", "/api/production/lines", e.token, `{"name":"Table 1"}`, 201, &line)
		doc := e.uploadOK("notes.txt", []byte("plain notes"), nil)
		cases := []struct {
			method, path, body string
			status             int
			code, field        string
		}{
			{"POST", "/api/production/lines", `{"name":"table 1"}`, 409, "production.line_taken", "name"},
			{"PATCH", "/api/production/lines/999999", `{"name":"Table 2"}`, 404, "production.line_not_found", "line_id"},
			{"POST", "/api/production/entries/999999/reverse", `{"reason":"typo"}`, 404, "production.entry_not_found", ""},
			{"GET", "/api/production/entries/999999", ``, 404, "production.entry_not_found", ""},
			{"PUT", "/api/production/assignments", fmt.Sprintf(`{"date":"2026-11-23","employee_id":999999,"line_id":%d}`, line.ID), 404, "production.employee_not_found", "employee_id"},
			{"POST", fmt.Sprintf("/api/documents/%d/restore", doc.ID), ``, 404, "document.not_in_trash", ""},
			{"DELETE", fmt.Sprintf("/api/documents/%d", doc.ID), ``, 200, "", ""},
			{"DELETE", fmt.Sprintf("/api/documents/%d", doc.ID), ``, 404, "document.not_found", ""},
			{"GET", fmt.Sprintf("/api/documents/%d", doc.ID), ``, 404, "document.not_found", ""},
			{"DELETE", "/api/documents/999999", ``, 404, "document.not_found", ""},
			{"POST", "/api/chat/topics", `{"name":"Deliveries"}`, 201, "", ""},
			{"POST", "/api/chat/topics", `{"name":"deliveries"}`, 409, "chat.topic_exists", "name"},
		}
		for _, c := range cases {
			raw := e.call(c.method, c.path, e.token, c.body, c.status, nil)
			if c.code == "" {
				continue
			}
			if code, field := codeAndField(t, raw); code != c.code || field != c.field {
				t.Errorf("%s %s: got code %q field %q, want %q %q (%s)", c.method, c.path, code, field, c.code, c.field, raw)
			}
		}
	})
}
