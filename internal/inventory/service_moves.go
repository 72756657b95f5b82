package inventory

// The Service's ledger side: moves, reversals, taking stock first expiring first, the ledger lists and warnings.

import (
	"context"
	"time"
)

// RecordMove writes one move in its own transaction.
func (s *Service) RecordMove(ctx context.Context, n NewMove) (*Move, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var m *Move
	err := s.store.InTx(ctx, func(tx Tx) (err error) {
		m, err = Record(ctx, tx, n)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.named(ctx, m)
}

// Reverse undoes a move with a reversing move in its own transaction: an
// undo on its own, which a move owned by a shipment or a production entry
// refuses (move.owned, 409, naming the owner; nothing is written). Their
// owners undo them (the package's Reverse, inside their transaction).
func (s *Service) Reverse(ctx context.Context, moveID int64, note string, by Actor) (*Move, error) {
	return s.ReverseAt(ctx, moveID, note, by, time.Time{})
}

// ReverseAt is Reverse stamped with when it happened (server side only:
// the demo's history); zero means now.
func (s *Service) ReverseAt(ctx context.Context, moveID int64, note string, by Actor, at time.Time) (*Move, error) {
	var m *Move
	err := s.store.InTx(ctx, func(tx Tx) (err error) {
		m, err = reverse(ctx, tx, moveID, note, by, at, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.named(ctx, m)
}

// moveFilter resolves a ledger filter's dates to instants in the zone.
func (s *Service) moveFilter(ctx context.Context, f MoveFilter) (MoveFilter, error) {
	if f.Zone == nil {
		z, err := s.cal.Zone(ctx)
		if err != nil {
			return f, err
		}
		f.Zone = z
	}
	if f.From != "" {
		t, err := time.ParseInLocation(time.DateOnly, f.From, f.Zone)
		if err != nil {
			return f, errDate("from")
		}
		f.Since = t
	}
	if f.To != "" {
		t, err := time.ParseInLocation(time.DateOnly, f.To, f.Zone)
		if err != nil {
			return f, errDate("to")
		}
		f.Until = t.AddDate(0, 0, 1)
	}
	return f, nil
}

// ListMoves returns ledger entries matching f, newest first.
func (s *Service) ListMoves(ctx context.Context, f MoveFilter) ([]Move, error) {
	if f.Limit < 1 || f.Limit > 500 {
		f.Limit = 100
	}
	f, err := s.moveFilter(ctx, f)
	if err != nil {
		return nil, err
	}
	return s.store.Moves(ctx, f)
}

// EachMove walks every ledger entry matching f, oldest first.
func (s *Service) EachMove(ctx context.Context, f MoveFilter, fn func(m *Move) error) error {
	f, err := s.moveFilter(ctx, f)
	if err != nil {
		return err
	}
	return s.store.EachMove(ctx, f, fn)
}

// Take records taking q of an item from its batches, first expiring first
// (one move per batch), in its own transaction; n gives the reason
// (consume or ship), note, user, document and time.
func (s *Service) Take(ctx context.Context, itemID int64, q Quantity, n NewMove) ([]*Move, error) {
	var out []*Move
	err := s.store.InTx(ctx, func(tx Tx) (err error) {
		out, err = Take(ctx, tx, itemID, q, n)
		return err
	})
	return out, err
}

// ---- warnings

// Warnings lists low-stock items and in-stock batches expiring within
// withinDays of today (expired ones included), at most 200 of each.
func (s *Service) Warnings(ctx context.Context, withinDays int) (*Warnings, error) {
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	out := &Warnings{}
	if out.LowStock, err = s.store.LowStock(ctx, 200); err != nil {
		return nil, err
	}
	if out.Expiring, err = s.store.Expiring(ctx, AddDays(today, withinDays), 200); err != nil {
		return nil, err
	}
	t0, _ := time.Parse(time.DateOnly, today)
	for i := range out.Expiring {
		e := &out.Expiring[i]
		if t, err := time.Parse(time.DateOnly, *e.ExpiresAt); err == nil {
			e.DaysLeft = int(t.Sub(t0).Hours() / 24)
		}
		e.Expired = e.DaysLeft < 0
	}
	if out.LowStock == nil {
		out.LowStock = []Item{}
	}
	if out.Expiring == nil {
		out.Expiring = []ExpiringBatch{}
	}
	return out, nil
}

// AddDays is a calendar date n days after date (YYYY-MM-DD).
func AddDays(date string, n int) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// Today is the organisation's date, for callers that stamp batches.
func (s *Service) Today(ctx context.Context) (string, error) { return s.cal.Today(ctx) }

// Zone is the organisation's time zone, for callers that show times.
func (s *Service) Zone(ctx context.Context) (*time.Location, error) { return s.cal.Zone(ctx) }
