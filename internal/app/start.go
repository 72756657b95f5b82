package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Background is the work an instance runs beside its requests. A zero
// interval leaves that work off (the test harness starts with none of it,
// tests run each piece themselves when they test it).
type Background struct {
	// Housekeep: Housekeep's interval (HousekeepEvery in serve).
	Housekeep time.Duration
	// Outbox: how often the mail outbox retries what is due (OutboxEvery);
	// a queued mail is sent at once whatever this is.
	Outbox time.Duration
	// PurgeDocuments: how often the documents trash is emptied of what is
	// past its days (every instance may; the purge is safe to run at once).
	PurgeDocuments time.Duration
	// Backups: the scheduled SQLite copies (serve's --backup-dir); nil: none.
	Backups interface{ Run(context.Context) }
}

// ServeBackground is what serve runs beside its requests.
func ServeBackground() Background {
	return Background{Housekeep: HousekeepEvery, Outbox: OutboxEvery, PurgeDocuments: time.Hour}
}

// Prepare readies the database for this instance before it wires its
// server: an import a stopped server was staging (killed halfway) is never
// published, so it is discarded before this one takes imports; what every
// organisation starts with is seeded once.
func (s *Services) Prepare(ctx context.Context, log *slog.Logger) error {
	if n, err := s.Inventory.DiscardStaleImports(ctx, s.DB.Now()); err != nil {
		return fmt.Errorf("discard unfinished imports: %w", err)
	} else if n > 0 {
		log.Info("unfinished imports discarded", "imports", n)
	}
	if err := s.Seed(ctx); err != nil {
		return fmt.Errorf("seed the first data: %w", err)
	}
	return nil
}

// Start makes this instance hear every instance's live events (PostgreSQL
// LISTEN; nothing to do on SQLite) and starts bg. Serve and the test
// harness call it once their server is wired. stop ends it all and waits:
// the loops return, and the mails under way are delivered or stay in the
// outbox. Calling stop again does nothing.
func (s *Services) Start(ctx context.Context, log *slog.Logger, bg Background) (stop func(), err error) {
	ctx, cancel := context.WithCancel(ctx)
	if err := s.Listen(ctx, log); err != nil {
		cancel()
		return nil, fmt.Errorf("listen for live events: %w", err)
	}
	var wg sync.WaitGroup
	run := func(on bool, f func()) {
		if on {
			wg.Go(f)
		}
	}
	run(bg.PurgeDocuments > 0, func() { s.Documents.PurgeEvery(ctx, bg.PurgeDocuments) })
	run(bg.Housekeep > 0, func() { s.Housekeep(ctx, bg.Housekeep, log) })
	run(bg.Outbox > 0, func() { s.Outbox.Run(ctx, bg.Outbox) })
	run(bg.Backups != nil, func() { bg.Backups.Run(ctx) })
	var once sync.Once
	return func() {
		once.Do(func() {
			cancel()
			wg.Wait()
			s.Accounts.WaitMail()
		})
	}, nil
}
