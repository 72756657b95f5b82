package production

import (
	"bytes"
	"context"
	"encoding/json"
	"sort"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// OptionalTarget is a PATCH's hourly target: absent (Set false), null
// (Set, Value nil: no target) or a number.
type OptionalTarget struct {
	Set   bool
	Value *int64
}

// UnmarshalJSON implements json.Unmarshaler.
func (o *OptionalTarget) UnmarshalJSON(b []byte) error {
	o.Set = true
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		o.Value = nil
		return nil
	}
	var v int64
	if err := json.Unmarshal(b, &v); err != nil {
		return apperr.New(apperr.Invalid, "production.line_target", apperr.Params{"max": MaxTarget},
			"The hourly target must be a whole number of units, or null for none.").OnField("hourly_target")
	}
	o.Value = &v
	return nil
}

// LinePatch renames a line, sets or removes its hourly target, archives or
// restores it; only the fields present change.
type LinePatch struct {
	Name         *string        `json:"name"`
	HourlyTarget OptionalTarget `json:"hourly_target"`
	Archived     *bool          `json:"archived"`
}

// Apply validates p and applies it to l.
func (p LinePatch) Apply(l Line) (Line, error) {
	n := NewLine{Name: l.Name, HourlyTarget: l.HourlyTarget}
	if p.Name != nil {
		n.Name = *p.Name
	}
	if p.HourlyTarget.Set {
		n.HourlyTarget = p.HourlyTarget.Value
	}
	n.Normalize()
	if err := n.Validate(); err != nil {
		return l, err
	}
	l.Name, l.HourlyTarget = n.Name, n.HourlyTarget
	if p.Archived != nil {
		l.Archived = *p.Archived
	}
	return l, nil
}

// UpdateLine changes a line (production.line_not_found, line_taken).
// Archived lines leave the grid and the pickers; their entries stay.
func (s *Service) UpdateLine(ctx context.Context, id int64, p LinePatch) (*Line, error) {
	var out *Line
	err := s.Store.InTx(ctx, func(tx Tx) error {
		l, err := lockLine(ctx, tx, id)
		if err != nil {
			return err
		}
		next, err := p.Apply(*l)
		if err != nil {
			return err
		}
		if err := tx.UpdateLine(ctx, next); err != nil {
			return lineNameTaken(err, next.Name)
		}
		out = &next
		return nil
	})
	return out, err
}

// AllLines lists every line, archived ones too, by name.
func (s *Service) AllLines(ctx context.Context) ([]Line, error) { return s.Store.AllLines(ctx) }

// RecipeVersions lists every version of an item's recipe, newest first
// (empty when it has none).
func (s *Service) RecipeVersions(ctx context.Context, itemID int64) ([]Recipe, error) {
	return s.Store.RecipeVersions(ctx, itemID)
}

// CrewMember is an employee who worked on a day, or is assigned to a line
// for it, with their hours that day and their line (nil: unassigned).
// Worked is false for someone assigned who has not clocked in that day
// (planned ahead).
type CrewMember struct {
	EmployeeID int64   `json:"employee_id"`
	FirstName  string  `json:"first_name"`
	LastName   string  `json:"last_name"`
	Hours      float64 `json:"hours"`
	LineID     *int64  `json:"line_id"`
	Worked     bool    `json:"worked"`
}

// Person is an employee by name.
type Person struct {
	EmployeeID int64  `json:"employee_id"`
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
}

// CrewDay is a day's crew and the active employees not on it yet, who may
// be assigned to a line before they clock in.
type CrewDay struct {
	Date      string       `json:"date"`
	Crew      []CrewMember `json:"crew"`
	Available []Person     `json:"available"`
}

// CrewDay lists a day's crew (see Crew) and, by name, the active
// employees not on it.
func (s *Service) CrewDay(ctx context.Context, date string) (*CrewDay, error) {
	crew, err := s.Crew(ctx, date)
	if err != nil {
		return nil, err
	}
	active, err := s.Store.ActiveEmployees(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range crew {
		delete(active, c.EmployeeID)
	}
	d := &CrewDay{Date: date, Crew: crew, Available: []Person{}}
	for id, n := range active {
		d.Available = append(d.Available, Person{EmployeeID: id, FirstName: n[0], LastName: n[1]})
	}
	sort.Slice(d.Available, func(i, j int) bool {
		a, b := d.Available[i], d.Available[j]
		if a.LastName != b.LastName {
			return a.LastName < b.LastName
		}
		if a.FirstName != b.FirstName {
			return a.FirstName < b.FirstName
		}
		return a.EmployeeID < b.EmployeeID
	})
	return d, nil
}

// Crew lists who worked on date (clocked in during it, an open shift up to
// now) and who is assigned to a line for it, by name.
func (s *Service) Crew(ctx context.Context, date string) ([]CrewMember, error) {
	if _, err := ParseDay("date", date); err != nil {
		return nil, err
	}
	ls, err := s.labourSettings(ctx)
	if err != nil {
		return nil, err
	}
	from, to := dayWindow(date, ls.loc)
	eps, err := s.Store.Punches(ctx, from, to)
	if err != nil {
		return nil, err
	}
	worked := map[int64]time.Duration{}
	for _, ep := range eps {
		for _, w := range WorkedFromPunches(ep.EmployeeID, ep.Punches, ep.OpenSince, ls.now, ls.maxShift) {
			SplitBySlot(w, ls.loc, func(sl Slot, d time.Duration) {
				if sl.Date == date {
					worked[ep.EmployeeID] += d
				}
			})
		}
	}
	as, err := s.Store.Assignments(ctx, date, date)
	if err != nil {
		return nil, err
	}
	line := map[int64]*int64{}
	for _, a := range as {
		line[a.EmployeeID] = a.LineID
	}
	var ids []int64
	for id, d := range worked {
		if d > 0 {
			ids = append(ids, id)
		}
	}
	for id := range line {
		if worked[id] <= 0 {
			ids = append(ids, id)
		}
	}
	names, err := s.Store.EmployeeNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := []CrewMember{}
	for _, id := range ids {
		n := names[id]
		out = append(out, CrewMember{EmployeeID: id, FirstName: n[0], LastName: n[1], Hours: Hours(worked[id]), LineID: line[id],
			Worked: worked[id] > 0})
	}
	sortCrew(out)
	return out, nil
}
