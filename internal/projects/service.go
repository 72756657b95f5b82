package projects

import (
	"context"
	"fmt"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

// Store is what projects need from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	// InTx runs fn in one write transaction.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// Project reads one project with its counted units (not Fill-ed).
	Project(ctx context.Context, id int64) (*Project, error)
	// Projects is one page of what f selects (f normalised) and how many in all.
	Projects(ctx context.Context, f Filter) ([]Project, int, error)
	// Work lists a project's production entries and shipments, newest first, at most MaxWork each.
	Work(ctx context.Context, p *Project) ([]ProductionEntry, []Shipment, error)
	// OpenRecalls are the open recalls holding a batch the project's entries
	// made or its shipments carry, oldest first.
	OpenRecalls(ctx context.Context, projectID int64) ([]RecallRef, error)
	// Options lists the projects not archived, by name.
	Options(ctx context.Context) ([]Option, error)
	// People lists the active users, by name (owner and team pickers).
	People(ctx context.Context) ([]Member, error)
}

// Tx is one write transaction.
type Tx interface {
	Now() time.Time
	// ClientStatus says whether a client exists and whether it is archived.
	ClientStatus(ctx context.Context, id int64) (exists, archived bool, err error)
	// ProductKind is an item's kind ("" when there is no such item).
	ProductKind(ctx context.Context, id int64) (string, error)
	// ActiveUsers is which of ids are active users.
	ActiveUsers(ctx context.Context, ids []int64) (map[int64]bool, error)
	// LockProject reads a project (nil when none) and locks it.
	LockProject(ctx context.Context, id int64) (*Project, error)
	// InsertProject writes a new project and its team, and sets its ID.
	InsertProject(ctx context.Context, p *Project, teamIDs []int64, by *int64) error
	// UpdateProject writes a project's fields, and its team when teamIDs is not nil.
	UpdateProject(ctx context.Context, p *Project, teamIDs []int64) error
}

// Calendar gives the organisation's today (organisation.Calendar).
type Calendar interface {
	Today(ctx context.Context) (string, error)
}

// Service holds the projects' rules over a Store.
type Service struct {
	store Store
	cal   Calendar
}

// NewService returns the projects service.
func NewService(store Store, cal Calendar) *Service { return &Service{store: store, cal: cal} }

// check refuses references to what does not exist: an unknown or archived
// client (archived only when the client changes), an item that is not a
// finished good, users who are not active.
func check(ctx context.Context, tx Tx, in *Input, clientChanged bool) error {
	exists, archived, err := tx.ClientStatus(ctx, in.ClientID)
	if err != nil {
		return err
	}
	if !exists {
		return apperr.New(apperr.Invalid, "projects.unknown_client", apperr.Params{"client_id": in.ClientID},
			fmt.Sprintf("There is no client %d.", in.ClientID)).OnField("client_id")
	}
	if archived && clientChanged {
		return apperr.New(apperr.Invalid, "projects.client_archived", apperr.Params{"client_id": in.ClientID},
			"That client is archived.").OnField("client_id")
	}
	kind, err := tx.ProductKind(ctx, in.ProductID)
	if err != nil {
		return err
	}
	if kind == "" {
		return apperr.New(apperr.Invalid, "projects.unknown_product", apperr.Params{"product_id": in.ProductID},
			fmt.Sprintf("There is no item %d.", in.ProductID)).OnField("product_id")
	}
	if kind != inventory.KindFinished {
		return apperr.New(apperr.Invalid, "projects.not_finished", apperr.Params{"product_id": in.ProductID},
			"The target product must be a finished good.").OnField("product_id")
	}
	ids := append([]int64{}, in.TeamIDs...)
	if in.OwnerID != nil {
		ids = append(ids, *in.OwnerID)
	}
	active, err := tx.ActiveUsers(ctx, ids)
	if err != nil {
		return err
	}
	if in.OwnerID != nil && !active[*in.OwnerID] {
		return errUnknownUser("owner_id", *in.OwnerID)
	}
	for _, id := range in.TeamIDs {
		if !active[id] {
			return errUnknownUser("team_ids", id)
		}
	}
	return nil
}

func errUnknownUser(field string, id int64) error {
	return apperr.New(apperr.Invalid, "projects.unknown_user", apperr.Params{"user_id": id},
		fmt.Sprintf("There is no active user %d.", id)).OnField(field)
}

