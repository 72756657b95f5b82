package httpapi_test

import (
	"fmt"
	"testing"
)

// The notifications page's filters: kind and unread, paged on the server;
// unread is always the user's whole count; an unknown kind is 400 field.choice.
func TestNotificationsFilteredByKind(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		staff := e.staffToken()
		for _, name := range []string{"Rota", "Kiosk"} {
			e.call("POST", "/api/chat/topics", e.token, `{"name":"`+name+`"}`, 201, nil)
		}
		rice := e.item("RICE", "raw_material", "kg")
		lot := e.batch(rice, "5", "2030-01-01")
		e.call("POST", "/api/recalls", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"Supplier recall"}`, lot), 201, nil)

		type page struct {
			Notifications []struct {
				ID   int64
				Kind string
				Read bool
			}
			Unread, Total int
		}
		var p page
		e.call("GET", "/api/notifications?kind=topic&page=1&limit=1", staff, "", 200, &p)
		if p.Total != 2 || p.Unread != 3 || len(p.Notifications) != 1 || p.Notifications[0].Kind != "topic" {
			t.Fatalf("topics, page 1: %+v", p)
		}
		first := p.Notifications[0].ID
		e.call("GET", "/api/notifications?kind=topic&page=2&limit=1", staff, "", 200, &p)
		if p.Total != 2 || len(p.Notifications) != 1 || p.Notifications[0].ID == first {
			t.Fatalf("topics, page 2: %+v", p)
		}
		e.call("GET", "/api/notifications?kind=recall_started", staff, "", 200, &p)
		if p.Total != 1 || len(p.Notifications) != 1 || p.Notifications[0].Kind != "recall_started" {
			t.Fatalf("recalls: %+v", p)
		}

		e.call("POST", "/api/notifications/read", staff, fmt.Sprintf(`{"ids":[%d]}`, first), 200, nil)
		e.call("GET", "/api/notifications?kind=topic&unread=true", staff, "", 200, &p)
		if p.Total != 1 || p.Unread != 2 || len(p.Notifications) != 1 || p.Notifications[0].ID == first || p.Notifications[0].Read {
			t.Fatalf("unread topics: %+v", p)
		}

		raw := e.call("GET", "/api/notifications?kind=birthday", staff, "", 400, nil)
		if billingCode(raw) != "field.choice" {
			t.Errorf("unknown kind: %s", raw)
		}
	})
}
