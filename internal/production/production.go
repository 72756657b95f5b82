// Package production turns stock into finished goods: recipes (bills of
// materials) on finished items, packing lines, and hourly entries that
// consume component batches and produce a finished batch, joined with the
// time clock for labour hours. It imports no storage or HTTP code: storage
// implements Store and Tx, HTTP calls Service.
//
// Rules the Service guarantees:
//   - an entry's consume and produce moves are written in one transaction
//     with the entry, or nothing is (production.components_short names every short
//     component), also under concurrent entries drawing on one batch;
//   - changing a recipe makes a new version; an entry keeps the version it used;
//   - an entry is undone by reversing moves (the ledger keeps both), with a
//     reason, at most once (production.already_reversed).
package production

import (
	"time"

	"github.com/packline/packline/internal/inventory"
)

// Quantity is inventory's exact quantity (thousandths of a unit).
type Quantity = inventory.Quantity

// DocType marks ledger moves written for a production entry: they are its
// own (inventory.Owner), undone only by reversing it.
const DocType = inventory.DocProduction

// Line is a packing line or table. HourlyTarget is units per hour, or nil.
type Line struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	HourlyTarget *int64    `json:"hourly_target"`
	Archived     bool      `json:"archived"`
	CreatedAt    time.Time `json:"created_at"`
}

// NewLine is what creating a line needs.
type NewLine struct {
	Name         string `json:"name"`
	HourlyTarget *int64 `json:"hourly_target"`
}

// Component is one ingredient or packaging of a recipe: Quantity per unit
// of the finished item. SKU, Name and Unit are filled on reads.
type Component struct {
	ItemID   int64    `json:"item_id"`
	Quantity Quantity `json:"quantity"`
	SKU      string   `json:"sku,omitempty"`
	Name     string   `json:"name,omitempty"`
	Unit     string   `json:"unit,omitempty"`
}

// Recipe is one version of a finished item's bill of materials.
type Recipe struct {
	ID         int64       `json:"-"`
	ItemID     int64       `json:"item_id"`
	Version    int         `json:"version"`
	Components []Component `json:"components"`
	CreatedAt  time.Time   `json:"created_at"`
}

// Pick is an amount taken from one batch.
type Pick struct {
	BatchID  int64    `json:"batch_id"`
	Quantity Quantity `json:"quantity"`
	// ExpiredUse confirms drawing on a batch expired before the entry's
	// date (otherwise 409 batch.expired); the reason goes on the consume move.
	inventory.ExpiredUse
}

// NewEntry is an hour's output of one product on one line. Date is a
// calendar day in the organisation's zone and Hour its local hour (0–23).
// Batches, when given, say which batches the components come from; a
// component with no pick is drawn first-expiry-first-out.
type NewEntry struct {
	Date      string `json:"date"`
	Hour      int    `json:"hour"`
	LineID    int64  `json:"line_id"`
	ProductID int64  `json:"product_id"`
	Units     int64  `json:"units"`
	Note      string `json:"note" text:"multiline"`
	Batches   []Pick `json:"batches"`
	// ProjectID names the project the units are made for (optional; not
	// archived, and for the project's product).
	ProjectID *int64 `json:"project_id"`
}

// EntryMove is one ledger move of an entry: consumption negative,
// production positive. Before and After are the batch's on-hand around it
// (the subtraction view).
type EntryMove struct {
	ID        int64    `json:"id"`
	BatchID   int64    `json:"batch_id"`
	ItemID    int64    `json:"item_id"`
	Quantity  Quantity `json:"quantity"`
	Before    Quantity `json:"before"`
	After     Quantity `json:"after"`
	Reversal  bool     `json:"reversal"`
	BatchCode string   `json:"batch_code"`
	ItemSKU   string   `json:"item_sku"`
	ItemName  string   `json:"item_name"`
	ItemUnit  string   `json:"item_unit"`
}

// Entry is a recorded hour of production.
type Entry struct {
	ID                int64       `json:"id"`
	Date              string      `json:"date"`
	Hour              int         `json:"hour"`
	LineID            int64       `json:"line_id"`
	LineName          string      `json:"line_name"`
	ProductID         int64       `json:"product_id"`
	ProductSKU        string      `json:"product_sku"`
	ProductName       string      `json:"product_name"`
	ProductUnit       string      `json:"product_unit"`
	Units             int64       `json:"units"`
	Note              string      `json:"note"`
	RecipeVersion     int         `json:"recipe_version"`
	ProducedBatchID   int64       `json:"produced_batch_id"`
	ProducedBatchCode string      `json:"produced_batch_code"`
	Moves             []EntryMove `json:"moves"`
	Reversed          bool        `json:"reversed"`
	ReversedAt        *time.Time  `json:"reversed_at"`
	ReverseReason     string      `json:"reverse_reason"`
	CreatedBy         string      `json:"created_by"`
	CreatedAt         time.Time   `json:"created_at"`
	ProjectID         *int64      `json:"project_id"`
	ProjectName       string      `json:"project_name"`

	recipeID int64
}

// RecipeID is the stored id of the recipe version the entry used.
func (e *Entry) RecipeID() int64 { return e.recipeID }

// SetRecipeID is for storage, reading an entry back.
func (e *Entry) SetRecipeID(id int64) { e.recipeID = id }

// BatchUse is an entry that consumed (negative) or produced (positive) a
// batch: the batch page's production list.
type BatchUse struct {
	EntryID   int64    `json:"entry_id"`
	Date      string   `json:"date"`
	Hour      int      `json:"hour"`
	LineID    int64    `json:"line_id"`
	LineName  string   `json:"line_name"`
	ProductID int64    `json:"product_id"`
	Quantity  Quantity `json:"quantity"`
	Reversed  bool     `json:"reversed"`
}

// Assignment puts an employee on a line for a day; labour hours of an
// unassigned employee are spread over the lines producing in each hour.
type Assignment struct {
	Date       string `json:"date"`
	EmployeeID int64  `json:"employee_id"`
	LineID     *int64 `json:"line_id"` // nil: unassigned
}

// Actor is who does something: a signed-in user, or nil for the system.
type Actor struct{ UserID *int64 }
