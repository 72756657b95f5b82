package storage_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/mail/mailtest"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// clock is a settable time for db.Now and the outbox.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newOutbox(t *testing.T, db *storage.DB, srv *mailtest.Server, c *clock) *mail.Outbox {
	t.Helper()
	sender, err := mail.NewSMTP(srv.URL(), "Packline <noreply@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	ob := mail.NewOutbox(storage.NewOutboxStore(db), sender, slog.New(slog.DiscardHandler))
	ob.Now = c.Now
	db.SetNow(c.Now)
	return ob
}

func recentOne(t *testing.T, db *storage.DB, id int64) mail.Outgoing {
	t.Helper()
	list, err := storage.NewOutboxStore(db).Recent(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range list {
		if o.ID == id {
			return o
		}
	}
	t.Fatalf("mail %d not in the outbox", id)
	return mail.Outgoing{}
}

// A mail queued while the SMTP server is down waits (attempt and error
// recorded, retried after the backoff) and is delivered once the server is
// back; a mail that keeps failing is given up after MaxAttempts, its last
// error kept and its body (with its link) cleared.
func TestOutboxRetriesUntilSMTPIsBack(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t)
		c := &clock{t: time.Now().UTC()}
		ob := newOutbox(t, db, srv, c)
		ob.MaxAttempts = 3
		store := storage.NewOutboxStore(db)
		srv.SetDown(true)

		m := mail.Render(mail.Recovery, "gb", "ana@example.org", mail.Data{Org: "Hope", Name: "Ana",
			Link: "https://packline.example.org/auth/recover-password?token=abc"})
		if err := store.Enqueue(ctx, mail.Recovery, m); err != nil {
			t.Fatal(err)
		}
		if sent, err := ob.Deliver(ctx); err != nil || sent != 0 {
			t.Fatalf("SMTP down: sent %d, %v", sent, err)
		}
		list, _ := store.Recent(ctx, 10)
		if len(list) != 1 || list[0].Status != mail.Pending || list[0].Attempts != 1 || list[0].LastError == "" ||
			!list[0].NextAttemptAt.After(c.Now()) {
			t.Fatalf("after a failed attempt: %+v", list)
		}
		id := list[0].ID
		// Not due yet: nothing is tried before the backoff ends.
		srv.SetDown(false)
		if sent, err := ob.Deliver(ctx); err != nil || sent != 0 || len(srv.Mails()) != 0 {
			t.Fatalf("retried before its time: sent %d, %v", sent, err)
		}
		c.Add(mail.DefaultBackoff(1) + time.Second)
		if sent, err := ob.Deliver(ctx); err != nil || sent != 1 {
			t.Fatalf("SMTP back: sent %d, %v", sent, err)
		}
		got := srv.Wait(t, "ana@example.org")
		if got.Subject != m.Subject || got.Link() != "https://packline.example.org/auth/recover-password?token=abc" {
			t.Fatalf("delivered %+v", got)
		}
		o := recentOne(t, db, id)
		if o.Status != mail.Sent || o.Attempts != 2 || o.SentAt == nil || o.LastError != "" {
			t.Fatalf("sent mail: %+v", o)
		}
		var text string
		if err := db.QueryRow(ctx, `SELECT body_text FROM mail_outbox WHERE id = ?`, id).Scan(&text); err != nil || text != "" {
			t.Fatalf("the body of a sent mail stays stored: %q %v", text, err)
		}
		if sent, _ := ob.Deliver(ctx); sent != 0 || len(srv.Mails()) != 1 {
			t.Fatal("a sent mail was sent again")
		}

		// Given up after MaxAttempts.
		srv.SetDown(true)
		if err := store.Enqueue(ctx, mail.Invitation, mail.Message{To: "bo@example.org", Subject: "Hi", Text: "x"}); err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 5; i++ {
			if _, err := ob.Deliver(ctx); err != nil {
				t.Fatal(err)
			}
			c.Add(time.Hour)
		}
		list, _ = store.Recent(ctx, 1)
		if o := list[0]; o.Status != mail.Failed || o.Attempts != 3 || o.LastError == "" {
			t.Fatalf("given up: %+v", o)
		}
		srv.SetDown(false)
		if sent, _ := ob.Deliver(ctx); sent != 0 {
			t.Fatal("a mail given up was sent")
		}

		// Housekeeping deletes sent and failed mails after the retention.
		c.Add(mail.SentRetention + time.Hour)
		if n, err := store.PurgeSent(ctx, c.Now().Add(-mail.SentRetention)); err != nil || n != 2 {
			t.Fatalf("purged %d, %v", n, err)
		}
	})
}

