// Package demo loads a realistic demo organisation into an empty database,
// once, so a newcomer can try everything.
package demo

import (
	"context"
	"fmt"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/services"
	"github.com/packline/packline/internal/storage"
)

// The staff login the demo creates.
const (
	Email    = "demo@packline.local"
	Password = "packline-demo"
)

// Services are what the demo writes through: the same services the API uses.
type Services struct {
	DB *storage.DB
	// The areas the demo fills; each one nil is skipped (Accounts and
	// Inventory are always needed).
	services.Services
}

// Report is what the demo tells the operator on start.
type Report struct {
	Lines []string
}

// Load fills the database with demo data unless it was loaded before.
func Load(ctx context.Context, s Services) (Report, error) {
	var r Report
	loaded, err := s.DB.Marker(ctx, "demo_loaded")
	if err != nil {
		return r, err
	}
	r.Lines = append(r.Lines, fmt.Sprintf("Demo login: %s / %s", Email, Password))
	if s.Timeclock != nil {
		r.Lines = append(r.Lines, timeclockLines()...)
	}
	if loaded {
		return r, nil
	}
	// Thousands of small transactions (two weeks of punches and hourly
	// production): none waits for its own flush to disk; the marker's
	// durable commit below flushes them all.
	if err := s.DB.BulkLoad(func() error { return load(ctx, s) }); err != nil {
		return r, err
	}
	return r, s.DB.SetMarker(ctx, "demo_loaded")
}

// load writes the demo's data, area by area.
func load(ctx context.Context, s Services) error {
	_, err := s.Accounts.CreateUser(ctx, accounts.NewUser{
		Email: Email, Password: Password, FirstName: "Dana", LastName: "Demo", Role: accounts.RoleAdmin})
	if err != nil && apperr.KindOf(err) != apperr.Conflict {
		return fmt.Errorf("demo user: %w", err)
	}
	_, err = s.Accounts.CreateUser(ctx, accounts.NewUser{
		Email: "sam@packline.local", Password: Password, FirstName: "Sam", LastName: "Staff", Role: accounts.RoleStaff})
	if err != nil && apperr.KindOf(err) != apperr.Conflict {
		return fmt.Errorf("demo user: %w", err)
	}
	if err := loadUsers(ctx, s); err != nil {
		return fmt.Errorf("demo users: %w", err)
	}
	if err := loadSessions(ctx, s); err != nil {
		return fmt.Errorf("demo sessions: %w", err)
	}
	if s.Organisation != nil {
		// The sender on the demo's packing slips.
		addr := "Packline Volunteers\n1200 W Fulton Market, Dock 3\nChicago, IL 60607\nUnited States"
		if _, err := s.Organisation.Update(ctx, organisation.Patch{Address: &addr}); err != nil {
			return fmt.Errorf("demo address: %w", err)
		}
	}
	// Each business area adds its demo data here, in order.
	if err := loadPartners(ctx, s); err != nil {
		return fmt.Errorf("demo partners: %w", err)
	}
	if err := loadInventory(ctx, s); err != nil {
		return fmt.Errorf("demo inventory: %w", err)
	}
	if err := loadTimeclock(ctx, s); err != nil {
		return fmt.Errorf("demo employees: %w", err)
	}
	pr, err := loadClients(ctx, s)
	if err != nil {
		return fmt.Errorf("demo clients and projects: %w", err)
	}
	if err := loadProduction(ctx, s, pr); err != nil {
		return fmt.Errorf("demo production: %w", err)
	}
	if err := finishProjects(ctx, s, pr); err != nil {
		return fmt.Errorf("demo projects: %w", err)
	}
	if err := loadDocuments(ctx, s); err != nil {
		return fmt.Errorf("demo documents: %w", err)
	}
	if err := loadPayments(ctx, s); err != nil {
		return fmt.Errorf("demo billing: %w", err)
	}
	if err := loadChat(ctx, s); err != nil {
		return fmt.Errorf("demo chat: %w", err)
	}
	return nil
}
