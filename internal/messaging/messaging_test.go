package messaging

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
)

// memStore is the part of Store the rules below need.
type memStore struct {
	Store
	filter Filter
	marked int
	sent   []NewNotification
	msg    Message
	people []Person
}

func (m *memStore) List(ctx context.Context, userID int64, f Filter) (Page, error) {
	m.filter = f
	return Page{}, nil
}
func (m *memStore) MarkRead(ctx context.Context, userID int64, ids []int64) (int, error) {
	m.marked = len(ids)
	return 0, nil
}
func (m *memStore) Notify(ctx context.Context, n NewNotification) error {
	m.sent = append(m.sent, n)
	return nil
}
func (m *memStore) Message(ctx context.Context, id int64) (*Message, error) {
	c := m.msg
	return &c, nil
}
func (m *memStore) EditMessage(ctx context.Context, id int64, text string) (*Message, error) {
	c := m.msg
	c.Text = text
	return &c, nil
}
func (m *memStore) Topic(ctx context.Context, id int64) (*Topic, error) {
	return &Topic{ID: id, Name: "Packing"}, nil
}
func (m *memStore) PostMessage(ctx context.Context, by, topicID int64, text string) (*Message, error) {
	return &Message{ID: 9, TopicID: topicID, Text: text}, nil
}
func (m *memStore) MarkTopicRead(ctx context.Context, userID, topicID, upTo int64) error { return nil }
func (m *memStore) People(ctx context.Context) ([]Person, error)                         { return m.people, nil }

func TestServiceRules(t *testing.T) {
	ctx := context.Background()
	st := &memStore{}
	svc := NewService(st, &organisation.Calendar{}, NewHub())
	for limit, want := range map[int]int{0: DefaultList, -3: DefaultList, 7: 7, MaxList: MaxList, MaxList + 1: DefaultList} {
		if _, err := svc.List(ctx, 1, Filter{Limit: limit}); err != nil || st.filter.Limit != want {
			t.Errorf("List(limit %d) asked the store for %d, want %d", limit, st.filter.Limit, want)
		}
	}
	if _, err := svc.MarkRead(ctx, 1, make([]int64, MaxMarkRead+1)); apperr.CodeOf(err) != "notifications.too_many" {
		t.Errorf("marking %d read: %v", MaxMarkRead+1, err)
	}
	if _, err := svc.MarkRead(ctx, 1, make([]int64, MaxMarkRead)); err != nil || st.marked != MaxMarkRead {
		t.Errorf("marking %d read: %v", MaxMarkRead, err)
	}
	if err := svc.Notify(ctx, 1, "spam", nil); err == nil {
		t.Error("an unknown kind was recorded")
	}
	if err := svc.Notify(ctx, 1, KindZipUpload, map[string]string{"name": "Ana"}); err != nil || len(st.sent) != 1 || st.sent[0].Link != "/docs" {
		t.Errorf("notify: %v, %+v", err, st.sent)
	}
}

func TestEditWindow(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	st := &memStore{msg: Message{ID: 5, Author: Person{ID: 1}, CreatedAt: now.Add(-EditWindow)}}
	svc := NewService(st, &organisation.Calendar{Clock: func() time.Time { return now }}, NewHub())
	if _, err := svc.Edit(ctx, 1, 5, "fixed"); err != nil {
		t.Errorf("editing at exactly %v: %v", EditWindow, err)
	}
	if _, err := svc.Edit(ctx, 2, 5, "not mine"); apperr.CodeOf(err) != "chat.not_author" {
		t.Errorf("someone else's message: %v", err)
	}
	now = now.Add(time.Second)
	if _, err := svc.Edit(ctx, 1, 5, "late"); apperr.CodeOf(err) != "chat.edit_window_over" {
		t.Errorf("editing after the window: %v", err)
	}
	if err := svc.Delete(ctx, 1, 5); apperr.CodeOf(err) != "chat.edit_window_over" {
		t.Errorf("deleting after the window: %v", err)
	}
	if _, err := svc.Edit(ctx, 1, 5, "  "); apperr.CodeOf(err) != "chat.message_empty" {
		t.Errorf("an empty edit: %v", err)
	}
}

func TestMentions(t *testing.T) {
	people := []Person{{1, "Ana Lima"}, {2, "Ben Cole"}, {3, "Ben Ode"}, {4, "Chen Wei"}}
	for msg, want := range map[string][]int64{
		"@ana can you check?":          {1},
		"hi @Ben Cole and @chen":       {2, 4},
		"@Ben alone is ambiguous":      {},
		"@anabel is not ana":           {},
		"mail ana@example.org":         {},
		"@Ana Lima, @ana again, @Chen": {1, 4},
	} {
		if got := Mentions(msg, people, 99); !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("Mentions(%q) = %v, want %v", msg, got, want)
		}
	}
}

func TestMentionsNeverTheAuthor(t *testing.T) {
	if got := Mentions("@Ana Lima and @Chen", []Person{{1, "Ana Lima"}, {4, "Chen Wei"}}, 4); !reflect.DeepEqual(got, []int64{1}) {
		t.Errorf("got %v, want [1]", got)
	}
}

func TestHubDelivers(t *testing.T) {
	h := NewHub()
	var presence []bool
	h.Presence = func(userID int64, online bool) { presence = append(presence, online) }
	a, b := h.Subscribe(1), h.Subscribe(2)
	h.Publish(Event{ID: 1, Type: EventChatMessage})
	h.Publish(Event{ID: 2, UserID: 2, Type: EventNotification})
	if ev := <-a.C; ev.ID != 1 || len(a.C) != 0 {
		t.Errorf("user 1 got %+v and %d more", ev, len(a.C))
	}
	if len(b.C) != 2 {
		t.Errorf("user 2 got %d events, want 2", len(b.C))
	}
	for range subBuffer + 1 {
		h.Publish(Event{ID: 3, UserID: 1})
	}
	n := 0
	for range a.C {
		n++
	}
	if n != subBuffer {
		t.Errorf("a lagging stream got %d events before closing, want %d", n, subBuffer)
	}
	h.Unsubscribe(a)
	h.Unsubscribe(b)
	if !reflect.DeepEqual(presence, []bool{true, true, false, false}) || h.Streams() != 0 {
		t.Errorf("presence %v, %d streams", presence, h.Streams())
	}
}
