package projects

import (
	"testing"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

func TestFill(t *testing.T) {
	for _, c := range []struct {
		name               string
		status, due, today string
		produced           int64
		shipped            inventory.Quantity
		target             int64
		progress, shipProg int
		daysLeft           *int
	}{
		{"half made, none shipped", StatusInProgress, "2026-03-10", "2026-03-01", 500, 0, 1000, 50, 0, ptr(9)},
		{"over the target caps at 100", StatusImportant, "2026-03-01", "2026-03-01", 1200, inventory.Units(1000), 1000, 100, 100, ptr(0)},
		{"overdue", StatusInProgress, "2026-02-27", "2026-03-01", 1, inventory.Quantity(1500), 3, 33, 50, ptr(-2)},
		{"completed has no days left", StatusCompleted, "2026-02-27", "2026-03-01", 3, inventory.Units(3), 3, 100, 100, nil},
		{"across a DST change", StatusInProgress, "2026-03-09", "2026-03-07", 0, 0, 10, 0, 0, ptr(2)},
	} {
		p := Project{Status: c.status, DueDate: c.due, ProducedUnits: c.produced, ShippedUnits: c.shipped, TargetUnits: c.target}
		Fill(&p, c.today)
		if p.Progress != c.progress || p.ShippedProgress != c.shipProg {
			t.Errorf("%s: progress %d/%d, want %d/%d", c.name, p.Progress, p.ShippedProgress, c.progress, c.shipProg)
		}
		if (p.DaysLeft == nil) != (c.daysLeft == nil) || (p.DaysLeft != nil && *p.DaysLeft != *c.daysLeft) {
			t.Errorf("%s: days left %v, want %v", c.name, p.DaysLeft, c.daysLeft)
		}
	}
}

func ptr(n int) *int { return &n }

func TestValidate(t *testing.T) {
	ok := func() Input {
		return Input{Name: " Meals ", ClientID: 1, ProductID: 2, TargetUnits: 10, StartDate: "2026-03-01", DueDate: "2026-03-05", TeamIDs: []int64{3, 3, 4}}
	}
	in := ok()
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	if in.Name != "Meals" || in.Status != StatusInProgress || len(in.TeamIDs) != 2 {
		t.Fatalf("normalised %+v", in)
	}
	for _, c := range []struct {
		code string
		mod  func(*Input)
	}{
		{"field.required", func(in *Input) { in.Name = " " }},
		{"field.required", func(in *Input) { in.ClientID = 0 }},
		{"field.required", func(in *Input) { in.ProductID = 0 }},
		{"field.range", func(in *Input) { in.TargetUnits = 0 }},
		{"field.choice", func(in *Input) { in.Status = "done" }},
		{"field.date", func(in *Input) { in.DueDate = "05/03/2026" }},
		{"projects.due_before_start", func(in *Input) { in.DueDate = "2026-02-01" }},
	} {
		in := ok()
		c.mod(&in)
		e, _ := apperr.As(in.Validate())
		if e == nil || e.Code != c.code {
			t.Errorf("%s: got %v", c.code, e)
		}
	}
}

func TestAttributable(t *testing.T) {
	o := &Option{ID: 1, Name: "Meals", Status: StatusInProgress, ProductID: 7}
	for _, c := range []struct {
		o       *Option
		product int64
		code    string
	}{
		{o, 7, ""},
		{o, 0, ""},
		{o, 8, "projects.other_product"},
		{nil, 7, "projects.unknown"},
		{&Option{ID: 1, Name: "Old", Status: StatusArchived, ProductID: 7}, 7, "projects.archived"},
	} {
		err := Attributable(c.o, 1, c.product, "project_id")
		e, _ := apperr.As(err)
		if (c.code == "" && err != nil) || (c.code != "" && (e == nil || e.Code != c.code)) {
			t.Errorf("%+v %d: got %v, want %q", c.o, c.product, err, c.code)
		}
	}
}
