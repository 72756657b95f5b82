package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/storage"
)

// aged is a notification raised age before now, read or not.
type aged struct {
	age  time.Duration
	read bool
}

// seedNotifications writes a topic notification for user per row, straight
// into the table (read at the moment it was raised).
func seedNotifications(t *testing.T, db *storage.DB, user int64, rows ...aged) {
	t.Helper()
	ctx := context.Background()
	err := db.WithTx(ctx, func(tx *storage.Tx) error {
		for _, r := range rows {
			created := db.Now().Add(-r.age).UnixMilli()
			var read any
			if r.read {
				read = created
			}
			if _, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, kind, params, created_at, read_at, link)
				VALUES (?, 'topic', '{}', ?, ?, '/chat')`, user, created, read); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Until an admin sets one, housekeeping deletes the read notifications
// raised over 90 days ago, and counts them; unread and recent ones stay.
func TestPurgeExpiredDeletesOldReadNotifications(t *testing.T) {
	t.Parallel()
	forEachNoticeWorld(t, func(t *testing.T, w *noticeWorld) {
		ctx := context.Background()
		if st, err := w.svc.Organisation.Get(ctx); err != nil || st.NotificationRetentionDays != 90 || messaging.DefaultRetention != 90*day {
			t.Fatalf("default retention: %d days (%v), DefaultRetention %v; want 90 days", st.NotificationRetentionDays, err, messaging.DefaultRetention)
		}
		old, recent := 90*day+time.Hour, time.Hour
		seedNotifications(t, w.db, w.admin, aged{old, true}, aged{old, true}, aged{old, false}, aged{recent, true},
			aged{89 * day, true})
		p, err := w.svc.PurgeExpired(ctx)
		if err != nil || p.Notifications != 2 {
			t.Fatalf("purged %+v (%v), want 2 notifications", p, err)
		}
		if left := w.of(t, w.admin, messaging.KindTopic); len(left) != 3 {
			t.Fatalf("%d left, want the unread old one and the two read within 90 days", len(left))
		}
	})
}

// The organisation's notification_retention_days is read at each run: at
// 30 days a read notification 31 days old goes, one 29 days old stays, and
// unread ones stay however old.
func TestPurgeExpiredFollowsTheRetentionSetting(t *testing.T) {
	t.Parallel()
	forEachNoticeWorld(t, func(t *testing.T, w *noticeWorld) {
		ctx := context.Background()
		seedNotifications(t, w.db, w.admin, aged{31 * day, true}, aged{29 * day, true},
			aged{31 * day, false}, aged{400 * day, false}, aged{time.Hour, false})
		seedNotifications(t, w.db, w.staff, aged{31 * day, true}, aged{31 * day, false})
		if p, err := w.svc.PurgeExpired(ctx); err != nil || p.Notifications != 0 {
			t.Fatalf("at the default retention: purged %+v (%v), want none", p, err)
		}
		days := 30
		if _, err := w.svc.Organisation.Update(ctx, organisation.Patch{NotificationRetentionDays: &days}); err != nil {
			t.Fatal(err)
		}
		p, err := w.svc.PurgeExpired(ctx)
		if err != nil || p.Notifications != 2 {
			t.Fatalf("at 30 days: purged %+v (%v), want the two read ones 31 days old", p, err)
		}
		for _, c := range []struct {
			user         int64
			read, unread int
		}{{w.admin, 1, 3}, {w.staff, 0, 1}} {
			page, err := w.svc.Messaging.List(ctx, c.user, messaging.Filter{Limit: messaging.MaxList})
			if err != nil {
				t.Fatal(err)
			}
			if read := page.Total - page.Unread; read != c.read || page.Unread != c.unread {
				t.Errorf("user %d: %d read and %d unread left, want %d and %d", c.user, read, page.Unread, c.read, c.unread)
			}
		}
	})
}
