// Package shipping is the shipping log: shipments that take stock out by
// batch, so that a recall can answer which shipments carried a batch and
// where they went. It imports no storage or HTTP code.
//
// Rules the Service guarantees:
//   - numbers are SHP-YYYY-NNNN, sequential per year of creation, without
//     gaps or duplicates also under concurrent creation;
//   - status goes planned → shipped → delivered, or planned/shipped →
//     cancelled with a reason; each step records who and when;
//   - shipping writes one ship move per line through the inventory ledger in
//     the same transaction: any line over its batch's on-hand refuses the
//     whole shipment (stock.insufficient) and nothing is written;
//   - cancelling a shipped shipment writes the reversing moves; history is
//     never rewritten, and only planned shipments can be edited.
package shipping

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/partners"
)

// Statuses.
const (
	StatusPlanned   = "planned"
	StatusShipped   = "shipped"
	StatusDelivered = "delivered"
	StatusCancelled = "cancelled"
)

// Statuses lists every status in the order a shipment goes through them.
var Statuses = []string{StatusPlanned, StatusShipped, StatusDelivered, StatusCancelled}

// SortKeys are the columns the log can be ordered by.
var SortKeys = []string{"number", "ship_date", "destination", "carrier", "status", "created_at"}

// Limits.
const (
	MaxName     = 200
	MaxAddress  = 1000
	MaxContact  = 200
	MaxCarrier  = 100
	MaxTracking = 100
	MaxNotes    = 2000
	MaxReason   = 500
	MaxLines    = 200
	MaxPallets  = 10000
	MaxWeightKg = 1_000_000
	MaxPageSize = 200
)

// DocumentType names a shipment on the stock moves it makes: they are its
// own (inventory.Owner), undone only by cancelling it.
const DocumentType = inventory.DocShipment

// Destination is where a shipment goes, as it was when planned: a
// shipment naming a partner keeps its own copy, which is filled from the
// partner where it is left empty.
type Destination struct {
	Name    string `json:"name"`
	Address string `json:"address" text:"multiline"`
	Contact string `json:"contact"`
}

// Line is a batch and how much of it a shipment carries; the item follows
// from the batch.
type Line struct {
	BatchID   int64              `json:"batch_id"`
	ItemID    int64              `json:"item_id"`
	Quantity  inventory.Quantity `json:"quantity"`
	BatchCode string             `json:"batch_code"`
	ExpiresAt *string            `json:"expires_at"`
	ItemSKU   string             `json:"item_sku"`
	ItemName  string             `json:"item_name"`
	ItemUnit  string             `json:"item_unit"`
	OnHand    inventory.Quantity `json:"on_hand"` // the batch's on-hand now
	// HeldBy is the open recall that holds the batch now (nil when none).
	HeldBy *inventory.BatchHold `json:"held_by"`
	// ExpiredUse is the confirmation (and its reason) that the line may
	// ship the batch though it expired before the ship date.
	inventory.ExpiredUse
	// MoveID is the ship move written when shipped (server side only).
	MoveID *int64 `json:"-"`
}

// Shipment is one entry of the log.
type Shipment struct {
	ID              int64       `json:"id"`
	Number          string      `json:"number"`
	Status          string      `json:"status"`
	ShipDate        string      `json:"ship_date"`
	Destination     Destination `json:"destination"`
	Carrier         string      `json:"carrier"`
	TrackingNumber  string      `json:"tracking_number"`
	Pallets         int         `json:"pallets"`
	WeightKg        float64     `json:"weight_kg"`
	Notes           string      `json:"notes"`
	Lines           []Line      `json:"lines"`
	CreatedAt       time.Time   `json:"created_at"`
	CreatedBy       *int64      `json:"created_by"`
	CreatedByName   string      `json:"created_by_name"`
	UpdatedAt       time.Time   `json:"updated_at"`
	ShippedAt       *time.Time  `json:"shipped_at"`
	ShippedBy       *int64      `json:"shipped_by"`
	ShippedByName   string      `json:"shipped_by_name"`
	DeliveredAt     *time.Time  `json:"delivered_at"`
	DeliveredBy     *int64      `json:"delivered_by"`
	DeliveredByName string      `json:"delivered_by_name"`
	CancelledAt     *time.Time  `json:"cancelled_at"`
	CancelledBy     *int64      `json:"cancelled_by"`
	CancelledByName string      `json:"cancelled_by_name"`
	CancelReason    string      `json:"cancel_reason"`
	ProjectID       *int64      `json:"project_id"`
	ProjectName     string      `json:"project_name"`
	// PartnerID is the partner of the directory the shipment goes to (nil
	// for a destination typed for this shipment only).
	PartnerID *int64 `json:"partner_id"`
}

