package httpapi_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage"
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

// With thousands unread the list is still one page and a count: the bell's
// request (limit=1), the default page and the last page each carry only
// their page, unread and total count every one, and marking all read clears
// them in one request.
func TestNotificationsThousandsUnreadAnswerAPage(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		const many = 3000
		ctx := context.Background()
		var admin int64
		if err := e.db.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, "admin@example.org").Scan(&admin); err != nil {
			t.Fatal(err)
		}
		// One statement, newest last: created one millisecond apart.
		err := e.db.WithTx(ctx, func(tx *storage.Tx) error {
			_, err := tx.Exec(ctx, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
				INSERT INTO notifications (user_id, kind, params, created_at, link)
				SELECT ?, 'topic', '{"name":"Ada Admin","topic":"Rota"}', CAST(? AS BIGINT) + i, '/chat' FROM n`,
				many, admin, e.db.Now().Add(-time.Hour).UnixMilli())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}

		type page struct {
			Notifications []struct{ ID int64 }
			Unread, Total int
		}
		for _, c := range []struct {
			query string
			size  int
		}{
			{"?limit=1", 1},
			{"", messaging.DefaultList},
			{"?unread=true&limit=100&page=30", 100},
			{"?limit=100&page=31", 0},
		} {
			var p page
			e.call("GET", "/api/notifications"+c.query, e.token, "", 200, &p)
			if len(p.Notifications) != c.size || p.Unread != many || p.Total != many {
				t.Errorf("%q: %d notifications, unread %d, total %d; want %d, %d, %d",
					c.query, len(p.Notifications), p.Unread, p.Total, c.size, many, many)
			}
		}
		e.call("GET", "/api/notifications?limit="+strconv.Itoa(messaging.MaxList+1), e.token, "", 400, nil)

		var read struct{ Unread int }
		e.call("POST", "/api/notifications/read", e.token, `{}`, 200, &read)
		var p page
		e.call("GET", "/api/notifications?limit=1", e.token, "", 200, &p)
		if read.Unread != 0 || p.Unread != 0 || p.Total != many || len(p.Notifications) != 1 {
			t.Fatalf("after marking all read: answered %d unread, then %+v", read.Unread, p)
		}
	})
}
