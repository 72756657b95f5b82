package accounts

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/packline/packline/internal/mail"
)

// Lifetimes of the links sent by mail.
const (
	InvitationTTL  = 7 * 24 * time.Hour
	RecoveryTTL    = time.Hour
	EmailChangeTTL = 24 * time.Hour
)

// Mailing is how the service sends mail and reads the organisation's
// choices it depends on. The wiring sets it. Mails are stored in the
// transaction that causes them (Tx.QueueMail) and Outbox, woken after the
// commit, delivers them; without an Outbox they stay stored (unit tests).
// Without Org signup is by invitation only (after the first account).
type Mailing struct {
	Outbox *mail.Outbox
	// Org returns the organisation's name and whether anyone may sign up
	// without an invitation.
	Org func(ctx context.Context) (name string, signupOpen bool, err error)

	wg sync.WaitGroup
}

func (s *Service) mailing() *Mailing {
	if s.Mail == nil {
		s.Mail = &Mailing{}
	}
	if s.Mail.Org == nil {
		s.Mail.Org = func(context.Context) (string, bool, error) { return "Packline", false, nil }
	}
	return s.Mail
}

// orgName is the organisation's name for a mail; "Packline" if it cannot be read.
func (s *Service) orgName(ctx context.Context) string {
	name, _, err := s.mailing().Org(ctx)
	if err != nil || name == "" {
		return "Packline"
	}
	return name
}

// MailDelivery says what becomes of the mails the service queues: sent
// over SMTP in the background (mail.Queued), or only written to the log
// (mail.LogOnly) when no mail server is set.
func (s *Service) MailDelivery() mail.Delivery { return s.mailing().Outbox.Delivery() }

// mailQueued wakes the outbox after a transaction that queued a mail
// committed: it is sent in the background, so that a request never waits
// for (nor reveals by its timing) the mail server.
func (s *Service) mailQueued() { s.mailing().Outbox.Wake() }

// A linkMail says what mailLink checks and does before it stores a link.
type linkMail struct {
	// freeAddress refuses an address an account already uses.
	freeAddress bool
	// expireEarlier makes the earlier links of the same kind to the
	// address unusable.
	expireEarlier bool
}

// mailLink stores t and queues m, the mail of kind that carries t's link,
// in one transaction, and wakes the outbox once it is committed.
func (s *Service) mailLink(ctx context.Context, t MailToken, kind mail.Kind, m mail.Message, how linkMail) error {
	err := s.store.InTx(ctx, func(tx Tx) error {
		if how.freeAddress {
			taken, err := tx.EmailTaken(ctx, t.Email)
			if err != nil {
				return err
			}
			if taken {
				return ErrEmailTaken(t.Email)
			}
		}
		if how.expireEarlier {
			if err := tx.ExpireMailTokens(ctx, t.Kind, t.Email); err != nil {
				return err
			}
		}
		if err := tx.InsertMailToken(ctx, t); err != nil {
			return err
		}
		return tx.QueueMail(ctx, kind, m)
	})
	if err == nil {
		s.mailQueued()
	}
	return err
}

// background runs fn in a goroutine WaitMail waits for, for work a request
// must not wait for.
func (s *Service) background(ctx context.Context, fn func(ctx context.Context)) {
	ml := s.mailing()
	ml.wg.Add(1)
	go func() {
		defer ml.wg.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		fn(ctx)
	}()
}

// WaitMail waits until the background work is over and the outbox has
// tried every mail due (tests, shutdown). A mail that could not be sent
// stays in the outbox for a later attempt.
func (s *Service) WaitMail() {
	ml := s.mailing()
	ml.wg.Wait()
	ml.Outbox.Wait()
}

// link builds an absolute link: base (the public URL or the request's
// origin, no trailing slash) + path + ?key=token.
func link(base, path, key, token string) string {
	return strings.TrimRight(base, "/") + path + "?" + key + "=" + token
}

// fullName joins a user's names for a greeting.
func fullName(u *User) string { return strings.TrimSpace(u.FirstName + " " + u.LastName) }

// newMailToken makes a token for a link and its stored form.
func newMailToken(kind, email string, ttl time.Duration, now time.Time) (token string, t MailToken, err error) {
	token, hash, err := NewToken()
	if err != nil {
		return "", t, err
	}
	return token, MailToken{Kind: kind, Hash: hash, Email: email, CreatedAt: now, ExpiresAt: now.Add(ttl)}, nil
}

// usable reports whether a stored link may still be followed at now.
func (t MailToken) usable(now time.Time) bool { return t.UsedAt == nil && now.Before(t.ExpiresAt) }
