package impact

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/timeclock"
)

// Limits.
const (
	MaxLabel = 200
	// MaxLinks is how many links people may make for one project (revoked
	// ones count; the monthly mail's do not).
	MaxLinks = 100
	// MailedLinkDays is how long a link the monthly mail carries works.
	MailedLinkDays = 62
)

// PublicPrefix is the path of a share link's page, before its token.
const PublicPrefix = "/impact-link/"

// Store is what the report needs from storage. Getters return nil (and no
// error) for a row that does not exist.
type Store interface {
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// Project reads one project with its counted units.
	Project(ctx context.Context, id int64) (*projects.Project, error)
	// ClientProjects are a client's projects (archived too), by start date,
	// and its name ("" and no error when there is no such client).
	ClientProjects(ctx context.Context, clientID int64) (string, []projects.Project, error)
	// Items reads items by id.
	Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error)
	// Shipments lists the shipments of the projects that were shipped or
	// delivered, with a ship date in [from, to], with their lines, by date.
	Shipments(ctx context.Context, projectIDs []int64, from, to string) ([]Shipment, error)
	// Links lists a project's share links, newest first.
	Links(ctx context.Context, projectID int64) ([]Link, error)
	// LinkByHash reads a link by its token's hash.
	LinkByHash(ctx context.Context, hash string) (*Link, error)
	// LinkOpened counts an opening (bookkeeping: losing it harms nothing).
	LinkOpened(ctx context.Context, id int64) error
	// MailState reads a project's monthly mail switch, its client's billing
	// address and the last month mailed.
	MailState(ctx context.Context, projectID int64) (*Mail, error)
	// MonthlyDue lists the projects, not archived, whose monthly mail is on
	// and was not queued for month (YYYY-MM).
	MonthlyDue(ctx context.Context, month string) ([]int64, error)
}

// Tx is one write transaction.
type Tx interface {
	Now() time.Time
	// LockProject reads a project (nil when none) and locks it.
	LockProject(ctx context.Context, id int64) (*projects.Project, error)
	// CountLinks counts the links people made for a project, revoked ones too.
	CountLinks(ctx context.Context, projectID int64) (int, error)
	InsertLink(ctx context.Context, l *Link, hash string, by *int64) error
	// LockLink reads a link of a project, locked (nil when none).
	LockLink(ctx context.Context, projectID, id int64) (*Link, error)
	RevokeLink(ctx context.Context, id int64, by *int64) error
	SetMonthly(ctx context.Context, projectID int64, on bool) error
	// MailTarget is the project's client's name, billing address and the
	// month last mailed, with the monthly switch.
	// MailTarget is the project's client's name and billing address, the
	// language of the client's latest invoice ("gb" when none), the monthly
	// switch and the month last mailed.
	MailTarget(ctx context.Context, projectID int64) (name, email, lang string, monthly bool, last *string, err error)
	SetMailedMonth(ctx context.Context, projectID int64, month string) error
	QueueMail(ctx context.Context, kind mail.Kind, m mail.Message) error
}

// Labour is production's labour of entries (production.Service).
type Labour interface {
	LabourOfEntries(ctx context.Context, from, to string, chosen func(*production.Entry) bool) (*production.EntryLabour, error)
}

// Service builds reports and keeps share links.
type Service struct {
	store  Store
	labour Labour
	cal    *organisation.Calendar
	// Outbox is woken after a mail is queued (nil: the sweep sends it).
	Outbox interface{ Wake() }
}

// NewService returns the impact service.
func NewService(store Store, labour Labour, cal *organisation.Calendar) *Service {
	return &Service{store: store, labour: labour, cal: cal}
}

func errProjectNotFound() error {
	return apperr.New(apperr.NotFound, "projects.not_found", apperr.Params{}, "Project not found.")
}

func errClientNotFound() error {
	return apperr.New(apperr.NotFound, "clients.not_found", apperr.Params{}, "Client not found.")
}

