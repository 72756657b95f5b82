package app_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/mail/mailtest"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// An invitation sent while the SMTP server is down is not lost: it is
// stored with the invitation, and the outbox sweep delivers it, with a
// working link, once the server is back — also from a new instance, as
// after a restart.
func TestInvitationSurvivesSMTPOutage(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t)
		sender, err := mail.NewSMTP(srv.URL(), "")
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.DiscardHandler)
		var mu sync.Mutex
		now := time.Now().UTC()
		db.SetNow(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
		svc := app.New(db, log, app.WithMailer(sender), app.WithPasswordHashing(accounts.TestHashing))
		admin, err := svc.Accounts.CreateUser(ctx, accounts.NewUser{Email: "ada@example.org", Password: "correct-horse-battery", FirstName: "Ada", Role: accounts.RoleAdmin})
		if err != nil {
			t.Fatal(err)
		}
		srv.SetDown(true)
		inv, err := svc.Accounts.Invite(ctx, admin, "bo@example.org", accounts.RoleStaff, "https://packline.example.org")
		if err != nil || inv.Mail != mail.Queued {
			t.Fatalf("invite: %+v %v", inv, err)
		}
		svc.Accounts.WaitMail()
		if len(srv.Mails()) != 0 {
			t.Fatal("delivered while down")
		}
		// A restart: a new instance over the same database, SMTP back.
		srv.SetDown(false)
		svc2 := app.New(db, log, app.WithMailer(sender), app.WithPasswordHashing(accounts.TestHashing))
		if sent, _, err := svc2.SweepOutbox(ctx); err != nil || sent != 0 {
			t.Fatalf("retried before the backoff: %d %v", sent, err)
		}
		mu.Lock()
		now = now.Add(time.Minute)
		mu.Unlock()
		if sent, _, err := svc2.SweepOutbox(ctx); err != nil || sent != 1 {
			t.Fatalf("sweep after the outage: sent %d, %v", sent, err)
		}
		m := srv.Wait(t, "bo@example.org")
		if !strings.HasPrefix(m.Link(), "https://packline.example.org"+accounts.SignupPath+"?invitation=") {
			t.Fatalf("link %q", m.Link())
		}
		token := strings.SplitN(m.Link(), "invitation=", 2)[1]
		if _, _, err := svc2.Accounts.SignUp(ctx, accounts.Signup{FirstName: "Bo", LastName: "B", Email: "bo@example.org",
			Password: "another-long-password", Invitation: token, Client: "test"}); err != nil {
			t.Fatalf("the delayed invitation does not work: %v", err)
		}
		if sent, _, _ := svc.SweepOutbox(ctx); sent != 0 || len(srv.Mails()) != 1 {
			t.Fatal("sent twice")
		}
		if list, err := svc.Outbox.Store.Recent(ctx, 1); err != nil || len(list) != 1 || list[0].Status != mail.Sent {
			t.Fatalf("outbox: %+v %v", list, err)
		}
	})
}

// Without an SMTP server (make run) mails still go to the log, at once,
// through the outbox, and are recorded as logged, not sent; the invitation
// says so and carries its link, for the admin to pass on.
func TestMailToTheLogWithoutSMTP(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		var buf safeBuffer
		log := slog.New(slog.NewJSONHandler(&buf, nil))
		svc := app.New(db, log, app.WithPasswordHashing(accounts.TestHashing))
		admin, err := svc.Accounts.CreateUser(ctx, accounts.NewUser{Email: "ada@example.org", Password: "correct-horse-battery", FirstName: "Ada", Role: accounts.RoleAdmin})
		if err != nil {
			t.Fatal(err)
		}
		inv, err := svc.Accounts.Invite(ctx, admin, "bo@example.org", accounts.RoleStaff, "http://localhost:8080")
		if err != nil {
			t.Fatal(err)
		}
		if inv.Mail != mail.LogOnly || svc.Accounts.MailDelivery() != mail.LogOnly ||
			!strings.HasPrefix(inv.Link, "http://localhost:8080/auth/signup?invitation=") {
			t.Fatalf("invitation: %+v", inv)
		}
		svc.Accounts.WaitMail()
		out := buf.String()
		if !strings.Contains(out, mail.LogMessage) || !strings.Contains(out, inv.Link) {
			t.Fatalf("log: %s", out)
		}
		list, err := svc.Outbox.Store.Recent(ctx, 10)
		if err != nil || len(list) != 1 || list[0].Status != mail.Logged || list[0].SentAt == nil {
			t.Fatalf("outbox: %+v %v", list, err)
		}
		// The link works: it is the one the log holds.
		token := strings.SplitN(inv.Link, "invitation=", 2)[1]
		if _, _, err := svc.Accounts.SignUp(ctx, accounts.Signup{FirstName: "Bo", LastName: "B", Email: "bo@example.org",
			Password: "another-long-password", Invitation: token, Client: "test"}); err != nil {
			t.Fatalf("the invitation's link does not work: %v", err)
		}
	})
}

type safeBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *safeBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *safeBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
