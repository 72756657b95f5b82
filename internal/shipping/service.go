package shipping

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/paging"
	"github.com/packline/packline/internal/partners"
	"github.com/packline/packline/internal/projects"
)

// Service holds the shipping rules over a Store.
type Service struct {
	store Store
	cal   Calendar
}

// NewService returns the shipping service.
func NewService(store Store, cal Calendar) *Service { return &Service{store: store, cal: cal} }

// Today is the organisation's today.
func (s *Service) Today(ctx context.Context) (string, error) { return s.cal.Today(ctx) }

// Create plans a shipment and gives it the next number of the year.
func (s *Service) Create(ctx context.Context, in Input, by inventory.Actor) (*Shipment, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	var id int64
	err = s.store.InTx(ctx, func(tx Tx) error {
		lines, err := resolveLines(ctx, tx, in.Lines, in.ShipDate)
		if err != nil {
			return err
		}
		if err := checkProject(ctx, tx, in.ProjectID); err != nil {
			return err
		}
		if in.PartnerID != nil {
			p, err := tx.Partner(ctx, *in.PartnerID)
			if err != nil {
				return err
			}
			if err := partners.Attributable(p, *in.PartnerID, "partner_id"); err != nil {
				return err
			}
			in.Destination = in.Destination.FillFrom(p)
		}
		at := in.OccurredAt
		if at.IsZero() {
			at = tx.Now()
		}
		day := today
		if !in.OccurredAt.IsZero() {
			day = in.ShipDate
		}
		year, _ := strconv.Atoi(day[:4])
		n, err := tx.NextNumber(ctx, year)
		if err != nil {
			return err
		}
		sh := &Shipment{Number: Number(year, n), Status: StatusPlanned, ShipDate: in.ShipDate, Destination: in.Destination,
			Carrier: in.Carrier, TrackingNumber: in.TrackingNumber, Pallets: in.Pallets, WeightKg: in.WeightKg, Notes: in.Notes,
			Lines: lines, CreatedAt: at.UTC().Truncate(time.Millisecond), CreatedBy: by.UserID, ProjectID: in.ProjectID,
			PartnerID: in.PartnerID}
		sh.UpdatedAt = sh.CreatedAt
		if err := tx.InsertShipment(ctx, sh); err != nil {
			return err
		}
		id = sh.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// checkProject refuses a project a shipment may not name (projects.Attributable).
func checkProject(ctx context.Context, tx Tx, id *int64) error {
	if id == nil {
		return nil
	}
	o, err := tx.ProjectOption(ctx, *id)
	if err != nil {
		return err
	}
	return projects.Attributable(o, *id, 0, "project_id")
}

// resolveLines finds each line's item for a shipment planned on day: an
// unknown batch is Invalid, a batch an open recall holds is 409
// batch.recalled, and one expired before day, unless the line confirms it,
// 409 batch.expired (inventory.CheckPlanned).
func resolveLines(ctx context.Context, tx Tx, in []NewLine, day string) ([]Line, error) {
	out := make([]Line, len(in))
	for i, l := range in {
		field := fmt.Sprintf("lines[%d]", i)
		b, err := inventory.CheckPlanned(ctx, tx, l.BatchID, day, l.ExpiredUse, field)
		if err != nil {
			return nil, err
		}
		if b == nil {
			return nil, errUnknownBatch(field+".batch_id", l.BatchID)
		}
		out[i] = Line{BatchID: l.BatchID, ItemID: b.ItemID, Quantity: l.Quantity, ExpiredUse: l.ExpiredUse}
	}
	return out, nil
}

// Get reads one shipment.
func (s *Service) Get(ctx context.Context, id int64) (*Shipment, error) {
	sh, err := s.store.Shipment(ctx, id)
	if err != nil {
		return nil, err
	}
	if sh == nil {
		return nil, errNotFound()
	}
	return sh, nil
}

// Update changes a planned shipment.
func (s *Service) Update(ctx context.Context, id int64, p Patch) (*Shipment, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		sh, err := lock(ctx, tx, id)
		if err != nil {
			return err
		}
		if sh.Status != StatusPlanned {
			return errNotEditable(sh)
		}
		in := Input{ShipDate: sh.ShipDate, Destination: sh.Destination, Carrier: sh.Carrier, TrackingNumber: sh.TrackingNumber,
			Pallets: sh.Pallets, WeightKg: sh.WeightKg, Notes: sh.Notes}
		for _, l := range sh.Lines {
			in.Lines = append(in.Lines, NewLine{BatchID: l.BatchID, Quantity: l.Quantity, ExpiredUse: l.ExpiredUse})
		}
		setIf(&in.ShipDate, p.ShipDate)
		setIf(&in.Destination, p.Destination)
		setIf(&in.Carrier, p.Carrier)
		setIf(&in.TrackingNumber, p.TrackingNumber)
		setIf(&in.Pallets, p.Pallets)
		setIf(&in.WeightKg, p.WeightKg)
		setIf(&in.Notes, p.Notes)
		setIf(&in.Lines, p.Lines)
		// Another partner without a destination of its own takes the
		// partner's; one taken off keeps the destination.
		in.PartnerID = sh.PartnerID
		partnerChanged := false
		if p.PartnerID != nil {
			switch {
			case *p.PartnerID == 0:
				in.PartnerID = nil
			case sh.PartnerID == nil || *sh.PartnerID != *p.PartnerID:
				in.PartnerID, partnerChanged = p.PartnerID, true
				if p.Destination == nil {
					in.Destination = Destination{}
				}
			}
		}
		if err := in.Validate(); err != nil {
			return err
		}
		if in.PartnerID != nil && (partnerChanged || p.Destination != nil) {
			pt, err := tx.Partner(ctx, *in.PartnerID)
			if err != nil {
				return err
			}
			if partnerChanged {
				if err := partners.Attributable(pt, *in.PartnerID, "partner_id"); err != nil {
					return err
				}
			}
			if pt != nil {
				in.Destination = in.Destination.FillFrom(pt)
			}
		}
		sh.PartnerID = in.PartnerID
		sh.ShipDate, sh.Destination, sh.Carrier, sh.TrackingNumber = in.ShipDate, in.Destination, in.Carrier, in.TrackingNumber
		sh.Pallets, sh.WeightKg, sh.Notes, sh.UpdatedAt = in.Pallets, in.WeightKg, in.Notes, tx.Now()
		if p.ProjectID != nil {
			switch {
			case *p.ProjectID == 0:
				sh.ProjectID = nil
			case sh.ProjectID == nil || *sh.ProjectID != *p.ProjectID:
				if err := checkProject(ctx, tx, p.ProjectID); err != nil {
					return err
				}
				sh.ProjectID = p.ProjectID
			}
		}
		if err := tx.UpdateShipment(ctx, sh); err != nil {
			return err
		}
		if p.Lines != nil {
			lines, err := resolveLines(ctx, tx, in.Lines, in.ShipDate)
			if err != nil {
				return err
			}
			return tx.ReplaceLines(ctx, id, lines)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func lock(ctx context.Context, tx Tx, id int64) (*Shipment, error) {
	sh, err := tx.LockShipment(ctx, id)
	if err != nil {
		return nil, err
	}
	if sh == nil {
		return nil, errNotFound()
	}
	return sh, nil
}

// byItem orders lines as the ledger locks: item, then batch, so that two
// shipments of the same items never wait on each other in a circle.
func byItem(lines []Line) []Line {
	out := slices.Clone(lines)
	slices.SortFunc(out, func(a, b Line) int {
		if a.ItemID != b.ItemID {
			return int(a.ItemID - b.ItemID)
		}
		return int(a.BatchID - b.BatchID)
	})
	return out
}

// Ship marks a planned shipment shipped and writes one ship move per line,
// all in one transaction: a line over its batch's on-hand refuses it all.
func (s *Service) Ship(ctx context.Context, id int64, by inventory.Actor) (*Shipment, error) {
	return s.ShipAt(ctx, id, by, time.Time{})
}

// ShipAt is Ship stamped with when it happened (the demo; zero means now).
func (s *Service) ShipAt(ctx context.Context, id int64, by inventory.Actor, at time.Time) (*Shipment, error) {
	return s.step(ctx, id, func(ctx context.Context, tx Tx, sh *Shipment, now time.Time) error {
		if sh.Status != StatusPlanned {
			return errTransition(sh, StatusShipped)
		}
		for i, l := range sh.Lines {
			if err := inventory.CheckExpiry(l.BatchCode, l.BatchID, l.ExpiresAt, sh.ShipDate, l.ExpiredUse, fmt.Sprintf("lines[%d]", i)); err != nil {
				return err
			}
		}
		doc := &inventory.Document{Type: DocumentType, ID: sh.ID}
		for _, l := range byItem(sh.Lines) {
			m, err := inventory.Record(ctx, tx, inventory.NewMove{BatchID: l.BatchID, Reason: inventory.ReasonShip, Quantity: l.Quantity,
				Note: sh.Number, UserID: by.UserID, Document: doc, OccurredAt: now})
			if err != nil {
				return err
			}
			if err := tx.SetLineMove(ctx, sh.ID, l.BatchID, m.ID); err != nil {
				return err
			}
		}
		sh.Status, sh.ShippedAt, sh.ShippedBy = StatusShipped, &now, by.UserID
		return nil
	}, at)
}

// Deliver marks a shipped shipment delivered.
func (s *Service) Deliver(ctx context.Context, id int64, by inventory.Actor) (*Shipment, error) {
	return s.DeliverAt(ctx, id, by, time.Time{})
}

// DeliverAt is Deliver stamped with when it happened (the demo).
func (s *Service) DeliverAt(ctx context.Context, id int64, by inventory.Actor, at time.Time) (*Shipment, error) {
	return s.step(ctx, id, func(ctx context.Context, tx Tx, sh *Shipment, now time.Time) error {
		if sh.Status != StatusShipped {
			return errTransition(sh, StatusDelivered)
		}
		sh.Status, sh.DeliveredAt, sh.DeliveredBy = StatusDelivered, &now, by.UserID
		return nil
	}, at)
}

// Cancel cancels a planned or shipped shipment with a reason; a shipped
// one's stock comes back through reversing moves.
func (s *Service) Cancel(ctx context.Context, id int64, reason string, by inventory.Actor) (*Shipment, error) {
	return s.CancelAt(ctx, id, reason, by, time.Time{})
}

// CancelAt is Cancel stamped with when it happened (the demo).
func (s *Service) CancelAt(ctx context.Context, id int64, reason string, by inventory.Actor, at time.Time) (*Shipment, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, errReasonRequired()
	}
	if utf8.RuneCountInString(reason) > MaxReason {
		return nil, apperr.TooLong("reason", MaxReason)
	}
	return s.step(ctx, id, func(ctx context.Context, tx Tx, sh *Shipment, now time.Time) error {
		switch sh.Status {
		case StatusPlanned:
		case StatusShipped:
			for _, l := range byItem(sh.Lines) {
				if l.MoveID == nil {
					continue
				}
				if _, err := inventory.ReverseAt(ctx, tx, *l.MoveID, "Cancelled "+sh.Number+": "+reason, by, now); err != nil {
					return err
				}
			}
		default:
			return errTransition(sh, StatusCancelled)
		}
		sh.Status, sh.CancelledAt, sh.CancelledBy, sh.CancelReason = StatusCancelled, &now, by.UserID, reason
		return nil
	}, at)
}

// step runs one status change under the shipment's lock and writes it.
func (s *Service) step(ctx context.Context, id int64, fn func(ctx context.Context, tx Tx, sh *Shipment, now time.Time) error, at time.Time) (*Shipment, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		sh, err := lock(ctx, tx, id)
		if err != nil {
			return err
		}
		now := at
		if now.IsZero() {
			now = tx.Now()
		}
		now = now.UTC().Truncate(time.Millisecond)
		if err := fn(ctx, tx, sh, now); err != nil {
			return err
		}
		sh.UpdatedAt = now
		return tx.UpdateShipment(ctx, sh)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// List is one page of the log and how many shipments f selects.
func (s *Service) List(ctx context.Context, f Filter) ([]Shipment, int, error) {
	f, err := f.Normalize()
	if err != nil {
		return nil, 0, err
	}
	return s.store.Shipments(ctx, f)
}

// Each walks every shipment f selects (the CSV export).
func (s *Service) Each(ctx context.Context, f Filter, fn func(sh *Shipment) error) error {
	f, err := f.Normalize()
	if err != nil {
		return err
	}
	return s.store.EachShipment(ctx, f, fn)
}

// ForBatch lists the shipments that carried a batch.
func (s *Service) ForBatch(ctx context.Context, batchID int64) ([]BatchShipment, error) {
	return s.store.BatchShipments(ctx, batchID)
}

// Normalize fills defaults and refuses a search too long.
func (f Filter) Normalize() (Filter, error) {
	if f.Sort == "" {
		f.Sort = "number"
		f.Desc = true
	}
	f.Page, f.PageSize = paging.Bounds(f.Page, f.PageSize, MaxPageSize)
	f.Search = strings.TrimSpace(f.Search)
	f.Carrier = strings.TrimSpace(f.Carrier)
	return f, paging.CheckSearch(f.Search)
}
