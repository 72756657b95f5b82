// Package services is the one list of Packline's domain services, one per
// business area. internal/app builds it over storage, the HTTP server
// serves it, the demo loader writes through it: a new area adds its
// service here once.
package services

import (
	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/clients"
	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/faq"
	"github.com/packline/packline/internal/impact"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/recalls"
	"github.com/packline/packline/internal/search"
	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/timeclock"
)

// Services are the domain services, each holding its area's rules over
// its store. A nil service is an area its user does not need (the demo
// loader skips it; tests may leave some out).
type Services struct {
	Accounts     *accounts.Service
	Organisation *organisation.Service
	// Logo is the organisation's logo, shown on the impact report.
	Logo       *organisation.LogoService
	Messaging  *messaging.Service
	Inventory  *inventory.Service
	Shipping   *shipping.Service
	Partners   *partners.Service
	FAQ        *faq.Service
	Timeclock  *timeclock.Service
	Production *production.Service
	Documents  *documents.Service
	Clients    *clients.Service
	Projects   *projects.Service
	Payments   *payments.Service
	// Trace reads where a batch went and what it was made of.
	Trace *inventory.Tracer
	// Recalls hold a batch and everything made from it, and list its partners.
	Recalls *recalls.Service
	// Search finds records across the app by what people type.
	Search *search.Service
	// Impact is a project's impact report, its share links and monthly mail.
	Impact *impact.Service
}
