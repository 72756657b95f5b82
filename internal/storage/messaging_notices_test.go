package storage_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// noticeUsers creates n active users and sets db's clock to one the test
// moves.
func noticeUsers(t *testing.T, db *storage.DB, n int) (*atomic.Int64, []int64) {
	t.Helper()
	var now atomic.Int64
	now.Store(time.Date(2026, 3, 9, 15, 0, 0, 0, time.UTC).UnixMilli())
	db.SetNow(func() time.Time { return time.UnixMilli(now.Load()).UTC() })
	users := storage.NewAccountService(db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	var ids []int64
	for i := range n {
		u, err := users.CreateUser(context.Background(), accounts.NewUser{Email: string(rune('a'+i)) + "@example.org",
			Password: "long-enough-now", FirstName: "User", LastName: string(rune('A' + i))})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	return &now, ids
}

func kindsOf(t *testing.T, svc *messaging.Service, user int64) map[string]int {
	t.Helper()
	page, err := svc.List(context.Background(), user, messaging.Filter{Limit: messaging.MaxList})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, n := range page.Notifications {
		out[n.Kind+" "+n.Params["employee_id"]+n.Params["name"]]++
	}
	return out
}

// A notice with a subject (Once) reaches each recipient once per period,
// whether sent by the service or noticed by another area's transaction;
// another subject, another kind or a later period is told again.
func TestNotificationOncePerSubjectAndPeriod(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		now, users := noticeUsers(t, db, 2)
		svc := storage.NewMessagingService(db)
		refused := func(emp int64) messaging.NewNotification {
			return messaging.OfflinePunchRefused(emp, "Ana Lima", "clockin", time.Now(), "offline.future")
		}
		for range 20 {
			if err := svc.Send(ctx, refused(7)); err != nil {
				t.Fatal(err)
			}
			if err := db.WithTx(ctx, func(tx *storage.Tx) error { tx.Notice("", refused(7)); return nil }); err != nil {
				t.Fatal(err)
			}
		}
		if err := svc.Send(ctx, refused(8)); err != nil {
			t.Fatal(err)
		}
		if err := svc.Send(ctx, messaging.PINGuessing(7, "Ana Lima")); err != nil {
			t.Fatal(err)
		}
		now.Add((messaging.RepeatPeriod - time.Millisecond).Milliseconds())
		if err := svc.Send(ctx, refused(7)); err != nil {
			t.Fatal(err)
		}
		for _, u := range users {
			got := kindsOf(t, svc, u)
			want := map[string]int{"offline_punch_refused 7Ana Lima": 1, "offline_punch_refused 8Ana Lima": 1, "pin_guessing Ana Lima": 1}
			if len(got) != len(want) || got["offline_punch_refused 7Ana Lima"] != 1 || got["offline_punch_refused 8Ana Lima"] != 1 || got["pin_guessing Ana Lima"] != 1 {
				t.Fatalf("user %d: %v, want %v", u, got, want)
			}
		}
		now.Add(time.Millisecond.Milliseconds() + 1)
		if err := svc.Send(ctx, refused(7)); err != nil {
			t.Fatal(err)
		}
		if got := kindsOf(t, svc, users[0]); got["offline_punch_refused 7Ana Lima"] != 2 {
			t.Fatalf("a period later: %v, want a second notice of employee 7", got)
		}
		// A notice without a subject is never held back.
		for range 3 {
			if err := svc.Send(ctx, messaging.NewNotification{Kind: messaging.KindTopic, Params: map[string]string{"name": "x"}, To: users[:1]}); err != nil {
				t.Fatal(err)
			}
		}
		if got := kindsOf(t, svc, users[0]); got["topic x"] != 3 {
			t.Fatalf("notices without a subject: %v", got)
		}
	})
}

// Housekeeping's purge deletes the read notifications older than
// messaging.DefaultRetention and nothing else; with thousands unread, the list is
// a page and the unread count a count.
func TestNotificationsPurgedWhenReadAndOld(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		now, users := noticeUsers(t, db, 2)
		svc := storage.NewMessagingService(db)
		me, other := users[0], users[1]
		const many = 3000
		start := now.Load()
		err := db.WithTx(ctx, func(tx *storage.Tx) error {
			for i := range many {
				var read any
				if i%3 == 0 {
					read = start
				}
				if _, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, kind, params, created_at, read_at, link)
					VALUES (?, 'topic', '{}', ?, ?, '/chat')`, me, start+int64(i), read); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := svc.Send(ctx, messaging.NewNotification{Kind: messaging.KindTopic, To: []int64{other}}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.MarkRead(ctx, other, nil); err != nil {
			t.Fatal(err)
		}
		// Not yet old: nothing goes.
		now.Add((messaging.DefaultRetention - time.Hour).Milliseconds())
		if n, err := svc.Purge(ctx); err != nil || n != 0 {
			t.Fatalf("purged %d (%v) before the retention", n, err)
		}
		// A read notification a day old stays.
		if err := svc.Send(ctx, messaging.NewNotification{Kind: messaging.KindTopic, To: []int64{me}}); err != nil {
			t.Fatal(err)
		}
		newest, err := svc.List(ctx, me, messaging.Filter{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.MarkRead(ctx, me, []int64{newest.Notifications[0].ID}); err != nil {
			t.Fatal(err)
		}
		now.Add((2 * time.Hour).Milliseconds())
		n, err := svc.Purge(ctx)
		if err != nil || n != many/3+1 {
			t.Fatalf("purged %d (%v), want %d", n, err, many/3+1)
		}
		page, err := svc.List(ctx, me, messaging.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		unread := many - many/3
		if page.Unread != unread || page.Total != unread+1 || len(page.Notifications) != messaging.DefaultList {
			t.Fatalf("after the purge: unread %d, total %d, page of %d; want %d, %d, %d",
				page.Unread, page.Total, len(page.Notifications), unread, unread+1, messaging.DefaultList)
		}
		if page, err := svc.List(ctx, other, messaging.Filter{}); err != nil || page.Total != 0 {
			t.Fatalf("the other user's old read one: %d left (%v)", page.Total, err)
		}
	})
}
