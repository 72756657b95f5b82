package mail

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/packline/packline/internal/every"
)

// The outbox: every mail is first stored (mail_outbox), in the transaction
// that causes it where the code allows, and then delivered by Outbox. A
// restart or an SMTP outage therefore delays a mail but does not lose it.

// Status is where a stored mail stands.
type Status string

const (
	Pending Status = "pending" // waiting to be sent, or to be tried again
	Sent    Status = "sent"    // handed to the SMTP server
	Logged  Status = "logged"  // written to the log, not sent: no SMTP server (no --smtp-url)
	Failed  Status = "failed"  // given up after MaxAttempts
)

// Delivery is what becomes of a mail an action queues, as the action's
// answer tells the person who asked: a mail is never sent inside a request,
// so the answer knows only whether a mail server will be tried.
type Delivery string

const (
	Queued  Delivery = "queued" // stored; the outbox sends it over SMTP in the background
	LogOnly Delivery = "logged" // stored and written to the log only: no SMTP server, nobody receives it
)

// Outgoing is one stored mail. Its Text and HTML are cleared once it is sent
// (or logged) or given up, so that the links it carried do not stay in the
// database.
type Outgoing struct {
	ID int64
	Kind
	Message
	Status        Status
	Attempts      int
	LastError     string
	CreatedAt     time.Time
	NextAttemptAt time.Time
	SentAt        *time.Time
}

// OutboxStore keeps the outbox. Claim must hand a mail to one caller at a
// time across every instance sharing the database (a lease).
type OutboxStore interface {
	// Enqueue stores a mail to send now (outside any other transaction).
	Enqueue(ctx context.Context, kind Kind, m Message) error
	// Claim takes the oldest pending mail due now and not leased, leases it
	// until now+lease and counts the attempt; false when there is none.
	Claim(ctx context.Context, lease time.Duration) (Outgoing, bool, error)
	// Delivered marks the mail of that claim (id, attempt) done with status
	// (Sent, or Logged when it only went to the log); a claim whose lease
	// was taken over since changes nothing.
	Delivered(ctx context.Context, id int64, attempt int, status Status) error
	// Retry records a failed attempt: the mail waits until retryAt, or is
	// given up (Failed) when giveUp.
	Retry(ctx context.Context, id int64, attempt int, lastErr string, retryAt time.Time, giveUp bool) error
	// Recent lists the latest mails, newest first.
	Recent(ctx context.Context, limit int) ([]Outgoing, error)
	// PurgeSent deletes mails sent, logged or given up before cutoff.
	PurgeSent(ctx context.Context, cutoff time.Time) (int64, error)
	// Counts says how many mails wait to be sent and how many were given up.
	Counts(ctx context.Context) (pending, failed int, err error)
}

// Defaults of an Outbox.
const (
	DefaultMaxAttempts = 10                  // about three hours of retries with the backoff below
	DefaultLease       = 2 * time.Minute     // longer than one SMTP send may take
	SendTimeout        = time.Minute         // one attempt at one mail
	SentRetention      = 14 * 24 * time.Hour // how long sent, logged and failed mails stay listed
)

// Outbox delivers stored mails through Sender.
type Outbox struct {
	Store  OutboxStore
	Sender Sender
	Log    *slog.Logger
	Now    func() time.Time

	MaxAttempts int
	Lease       time.Duration
	// Backoff is the wait after the n-th failed attempt (n from 1).
	Backoff func(n int) time.Duration

	mu      sync.Mutex
	running bool // a delivery goroutine started by Wake is running
	again   bool // Wake was called while it ran: it runs once more
	wg      sync.WaitGroup
}

// NewOutbox returns an outbox with the default limits.
func NewOutbox(store OutboxStore, sender Sender, log *slog.Logger) *Outbox {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Outbox{Store: store, Sender: sender, Log: log, Now: time.Now,
		MaxAttempts: DefaultMaxAttempts, Lease: DefaultLease, Backoff: DefaultBackoff}
}

// DefaultBackoff waits 30 s after the first failure and doubles each time,
// at most an hour.
func DefaultBackoff(n int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// Delivery says what becomes of a mail queued now: LogOnly when the
// Sender only writes mails to the log (no --smtp-url), else Queued. A nil
// outbox (unit tests) keeps its mails stored: Queued.
func (o *Outbox) Delivery() Delivery {
	if o != nil && OnlyLogs(o.Sender) {
		return LogOnly
	}
	return Queued
}

// Wake delivers what is due in the background, promptly: callers wake the
// outbox right after committing a mail. Calls while a delivery runs make it
// look once more; they never start a second one.
func (o *Outbox) Wake() {
	if o == nil {
		return
	}
	o.mu.Lock()
	if o.running {
		o.again = true
		o.mu.Unlock()
		return
	}
	o.running = true
	o.wg.Add(1)
	o.mu.Unlock()
	go func() {
		defer o.wg.Done()
		for {
			if _, err := o.Deliver(context.Background()); err != nil {
				o.Log.Error("mail outbox: delivery stopped", "err", err)
			}
			o.mu.Lock()
			if !o.again {
				o.running = false
				o.mu.Unlock()
				return
			}
			o.again = false
			o.mu.Unlock()
		}
	}()
}

// Wait waits until the deliveries started by Wake are over (tests, shutdown).
func (o *Outbox) Wait() {
	if o != nil {
		o.wg.Wait()
	}
}

// Run delivers what is due every interval (retries, mails of an instance
// that stopped) until ctx ends.
func (o *Outbox) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, interval, func(context.Context) { o.Wake() })
}

// Deliver sends every mail due now, one claim at a time, and returns how
// many were sent (or, without SMTP, logged: marked Logged, not Sent). A
// failed send is recorded on the mail (tried again after Backoff, given up
// after MaxAttempts); only a database error stops it.
func (o *Outbox) Deliver(ctx context.Context) (sent int, err error) {
	done := Sent
	if OnlyLogs(o.Sender) {
		done = Logged
	}
	for ctx.Err() == nil {
		m, ok, err := o.Store.Claim(ctx, o.Lease)
		if err != nil || !ok {
			return sent, err
		}
		sctx, cancel := context.WithTimeout(ctx, SendTimeout)
		serr := o.Sender.Send(sctx, m.Message)
		cancel()
		if serr == nil {
			if err := o.Store.Delivered(ctx, m.ID, m.Attempts, done); err != nil {
				return sent, err
			}
			sent++
			continue
		}
		giveUp := m.Attempts >= o.MaxAttempts
		retryAt := o.Now().Add(o.Backoff(m.Attempts))
		msg := serr.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
		if err := o.Store.Retry(ctx, m.ID, m.Attempts, msg, retryAt, giveUp); err != nil {
			return sent, err
		}
		if giveUp {
			o.Log.Error("mail given up: not delivered after every attempt", "id", m.ID, "kind", m.Kind, "to", m.To,
				"attempts", m.Attempts, "err", serr)
		} else {
			o.Log.Warn("mail not delivered; it will be tried again", "id", m.ID, "kind", m.Kind, "to", m.To,
				"attempt", m.Attempts, "retry_at", retryAt.UTC().Format(time.RFC3339), "err", serr)
		}
	}
	return sent, ctx.Err()
}
