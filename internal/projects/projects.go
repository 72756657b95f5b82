// Package projects holds the group's packing projects for partners: a
// target number of units of a finished product, for a client, between a
// start and a due date, with an owner and a team of staff. It imports no
// storage or HTTP code.
//
// Rules the Service guarantees:
//   - progress is computed, never typed: units produced for a project are
//     its production entries' units (reversed entries do not count); units
//     shipped are its shipments' lines of the project's product that left
//     (shipped or delivered; planned and cancelled shipments do not count);
//   - days left count calendar days in the organisation's zone to the due
//     date (negative when overdue);
//   - production and shipments may name a project only while it is not
//     archived (Attributable), and a production entry only for the
//     project's product.
package projects

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/paging"
)

// Statuses.
const (
	StatusInProgress = "in_progress"
	StatusImportant  = "important"
	StatusCompleted  = "completed"
	StatusArchived   = "archived"
)

// Statuses lists every status.
var Statuses = []string{StatusInProgress, StatusImportant, StatusCompleted, StatusArchived}

// SortKeys are the columns the list can be ordered by.
var SortKeys = []string{"name", "client", "status", "start_date", "due_date", "progress", "created_at"}

// Limits.
const (
	MaxName        = 200
	MaxNotes       = 4000
	MaxTeam        = 50
	MaxTargetUnits = 1_000_000_000
	MaxPageSize    = 200
	// MaxWork is how many production entries and shipments a project's page lists (the newest).
	MaxWork = 500
)

