package messaging

import (
	"context"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

type memStore struct {
	limit  int
	marked int
	kinds  []string
}

func (m *memStore) List(ctx context.Context, userID int64, limit int) ([]Notification, int, error) {
	m.limit = limit
	return nil, 0, nil
}
func (m *memStore) MarkRead(ctx context.Context, userID int64, ids []int64) error {
	m.marked = len(ids)
	return nil
}
func (m *memStore) NotifyAll(ctx context.Context, actorID int64, kind string, params map[string]string) error {
	m.kinds = append(m.kinds, kind)
	return nil
}

func TestServiceRules(t *testing.T) {
	ctx := context.Background()
	st := &memStore{}
	svc := NewService(st)
	for limit, want := range map[int]int{0: DefaultList, -3: DefaultList, 7: 7, MaxList: MaxList, MaxList + 1: DefaultList} {
		if _, _, err := svc.List(ctx, 1, limit); err != nil || st.limit != want {
			t.Errorf("List(limit %d) asked the store for %d, want %d", limit, st.limit, want)
		}
	}
	if err := svc.MarkRead(ctx, 1, make([]int64, MaxMarkRead+1)); apperr.CodeOf(err) != "notifications.too_many" {
		t.Errorf("marking %d read: %v", MaxMarkRead+1, err)
	}
	if err := svc.MarkRead(ctx, 1, make([]int64, MaxMarkRead)); err != nil || st.marked != MaxMarkRead {
		t.Errorf("marking %d read: %v", MaxMarkRead, err)
	}
	if err := svc.Notify(ctx, 1, "spam", nil); err == nil {
		t.Error("an unknown kind was recorded")
	}
	if err := svc.Notify(ctx, 1, KindTopic, map[string]string{"name": "Ana"}); err != nil || len(st.kinds) != 1 {
		t.Errorf("notify: %v, %v", err, st.kinds)
	}
}
