// Package recalls is the recall of a batch: a record (batch, reason, who
// opened it, open or closed, notes) that holds the batch and every batch
// made from it (its forward trace when the recall starts) from production
// consumption and shipping until it is released (inventory.RecallHold,
// batch.recalled), tells staff, and lists every partner that received
// any of those batches (the recall list). It imports no storage or HTTP code.
package recalls

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/effects"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/paging"
)

// Statuses.
const (
	StatusOpen   = "open"
	StatusClosed = "closed"
)

// Statuses lists every status.
var Statuses = []string{StatusOpen, StatusClosed}

// Limits.
const (
	MaxReason   = 500
	MaxNotes    = 2000
	MaxPageSize = 100
)

// Recall is one recall of a batch.
type Recall struct {
	ID           int64      `json:"id"`
	Number       string     `json:"number"`
	BatchID      int64      `json:"batch_id"`
	BatchCode    string     `json:"batch_code"`
	ItemName     string     `json:"item_name"`
	ItemSKU      string     `json:"item_sku"`
	Reason       string     `json:"reason"`
	Notes        string     `json:"notes"`
	Status       string     `json:"status"`
	OpenedBy     *int64     `json:"opened_by"`
	OpenedByName string     `json:"opened_by_name"`
	OpenedAt     time.Time  `json:"opened_at"`
	ClosedBy     *int64     `json:"closed_by"`
	ClosedByName string     `json:"closed_by_name"`
	ClosedAt     *time.Time `json:"closed_at"`
	// Batches is how many batches the recall holds: the recalled one and
	// every batch made from it.
	Batches int `json:"batches"`
}

// NumberOf is a recall's number, RCL-0007.
func NumberOf(id int64) string { return fmt.Sprintf("RCL-%04d", id) }

// NewRecall is what starting a recall needs.
type NewRecall struct {
	BatchID int64  `json:"batch_id"`
	Reason  string `json:"reason" text:"multiline"`
	Notes   string `json:"notes" text:"multiline"`
}

// Release is what releasing (closing) a recall takes: notes replace the
// recall's when given.
type Release struct {
	Notes *string `json:"notes" text:"multiline"`
}

// Filter selects a page of recalls, newest first.
type Filter struct {
	Status   string
	Page     int
	PageSize int
}

// ListLine is one line of the recall list: a shipment (shipped or
// delivered) that carried a batch the recall holds, and where it went:
// PartnerID is the partner it went to (nil for a destination typed for that
// shipment only), whose lines the list keeps together.
type ListLine struct {
	Destination string             `json:"destination"`
	Contact     string             `json:"contact"`
	Address     string             `json:"address"`
	ShipmentID  int64              `json:"shipment_id"`
	Number      string             `json:"number"`
	ShipDate    string             `json:"ship_date"`
	Status      string             `json:"status"`
	BatchID     int64              `json:"batch_id"`
	BatchCode   string             `json:"batch_code"`
	ExpiresAt   *string            `json:"expires_at"`
	ItemSKU     string             `json:"item_sku"`
	ItemName    string             `json:"item_name"`
	Quantity    inventory.Quantity `json:"quantity"`
	Unit        string             `json:"unit"`
	PartnerID   *int64             `json:"partner_id"`
}

// Actor is who acts: a signed-in user.
type Actor struct{ UserID *int64 }

// Tx is one write transaction.
type Tx interface {
	// Notices: starting a recall tells staff when the transaction commits.
	effects.Notices
	Now() time.Time
	// BatchLabel is a batch's code and its item's name (found false when none).
	BatchLabel(ctx context.Context, batchID int64) (code, item string, found bool, err error)
	// TraceLevels walk production's batch links: the batch and every batch
	// made from it, at any level, are inventory.Downstream of it. LinksFrom
	// locks the batches it reads from against consume and ship moves until
	// the transaction ends, so that a production entry or a shipment at the
	// same moment is either seen by the recall or sees its hold.
	inventory.TraceLevels
	// InsertRecall writes r (setting its ID) and the batches it holds.
	InsertRecall(ctx context.Context, r *Recall, batches []int64) error
	// LockRecall reads a recall, locked (nil when none).
	LockRecall(ctx context.Context, id int64) (*Recall, error)
	// CloseRecall writes r's status, notes and closing.
	CloseRecall(ctx context.Context, r *Recall) error
}

// Store is what the service needs from storage.
type Store interface {
	InTx(ctx context.Context, fn func(tx Tx) error) error
	Recall(ctx context.Context, id int64) (*Recall, error) // nil when none
	Recalls(ctx context.Context, f Filter) ([]Recall, int, error)
	// List is the recall list: every shipped or delivered shipment line of
	// a batch the recall holds, by destination (a partner's lines together,
	// under its name now), ship date and number.
	List(ctx context.Context, id int64) ([]ListLine, error)
}

