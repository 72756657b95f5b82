package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/production"
)

// prodActor is the request's signed-in user as production names them.
func prodActor(r *http.Request) production.Actor {
	return production.Actor{UserID: userIDOf(r)}
}

// batchProduction is the batch page's production list: the entries that
// consumed or produced the batch (GET /api/inventory/batches/{id} adds it).
func (s *Server) batchProduction(ctx context.Context, batchID int64) ([]production.BatchUse, error) {
	if s.Production == nil {
		return []production.BatchUse{}, nil
	}
	return s.Production.BatchUses(ctx, batchID)
}

// dateParam reads a YYYY-MM-DD query parameter, today (in the
// organisation's zone) when absent.
func (s *Server) dateParam(r *http.Request, name string) (string, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return s.Production.Calendar.Today(r.Context())
	}
	if _, err := production.ParseDay(name, v); err != nil {
		return "", err
	}
	return v, nil
}

func (s *Server) handleGetRecipe(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Production.Recipe)
}

type recipeBody struct {
	Components []production.Component `json:"components"`
}

func (s *Server) handlePutRecipe(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody(w, r, http.StatusOK, func(ctx context.Context, id int64, b recipeBody) (*production.Recipe, error) {
		return s.Production.SetRecipe(ctx, id, b.Components, prodActor(r))
	})
}

func (s *Server) handleListLines(w http.ResponseWriter, r *http.Request) error {
	archived, err := queryEnum(r, "archived", []string{"include"})
	if err != nil {
		return err
	}
	list := s.Production.Lines
	if archived == "include" {
		list = s.Production.AllLines
	}
	ls, err := list(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"lines": ls})
}

func (s *Server) handleCreateLine(w http.ResponseWriter, r *http.Request) error {
	return serveBody[production.NewLine](w, r, http.StatusCreated, s.Production.CreateLine)
}

func (s *Server) handleListProducts(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.Production.Products(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"products": ps})
}

func (s *Server) handleSuggest(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	pid, err := strconv.ParseInt(q.Get("product_id"), 10, 64)
	if err != nil || pid <= 0 {
		return apperr.New(apperr.Invalid, "production.product_required", nil, "Choose a product.").OnField("product_id")
	}
	units, err := strconv.ParseInt(q.Get("units"), 10, 64)
	if err != nil {
		return apperr.New(apperr.Invalid, "production.units", apperr.Params{"max": production.MaxUnits},
			"Units must be a whole number.").OnField("units")
	}
	date, err := s.dateParam(r, "date")
	if err != nil {
		return err
	}
	sg, err := s.Production.Suggest(r.Context(), pid, units, date)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, sg)
}

// entryInput is production.NewEntry as the API takes it: the hour is
// required, and 0 (midnight) is an hour, so absent is not 0.
type entryInput struct {
	production.NewEntry
	Hour *int `json:"hour"`
}

func (s *Server) handleCreateEntry(w http.ResponseWriter, r *http.Request) error {
	return serveBody(w, r, http.StatusCreated, func(ctx context.Context, in entryInput) (*production.Entry, error) {
		if in.Hour == nil {
			return nil, apperr.Required("hour")
		}
		n := in.NewEntry
		n.Hour = *in.Hour
		return s.Production.CreateEntry(ctx, n, prodActor(r))
	})
}

func (s *Server) handleGetEntry(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Production.Entry)
}

type reverseBody struct {
	Reason string `json:"reason" text:"multiline"`
}

func (s *Server) handleReverseEntry(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody(w, r, http.StatusCreated, func(ctx context.Context, id int64, b reverseBody) (*production.Entry, error) {
		return s.Production.ReverseEntry(ctx, id, b.Reason, prodActor(r))
	})
}

func (s *Server) handleDaily(w http.ResponseWriter, r *http.Request) error {
	return writeDay(s, w, r, s.Production.Daily)
}

// writeDay answers with what read gives for the day of the date parameter
// (today when absent).
func writeDay[T any](s *Server, w http.ResponseWriter, r *http.Request, read func(ctx context.Context, date string) (T, error)) error {
	date, err := s.dateParam(r, "date")
	if err != nil {
		return err
	}
	v, err := read(r.Context(), date)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

// overviewRange reads from and to; without them, the last 30 days.
func (s *Server) overviewRange(r *http.Request) (string, string, error) {
	to, err := s.dateParam(r, "to")
	if err != nil {
		return "", "", err
	}
	from := r.URL.Query().Get("from")
	if from == "" {
		t, _ := time.Parse(time.DateOnly, to)
		from = t.AddDate(0, 0, -29).Format(time.DateOnly)
	}
	return from, to, production.CheckRange(from, to)
}

// overview is the overview of the days the request's range asks for.
func (s *Server) overview(r *http.Request) (*production.Overview, error) {
	from, to, err := s.overviewRange(r)
	if err != nil {
		return nil, err
	}
	return s.Production.Overview(r.Context(), from, to)
}

func (s *Server) handleOverview(w http.ResponseWriter, r *http.Request) error {
	o, err := s.overview(r)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, o)
}

func (s *Server) handleOverviewCSV(w http.ResponseWriter, r *http.Request) error {
	o, err := s.overview(r)
	if err != nil {
		return err
	}
	c := newCSV(w, "production-"+o.From+"-"+o.To+".csv", []string{"date", "units", "labour_hours", "units_per_labour_hour"})
	num := func(v *float64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'f', -1, 64)
	}
	for _, d := range o.Days {
		if err := c.Row(d.Date, strconv.FormatInt(d.Units, 10), strconv.FormatFloat(d.LabourHours, 'f', -1, 64), num(d.UnitsPerLabourHour)); err != nil {
			return err
		}
	}
	if err := c.Row("total", strconv.FormatInt(o.Totals.Units, 10), strconv.FormatFloat(o.Totals.LabourHours, 'f', -1, 64), num(o.Totals.UnitsPerLabourHour)); err != nil {
		return err
	}
	return c.Close()
}

func (s *Server) handleAssignments(w http.ResponseWriter, r *http.Request) error {
	return writeDay(s, w, r, func(ctx context.Context, date string) (map[string]any, error) {
		as, err := s.Production.Assignments(ctx, date)
		return map[string]any{"date": date, "assignments": as}, err
	})
}

func (s *Server) handlePutAssignment(w http.ResponseWriter, r *http.Request) error {
	a, err := decode[production.Assignment](w, r)
	if err != nil {
		return err
	}
	if err := s.Production.Assign(r.Context(), a); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, a)
}

func (s *Server) handleToday(w http.ResponseWriter, r *http.Request) error {
	t, err := s.Production.TodaySoFar(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, t)
}

func (s *Server) handleUpdateLine(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody[production.LinePatch](w, r, http.StatusOK, s.Production.UpdateLine)
}

func (s *Server) handleRecipeVersions(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	vs, err := s.Production.RecipeVersions(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"versions": vs})
}

func (s *Server) handleCrew(w http.ResponseWriter, r *http.Request) error {
	return writeDay(s, w, r, s.Production.CrewDay)
}