// Member is a user on a project's team.
type Member struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Project is one packing project with its progress.
type Project struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	ClientID    int64    `json:"client_id"`
	ClientName  string   `json:"client_name"`
	OwnerID     *int64   `json:"owner_id"`
	OwnerName   string   `json:"owner_name"`
	Team        []Member `json:"team"`
	Status      string   `json:"status"`
	ProductID   int64    `json:"product_id"`
	ProductSKU  string   `json:"product_sku"`
	ProductName string   `json:"product_name"`
	ProductUnit string   `json:"product_unit"`
	TargetUnits int64    `json:"target_units"`
	StartDate   string   `json:"start_date"`
	DueDate     string   `json:"due_date"`
	Notes       string   `json:"notes"`
	// ProducedUnits are the units of its production entries, reversed ones left out.
	ProducedUnits int64 `json:"produced_units"`
	// ShippedUnits are the units of the product on its shipments that left.
	ShippedUnits inventory.Quantity `json:"shipped_units"`
	// Progress is the percentage of the target produced, 0 to 100.
	Progress int `json:"progress"`
	// ShippedProgress is the percentage of the target shipped, 0 to 100.
	ShippedProgress int `json:"shipped_progress"`
	// DaysLeft counts days from the organisation's today to the due date
	// (0 on the day, negative when overdue); null once completed or archived.
	DaysLeft  *int      `json:"days_left"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// ProductionEntry is a production entry made for a project.
type ProductionEntry struct {
	ID       int64  `json:"id"`
	Date     string `json:"date"`
	Hour     int    `json:"hour"`
	LineName string `json:"line_name"`
	Units    int64  `json:"units"`
	Reversed bool   `json:"reversed"`
}

// Shipment is a shipment made for a project, with its units of the project's product.
type Shipment struct {
	ID          int64              `json:"id"`
	Number      string             `json:"number"`
	Status      string             `json:"status"`
	ShipDate    string             `json:"ship_date"`
	Destination string             `json:"destination"`
	Units       inventory.Quantity `json:"units"`
}

// Detail is a project with the work done for it, newest first.
type Detail struct {
	Project
	Production []ProductionEntry `json:"production"`
	Shipments  []Shipment        `json:"shipments"`
	// Recalls are the open recalls that hold what the project made or
	// shipped: the meals it is counting on may not move.
	Recalls []RecallRef `json:"recalls"`
}

// RecallRef names an open recall.
type RecallRef struct {
	ID     int64  `json:"id"`
	Number string `json:"number"`
}

// Option is a project a production or shipment form may name.
type Option struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Status    string `json:"status"`
	ProductID int64  `json:"product_id"`
}

// Input is what creating a project needs. OwnerID defaults to the creator,
// Status to in_progress.
type Input struct {
	Name        string  `json:"name"`
	ClientID    int64   `json:"client_id"`
	OwnerID     *int64  `json:"owner_id"`
	TeamIDs     []int64 `json:"team_ids"`
	Status      string  `json:"status"`
	ProductID   int64   `json:"product_id"`
	TargetUnits int64   `json:"target_units"`
	StartDate   string  `json:"start_date"`
	DueDate     string  `json:"due_date"`
	Notes       string  `json:"notes" text:"multiline"`
}

// Patch changes a project: only the fields present.
type Patch struct {
	Name        *string  `json:"name"`
	ClientID    *int64   `json:"client_id"`
	OwnerID     *int64   `json:"owner_id"`
	TeamIDs     *[]int64 `json:"team_ids"`
	Status      *string  `json:"status"`
	ProductID   *int64   `json:"product_id"`
	TargetUnits *int64   `json:"target_units"`
	StartDate   *string  `json:"start_date"`
	DueDate     *string  `json:"due_date"`
	Notes       *string  `json:"notes" text:"multiline"`
}

// Filter selects and orders the list. An empty Status selects every
// project but the archived ones.
type Filter struct {
	paging.List
	Status string
}

// Normalize fills defaults and refuses a search too long.
func (f Filter) Normalize() (Filter, error) {
	err := f.Settle("due_date", MaxPageSize)
	return f, err
}

// Validate checks and normalises an input.
func (in *Input) Validate() error {
	in.Name, in.Notes, in.Status = strings.TrimSpace(in.Name), strings.TrimSpace(in.Notes), strings.TrimSpace(in.Status)
	if in.Status == "" {
		in.Status = StatusInProgress
	}
	if in.Name == "" {
		return apperr.Required("name")
	}
	if utf8.RuneCountInString(in.Name) > MaxName {
		return apperr.TooLong("name", MaxName)
	}
	if utf8.RuneCountInString(in.Notes) > MaxNotes {
		return apperr.TooLong("notes", MaxNotes)
	}
	if in.ClientID <= 0 {
		return apperr.Required("client_id")
	}
	if in.ProductID <= 0 {
		return apperr.Required("product_id")
	}
	if !slices.Contains(Statuses, in.Status) {
		return apperr.Choice("status", Statuses)
	}
	if in.TargetUnits < 1 || in.TargetUnits > MaxTargetUnits {
		return apperr.Range("target_units", 1, MaxTargetUnits)
	}
	if err := apperr.CheckDate("start_date", in.StartDate); err != nil {
		return err
	}
	if err := apperr.CheckDate("due_date", in.DueDate); err != nil {
		return err
	}
	if in.DueDate < in.StartDate {
		return apperr.New(apperr.Invalid, "projects.due_before_start", apperr.Params{"start_date": in.StartDate, "due_date": in.DueDate},
			"The due date cannot be before the start date.").OnField("due_date")
	}
	if len(in.TeamIDs) > MaxTeam {
		return apperr.New(apperr.Invalid, "projects.team_too_large", apperr.Params{"max": MaxTeam},
			fmt.Sprintf("A team has at most %d people.", MaxTeam)).OnField("team_ids")
	}
	seen := map[int64]bool{}
	team := in.TeamIDs[:0:0]
	for _, id := range in.TeamIDs {
		if !seen[id] {
			seen[id] = true
			team = append(team, id)
		}
	}
	in.TeamIDs = team
	return nil
}

// Fill computes a project's progress and days left from its counted units
// and the organisation's today.
func Fill(p *Project, today string) {
	p.Progress = percent(p.ProducedUnits*inventory.QuantityScale, p.TargetUnits)
	p.ShippedProgress = percent(int64(p.ShippedUnits), p.TargetUnits)
	p.DaysLeft = nil
	if p.Status == StatusCompleted || p.Status == StatusArchived {
		return
	}
	due, err1 := time.Parse(time.DateOnly, p.DueDate)
	now, err2 := time.Parse(time.DateOnly, today)
	if err1 != nil || err2 != nil {
		return
	}
	d := int(due.Sub(now).Hours() / 24)
	p.DaysLeft = &d
}

// percent is how much of target units thousandths are, 0 to 100, rounded down.
func percent(thousandths, targetUnits int64) int {
	if targetUnits <= 0 || thousandths <= 0 {
		return 0
	}
	v := thousandths * 100 / (targetUnits * inventory.QuantityScale)
	return int(min(v, 100))
}

// Attributable is the rule for naming a project on production or a
// shipment: it exists and is not archived; for production (productID not
// zero) it must be the project's product. field names the input.
func Attributable(o *Option, id int64, productID int64, field string) error {
	if o == nil {
		return apperr.New(apperr.Invalid, "projects.unknown", apperr.Params{"project_id": id},
			fmt.Sprintf("There is no project %d.", id)).OnField(field)
	}
	if o.Status == StatusArchived {
		return apperr.New(apperr.Conflict, "projects.archived", apperr.Params{"name": o.Name},
			fmt.Sprintf("Project %s is archived.", o.Name)).OnField(field)
	}
	if productID != 0 && productID != o.ProductID {
		return apperr.New(apperr.Invalid, "projects.other_product", apperr.Params{"name": o.Name},
			fmt.Sprintf("Project %s is for another product.", o.Name)).OnField(field)
	}
	return nil
}

func errNotFound() error {
	return apperr.New(apperr.NotFound, "projects.not_found", apperr.Params{}, "Project not found.")
}

// SearchText is what the list's search matches a project against: its name
// and its client's, lower-cased.
func SearchText(p *Project, client string) string { return strings.ToLower(p.Name + " " + client) }
