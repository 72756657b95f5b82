// Package app wires the storage-backed implementation of every domain
// service together, for the binary and for tests that run the whole API.
package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/clients"
	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/faq"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/impact"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/recalls"
	"github.com/packline/packline/internal/search"
	"github.com/packline/packline/internal/services"
	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/throttle"
	"github.com/packline/packline/internal/timeclock"
)

// Services are the storage-backed implementations of every domain service.
// Each business area adds its service to services.Services and builds it in New.
type Services struct {
	DB *storage.DB
	services.Services
	// Outbox delivers the stored mails: woken after each commit that queues
	// one, run every OutboxEvery by serve, swept by housekeeping.
	Outbox *mail.Outbox
	// PublicURL begins the links housekeeping mails (the monthly impact
	// report); "" mails none.
	PublicURL string

	throttles *storage.ThrottleRows
	live      *storage.MessagingStore
}

// Listen makes this instance receive the live events of every instance
// (PostgreSQL LISTEN/NOTIFY; nothing to do on SQLite) until ctx ends.
func (s *Services) Listen(ctx context.Context, log *slog.Logger) error {
	return s.live.Listen(ctx, log)
}

// Option adjusts how New builds the services.
type Option func(*options)

type options struct {
	timeclockKeys *timeclock.Keys
	hashBudget    int64
	hashGate      *accounts.HashGate
	hashing       *accounts.HashParams
	serverSecret  []byte
	mailer        mail.Sender
	streamLimits  *messaging.StreamLimits
}

// WithStreamLimits caps the live event streams of this instance (default
// messaging.DefaultStreamLimits: per person only, no total cap).
func WithStreamLimits(l messaging.StreamLimits) Option {
	return func(o *options) { o.streamLimits = &l }
}

// WithMailer sends the accounts' mails through m (default: the log).
func WithMailer(m mail.Sender) Option { return func(o *options) { o.mailer = m } }

// WithHashBudget sets the memory all concurrent password hashes may hold
// together (default accounts.DefaultHashBudget).
func WithHashBudget(bytes int64) Option { return func(o *options) { o.hashBudget = bytes } }

// WithHashGate hands the accounts service a gate of the caller's (tests
// that must not be turned away on a slow machine set a long MaxWait).
func WithHashGate(g *accounts.HashGate) Option { return func(o *options) { o.hashGate = g } }

// WithPasswordHashing makes new password hashes with p (default
// accounts.ProductionHashing): tests choose accounts.TestHashing.
func WithPasswordHashing(p accounts.HashParams) Option { return func(o *options) { o.hashing = &p } }

// WithTimeclockKeys gives the time clock the keys derived from the server
// secret. Without it PINs are hashed with a random per-process key (fine for
// tests and one-off commands, never for serve).
func WithTimeclockKeys(k *timeclock.Keys) Option { return func(o *options) { o.timeclockKeys = k } }

// WithServerSecret gives the accounts service the server secret, which
// seals TOTP secrets and keys recovery-code hashes. Without it they use a
// random per-process key (fine for tests and one-off commands, never for
// serve).
func WithServerSecret(secret []byte) Option { return func(o *options) { o.serverSecret = secret } }

// New builds every service over db.
func New(db *storage.DB, log *slog.Logger, opts ...Option) *Services {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.timeclockKeys == nil {
		o.timeclockKeys = timeclock.RandomKeys()
	}
	if o.hashBudget <= 0 {
		o.hashBudget = accounts.DefaultHashBudget
	}
	if o.hashGate == nil {
		o.hashGate = accounts.NewHashGate(o.hashBudget)
	}
	org := storage.NewOrganisationService(db)
	cal := &organisation.Calendar{Settings: org, Clock: func() time.Time { return db.Now() }}
	throttles := storage.NewThrottleRows(db)
	acc := accounts.NewService(storage.NewAccountStore(db), throttle.New(throttles), o.hashGate, log)
	acc.Now = func() time.Time { return db.Now() }
	if o.hashing != nil {
		acc.Hashing = *o.hashing
	}
	if o.serverSecret != nil {
		if err := acc.SetServerSecret(o.serverSecret); err != nil && log != nil {
			log.Error("the server secret cannot seal two-factor secrets", "err", err)
		}
	}
	if o.mailer == nil {
		o.mailer = mail.LogSender{Log: log}
	}
	outbox := mail.NewOutbox(storage.NewOutboxStore(db), o.mailer, log)
	outbox.Now = func() time.Time { return db.Now() }
	acc.Mail = mailing(outbox, org)
	hub := messaging.NewHub()
	live := storage.NewMessagingStore(db, hub)
	msg := messaging.NewService(live, cal, hub)
	if o.streamLimits != nil {
		msg.Streams = messaging.NewStreamGate(*o.streamLimits)
	}
	msg.Hub.Presence = func(userID int64, online bool) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := msg.AnnouncePresence(ctx, userID, online); err != nil {
			log.Warn("announce presence", "err", err)
		}
	}
	tc := timeclock.NewService(storage.NewTimeclockStore(db), throttle.New(throttles), o.timeclockKeys, cal, log)
	tc.Notifier = msg
	inv := storage.NewInventoryStore(db)
	pay := payments.NewService(storage.NewPaymentsStore(db), cal, func(ctx context.Context) (string, error) {
		st, err := org.Get(ctx)
		return st.Currency, err
	})
	pay.OrgName = func(ctx context.Context) (string, error) {
		st, err := org.Get(ctx)
		return st.Name, err
	}
	pay.Outbox = outbox
	prod := production.NewService(storage.NewProductionStore(db), cal)
	imp := impact.NewService(storage.NewImpactStore(db), prod, cal)
	imp.Outbox = outbox
	return &Services{
		DB:        db,
		Outbox:    outbox,
		throttles: throttles,
		live:      live,
		Services: services.Services{
			Accounts:     acc,
			Organisation: org,
			Logo:         storage.NewLogoService(db),
			Messaging:    msg,
			Inventory:    inventory.NewService(inv, cal),
			Shipping:     shipping.NewService(storage.NewShippingStore(db, inv), cal),
			Partners:     partners.NewService(storage.NewPartnerStore(db), func() time.Time { return db.Now() }),
			FAQ:          faq.NewService(storage.NewFAQStore(db)),
			Timeclock:    tc,
			Documents:    documents.NewService(storage.NewDocumentStore(db), org, msg, cal, log),
			Production:   prod,
			Clients:      clients.NewService(storage.NewClientStore(db), func() time.Time { return db.Now() }),
			Projects:     projects.NewService(storage.NewProjectStore(db), cal),
			Payments:     pay,
			Trace:        &inventory.Tracer{Store: storage.NewTraceStore(db)},
			Recalls:      recalls.NewService(storage.NewRecallStore(db, inv)),
			Search:       search.NewService(storage.NewSearchStore(db)),
			Impact:       imp,
		},
	}
}

// Seed writes what every organisation starts with (the FAQ in five
// languages), once per database: serve calls it on start.
func (s *Services) Seed(ctx context.Context) error {
	_, err := s.FAQ.SeedOnce(ctx)
	return err
}

// Wire hands the services to the HTTP server.
func (s *Services) Wire(api *httpapi.Server) {
	api.Services = s.Services
	api.Outbox = s.Outbox.Store
	api.DatabaseDown = storage.IsUnavailable
}

// Demo returns what the demo loader writes through.
func (s *Services) Demo() demo.Services {
	return demo.Services{DB: s.DB, Services: s.Services}
}
