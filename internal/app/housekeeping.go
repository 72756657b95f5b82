package app

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/throttle"
)

// HousekeepEvery is how often a server purges what has expired.
const HousekeepEvery = 15 * time.Minute

// Purged counts what one PurgeExpired deleted.
type Purged struct {
	Tokens, Throttles, Events, OfflineAnswers, Notifications int64
}

func (p Purged) total() int64 {
	return p.Tokens + p.Throttles + p.Events + p.OfflineAnswers + p.Notifications
}

// PurgeExpired deletes, once, what nobody needs any more: sign-in tokens and
// mailed links (invitations, password recovery, email change) expired or
// revoked over accounts.TokenRetention ago, expired two-factor sign-in
// challenges, throttle rows idle for throttle.Retention, live events older
// than messaging.EventRetention, expired stream tickets, the answers to
// offline punches received over timeclock.OfflineAnswerRetention ago and
// the read notifications created over the organisation's
// notification_retention_days ago (read at each run;
// messaging.DefaultRetention until an admin sets it). (Kiosk clock tokens
// are signed, not stored: there is nothing to purge.) Every delete is
// idempotent, so instances sharing a database may run it at the same moment.
func (s *Services) PurgeExpired(ctx context.Context) (Purged, error) {
	var p Purged
	var err error
	if p.Tokens, err = s.Accounts.Purge(ctx); err != nil {
		return p, err
	}
	if p.Throttles, err = s.throttles.Purge(ctx, s.DB.Now().Add(-throttle.Retention)); err != nil {
		return p, err
	}
	if p.Events, err = s.Messaging.PurgeEvents(ctx); err != nil {
		return p, err
	}
	if p.OfflineAnswers, err = s.Timeclock.PurgeOfflineAnswers(ctx); err != nil {
		return p, err
	}
	p.Notifications, err = s.Messaging.Purge(ctx)
	return p, err
}

// OutboxEvery is how often serve looks for mails due (retries after an SMTP
// failure, mails an instance left when it stopped); a new mail is sent at
// once, without waiting for it.
const OutboxEvery = 30 * time.Second

// SweepOutbox delivers, once, the mails due in the outbox and deletes those
// sent or given up over mail.SentRetention ago. Instances sharing a
// database may run it at the same moment: each mail is claimed by one.
func (s *Services) SweepOutbox(ctx context.Context) (sent int, purged int64, err error) {
	if sent, err = s.Outbox.Deliver(ctx); err != nil {
		return sent, 0, err
	}
	purged, err = s.Outbox.Store.PurgeSent(ctx, s.DB.Now().Add(-mail.SentRetention))
	return sent, purged, err
}

// AlertForgotten tells the admins of open shifts that have run longer than
// the organisation's maximum shift, once per shift however many instances
// run it (the time clock records each one it told of in the database).
func (s *Services) AlertForgotten(ctx context.Context) (int, error) {
	return s.Timeclock.AlertForgotten(ctx)
}

// StaleImport is how old a staged import is when housekeeping discards it:
// far longer than any import takes (seconds), so only a stage a stopped
// server left behind, and that the next start did not already discard.
const StaleImport = time.Hour

// Housekeep runs PurgeExpired, SweepOutbox, DiscardStaleImports, the monthly
// impact report mails (impact.Service.MailMonthly) and AlertForgotten at start and then about
// every interval (with some jitter, so several instances do not all wake
// together) until ctx ends.
func (s *Services) Housekeep(ctx context.Context, every time.Duration, log *slog.Logger) {
	for {
		start := time.Now()
		p, err := s.PurgeExpired(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("housekeeping failed", "err", err)
		} else if p.total() > 0 {
			log.Info("housekeeping", "tokens_purged", p.Tokens, "throttles_purged", p.Throttles, "events_purged", p.Events,
				"offline_answers_purged", p.OfflineAnswers, "notifications_purged", p.Notifications, "duration", time.Since(start))
		}
		if sent, purged, err := s.SweepOutbox(ctx); err != nil && ctx.Err() == nil {
			log.Warn("mail outbox sweep failed", "err", err)
		} else if sent+int(purged) > 0 {
			log.Info("mail outbox swept", "sent", sent, "purged", purged)
		}
		if n, err := s.Inventory.DiscardStaleImports(ctx, s.DB.Now().Add(-StaleImport)); err != nil && ctx.Err() == nil {
			log.Warn("discarding unfinished imports failed", "err", err)
		} else if n > 0 {
			log.Info("unfinished imports discarded", "imports", n)
		}
		if n, err := s.Impact.MailMonthly(ctx, s.PublicURL); err != nil && ctx.Err() == nil {
			log.Warn("monthly impact report mails failed", "err", err)
		} else if n > 0 {
			log.Info("monthly impact report mails queued", "mails", n)
		}
		if n, err := s.AlertForgotten(ctx); err != nil && ctx.Err() == nil {
			log.Warn("forgotten clock-out alerts failed", "err", err)
		} else if n > 0 {
			log.Info("forgotten clock-outs told to the admins", "shifts", n)
		}
		wait := every/2 + rand.N(every)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}
