package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// sse is one open GET /api/events stream read by a test.
type sse struct {
	res    *http.Response
	events chan sseEvent
}

type sseEvent struct {
	ID   string
	Type string
	Data map[string]any
	// Invalid says how the event fails the document's LiveEvents schema.
	Invalid error
}

// openEvents opens the live stream on srv with a bearer token or a ticket
// (query), and Last-Event-ID when lastID is not "".
func openEvents(t *testing.T, srv *httptest.Server, token, query, lastID string) *sse {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+"/api/events"+query, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		res.Body.Close()
		t.Fatalf("GET /api/events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &sse{res: res, events: make(chan sseEvent, 100)}
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		var data string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.Type != "" {
					_ = json.Unmarshal([]byte(data), &ev.Data)
					ev.Invalid = checkEvent(ev.Type, []byte(data))
					s.events <- ev
				}
				ev, data = sseEvent{}, ""
			case strings.HasPrefix(line, "id: "):
				ev.ID = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.Type = line[7:]
			case strings.HasPrefix(line, "data: "):
				data = line[6:]
			}
		}
	}()
	t.Cleanup(s.close)
	return s
}

func (s *sse) close() { s.res.Body.Close() }

// next waits for the next event of type typ (skipping others, such as
// presence), generously: the test asserts arrival, not speed.
func (s *sse) next(t *testing.T, typ string) sseEvent {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				t.Fatalf("the stream ended while waiting for %q", typ)
			}
			if ev.Invalid != nil {
				t.Errorf("live event %s %v: %v", ev.Type, ev.Data, ev.Invalid)
			}
			if ev.Type == typ {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %q event arrived", typ)
		}
	}
}

// liveEnv is one or (on PostgreSQL) two server instances over one database,
// with the admin Ada and the staff member Sam signed in.
type liveEnv struct {
	*env
	servers []*httptest.Server // the last is the "other" instance
	sam     string
	samID   int64
}

// forEachLiveEnv runs fn against a fresh liveEnv on every engine.
func forEachLiveEnv(t *testing.T, fn func(t *testing.T, e *liveEnv)) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) { fn(t, newLiveEnv(t, db)) })
}

func newLiveEnv(t *testing.T, db *storage.DB) *liveEnv {
	e := &liveEnv{env: newEnv(t, db)}
	e.servers = []*httptest.Server{e.srv}
	if db.Dialect == storage.Postgres {
		other, err := storage.Open(context.Background(), db.DSN)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { other.Close() })
		e.servers = append(e.servers, newEnvServer(t, other))
	}
	e.samID, e.sam = e.signIn(accounts.NewUser{Email: "sam@example.org", FirstName: "Sam", LastName: "Staff"})
	return e
}

// on sends a request to one instance.
func (e *liveEnv) on(i int, method, path, token, body string, want int, out any) {
	e.t.Helper()
	saved := e.srv
	e.srv = e.servers[i]
	defer func() { e.srv = saved }()
	e.call(method, path, token, body, want, out)
}

func TestLiveChatReachesEveryInstance(t *testing.T) {
	t.Parallel()
	forEachLiveEnv(t, func(t *testing.T, e *liveEnv) {
		other := len(e.servers) - 1
		stream := openEvents(t, e.servers[other], e.sam, "", "")

		// Ada starts a topic on the first instance: Sam, on the other, sees it
		// and is told "started a new topic".
		var topic struct {
			ID   int64
			Name string
		}
		e.on(0, "POST", "/api/chat/topics", e.token, `{"name":"Packing line 2"}`, 201, &topic)
		if ev := stream.next(t, "chat.topic"); ev.Data["name"] != "Packing line 2" {
			t.Errorf("chat.topic %+v", ev)
		}
		ev := stream.next(t, "notification")
		n, _ := ev.Data["notification"].(map[string]any)
		if n["kind"] != "topic" || ev.Data["unread"] != 1.0 || n["link"] != fmt.Sprintf("/chat?topic=%d", topic.ID) {
			t.Errorf("notification event %+v", ev.Data)
		}
		// A message mentioning Sam arrives as a message and a notification.
		e.on(0, "POST", fmt.Sprintf("/api/chat/topics/%d/messages", topic.ID), e.token, `{"text":"@Sam the labels are in"}`, 201, nil)
		if ev := stream.next(t, "chat.message"); ev.Data["action"] != "posted" || ev.Data["message"].(map[string]any)["text"] != "@Sam the labels are in" {
			t.Errorf("chat.message %+v", ev.Data)
		}
		if ev := stream.next(t, "notification"); ev.Data["unread"] != 2.0 || ev.Data["notification"].(map[string]any)["kind"] != "message" {
			t.Errorf("mention notification %+v", ev.Data)
		}
		// A message too large for a NOTIFY payload travels as its id.
		long := strings.Repeat("ü", 3900)
		e.on(0, "POST", fmt.Sprintf("/api/chat/topics/%d/messages", topic.ID), e.token, `{"text":"`+long+`"}`, 201, nil)
		if ev := stream.next(t, "chat.message"); ev.Data["message"].(map[string]any)["text"] != long {
			t.Errorf("the long message arrived as %.80v", ev.Data)
		}
		// Sam's topic list shows the unread messages.
		var topics struct {
			Topics []struct {
				ID     int64
				Unread int
			}
		}
		e.on(other, "GET", "/api/chat/topics", e.sam, "", 200, &topics)
		if len(topics.Topics) != 1 || topics.Topics[0].Unread != 2 {
			t.Errorf("Sam's topics %+v", topics)
		}
		e.on(other, "POST", fmt.Sprintf("/api/chat/topics/%d/read", topic.ID), e.sam, "", 200, nil)
		e.on(0, "GET", "/api/chat/topics", e.sam, "", 200, &topics)
		if topics.Topics[0].Unread != 0 {
			t.Errorf("after reading, Sam's topics %+v", topics)
		}
	})
}

