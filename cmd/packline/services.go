package main

import (
	"log/slog"

	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
)

// services are the storage-backed implementations of every domain service.
type services struct {
	db           *storage.DB
	accounts     *storage.AccountService
	organisation *storage.OrganisationService
	messaging    *storage.MessagingService
}

func newServices(db *storage.DB, log *slog.Logger) *services {
	return &services{
		db:           db,
		accounts:     storage.NewAccountService(db, log),
		organisation: storage.NewOrganisationService(db),
		messaging:    storage.NewMessagingService(db),
	}
}

// wire hands the services to the HTTP server.
func (s *services) wire(api *httpapi.Server) {
	api.Accounts = s.accounts
	api.Organisation = s.organisation
	api.Messaging = s.messaging
}

func (s *services) demo() demo.Services {
	return demo.Services{DB: s.db, Accounts: s.accounts}
}
