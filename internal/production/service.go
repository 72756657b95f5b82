package production

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/effects"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/timeclock"
)

// Tx is one write transaction over production and the inventory ledger:
// it embeds inventory.Tx, so an entry and the stock moves it makes (written
// through inventory.Record, Receive and Reverse, which keep the ledger's
// rules) commit together or not at all.
type Tx interface {
	inventory.Tx
	// Labour: an entry, its reversal and a line assignment change their
	// day's labour (DaysChanged).
	effects.Labour

	Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error)
	// LockLine returns the line, locked so that entries on one line are
	// written one at a time (nil when none).
	LockLine(ctx context.Context, id int64) (*Line, error)
	// UpdateLine stores a line's name, target and archived flag
	// (ErrLineNameTaken when another line has the name).
	UpdateLine(ctx context.Context, l Line) error
	CurrentRecipe(ctx context.Context, itemID int64) (*Recipe, error) // nil when none
	InsertRecipe(ctx context.Context, r *Recipe, by Actor) error
	// LockStock locks the items (in id order), then returns, locked, their
	// batches with stock and those of their batches named in batchIDs
	// (even empty ones).
	LockStock(ctx context.Context, itemIDs, batchIDs []int64) ([]StockBatch, error)
	// BatchByCode is an item's batch with a code (CodeKey), or nil.
	BatchByCode(ctx context.Context, itemID int64, code string) (*inventory.Batch, error)
	InsertEntry(ctx context.Context, e *Entry, by Actor) error
	SetProducedBatch(ctx context.Context, entryID, batchID int64) error
	// LockEntry returns the entry, locked, with its moves (nil when none).
	LockEntry(ctx context.Context, id int64) (*Entry, error)
	MarkReversed(ctx context.Context, id int64, reason string, by Actor) error
	// SummariseDay rewrites the output summaries of a line's date from its
	// entries: called after an entry or reversal on that line and date,
	// under the line's lock (LockLine), which keeps them one at a time.
	SummariseDay(ctx context.Context, date string, lineID int64) error
	// LinkBatches adds an entry's draws (negative: its reversal) to the
	// links from the batches drawn on to the batch produced: the trace.
	LinkBatches(ctx context.Context, entryID, producedBatchID int64, draws []Draw) error
	// ProjectOption reads a project an entry may name (nil when none).
	ProjectOption(ctx context.Context, id int64) (*projects.Option, error)
	// LockEmployee says whether the employee exists and is active (not
	// archived), locking the row.
	LockEmployee(ctx context.Context, id int64) (found, active bool, err error)
	// SetAssignment puts an employee on a line for a day, or clears it
	// (nil line).
	SetAssignment(ctx context.Context, a Assignment) error
}

// Output is units of one product on one line in one slot (non-reversed).
type Output struct {
	Date      string
	Hour      int
	LineID    int64
	ProductID int64
	Units     int64
}

// OutputSummary is a range's output (entries not reversed), from the day
// summaries: units per day and product, and each line's day.
type OutputSummary struct {
	DayProducts []Output // Date, ProductID and Units set
	DayLines    []DayLine
}

// LineOutput is a line's units over a range and the slots it produced in.
type LineOutput struct {
	LineID int64
	Units  int64
	Slots  int
}

// EmployeePunches are an employee's non-voided punches in a window, and the
// start of their open shift if clocked in.
type EmployeePunches struct {
	EmployeeID int64
	Punches    []timeclock.Punch
	OpenSince  *time.Time
}