// ProjectReport is a project's report over [from, to]; empty from and to
// default to the project's start date and the organisation's today.
func (s *Service) ProjectReport(ctx context.Context, id int64, from, to string) (*Report, error) {
	p, err := s.store.Project(ctx, id)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errProjectNotFound()
	}
	sc := Scope{Kind: ScopeProject, ID: p.ID, Name: p.Name, ClientID: p.ClientID, ClientName: p.ClientName}
	return s.build(ctx, sc, []projects.Project{*p}, from, to)
}

// ClientReport is the report of every project of a client over [from, to];
// from defaults to its first project's start date.
func (s *Service) ClientReport(ctx context.Context, id int64, from, to string) (*Report, error) {
	name, ps, err := s.store.ClientProjects(ctx, id)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, errClientNotFound()
	}
	sc := Scope{Kind: ScopeClient, ID: id, Name: name, ClientID: id, ClientName: name}
	return s.build(ctx, sc, ps, from, to)
}

// period settles the report's dates: given ones are checked; missing ones
// are the first project's start and today (at most production.MaxRangeDays
// before to, and never before from).
func (s *Service) period(ctx context.Context, ps []projects.Project, from, to string) (string, string, error) {
	if to == "" {
		today, err := s.cal.Today(ctx)
		if err != nil {
			return "", "", err
		}
		to = today
		if from != "" && to < from {
			to = from
		}
	}
	if from == "" {
		from = to
		for _, p := range ps {
			if p.StartDate < from {
				from = p.StartDate
			}
		}
		if t, err := timeclock.ParseDate(to); err == nil {
			if first := t.AddDays(-production.MaxRangeDays).String(); from < first {
				from = first
			}
		}
	}
	if err := production.CheckRange(from, to); err != nil {
		return "", "", err
	}
	return from, to, nil
}

func (s *Service) build(ctx context.Context, sc Scope, ps []projects.Project, from, to string) (*Report, error) {
	from, to, err := s.period(ctx, ps, from, to)
	if err != nil {
		return nil, err
	}
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	r := &Report{Scope: sc, From: from, To: to, OrganisationName: st.Name, Currency: st.Currency,
		CurrencyDigits: organisation.Currencies[st.Currency], MealsComplete: true, CostComplete: true,
		Products: []ProductTotal{}, Materials: []Material{}, Shipments: []Shipment{}, Destinations: []Destination{}, Days: []Day{}}
	r.Scope.Projects = []ProjectRef{}
	in := map[int64]bool{}
	product := map[int64]int64{} // project → its product
	var ids []int64
	for _, p := range ps {
		r.Scope.Projects = append(r.Scope.Projects, ProjectRef{ID: p.ID, Name: p.Name, Status: p.Status, ProductID: p.ProductID,
			TargetUnits: p.TargetUnits, StartDate: p.StartDate, DueDate: p.DueDate})
		in[p.ID] = true
		product[p.ID] = p.ProductID
		ids = append(ids, p.ID)
	}
	lab, err := s.labour.LabourOfEntries(ctx, from, to, func(e *production.Entry) bool {
		return e.ProjectID != nil && in[*e.ProjectID]
	})
	if err != nil {
		return nil, err
	}
	var ships []Shipment
	if len(ids) > 0 {
		if ships, err = s.store.Shipments(ctx, ids, from, to); err != nil {
			return nil, err
		}
	}
	itemIDs := []int64{}
	for _, e := range lab.Entries {
		itemIDs = append(itemIDs, e.ProductID)
		for _, m := range e.Moves {
			itemIDs = append(itemIDs, m.ItemID)
		}
	}
	items, err := s.store.Items(ctx, itemIDs)
	if err != nil {
		return nil, err
	}
	Assemble(r, lab, ships, items, product)
	return r, nil
}

