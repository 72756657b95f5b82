// Package inventory holds stock: items, their batches (lots) and the
// append-only ledger of moves that every on-hand figure is derived from.
// It imports no storage or HTTP code: the Service holds the rules and runs
// them over a Store that storage implements; HTTP calls the Service.
//
// Rules the Service guarantees:
//   - a batch's on-hand is the sum of its moves; an item's is the sum of its
//     batches'; neither is ever set by hand;
//   - no move may take a batch below zero (Conflict), also under concurrent
//     writers;
//   - moves are never edited or deleted: a mistake is undone by a reversing
//     move that points to the one it reverses, and a move is reversed at most
//     once (Conflict);
//   - an item is archived only with nothing on hand, and an archived item
//     takes no moves; both are decided under the item's row lock, which
//     every move takes first.
package inventory

import (
	"encoding/json"
	"time"
)

// Item kinds.
const (
	KindRaw       = "raw_material"
	KindPackaging = "packaging"
	KindFinished  = "finished_good"
)

// Kinds lists every item kind.
var Kinds = []string{KindRaw, KindPackaging, KindFinished}

// Move reasons: the kind of ledger entry. Receive, produce and a positive
// adjust or count add stock; consume and ship take it out; a reversal undoes
// one earlier move.
const (
	ReasonReceive  = "receive"
	ReasonConsume  = "consume"
	ReasonProduce  = "produce"
	ReasonShip     = "ship"
	ReasonAdjust   = "adjust"
	ReasonCount    = "count"
	ReasonReversal = "reversal"
)

// Reasons lists every move reason.
var Reasons = []string{ReasonReceive, ReasonConsume, ReasonProduce, ReasonShip, ReasonAdjust, ReasonCount, ReasonReversal}

// Batch source types: where a batch came from.
const (
	SourceSupplier   = "supplier"
	SourceDonor      = "donor"
	SourceProduction = "production"
)

// SourceTypes lists the batch source types ("" = not said).
var SourceTypes = []string{SourceSupplier, SourceDonor, SourceProduction}