// Service holds the recall rules over a Store.
type Service struct{ Store Store }

// NewService returns the recall service.
func NewService(store Store) *Service { return &Service{Store: store} }

func errNotFound() error {
	return apperr.New(apperr.NotFound, "recall.not_found", apperr.Params{}, "Recall not found.")
}

func checkText(field, s string, min, max int) error {
	if n := utf8.RuneCountInString(s); n < min || n > max {
		if min > 0 && n == 0 {
			return apperr.Required(field)
		}
		return apperr.TooLong(field, max)
	}
	return nil
}

// Start opens a recall of a batch: it holds the batch and every batch made
// from it, and tells staff. Errors: field.required or field.too_long on the
// batch_id, reason and notes, batch.not_found.
func (s *Service) Start(ctx context.Context, n NewRecall, by Actor) (*Recall, error) {
	n.Reason, n.Notes = strings.TrimSpace(n.Reason), strings.TrimSpace(n.Notes)
	if n.BatchID <= 0 {
		return nil, apperr.Required("batch_id")
	}
	if err := checkText("reason", n.Reason, 1, MaxReason); err != nil {
		return nil, err
	}
	if err := checkText("notes", n.Notes, 0, MaxNotes); err != nil {
		return nil, err
	}
	var id int64
	err := s.Store.InTx(ctx, func(tx Tx) error {
		code, item, found, err := tx.BatchLabel(ctx, n.BatchID)
		if err != nil {
			return err
		}
		if !found {
			return apperr.New(apperr.NotFound, "batch.not_found", nil, "Batch not found.").OnField("batch_id")
		}
		batches, err := inventory.Downstream(ctx, tx, n.BatchID)
		if err != nil {
			return err
		}
		r := &Recall{BatchID: n.BatchID, Reason: n.Reason, Notes: n.Notes, Status: StatusOpen, OpenedBy: by.UserID, OpenedAt: tx.Now()}
		if err := tx.InsertRecall(ctx, r, batches); err != nil {
			return err
		}
		id = r.ID
		var actor int64
		if by.UserID != nil {
			actor = *by.UserID
		}
		tx.Notice("recall:"+strconv.FormatInt(r.ID, 10), messaging.RecallStarted(actor, r.ID, NumberOf(r.ID), code, item, n.Reason, len(batches)))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Release closes an open recall: its batches move again
// (recall.not_open, 409, when it is closed already).
func (s *Service) Release(ctx context.Context, id int64, in Release, by Actor) (*Recall, error) {
	if in.Notes != nil {
		*in.Notes = strings.TrimSpace(*in.Notes)
		if err := checkText("notes", *in.Notes, 0, MaxNotes); err != nil {
			return nil, err
		}
	}
	err := s.Store.InTx(ctx, func(tx Tx) error {
		r, err := tx.LockRecall(ctx, id)
		if err != nil {
			return err
		}
		if r == nil {
			return errNotFound()
		}
		if r.Status != StatusOpen {
			return apperr.New(apperr.Conflict, "recall.not_open", apperr.Params{"recall": NumberOf(r.ID)},
				fmt.Sprintf("Recall %s is already released.", NumberOf(r.ID)))
		}
		at := tx.Now()
		r.Status, r.ClosedBy, r.ClosedAt = StatusClosed, by.UserID, &at
		if in.Notes != nil {
			r.Notes = *in.Notes
		}
		return tx.CloseRecall(ctx, r)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Get reads one recall (recall.not_found).
func (s *Service) Get(ctx context.Context, id int64) (*Recall, error) {
	r, err := s.Store.Recall(ctx, id)
	if err == nil && r == nil {
		err = errNotFound()
	}
	return r, err
}

// List is a page of recalls, newest first, and how many match; the page
// is settled by paging.Bounds (MaxPageSize), as every area's list is.
func (s *Service) List(ctx context.Context, f Filter) ([]Recall, int, error) {
	if f.Status != "" && f.Status != StatusOpen && f.Status != StatusClosed {
		return nil, 0, apperr.Choice("status", Statuses)
	}
	f.Page, f.PageSize = paging.Bounds(f.Page, f.PageSize, MaxPageSize)
	return s.Store.Recalls(ctx, f)
}

// RecallList is the recall's list of partners: the recall and every
// shipment line of a batch it holds (recall.not_found).
func (s *Service) RecallList(ctx context.Context, id int64) (*Recall, []ListLine, error) {
	r, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	lines, err := s.Store.List(ctx, id)
	return r, lines, err
}