// Without an SMTP server (mail.LogSender) a delivered mail is stored as
// logged, not sent: it went to the log and nobody received it. The same mail
// through an SMTP server is sent. Either way its body, with the link, is
// cleared and it is never delivered again.
func TestOutboxRecordsLoggedMailAsLogged(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		c := &clock{t: time.Now().UTC()}
		srv := mailtest.Start(t)
		smtp := newOutbox(t, db, srv, c)
		logged := mail.NewOutbox(storage.NewOutboxStore(db), mail.LogSender{Log: slog.New(slog.DiscardHandler)}, nil)
		logged.Now = c.Now
		if smtp.Delivery() != mail.Queued || logged.Delivery() != mail.LogOnly {
			t.Fatalf("deliveries: smtp %q, log %q", smtp.Delivery(), logged.Delivery())
		}
		store := storage.NewOutboxStore(db)
		deliver := func(ob *mail.Outbox, to string) mail.Outgoing {
			t.Helper()
			if err := store.Enqueue(ctx, mail.Invitation, mail.Message{To: to, Subject: "Join us", Text: "https://p.example.org/auth/signup?invitation=x"}); err != nil {
				t.Fatal(err)
			}
			if n, err := ob.Deliver(ctx); err != nil || n != 1 {
				t.Fatalf("delivered %d, %v", n, err)
			}
			list, err := store.Recent(ctx, 1)
			if err != nil || len(list) != 1 || list[0].To != to {
				t.Fatalf("recent: %+v %v", list, err)
			}
			var text string
			if err := db.QueryRow(ctx, `SELECT body_text FROM mail_outbox WHERE id = ?`, list[0].ID).Scan(&text); err != nil || text != "" {
				t.Fatalf("the body stays stored: %q %v", text, err)
			}
			return list[0]
		}
		if o := deliver(logged, "bo@example.org"); o.Status != mail.Logged || o.SentAt == nil || o.Attempts != 1 {
			t.Fatalf("without SMTP: %+v", o)
		}
		if len(srv.Mails()) != 0 {
			t.Fatal("a logged mail reached the SMTP server")
		}
		if o := deliver(smtp, "cy@example.org"); o.Status != mail.Sent || o.SentAt == nil {
			t.Fatalf("with SMTP: %+v", o)
		}
		srv.Wait(t, "cy@example.org")
		if n, _ := smtp.Deliver(ctx); n != 0 || len(srv.Mails()) != 1 {
			t.Fatal("a logged or sent mail was delivered again")
		}
		if pending, failed, err := store.Counts(ctx); err != nil || pending != 0 || failed != 0 {
			t.Fatalf("counts: %d pending, %d failed, %v", pending, failed, err)
		}
		c.Add(mail.SentRetention + time.Hour)
		if n, err := store.PurgeSent(ctx, c.Now().Add(-mail.SentRetention)); err != nil || n != 2 {
			t.Fatalf("purged %d, %v", n, err)
		}
	})
}

// A claim whose lease ran out (its instance stopped mid-send) is taken over;
// the late answer of the first claim then changes nothing.
func TestOutboxLeaseTakeover(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		c := &clock{t: time.Now().UTC()}
		db.SetNow(c.Now)
		store := storage.NewOutboxStore(db)
		if err := store.Enqueue(ctx, mail.Invitation, mail.Message{To: "a@example.org", Subject: "Hi", Text: "x"}); err != nil {
			t.Fatal(err)
		}
		first, ok, err := store.Claim(ctx, time.Minute)
		if err != nil || !ok || first.Attempts != 1 || first.Text != "x" {
			t.Fatalf("claim: %+v %v %v", first, ok, err)
		}
		if _, ok, _ := store.Claim(ctx, time.Minute); ok {
			t.Fatal("a leased mail was claimed twice")
		}
		c.Add(2 * time.Minute)
		second, ok, err := store.Claim(ctx, time.Minute)
		if err != nil || !ok || second.ID != first.ID || second.Attempts != 2 {
			t.Fatalf("takeover: %+v %v %v", second, ok, err)
		}
		if err := store.Delivered(ctx, first.ID, first.Attempts, mail.Sent); err != nil {
			t.Fatal(err)
		}
		if o := recentOne(t, db, first.ID); o.Status != mail.Pending {
			t.Fatalf("a stale claim marked the mail: %+v", o)
		}
		if err := store.Delivered(ctx, second.ID, second.Attempts, mail.Sent); err != nil {
			t.Fatal(err)
		}
		if o := recentOne(t, db, first.ID); o.Status != mail.Sent {
			t.Fatalf("not marked sent: %+v", o)
		}
	})
}

// Two instances on one database (two connection pools on one PostgreSQL
// schema; on SQLite, one file) sending at once deliver each mail exactly
// once.
func TestOutboxTwoInstancesSendEachMailOnce(t *testing.T) {
	t.Parallel()
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			dsn := storagetest.DSN(t, d)
			var dbs []*storage.DB
			for range 2 {
				dbs = append(dbs, storagetest.OpenDSN(t, dsn))
			}
			srv := mailtest.Start(t)
			c := &clock{t: time.Now().UTC()}
			var boxes []*mail.Outbox
			for _, db := range dbs {
				boxes = append(boxes, newOutbox(t, db, srv, c))
			}
			const n = 30
			for i := range n {
				if err := storage.NewOutboxStore(dbs[i%2]).Enqueue(ctx, mail.Invitation,
					mail.Message{To: fmt.Sprintf("u%d@example.org", i), Subject: fmt.Sprint("mail ", i), Text: "x"}); err != nil {
					t.Fatal(err)
				}
			}
			var wg sync.WaitGroup
			total := make([]int, 6)
			for w := range total {
				wg.Go(func() {
					sent, err := boxes[w%2].Deliver(ctx)
					if err != nil {
						t.Error(err)
					}
					total[w] = sent
				})
			}
			wg.Wait()
			sum := 0
			for _, s := range total {
				sum += s
			}
			seen := map[string]int{}
			for _, m := range srv.Mails() {
				seen[m.To[0]]++
			}
			if sum != n || len(srv.Mails()) != n || len(seen) != n {
				t.Fatalf("sent %d (per worker %v), server got %d mails for %d addresses; want %d each once", sum, total, len(srv.Mails()), len(seen), n)
			}
			list, _ := storage.NewOutboxStore(dbs[0]).Recent(ctx, 100)
			for _, o := range list {
				if o.Status != mail.Sent || o.Attempts != 1 {
					t.Fatalf("mail %d: %+v", o.ID, o)
				}
			}
		})
	}
}