// Create adds a project; its owner is the creator unless given.
func (s *Service) Create(ctx context.Context, in Input, by *int64) (*Detail, error) {
	if in.OwnerID == nil {
		in.OwnerID = by
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var id int64
	err := s.store.InTx(ctx, func(tx Tx) error {
		if err := check(ctx, tx, &in, true); err != nil {
			return err
		}
		now := tx.Now().UTC().Truncate(time.Millisecond)
		p := &Project{Name: in.Name, ClientID: in.ClientID, OwnerID: in.OwnerID, Status: in.Status, ProductID: in.ProductID,
			TargetUnits: in.TargetUnits, StartDate: in.StartDate, DueDate: in.DueDate, Notes: in.Notes, CreatedAt: now, UpdatedAt: now}
		if err := tx.InsertProject(ctx, p, in.TeamIDs, by); err != nil {
			return err
		}
		id = p.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Get reads a project with its progress and the work done for it.
func (s *Service) Get(ctx context.Context, id int64) (*Detail, error) {
	p, err := s.store.Project(ctx, id)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errNotFound()
	}
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, err
	}
	Fill(p, today)
	prod, ships, err := s.store.Work(ctx, p)
	if err != nil {
		return nil, err
	}
	recalls, err := s.store.OpenRecalls(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	return &Detail{Project: *p, Production: prod, Shipments: ships, Recalls: recalls}, nil
}

// Update changes the fields present in p.
func (s *Service) Update(ctx context.Context, id int64, pt Patch) (*Detail, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		p, err := tx.LockProject(ctx, id)
		if err != nil {
			return err
		}
		if p == nil {
			return errNotFound()
		}
		team := make([]int64, len(p.Team))
		for i, m := range p.Team {
			team[i] = m.ID
		}
		in := Input{Name: p.Name, ClientID: p.ClientID, OwnerID: p.OwnerID, TeamIDs: team, Status: p.Status, ProductID: p.ProductID,
			TargetUnits: p.TargetUnits, StartDate: p.StartDate, DueDate: p.DueDate, Notes: p.Notes}
		setIf(&in.Name, pt.Name)
		setIf(&in.ClientID, pt.ClientID)
		if pt.OwnerID != nil {
			in.OwnerID = pt.OwnerID
		}
		setIf(&in.TeamIDs, pt.TeamIDs)
		setIf(&in.Status, pt.Status)
		setIf(&in.ProductID, pt.ProductID)
		setIf(&in.TargetUnits, pt.TargetUnits)
		setIf(&in.StartDate, pt.StartDate)
		setIf(&in.DueDate, pt.DueDate)
		setIf(&in.Notes, pt.Notes)
		if err := in.Validate(); err != nil {
			return err
		}
		if in.ProductID != p.ProductID && (p.ProducedUnits > 0 || p.ShippedUnits > 0) {
			return apperr.New(apperr.Conflict, "projects.product_in_use", apperr.Params{"name": p.Name},
				fmt.Sprintf("Project %s already has work for its product; its product cannot change.", p.Name)).OnField("product_id")
		}
		if err := check(ctx, tx, &in, in.ClientID != p.ClientID); err != nil {
			return err
		}
		p.Name, p.ClientID, p.OwnerID, p.Status, p.ProductID = in.Name, in.ClientID, in.OwnerID, in.Status, in.ProductID
		p.TargetUnits, p.StartDate, p.DueDate, p.Notes = in.TargetUnits, in.StartDate, in.DueDate, in.Notes
		p.UpdatedAt = tx.Now().UTC().Truncate(time.Millisecond)
		var teamIDs []int64
		if pt.TeamIDs != nil {
			teamIDs = in.TeamIDs
		}
		return tx.UpdateProject(ctx, p, teamIDs)
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

// List is one page of projects, each with its progress, and how many f selects.
func (s *Service) List(ctx context.Context, f Filter) ([]Project, int, error) {
	f, err := f.Normalize()
	if err != nil {
		return nil, 0, err
	}
	list, total, err := s.store.Projects(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	today, err := s.cal.Today(ctx)
	if err != nil {
		return nil, 0, err
	}
	for i := range list {
		Fill(&list[i], today)
	}
	return list, total, nil
}

// Options lists the projects production and shipments may name.
func (s *Service) Options(ctx context.Context) ([]Option, error) { return s.store.Options(ctx) }

// People lists the users a project's owner and team are picked from.
func (s *Service) People(ctx context.Context) ([]Member, error) { return s.store.People(ctx) }
