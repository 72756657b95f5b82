// Package app wires the storage-backed implementation of every domain
// service together, for the binary and for tests that run the whole API.
package app

import (
	"log/slog"

	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
)

// Services are the storage-backed implementations of every domain service.
// Each business area adds its service here, in New, Wire and Demo.
type Services struct {
	DB           *storage.DB
	Accounts     *storage.AccountService
	Organisation *storage.OrganisationService
	Messaging    *storage.MessagingService
	Inventory    *storage.InventoryService
}

// New builds every service over db.
func New(db *storage.DB, log *slog.Logger) *Services {
	return &Services{
		DB:           db,
		Accounts:     storage.NewAccountService(db, log),
		Organisation: storage.NewOrganisationService(db),
		Messaging:    storage.NewMessagingService(db),
		Inventory:    storage.NewInventoryService(db),
	}
}

// Wire hands the services to the HTTP server.
func (s *Services) Wire(api *httpapi.Server) {
	api.Accounts = s.Accounts
	api.Organisation = s.Organisation
	api.Messaging = s.Messaging
	api.Inventory = s.Inventory
}

// Demo returns what the demo loader writes through.
func (s *Services) Demo() demo.Services {
	return demo.Services{DB: s.DB, Accounts: s.Accounts, Inventory: s.Inventory}
}