// Store is what the service needs from storage.
type Store interface {
	InTx(ctx context.Context, fn func(tx Tx) error) error

	CreateLine(ctx context.Context, n NewLine) (*Line, error) // ErrLineNameTaken
	Lines(ctx context.Context) ([]Line, error)                // not archived
	AllLines(ctx context.Context) ([]Line, error)             // archived too
	RecipeVersions(ctx context.Context, itemID int64) ([]Recipe, error)
	// EmployeeNames are first and last names by employee id.
	EmployeeNames(ctx context.Context, ids []int64) (map[int64][2]string, error)
	Recipe(ctx context.Context, itemID int64) (*Recipe, error) // nil when none
	Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error)
	Products(ctx context.Context) ([]inventory.Item, error) // finished goods that have a recipe
	Stock(ctx context.Context, itemIDs []int64) ([]StockBatch, error)
	Entry(ctx context.Context, id int64) (*Entry, error)           // nil when none
	Entries(ctx context.Context, from, to string) ([]Entry, error) // with moves, by date, hour, line, id
	OutputSummary(ctx context.Context, from, to string) (*OutputSummary, error)
	Punches(ctx context.Context, from, to time.Time) ([]EmployeePunches, error)
	// OpenShifts are the starts of the shifts open now.
	OpenShifts(ctx context.Context) ([]time.Time, error)
	// LabourDays are the cache's days in [from, to], computed or not.
	LabourDays(ctx context.Context, from, to string) (map[string]LabourDay, error)
	// ClaimLabourDays makes the cache's rows of the dates exist and marks
	// those not computed (Basis "") as being computed, once every change
	// that may have passed them by has committed: from then on a change to
	// one of those days moves its generation, so labour computed from
	// what is committed after it returns is stored only if no change
	// came since. A change passes a day not computed by without touching
	// its row, so that punches at the kiosk do not all write the same
	// rows. false: the claim could not be made in time (the days are
	// computed, and not kept, this once).
	ClaimLabourDays(ctx context.Context, dates []string) (bool, error)
	// SaveLabour stores each day whose generation is still the one given.
	SaveLabour(ctx context.Context, days []LabourDay) error
	Assignments(ctx context.Context, from, to string) ([]Assignment, error)
	// ActiveEmployees are the active (not archived) employees' names, by id.
	ActiveEmployees(ctx context.Context) (map[int64][2]string, error)
	BatchUses(ctx context.Context, batchID int64) ([]BatchUse, error)
}

// Service holds production's rules over a Store.
type Service struct {
	Store    Store
	Calendar *organisation.Calendar
}

// NewService returns the production service.
func NewService(store Store, cal *organisation.Calendar) *Service {
	return &Service{Store: store, Calendar: cal}
}

var errLineNotFound = apperr.New(apperr.NotFound, "production.line_not_found", nil, "Line not found.")

// CreateLine adds a line.
func (s *Service) CreateLine(ctx context.Context, n NewLine) (*Line, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	l, err := s.Store.CreateLine(ctx, n)
	return l, lineNameTaken(err, n.Name)
}

// Lines lists the lines by name.
func (s *Service) Lines(ctx context.Context) ([]Line, error) { return s.Store.Lines(ctx) }

// Products lists finished goods that have a recipe.
func (s *Service) Products(ctx context.Context) ([]inventory.Item, error) {
	return s.Store.Products(ctx)
}

// Recipe returns the current recipe of an item (production.no_recipe, 404,
// when it has none).
func (s *Service) Recipe(ctx context.Context, itemID int64) (*Recipe, error) {
	r, err := s.Store.Recipe(ctx, itemID)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, apperr.New(apperr.NotFound, "production.no_recipe", apperr.Params{"item_id": itemID}, "This item has no recipe yet.")
	}
	return r, nil
}

// SetRecipe makes comps the item's recipe. A change makes a new version;
// the same components again keep the current one.
func (s *Service) SetRecipe(ctx context.Context, itemID int64, comps []Component, by Actor) (*Recipe, error) {
	var out *Recipe
	err := s.Store.InTx(ctx, func(tx Tx) error {
		ids := []int64{itemID}
		for _, c := range comps {
			ids = append(ids, c.ItemID)
		}
		items, err := tx.Items(ctx, ids)
		if err != nil {
			return err
		}
		product := items[itemID]
		if product == nil {
			return apperr.New(apperr.NotFound, "item.not_found", nil, "Item not found.")
		}
		if err := CheckRecipe(product, comps, items); err != nil {
			return err
		}
		if err := CheckNoCycle(ctx, tx, product, comps); err != nil {
			return err
		}
		cur, err := tx.CurrentRecipe(ctx, itemID)
		if err != nil {
			return err
		}
		if cur != nil && SameComponents(cur.Components, comps) {
			out = cur
			return nil
		}
		r := &Recipe{ItemID: itemID, Version: 1, Components: slices.Clone(comps)}
		if cur != nil {
			r.Version = cur.Version + 1
		}
		for i := range r.Components {
			it := items[r.Components[i].ItemID]
			r.Components[i].SKU, r.Components[i].Name, r.Components[i].Unit = it.SKU, it.Name, it.Unit
		}
		if err := tx.InsertRecipe(ctx, r, by); err != nil {
			return err
		}
		out = r
		return nil
	})
	return out, err
}

