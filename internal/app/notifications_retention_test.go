package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// Housekeeping deletes the read notifications raised over
// messaging.Retention ago, and counts them; unread and recent ones stay.
func TestPurgeExpiredDeletesOldReadNotifications(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		w := newNoticeWorld(t, db)
		old := db.Now().Add(-messaging.Retention - time.Hour).UnixMilli()
		recent := db.Now().Add(-time.Hour).UnixMilli()
		err := db.WithTx(ctx, func(tx *storage.Tx) error {
			for _, r := range []struct {
				created int64
				read    any
			}{{old, old}, {old, old}, {old, nil}, {recent, recent}} {
				if _, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, kind, params, created_at, read_at, link)
					VALUES (?, 'topic', '{}', ?, ?, '/chat')`, w.admin, r.created, r.read); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		p, err := w.svc.PurgeExpired(ctx)
		if err != nil || p.Notifications != 2 {
			t.Fatalf("purged %+v (%v), want 2 notifications", p, err)
		}
		if left := w.of(t, w.admin, messaging.KindTopic); len(left) != 2 {
			t.Fatalf("%d left, want the unread old one and the recent read one", len(left))
		}
	})
}
