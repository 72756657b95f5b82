// Package impact is a project's impact report for the partners and sponsors
// who paid for it: units made, meals, labour hours and people, materials by
// item and batch with their cost, shipments and their destinations, and
// per-day series, over a period; read-only share links for sponsors without
// an account; and the monthly mail of such a link to the client.
//
// It is its own package rather than part of projects because it reads every
// area (production's entries and labour, the stock ledger, shipping, the
// clients) and owns rows of its own (share links); projects stays the
// project's record and progress. It imports no storage or HTTP code.
//
// Every figure is computed from its sources on each read, the way the
// source screens compute it, so it reconciles with them for the same period:
//   - units: the project's production entries dated in the period, reversed
//     ones left out (the daily report's totals);
//   - labour hours and people: production.Service.LabourOfEntries, the daily
//     report's own labour computation, each slot line's labour shared over
//     its entries by units;
//   - materials: the moves of those entries (consumption net of reversals)
//     by batch, as the daily report's "consumed" lists them;
//   - shipments: the project's shipments shipped or delivered with a ship
//     date in the period (planned and cancelled ones left out), as the
//     shipping log shows them; shipped units are their lines of the
//     project's product (the project page's shipped_units);
//   - meals: units × the product's servings_per_unit, where it is set;
//   - cost of materials: quantity × the item's unit_cost (minor units of the
//     organisation's currency, rounded half up per batch), where it is set.
package impact

import (
	"time"

	"github.com/packline/packline/internal/inventory"
)

// Report is the impact of one project, or of every project of one client,
// over [From, To] (calendar dates in the organisation's zone).
type Report struct {
	Scope            Scope  `json:"scope"`
	From             string `json:"from"`
	To               string `json:"to"`
	OrganisationName string `json:"organisation_name"`
	// LogoURL is where the organisation's logo is served, "" (absent) when
	// it has none; the HTTP layer fills it in.
	LogoURL string `json:"logo_url,omitempty"`
	// Currency is the organisation's (ISO 4217), the one unit costs are in.
	Currency string `json:"currency"`
	// CurrencyDigits is how many minor units make one (2 for USD).
	CurrencyDigits int   `json:"currency_digits"`
	Units          int64 `json:"units"`
	// Meals is units × servings per unit over the products that have it; nil
	// when none does. MealsComplete says whether every product counted has it.
	Meals         *int64  `json:"meals"`
	MealsComplete bool    `json:"meals_complete"`
	LabourHours   float64 `json:"labour_hours"`
	People        int     `json:"people"`
	// ShippedUnits are the units of the scope's products on its shipments.
	ShippedUnits inventory.Quantity `json:"shipped_units"`
	// MaterialsCost sums the cost of the materials whose item has a unit
	// cost, in minor units; CostComplete says whether every one had.
	MaterialsCost int64          `json:"materials_cost"`
	CostComplete  bool           `json:"cost_complete"`
	Products      []ProductTotal `json:"products"`
	Materials     []Material     `json:"materials"`
	Shipments     []Shipment     `json:"shipments"`
	Destinations  []Destination  `json:"destinations"`
	Days          []Day          `json:"days"`
}

// Scope says whose report it is.
type Scope struct {
	Kind       string `json:"kind"` // "project" or "client"
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	ClientID   int64  `json:"client_id"`
	ClientName string `json:"client_name"`
	// Projects are the projects counted (one for a project's report).
	Projects []ProjectRef `json:"projects"`
}

// ProjectRef names a project counted in a report.
type ProjectRef struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Status      string `json:"status"`
	ProductID   int64  `json:"product_id"`
	TargetUnits int64  `json:"target_units"`
	StartDate   string `json:"start_date"`
	DueDate     string `json:"due_date"`
}

// Scope kinds.
const (
	ScopeProject = "project"
	ScopeClient  = "client"
)

