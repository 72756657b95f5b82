// Package app wires the storage-backed implementation of every domain
// service together, for the binary and for tests that run the whole API.
package app

import (
	"log/slog"

	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/timeclock"
)

// Services are the storage-backed implementations of every domain service.
// Each business area adds its service here, in New, Wire and Demo.
type Services struct {
	DB           *storage.DB
	Accounts     *storage.AccountService
	Organisation *storage.OrganisationService
	Messaging    *storage.MessagingService
	Inventory    *storage.InventoryService
	Timeclock    *storage.TimeclockService
	Production   *production.Service
}

// Option adjusts how New builds the services.
type Option func(*options)

type options struct {
	timeclockKeys *timeclock.Keys
}

// WithTimeclockKeys gives the time clock the keys derived from the server
// secret. Without it PINs are hashed with a random per-process key (fine for
// tests and one-off commands, never for serve).
func WithTimeclockKeys(k *timeclock.Keys) Option { return func(o *options) { o.timeclockKeys = k } }

// New builds every service over db.
func New(db *storage.DB, log *slog.Logger, opts ...Option) *Services {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.timeclockKeys == nil {
		o.timeclockKeys = timeclock.RandomKeys()
	}
	org := storage.NewOrganisationService(db)
	return &Services{
		DB:           db,
		Accounts:     storage.NewAccountService(db, log),
		Organisation: org,
		Messaging:    storage.NewMessagingService(db),
		Inventory:    storage.NewInventoryService(db),
		Timeclock:    storage.NewTimeclockService(db, org, o.timeclockKeys, log),
		Production: production.NewService(storage.NewProductionStore(db),
			&organisation.Calendar{Settings: org, Clock: db.Now}),
	}
}

// Wire hands the services to the HTTP server.
func (s *Services) Wire(api *httpapi.Server) {
	api.Accounts = s.Accounts
	api.Organisation = s.Organisation
	api.Messaging = s.Messaging
	api.Inventory = s.Inventory
	api.Timeclock = s.Timeclock
	api.Production = s.Production
}

// Demo returns what the demo loader writes through.
func (s *Services) Demo() demo.Services {
	return demo.Services{DB: s.DB, Accounts: s.Accounts, Inventory: s.Inventory, Timeclock: s.Timeclock,
		Production: s.Production}
}