// CreateEntry records an hour's output: in one transaction the entry, a
// consume move per batch drawn (the picks, or first-expiry-first-out) and a
// produce move into the day's finished batch of that product and line.
func (s *Service) CreateEntry(ctx context.Context, n NewEntry, by Actor) (*Entry, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	if err := s.checkHappened(ctx, n.Date, n.Hour); err != nil {
		return nil, err
	}
	var id int64
	err := s.Store.InTx(ctx, func(tx Tx) error {
		line, err := lockLine(ctx, tx, n.LineID)
		if err != nil {
			return err
		}
		if line.Archived {
			return ErrLineArchived(line)
		}
		items, err := tx.Items(ctx, []int64{n.ProductID})
		if err != nil {
			return err
		}
		product := items[n.ProductID]
		if product == nil {
			return apperr.New(apperr.NotFound, "item.not_found", nil, "Item not found.").OnField("product_id")
		}
		if product.Kind != inventory.KindFinished {
			return apperr.New(apperr.Invalid, "production.not_finished", apperr.Params{"item": product.Name},
				fmt.Sprintf("%s is not a finished good.", product.Name)).OnField("product_id")
		}
		if n.ProjectID != nil {
			o, err := tx.ProjectOption(ctx, *n.ProjectID)
			if err != nil {
				return err
			}
			if err := projects.Attributable(o, *n.ProjectID, product.ID, "project_id"); err != nil {
				return err
			}
		}
		recipe, err := tx.CurrentRecipe(ctx, n.ProductID)
		if err != nil {
			return err
		}
		if recipe == nil {
			return errNoRecipe(product)
		}
		needs, err := Needs(recipe, n.Units)
		if err != nil {
			return err
		}
		compIDs := make([]int64, len(recipe.Components))
		names := map[int64]Component{}
		for i, c := range recipe.Components {
			compIDs[i] = c.ItemID
			names[c.ItemID] = c
		}
		pickIDs := make([]int64, len(n.Batches))
		for i, p := range n.Batches {
			pickIDs[i] = p.BatchID
		}
		// The product's item too, so that every item lock is taken in id
		// order: a finished good may be another entry's component.
		stock, err := tx.LockStock(ctx, append(compIDs, product.ID), pickIDs)
		if err != nil {
			return err
		}
		draws, err := Allocate(needs, stock, n.Batches, names, n.Date)
		if err != nil {
			return err
		}
		e := &Entry{Date: n.Date, Hour: n.Hour, LineID: line.ID, ProductID: product.ID, Units: n.Units, Note: n.Note,
			RecipeVersion: recipe.Version, recipeID: recipe.ID, ProjectID: n.ProjectID}
		if err := tx.InsertEntry(ctx, e, by); err != nil {
			return err
		}
		id = e.ID
		doc := &inventory.Document{Type: DocType, ID: e.ID}
		for _, d := range draws {
			var note string
			if d.Expired != "" {
				note = "Expired batch used: " + d.Expired
			}
			if _, err := inventory.Record(ctx, tx, inventory.NewMove{BatchID: d.BatchID, Reason: inventory.ReasonConsume,
				Quantity: d.Quantity, Note: note, UserID: by.UserID, Document: doc}); err != nil {
				return err
			}
		}
		produced := inventory.Units(n.Units)
		code := BatchCode(product.SKU, n.Date, line.ID)
		b, err := tx.BatchByCode(ctx, product.ID, code)
		if err != nil {
			return err
		}
		if b == nil {
			b, _, err = inventory.Receive(ctx, tx, product.ID, inventory.NewBatch{Code: code, Quantity: produced, ReceivedAt: n.Date,
				ExpiresAt: ExpiryOf(product, n.Date), Source: line.Name, SourceType: inventory.SourceProduction, Document: doc},
				inventory.Actor{UserID: by.UserID})
		} else {
			_, err = inventory.Record(ctx, tx, inventory.NewMove{BatchID: b.ID, Reason: inventory.ReasonProduce, Quantity: produced,
				UserID: by.UserID, Document: doc})
		}
		if err != nil {
			return err
		}
		if err := tx.SetProducedBatch(ctx, e.ID, b.ID); err != nil {
			return err
		}
		if err := tx.LinkBatches(ctx, e.ID, b.ID, draws); err != nil {
			return err
		}
		return summariseDay(ctx, tx, e.Date, e.LineID)
	})
	if err != nil {
		return nil, err
	}
	return s.Entry(ctx, id)
}