// NewLine is a line as a client sends it.
type NewLine struct {
	BatchID  int64              `json:"batch_id"`
	Quantity inventory.Quantity `json:"quantity"`
	// ExpiredUse confirms shipping a batch expired before the ship date
	// (otherwise 409 batch.expired), with the reason recorded on the line.
	inventory.ExpiredUse
}

// Input is what creating a shipment needs.
type Input struct {
	ShipDate       string      `json:"ship_date"`
	Destination    Destination `json:"destination"`
	Carrier        string      `json:"carrier"`
	TrackingNumber string      `json:"tracking_number"`
	Pallets        int         `json:"pallets"`
	WeightKg       float64     `json:"weight_kg"`
	Notes          string      `json:"notes" text:"multiline"`
	Lines          []NewLine   `json:"lines"`
	// ProjectID names the project the shipment is for (optional; not archived).
	ProjectID *int64 `json:"project_id"`
	// PartnerID names the partner it goes to (optional; not archived): the
	// destination's name, address and contact left empty are the partner's.
	PartnerID *int64 `json:"partner_id"`
	// OccurredAt stamps the creation (the demo's history; server side only).
	OccurredAt time.Time `json:"-"`
}

// Patch changes a planned shipment: only the fields present.
type Patch struct {
	ShipDate       *string      `json:"ship_date"`
	Destination    *Destination `json:"destination"`
	Carrier        *string      `json:"carrier"`
	TrackingNumber *string      `json:"tracking_number"`
	Pallets        *int         `json:"pallets"`
	WeightKg       *float64     `json:"weight_kg"`
	Notes          *string      `json:"notes" text:"multiline"`
	Lines          *[]NewLine   `json:"lines"`
	// ProjectID names the project (0 names none).
	ProjectID *int64 `json:"project_id"`
	// PartnerID names the partner (0 names none, keeping the destination).
	// Another partner without a destination takes the partner's.
	PartnerID *int64 `json:"partner_id"`
}

// Filter selects and orders the log. From and To bound the ship date.
type Filter struct {
	Status  string
	Search  string
	Carrier string
	// PartnerID keeps the shipments to one partner of the directory (0: any).
	PartnerID int64
	From, To  string
	Sort      string
	Desc      bool
	Page      int
	PageSize  int
}

// BatchShipment is a shipment that carried a batch, for the batch page and
// recalls.
type BatchShipment struct {
	ID          int64              `json:"id"`
	Number      string             `json:"number"`
	Status      string             `json:"status"`
	ShipDate    string             `json:"ship_date"`
	Destination Destination        `json:"destination"`
	Quantity    inventory.Quantity `json:"quantity"`
	PartnerID   *int64             `json:"partner_id"`
}

// Number formats the n-th shipment of a year.
func Number(year, n int) string { return fmt.Sprintf("SHP-%04d-%04d", year, n) }

// Validate checks and normalises an input. The destination's name is
// required unless the input names a partner (whose name fills it).
func (in *Input) Validate() error {
	in.Destination = trimDest(in.Destination)
	in.Carrier, in.TrackingNumber, in.Notes = strings.TrimSpace(in.Carrier), strings.TrimSpace(in.TrackingNumber), strings.TrimSpace(in.Notes)
	if err := apperr.CheckDate("ship_date", in.ShipDate); err != nil {
		return err
	}
	if in.Destination.Name == "" && in.PartnerID == nil {
		return apperr.Required("destination.name")
	}
	for _, c := range []struct {
		field, v string
		max      int
	}{
		{"destination.name", in.Destination.Name, MaxName},
		{"destination.address", in.Destination.Address, MaxAddress},
		{"destination.contact", in.Destination.Contact, MaxContact},
		{"carrier", in.Carrier, MaxCarrier},
		{"tracking_number", in.TrackingNumber, MaxTracking},
		{"notes", in.Notes, MaxNotes},
	} {
		if utf8.RuneCountInString(c.v) > c.max {
			return apperr.TooLong(c.field, c.max)
		}
	}
	if in.Pallets < 0 || in.Pallets > MaxPallets {
		return apperr.Range("pallets", 0, MaxPallets)
	}
	if in.WeightKg < 0 || in.WeightKg > MaxWeightKg || in.WeightKg != in.WeightKg {
		return apperr.Range("weight_kg", 0, MaxWeightKg, fmt.Sprintf("weight_kg must be from 0 to %d.", MaxWeightKg))
	}
	return checkLines(in.Lines)
}