func TestNotificationsListedAndReadOnEveryInstance(t *testing.T) {
	t.Parallel()
	forEachLiveEnv(t, func(t *testing.T, e *liveEnv) {
		other := len(e.servers) - 1
		stream := openEvents(t, e.servers[0], e.sam, "", "")
		for _, name := range []string{"Recalls", "Kiosk", "Rota"} {
			e.on(0, "POST", "/api/chat/topics", e.token, `{"name":"`+name+`"}`, 201, nil)
		}
		type page struct {
			Notifications []struct {
				ID     int64
				Kind   string
				Actor  *struct{ Name string }
				Params map[string]string
				Link   string
				Read   bool
			}
			Unread, Total int
		}
		var p page
		e.on(other, "GET", "/api/notifications?unread=true&page=1&limit=2", e.sam, "", 200, &p)
		if len(p.Notifications) != 2 || p.Unread != 3 || p.Total != 3 || p.Notifications[0].Params["topic"] != "Rota" ||
			p.Notifications[0].Actor == nil || p.Notifications[0].Actor.Name != "Ada Admin" {
			t.Fatalf("page 1 %+v", p)
		}
		e.on(other, "GET", "/api/notifications?page=2&limit=2", e.sam, "", 200, &p)
		if len(p.Notifications) != 1 || p.Notifications[0].Params["topic"] != "Recalls" {
			t.Fatalf("page 2 %+v", p)
		}
		// Marked read on the other instance: the first sees it, and Sam's
		// stream there gets the new count.
		e.on(other, "POST", "/api/notifications/read", e.sam, fmt.Sprintf(`{"ids":[%d]}`, p.Notifications[0].ID), 200, nil)
		e.on(0, "GET", "/api/notifications", e.sam, "", 200, &p)
		if p.Unread != 2 || !p.Notifications[2].Read || p.Notifications[0].Read {
			t.Fatalf("after marking one read %+v", p)
		}
		for ev := stream.next(t, "notification"); ev.Data["notification"] != nil; ev = stream.next(t, "notification") {
		}
		e.on(other, "POST", "/api/notifications/read", e.sam, "", 200, nil)
		e.on(0, "GET", "/api/notifications?unread=true", e.sam, "", 200, &p)
		if p.Unread != 0 || len(p.Notifications) != 0 {
			t.Fatalf("after marking all read %+v", p)
		}
		if ev := stream.next(t, "notification"); ev.Data["unread"] != 0.0 {
			t.Errorf("the count event %+v", ev.Data)
		}
		// Ada, the actor, was not notified of her own topics.
		e.on(0, "GET", "/api/notifications", e.token, "", 200, &p)
		if p.Total != 0 {
			t.Errorf("Ada's notifications %+v", p)
		}
	})
}

func TestEventsReplayAfterReconnect(t *testing.T) {
	t.Parallel()
	forEachLiveEnv(t, func(t *testing.T, e *liveEnv) {
		other := len(e.servers) - 1
		var topic struct{ ID int64 }
		e.on(0, "POST", "/api/chat/topics", e.token, `{"name":"Night shift"}`, 201, &topic)
		path := fmt.Sprintf("/api/chat/topics/%d/messages", topic.ID)

		stream := openEvents(t, e.servers[0], e.sam, "", "")
		e.on(0, "POST", path, e.token, `{"text":"first"}`, 201, nil)
		seen := stream.next(t, "chat.message")
		if seen.ID == "" {
			t.Fatal("a stored event came without an id")
		}
		stream.close()
		// Missed while away: two messages and a mention.
		e.on(0, "POST", path, e.token, `{"text":"second"}`, 201, nil)
		e.on(0, "POST", path, e.token, `{"text":"third, @sam"}`, 201, nil)

		// Back, on the other instance, with a ticket (as EventSource does).
		var ticket struct{ Ticket string }
		e.on(other, "POST", "/api/events/ticket", e.sam, "", 201, &ticket)
		again := openEvents(t, e.servers[other], "", "?ticket="+ticket.Ticket, seen.ID)
		for _, want := range []string{"second", "third, @sam"} {
			if ev := again.next(t, "chat.message"); ev.Data["message"].(map[string]any)["text"] != want {
				t.Errorf("replayed %+v, want %q", ev.Data, want)
			}
		}
		if ev := again.next(t, "notification"); ev.Data["notification"].(map[string]any)["kind"] != "message" {
			t.Errorf("replayed notification %+v", ev.Data)
		}
		// A ticket is good once.
		res := e.do("GET", "/api/events?ticket="+ticket.Ticket, "", "")
		res.Body.Close()
		if res.StatusCode != 401 {
			t.Errorf("a used ticket: %d", res.StatusCode)
		}
		res = e.do("GET", "/api/events", "", "")
		res.Body.Close()
		if res.StatusCode != 401 {
			t.Errorf("no token: %d", res.StatusCode)
		}
	})
}

