package shipping

import (
	"context"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/projects"
)

// Store is what shipping needs from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	// InTx runs fn in one write transaction that may also write stock.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// Shipment reads one shipment with its lines and users' names.
	Shipment(ctx context.Context, id int64) (*Shipment, error)
	// Shipments is one page of what f selects (f normalised) and how many in all.
	Shipments(ctx context.Context, f Filter) ([]Shipment, int, error)
	// EachShipment walks everything f selects, in f's order, ignoring paging.
	EachShipment(ctx context.Context, f Filter, fn func(s *Shipment) error) error
	// BatchShipments lists the shipments with a line of the batch, newest first.
	BatchShipments(ctx context.Context, batchID int64) ([]BatchShipment, error)
}

// Tx is one write transaction; its stock writes go through the embedded
// inventory.Tx and commit with the shipment.
type Tx interface {
	inventory.Tx
	// NextNumber takes the next shipment number of a year (1, 2, …); a
	// rolled-back transaction gives its number back.
	NextNumber(ctx context.Context, year int) (int, error)
	// InsertShipment writes a shipment and its lines and sets its ID.
	InsertShipment(ctx context.Context, s *Shipment) error
	// LockShipment reads a shipment with its lines (with MoveID) and locks it.
	LockShipment(ctx context.Context, id int64) (*Shipment, error)
	// UpdateShipment writes a shipment's fields and status (not its lines).
	UpdateShipment(ctx context.Context, s *Shipment) error
	// ReplaceLines writes a planned shipment's lines anew.
	ReplaceLines(ctx context.Context, id int64, lines []Line) error
	// SetLineMove records the ship move of a shipment's line of a batch.
	SetLineMove(ctx context.Context, id, batchID, moveID int64) error
	// ProjectOption reads a project a shipment may name (nil when none).
	ProjectOption(ctx context.Context, id int64) (*projects.Option, error)
	// Partner reads a partner a shipment may name, archived or not (nil
	// when none).
	Partner(ctx context.Context, id int64) (*partners.Partner, error)
}

// Calendar gives the organisation's today (organisation.Calendar).
type Calendar interface {
	Today(ctx context.Context) (string, error)
}
