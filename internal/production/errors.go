package production

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/inventory"
)

// summariseDay is what an entry or its reversal causes on its date: the
// day's output summaries are rewritten and its labour (which prorates
// punches over the lines that produced) is recomputed on its next read.
func summariseDay(ctx context.Context, tx Tx, date string, lineID int64) error {
	if err := tx.SummariseDay(ctx, date, lineID); err != nil {
		return err
	}
	return tx.DaysChanged(ctx, date, date)
}

// ErrLineNameTaken is the store's answer when another line has the name
// (ignoring case); the service words it as production.line_taken.
var ErrLineNameTaken = errors.New("production: line name taken")

func lineNameTaken(err error, name string) error {
	if errors.Is(err, ErrLineNameTaken) {
		return apperr.New(apperr.Conflict, "production.line_taken", apperr.Params{"name": name},
			"A line named "+name+" already exists.").OnField("name")
	}
	return err
}

// lockLine is tx.LockLine, production.line_not_found when there is none.
func lockLine(ctx context.Context, tx Tx, id int64) (*Line, error) {
	l, err := tx.LockLine(ctx, id)
	if err == nil && l == nil {
		err = apperr.New(apperr.NotFound, "production.line_not_found", apperr.Params{"line_id": id}, "Line not found.").OnField("line_id")
	}
	return l, err
}

func errEntryNotFound(id int64) error {
	return apperr.New(apperr.NotFound, "production.entry_not_found", apperr.Params{"entry_id": id}, "Production entry not found.")
}

// Entry returns one entry with its moves (production.entry_not_found when there is none).
func (s *Service) Entry(ctx context.Context, id int64) (*Entry, error) {
	e, err := s.Store.Entry(ctx, id)
	if err == nil && e == nil {
		err = errEntryNotFound(id)
	}
	return e, err
}

// ErrLineArchived refuses new entries and assignments on an archived line
// (409): restore it first. Its entries stay.
func ErrLineArchived(l *Line) error {
	return apperr.New(apperr.Conflict, "production.line_archived", apperr.Params{"line": l.Name, "line_id": l.ID},
		fmt.Sprintf("Line %s is archived; restore it before recording on it.", l.Name)).OnField("line_id")
}

// ErrEmployeeArchived refuses to put an archived employee on a line (409).
var ErrEmployeeArchived = apperr.New(apperr.Conflict, "production.employee_archived", nil,
	"This employee is archived; restore them before assigning them to a line.").OnField("employee_id")

func errNoRecipe(p *inventory.Item) error {
	return apperr.New(apperr.Conflict, "production.no_recipe", apperr.Params{"item": p.Name},
		fmt.Sprintf("%s has no recipe yet.", p.Name)).OnField("product_id")
}

// checkHappened refuses an entry for an hour that has not begun yet in the
// organisation's zone (409 production.hour_not_yet), unless the setting
// allow_planning_ahead is on. The hour is compared on the local clock of
// the zone (date, then hour), so a day that changes to or from summer time
// is compared as people there read it.
func (s *Service) checkHappened(ctx context.Context, date string, hour int) error {
	st, err := s.Calendar.Settings.Get(ctx)
	if err != nil {
		return err
	}
	if st.AllowPlanningAhead {
		return nil
	}
	now := s.Calendar.Now().In(st.Location())
	today := now.Format(time.DateOnly)
	if date < today || (date == today && hour <= now.Hour()) {
		return nil
	}
	return apperr.New(apperr.Conflict, "production.hour_not_yet",
		apperr.Params{"date": date, "hour": hour, "today": today, "current_hour": now.Hour()},
		fmt.Sprintf("%s %02d:00 has not begun yet in the organisation's time zone; record an hour once it has started.", date, hour)).OnField("hour")
}