func TestChatRules(t *testing.T) {
	t.Parallel()
	forEachLiveEnv(t, func(t *testing.T, e *liveEnv) {
		var topic struct{ ID int64 }
		e.call("POST", "/api/chat/topics", e.token, `{"name":"Deliveries"}`, 201, &topic)
		e.call("POST", "/api/chat/topics", e.token, `{"name":"deliveries"}`, 409, nil)
		e.call("POST", "/api/chat/topics", e.token, `{"name":"`+strings.Repeat("x", 81)+`"}`, 400, nil)
		e.call("POST", "/api/chat/topics/999/messages", e.token, `{"text":"hi"}`, 404, nil)
		path := fmt.Sprintf("/api/chat/topics/%d/messages", topic.ID)
		e.call("POST", path, e.token, `{"text":"   "}`, 400, nil)
		var ids []int64
		for i := range 5 {
			var m struct{ ID int64 }
			e.call("POST", path, e.token, fmt.Sprintf(`{"text":"message %d\nline two"}`, i), 201, &m)
			ids = append(ids, m.ID)
		}
		// History pages backwards.
		var page struct {
			Messages []struct {
				ID      int64
				Text    string
				Deleted bool
			}
			HasMore bool `json:"has_more"`
		}
		e.call("GET", path+"?limit=2", e.token, "", 200, &page)
		if len(page.Messages) != 2 || page.Messages[1].ID != ids[4] || !page.HasMore {
			t.Fatalf("newest page %+v", page)
		}
		e.call("GET", fmt.Sprintf("%s?limit=3&before=%d", path, page.Messages[0].ID), e.token, "", 200, &page)
		if len(page.Messages) != 3 || page.Messages[0].ID != ids[0] || page.Messages[2].ID != ids[2] {
			t.Fatalf("older page %+v", page)
		}
		// Only the author edits or deletes, and only within ten minutes.
		msg := fmt.Sprintf("/api/chat/messages/%d", ids[4])
		e.call("PATCH", msg, e.sam, `{"text":"mine now"}`, 403, nil)
		e.call("PATCH", msg, e.token, `{"text":"fixed"}`, 200, nil)
		e.call("DELETE", msg, e.token, "", 200, nil)
		e.call("PATCH", msg, e.token, `{"text":"back"}`, 409, nil)
		start := e.db.Now()
		e.db.SetNow(func() time.Time { return start.Add(10*time.Minute + time.Second) })
		raw := e.call("PATCH", fmt.Sprintf("/api/chat/messages/%d", ids[3]), e.token, `{"text":"late"}`, 409, nil)
		if !strings.Contains(string(raw), "chat.edit_window_over") {
			t.Errorf("late edit: %s", raw)
		}
		e.call("DELETE", fmt.Sprintf("/api/chat/messages/%d", ids[3]), e.token, "", 409, nil)
		e.call("GET", path+"?limit=1", e.token, "", 200, &page)
		if !page.Messages[0].Deleted || page.Messages[0].Text != "" {
			t.Errorf("deleted message %+v", page.Messages[0])
		}
	})
}

// Messages posted at once on two instances arrive in id order, so a stream's
// Last-Event-ID never skips an event committed after a newer one.
func TestLiveEventsArriveInIDOrder(t *testing.T) {
	t.Parallel()
	forEachLiveEnv(t, func(t *testing.T, e *liveEnv) {
		var topic struct{ ID int64 }
		e.on(0, "POST", "/api/chat/topics", e.token, `{"name":"Order"}`, 201, &topic)
		stream := openEvents(t, e.servers[len(e.servers)-1], e.sam, "", "")
		const n = 30
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				req, _ := http.NewRequest("POST", e.servers[i%len(e.servers)].URL+fmt.Sprintf("/api/chat/topics/%d/messages", topic.ID),
					strings.NewReader(fmt.Sprintf(`{"text":"message %d"}`, i)))
				req.Header.Set("Authorization", "Bearer "+e.token)
				req.Header.Set("Content-Type", "application/json")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				if res.StatusCode != 201 {
					t.Errorf("post %d: %d", i, res.StatusCode)
				}
			}()
		}
		close(start)
		wg.Wait()
		last := int64(0)
		for range n {
			ev := stream.next(t, "chat.message")
			id, err := strconv.ParseInt(ev.ID, 10, 64)
			if err != nil || id <= last {
				t.Fatalf("event id %q arrived after %d", ev.ID, last)
			}
			last = id
		}
	})
}