// ProductTotal is one finished product's units and meals.
type ProductTotal struct {
	ProductID       int64  `json:"product_id"`
	SKU             string `json:"sku"`
	Name            string `json:"name"`
	Unit            string `json:"unit"`
	Units           int64  `json:"units"`
	ServingsPerUnit *int64 `json:"servings_per_unit"`
	Meals           *int64 `json:"meals"`
}

// Material is what the scope's production took from one batch, net of reversals.
type Material struct {
	ItemID    int64              `json:"item_id"`
	SKU       string             `json:"sku"`
	Name      string             `json:"name"`
	Unit      string             `json:"unit"`
	BatchID   int64              `json:"batch_id"`
	BatchCode string             `json:"batch_code"`
	Quantity  inventory.Quantity `json:"quantity"`
	// UnitCost and Cost are in minor units; nil when the item has no unit cost.
	UnitCost *int64 `json:"unit_cost"`
	Cost     *int64 `json:"cost"`
}

// Shipment is a shipment of the scope that left, with its lines.
type Shipment struct {
	ID          int64              `json:"id"`
	Number      string             `json:"number"`
	Status      string             `json:"status"`
	ShipDate    string             `json:"ship_date"`
	Destination string             `json:"destination"`
	ProjectID   int64              `json:"project_id"`
	Units       inventory.Quantity `json:"units"` // of the project's product
	Lines       []ShipmentLine     `json:"lines"`
	// PartnerID is the partner it went to (nil for a destination typed for
	// that shipment only).
	PartnerID *int64 `json:"partner_id"`
}

// ShipmentLine is one batch of one item on a shipment.
type ShipmentLine struct {
	ItemID    int64              `json:"item_id"`
	SKU       string             `json:"sku"`
	Name      string             `json:"name"`
	Unit      string             `json:"unit"`
	BatchCode string             `json:"batch_code"`
	Quantity  inventory.Quantity `json:"quantity"`
}

// Destination is where shipments went: how many and how many units. A
// partner is one destination whatever its shipments called it (PartnerID,
// Name as its latest shipment has it); shipments naming no partner are one
// per destination name, ignoring case (PartnerID nil).
type Destination struct {
	Name      string             `json:"name"`
	Shipments int                `json:"shipments"`
	Units     inventory.Quantity `json:"units"`
	PartnerID *int64             `json:"partner_id"`
}

// Day is one date of the period.
type Day struct {
	Date         string             `json:"date"`
	Units        int64              `json:"units"`
	Meals        int64              `json:"meals"`
	LabourHours  float64            `json:"labour_hours"`
	ShippedUnits inventory.Quantity `json:"shipped_units"`
}

// Link is a read-only share link of a project's report. Its token is shown
// once, when it is made (Path); only its hash is kept.
type Link struct {
	ID           int64      `json:"id"`
	ProjectID    int64      `json:"project_id"`
	Label        string     `json:"label"`
	ExpiresAt    *time.Time `json:"expires_at"`
	CreatedAt    time.Time  `json:"created_at"`
	CreatedBy    string     `json:"created_by"`
	RevokedAt    *time.Time `json:"revoked_at"`
	LastOpenedAt *time.Time `json:"last_opened_at"`
	Opens        int64      `json:"opens"`
	// Active: neither revoked nor expired.
	Active bool `json:"active"`
	// Path is /impact-link/<token>, only in the answer that made the link.
	Path *string `json:"path,omitempty"`
}

// NewLink makes a share link: a label for the staff, and optionally the last
// day (in the organisation's zone) it works.
type NewLink struct {
	Label     string  `json:"label"`
	ExpiresOn *string `json:"expires_on"`
}

// MailSetting switches the monthly mail of a project's report link.
type MailSetting struct {
	Monthly bool `json:"monthly"`
}

// Mail is the state of a project's monthly mail.
type Mail struct {
	Monthly bool `json:"monthly"`
	// To is the client's billing address the mail goes to ("" when it has none).
	To string `json:"to"`
	// LastMonth is the last month (YYYY-MM) a mail was queued for, or nil.
	LastMonth *string `json:"last_month"`
}