// ReverseEntry undoes an entry with reversing moves (the ledger keeps
// both) and marks it reversed with the reason. Reversing twice is
// production.already_reversed (409); a finished batch that no longer holds
// the entry's units (shipped since) is production.finished_used (409).
func (s *Service) ReverseEntry(ctx context.Context, id int64, reason string, by Actor) (*Entry, error) {
	reason, err := CheckReason(reason)
	if err != nil {
		return nil, err
	}
	err = s.Store.InTx(ctx, func(tx Tx) error {
		e, err := tx.LockEntry(ctx, id)
		if err == nil && e == nil {
			err = errEntryNotFound(id)
		}
		if err != nil {
			return err
		}
		if err := CheckReversible(e); err != nil {
			return err
		}
		// The line's lock, as an entry takes it: its day's summaries are
		// rewritten one transaction at a time.
		if _, err := lockLine(ctx, tx, e.LineID); err != nil {
			return err
		}
		var itemIDs, batchIDs []int64
		for _, m := range e.Moves {
			itemIDs = append(itemIDs, m.ItemID)
			batchIDs = append(batchIDs, m.BatchID)
		}
		stock, err := tx.LockStock(ctx, itemIDs, batchIDs)
		if err != nil {
			return err
		}
		for _, b := range stock {
			if b.ID == e.ProducedBatchID && b.OnHand < inventory.Units(e.Units) {
				return apperr.New(apperr.Conflict, "production.finished_used",
					apperr.Params{"batch": b.Code, "on_hand": b.OnHand.String(), "units": e.Units},
					fmt.Sprintf("Batch %s has only %s on hand, fewer than the %d units this entry made; undo what used them first.",
						b.Code, b.OnHand, e.Units))
			}
		}
		note := "Reversed production entry: " + reason
		for _, m := range e.Moves {
			if m.Reversal {
				continue
			}
			if _, err := inventory.Reverse(ctx, tx, m.ID, note, inventory.Actor{UserID: by.UserID}); err != nil {
				return err
			}
		}
		if err := tx.MarkReversed(ctx, id, reason, by); err != nil {
			return err
		}
		if err := tx.LinkBatches(ctx, e.ID, e.ProducedBatchID, unlinks(e)); err != nil {
			return err
		}
		return summariseDay(ctx, tx, e.Date, e.LineID)
	})
	if err != nil {
		return nil, err
	}
	return s.Entry(ctx, id)
}

// Assign puts an employee on a line for a day (nil line: unassigned). Any
// active employee may be assigned, also before they clock in that day (a
// supervisor plans the crew ahead); an archived employee or line may not
// (production.employee_archived, production.line_archived), though an
// archived employee's assignment may still be cleared.
func (s *Service) Assign(ctx context.Context, a Assignment) error {
	if _, err := ParseDay("date", a.Date); err != nil {
		return err
	}
	if a.EmployeeID <= 0 {
		return apperr.New(apperr.Invalid, "production.employee_required", nil, "Choose an employee.").OnField("employee_id")
	}
	return s.Store.InTx(ctx, func(tx Tx) error {
		found, active, err := tx.LockEmployee(ctx, a.EmployeeID)
		if err != nil {
			return err
		}
		if !found {
			return apperr.New(apperr.NotFound, "production.employee_not_found", nil, "Employee not found.").OnField("employee_id")
		}
		if a.LineID != nil {
			if !active {
				return ErrEmployeeArchived
			}
			l, err := lockLine(ctx, tx, *a.LineID)
			if err != nil {
				return err
			}
			if l.Archived {
				return ErrLineArchived(l)
			}
		}
		if err := tx.SetAssignment(ctx, a); err != nil {
			return err
		}
		return tx.DaysChanged(ctx, a.Date, a.Date)
	})
}

// Assignments lists a day's assignments.
func (s *Service) Assignments(ctx context.Context, date string) ([]Assignment, error) {
	if _, err := ParseDay("date", date); err != nil {
		return nil, err
	}
	return s.Store.Assignments(ctx, date, date)
}

// BatchUses lists the entries that consumed or produced a batch.
func (s *Service) BatchUses(ctx context.Context, batchID int64) ([]BatchUse, error) {
	return s.Store.BatchUses(ctx, batchID)
}