// Item is a stocked thing: a raw material, packaging or a finished good.
type Item struct {
	ID           int64    `json:"id"`
	SKU          string   `json:"sku"`
	Name         string   `json:"name"`
	Kind         string   `json:"kind"`
	Unit         string   `json:"unit"`
	Category     string   `json:"category"`
	Location     string   `json:"location"`
	ReorderLevel Quantity `json:"reorder_level"`
	Notes        string   `json:"notes"`
	// ServingsPerUnit is how many servings (meals) one unit holds, nil when
	// not known: the impact report counts meals from it.
	ServingsPerUnit *int64 `json:"servings_per_unit"`
	// UnitCost is what one unit costs, in minor units of the organisation's
	// currency (cents), nil when not known: the impact report's cost of materials.
	UnitCost *int64 `json:"unit_cost"`
	// ShelfLifeDays is how long a batch of it keeps, nil when not known: a
	// batch production makes expires its production date plus this.
	ShelfLifeDays *int64    `json:"shelf_life_days"`
	Archived      bool      `json:"archived"`
	OnHand        Quantity  `json:"on_hand"`
	LowStock      bool      `json:"low_stock"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
	// Batches are filled by List (in-stock batches, oldest expiry first) and
	// by GetItem (every batch).
	Batches []Batch `json:"batches"`
}

// IsLow reports whether on-hand is at or below a set reorder level.
func (it *Item) IsLow() bool { return it.ReorderLevel > 0 && it.OnHand <= it.ReorderLevel }

// Batch is one lot of an item. ReceivedAt and ExpiresAt are calendar dates
// (YYYY-MM-DD) in the organisation's time zone.
type Batch struct {
	ID         int64     `json:"id"`
	ItemID     int64     `json:"item_id"`
	Code       string    `json:"code"`
	OnHand     Quantity  `json:"on_hand"`
	ReceivedAt string    `json:"received_at"`
	ExpiresAt  *string   `json:"expires_at"`
	Source     string    `json:"source"`
	SourceType string    `json:"source_type"`
	Notes      string    `json:"notes"`
	CreatedAt  time.Time `json:"created_at"`
	// HeldBy is the open recall that holds the batch (the oldest, when
	// several do), nil when none: while held it is neither consumed nor
	// shipped, nor planned on a shipment (batch.recalled).
	HeldBy *BatchHold `json:"held_by"`
}

// BatchHold names the open recall that holds a batch.
type BatchHold struct {
	RecallID int64  `json:"recall_id"`
	Number   string `json:"number"`
}

// Document names what a move came from, such as a production entry or a
// shipment. Type is a short word ("production", "shipment", "import").
type Document struct {
	Type string `json:"type"`
	ID   int64  `json:"id"`
}

// Document types of the records that own their moves (see Owner); shipping
// and production write their moves with these.
const (
	DocShipment   = "shipment"
	DocProduction = "production"
)

// Owner kinds, as the API names them.
const (
	OwnerShipment        = "shipment"
	OwnerProductionEntry = "production_entry"
)

// Owner is the record a move belongs to: a shipment (its ship moves) or a
// production entry (its consume and produce moves), and the reversals its
// own undoing wrote. Such a move is undone only through its owner (cancel
// the shipment, reverse the entry), never on its own: the owner's status,
// reports and project progress must keep agreeing with the ledger.
type Owner struct {
	Kind string `json:"kind"` // OwnerShipment or OwnerProductionEntry
	ID   int64  `json:"id"`
	// Number is a shipment's number (SHP-2026-0042).
	Number string `json:"number,omitempty"`
	// Date (YYYY-MM-DD) and LineID are a production entry's day and line.
	Date   string `json:"date,omitempty"`
	LineID int64  `json:"line_id,omitempty"`
}

// OwnerOf is the owner a move's document names, nil when the document
// (none, an import) owns nothing. Only its Kind and ID are set.
func OwnerOf(d *Document) *Owner {
	if d == nil || d.ID == 0 {
		return nil
	}
	switch d.Type {
	case DocShipment:
		return &Owner{Kind: OwnerShipment, ID: d.ID}
	case DocProduction:
		return &Owner{Kind: OwnerProductionEntry, ID: d.ID}
	}
	return nil
}

// Move is one ledger entry. Quantity is the signed change to the batch;
// BalanceAfter is the batch's on-hand right after it.
type Move struct {
	ID           int64     `json:"id"`
	BatchID      int64     `json:"batch_id"`
	ItemID       int64     `json:"item_id"`
	Reason       string    `json:"reason"`
	Quantity     Quantity  `json:"quantity"`
	BalanceAfter Quantity  `json:"balance_after"`
	Counted      *Quantity `json:"counted"` // count moves: the quantity counted
	Note         string    `json:"note"`
	ReversesID   *int64    `json:"reverses_id"`
	// ReversesReason is the reason of the move a reversal undoes, so its
	// sentence can name it wherever the two are listed apart.
	ReversesReason *string   `json:"reverses_reason"`
	ReversedByID   *int64    `json:"reversed_by_id"`
	Document       *Document `json:"document"`
	// Owner is the shipment or production entry the move belongs to, nil
	// for a move of its own (see Owner).
	Owner     *Owner    `json:"owner"`
	UserID    *int64    `json:"user_id"`
	UserName  string    `json:"user_name"`
	CreatedAt time.Time `json:"created_at"`
	// Filled in ledger listings.
	BatchCode string `json:"batch_code,omitempty"`
	ItemSKU   string `json:"item_sku,omitempty"`
	ItemName  string `json:"item_name,omitempty"`
	ItemUnit  string `json:"item_unit,omitempty"`
}

// NewItem is what creating an item needs.
type NewItem struct {
	SKU          string   `json:"sku"`
	Name         string   `json:"name"`
	Kind         string   `json:"kind"`
	Unit         string   `json:"unit"`
	Category     string   `json:"category"`
	Location     string   `json:"location"`
	ReorderLevel Quantity `json:"reorder_level"`
	Notes        string   `json:"notes" text:"multiline"`
	// ServingsPerUnit and UnitCost: see Item (null: not known).
	ServingsPerUnit *int64 `json:"servings_per_unit"`
	UnitCost        *int64 `json:"unit_cost"`
	// ShelfLifeDays: see Item (null: not known).
	ShelfLifeDays *int64 `json:"shelf_life_days"`
	// OccurredAt is when the item was set up, for the demo (server side
	// only); zero means now.
	OccurredAt time.Time `json:"-"`
}

// ItemPatch changes any subset of an item's fields.
type ItemPatch struct {
	SKU          *string   `json:"sku"`
	Name         *string   `json:"name"`
	Kind         *string   `json:"kind"`
	Unit         *string   `json:"unit"`
	Category     *string   `json:"category"`
	Location     *string   `json:"location"`
	ReorderLevel *Quantity `json:"reorder_level"`
	Notes        *string   `json:"notes" text:"multiline"`
	// ServingsPerUnit and UnitCost: absent keeps, null clears, a number sets.
	ServingsPerUnit OptionalInt `json:"servings_per_unit"`
	UnitCost        OptionalInt `json:"unit_cost"`
	ShelfLifeDays   OptionalInt `json:"shelf_life_days"`
	Archived        *bool       `json:"archived"`
}

// OptionalInt is a PATCH's nullable whole number: absent (Set false), null
// (Set, Value nil) or a number.
type OptionalInt struct {
	Set   bool
	Value *int64
}

// UnmarshalJSON implements json.Unmarshaler.
func (o *OptionalInt) UnmarshalJSON(b []byte) error {
	o.Set = true
	o.Value = nil
	return json.Unmarshal(b, &o.Value)
}

// NewBatch is stock received as a new batch. An empty Code is generated from
// the item's SKU and the received date; an empty ReceivedAt is today.
type NewBatch struct {
	Code       string   `json:"code"`
	Quantity   Quantity `json:"quantity"`
	ReceivedAt string   `json:"received_at"`
	ExpiresAt  string   `json:"expires_at"`
	Source     string   `json:"source"`
	SourceType string   `json:"source_type"`
	Notes      string   `json:"notes" text:"multiline"`
	Note       string   `json:"note" text:"multiline"` // the receive move's note
	// OccurredAt is when the stock arrived, for the demo and imports of past
	// receipts (server side only); zero means now.
	OccurredAt time.Time `json:"-"`
	// Document, if set, is what the stock came from (a production entry).
	Document *Document `json:"-"`
}

// BatchPatch changes a batch's descriptive fields; its quantity only ever
// changes through moves.
type BatchPatch struct {
	Code       *string `json:"code"`
	ReceivedAt *string `json:"received_at"`
	ExpiresAt  *string `json:"expires_at"` // "" clears it
	Source     *string `json:"source"`
	SourceType *string `json:"source_type"`
	Notes      *string `json:"notes" text:"multiline"`
}

// NewMove is one change to a batch. For receive and produce, stock goes in
// and for consume and ship it goes out whatever the sign of Quantity; for
// adjust and count Quantity is the signed change. A count may instead give
// Counted, the quantity found, and the change is worked out under lock.
type NewMove struct {
	BatchID  int64
	Reason   string
	Quantity Quantity
	Counted  *Quantity
	Note     string
	UserID   *int64
	Document *Document
	// OccurredAt stamps the move with when it happened, for the demo and
	// imports of past stock (server side only); zero means now.
	OccurredAt time.Time
}

// Actor is who does something: a signed-in user, or nil for the system.
type Actor struct {
	UserID *int64
}

// ListFilter selects and orders items. ExpiringWithinDays counts from the
// organisation's today, in its time zone.
type ListFilter struct {
	Search             string
	Kind               string
	Category           string
	Location           string
	LowStock           bool
	ExpiringWithinDays *int
	Archived           string // "false" (default), "true" or "all"
	Sort               string // one of SortKeys
	Desc               bool
	Page               int // from 1
	PageSize           int
	IncludeEmpty       bool // list batches with nothing on hand too

	// ExpiresBy is the last expiry date ExpiringWithinDays admits; the
	// Service fills it from the organisation's today.
	ExpiresBy string
}

// SortKeys are the item list's server-side sorts.
var SortKeys = []string{"name", "sku", "kind", "category", "location", "on_hand", "reorder_level", "updated_at"}

// MoveFilter selects ledger entries, newest first. From and To are dates
// (inclusive) in the organisation's time zone, Zone.
type MoveFilter struct {
	ItemID  int64
	BatchID int64
	Reason  string
	From    string
	To      string
	Zone    *time.Location
	Before  int64 // only moves with id < Before (paging)
	Limit   int

	// Since and Until bound the moves' times, [Since, Until); the Service
	// fills them from From and To in Zone.
	Since, Until time.Time
}

// Warnings are what the inventory screen and the dashboard flag.
type Warnings struct {
	LowStock []Item          `json:"low_stock"`
	Expiring []ExpiringBatch `json:"expiring"`
}

// ExpiringBatch is a batch with stock that expires soon or has expired.
type ExpiringBatch struct {
	Batch
	ItemSKU  string `json:"item_sku"`
	ItemName string `json:"item_name"`
	ItemUnit string `json:"item_unit"`
	DaysLeft int    `json:"days_left"` // negative once expired
	Expired  bool   `json:"expired"`
}

// BatchDetail is a batch with its item and a page of its history, oldest
// first, each move carrying the running balance.
type BatchDetail struct {
	Batch
	Item      Item   `json:"item"`
	Moves     []Move `json:"moves"`
	NextAfter *int64 `json:"next_after"` // pass as after= for the next page
	// Totals sums the batch's moves by reason, over its whole history.
	Totals map[string]Quantity `json:"totals"`
}

// Facets are the values in use, for filter menus.
type Facets struct {
	Categories []string `json:"categories"`
	Locations  []string `json:"locations"`
	Units      []string `json:"units"`
}