// Assemble fills a report's figures from the scope's entries and their
// labour, its shipments and the items they name; product maps each project
// to its product.
func Assemble(r *Report, lab *production.EntryLabour, ships []Shipment, items map[int64]*inventory.Item, product map[int64]int64) {
	days := map[string]*Day{}
	f, _ := timeclock.ParseDate(r.From)
	t, _ := timeclock.ParseDate(r.To)
	for d := f; !t.Before(d); d = d.AddDays(1) {
		r.Days = append(r.Days, Day{Date: d.String()})
	}
	for i := range r.Days {
		days[r.Days[i].Date] = &r.Days[i]
	}
	products := map[int64]*ProductTotal{}
	for _, e := range lab.Entries {
		if e.Reversed {
			continue
		}
		p := products[e.ProductID]
		if p == nil {
			p = &ProductTotal{ProductID: e.ProductID, SKU: e.ProductSKU, Name: e.ProductName, Unit: e.ProductUnit}
			if it := items[e.ProductID]; it != nil {
				p.ServingsPerUnit = it.ServingsPerUnit
			}
			products[e.ProductID] = p
		}
		p.Units += e.Units
		r.Units += e.Units
		if d := days[e.Date]; d != nil {
			d.Units += e.Units
			if p.ServingsPerUnit != nil {
				d.Meals += e.Units * *p.ServingsPerUnit
			}
		}
	}
	for _, p := range products {
		if p.ServingsPerUnit != nil {
			m := p.Units * *p.ServingsPerUnit
			p.Meals = &m
			if r.Meals == nil {
				r.Meals = new(int64)
			}
			*r.Meals += m
		} else {
			r.MealsComplete = false
		}
		r.Products = append(r.Products, *p)
	}
	sort.Slice(r.Products, func(i, j int) bool { return r.Products[i].Name < r.Products[j].Name })
	for _, c := range production.ConsumedBy(lab.Entries) {
		m := &Material{ItemID: c.ItemID, SKU: c.SKU, Name: c.Name, Unit: c.Unit, BatchID: c.BatchID, BatchCode: c.BatchCode, Quantity: c.Quantity}
		if it := items[m.ItemID]; it != nil && it.UnitCost != nil {
			c := Cost(m.Quantity, *it.UnitCost)
			m.UnitCost, m.Cost = it.UnitCost, &c
			r.MaterialsCost += c
		} else {
			r.CostComplete = false
		}
		r.Materials = append(r.Materials, *m)
	}
	sort.Slice(r.Materials, func(i, j int) bool {
		a, b := r.Materials[i], r.Materials[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.BatchCode < b.BatchCode
	})
	r.LabourHours = production.Hours(lab.Total)
	r.People = len(lab.People)
	for date, d := range lab.PerDay {
		if day := days[date]; day != nil {
			day.LabourHours = production.Hours(d)
		}
	}
	dest := map[string]*Destination{}
	for _, sh := range ships {
		for _, l := range sh.Lines {
			if l.ItemID == product[sh.ProjectID] {
				sh.Units += l.Quantity
			}
		}
		r.ShippedUnits += sh.Units
		if d := days[sh.ShipDate]; d != nil {
			d.ShippedUnits += sh.Units
		}
		key := "name:" + strings.ToLower(sh.Destination)
		if sh.PartnerID != nil {
			key = "partner:" + strconv.FormatInt(*sh.PartnerID, 10)
		}
		if dest[key] == nil {
			dest[key] = &Destination{PartnerID: sh.PartnerID}
		}
		dest[key].Name = sh.Destination // the latest shipment's (ships are by date)
		dest[key].Shipments++
		dest[key].Units += sh.Units
		r.Shipments = append(r.Shipments, sh)
	}
	for _, d := range dest {
		r.Destinations = append(r.Destinations, *d)
	}
	sort.Slice(r.Destinations, func(i, j int) bool {
		a, b := r.Destinations[i], r.Destinations[j]
		if a.Units != b.Units {
			return a.Units > b.Units
		}
		return a.Name < b.Name
	})
}

// Cost is what quantity of an item at unitCost (minor units per unit) costs,
// in minor units, rounded half away from zero.
func Cost(q inventory.Quantity, unitCost int64) int64 {
	n := int64(q) * unitCost
	half := int64(inventory.QuantityScale) / 2
	if n < 0 {
		return -((-n + half) / inventory.QuantityScale)
	}
	return (n + half) / inventory.QuantityScale
}

// ---- share links