func trimDest(d Destination) Destination {
	return Destination{Name: strings.TrimSpace(d.Name), Address: strings.TrimSpace(d.Address), Contact: strings.TrimSpace(d.Contact)}
}

// FillFrom is d with its empty name, address and contact taken from p: a
// partner's fit a destination (partners.MaxName and the others are
// shipping's).
func (d Destination) FillFrom(p *partners.Partner) Destination {
	for _, f := range []struct {
		dst *string
		v   string
	}{{&d.Name, p.Name}, {&d.Address, p.Address}, {&d.Contact, p.Contact}} {
		if *f.dst == "" {
			*f.dst = f.v
		}
	}
	return d
}

func checkLines(lines []NewLine) error {
	if len(lines) == 0 {
		return apperr.New(apperr.Invalid, "shipping.no_lines", apperr.Params{}, "A shipment needs at least one line.").OnField("lines")
	}
	if len(lines) > MaxLines {
		return apperr.New(apperr.Invalid, "shipping.too_many_lines", apperr.Params{"max": MaxLines},
			fmt.Sprintf("A shipment has at most %d lines.", MaxLines)).OnField("lines")
	}
	seen := map[int64]bool{}
	for i := range lines {
		l, field := &lines[i], fmt.Sprintf("lines[%d]", i)
		if err := l.ExpiredUse.Validate(field); err != nil {
			return err
		}
		if l.BatchID <= 0 {
			return apperr.Required(field+".batch_id", "batch_id is required.")
		}
		if l.Quantity <= 0 {
			return apperr.New(apperr.Invalid, "quantity.not_positive", apperr.Params{"field": field + ".quantity"}, "Quantity must be more than zero.").OnField(field + ".quantity")
		}
		if l.Quantity > inventory.MaxQuantity {
			return apperr.New(apperr.Invalid, "quantity.too_large", apperr.Params{"value": l.Quantity.String(), "field": field + ".quantity"}, l.Quantity.String()+" is too large.").OnField(field + ".quantity")
		}
		if seen[l.BatchID] {
			return apperr.New(apperr.Invalid, "shipping.duplicate_batch", apperr.Params{"batch_id": l.BatchID},
				"A batch can appear on only one line of a shipment.").OnField(field + ".batch_id")
		}
		seen[l.BatchID] = true
	}
	return nil
}

func errNotFound() error {
	return apperr.New(apperr.NotFound, "shipping.not_found", apperr.Params{}, "Shipment not found.")
}

func errTransition(s *Shipment, to string) error {
	return apperr.New(apperr.Conflict, "shipping.transition", apperr.Params{"number": s.Number, "from": s.Status, "to": to},
		fmt.Sprintf("Shipment %s is %s and cannot be marked %s.", s.Number, s.Status, to))
}

func errNotEditable(s *Shipment) error {
	return apperr.New(apperr.Conflict, "shipping.not_editable", apperr.Params{"number": s.Number, "status": s.Status},
		fmt.Sprintf("Shipment %s is %s; only planned shipments can be changed.", s.Number, s.Status))
}

func errUnknownBatch(field string, id int64) error {
	return apperr.New(apperr.Invalid, "shipping.unknown_batch", apperr.Params{"batch_id": id},
		fmt.Sprintf("There is no batch %d.", id)).OnField(field)
}

func errReasonRequired() error {
	return apperr.New(apperr.Invalid, "shipping.reason_required", apperr.Params{}, "Give a reason for cancelling.").OnField("reason")
}

// SearchText is what the log's search matches a shipment against: its
// number, destination, tracking number and carrier, lower-cased.
func SearchText(sh *Shipment) string {
	return strings.ToLower(strings.Join([]string{sh.Number, sh.Destination.Name, sh.TrackingNumber, sh.Carrier}, " "))
}
