package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/impact"
	"github.com/packline/packline/internal/payments"
	"github.com/packline/packline/internal/text"
)

// The impact report (internal/impact): a project's or a client's figures
// over a period, as JSON or CSV; a project's share links and monthly mail;
// the public report a share link opens.

func (s *Server) projectImpact(r *http.Request) (*impact.Report, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	return s.Impact.ProjectReport(r.Context(), id, queryText(r, "from"), queryText(r, "to"))
}

func (s *Server) clientImpact(r *http.Request) (*impact.Report, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	return s.Impact.ClientReport(r.Context(), id, queryText(r, "from"), queryText(r, "to"))
}

func (s *Server) handleProjectImpact(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.projectImpact(r)
	if err == nil {
		rep.LogoURL, err = s.logoURL(r.Context())
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, rep)
}

func (s *Server) handleClientImpact(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.clientImpact(r)
	if err == nil {
		rep.LogoURL, err = s.logoURL(r.Context())
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, rep)
}

func (s *Server) handleProjectImpactCSV(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.projectImpact(r)
	if err != nil {
		return err
	}
	return writeImpactCSV(w, "impact-project-"+strconv.FormatInt(rep.Scope.ID, 10), rep)
}

func (s *Server) handleClientImpactCSV(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.clientImpact(r)
	if err != nil {
		return err
	}
	return writeImpactCSV(w, "impact-client-"+strconv.FormatInt(rep.Scope.ID, 10), rep)
}

// impactHeader are the CSV's columns: one table whose first column says
// which part of the report a row belongs to (summary, product, day,
// material, shipment), so a spreadsheet can filter it.
var impactHeader = []string{"section", "date", "name", "sku", "code", "destination", "quantity", "unit", "meals", "labour_hours", "cost", "currency"}

// writeImpactCSV writes the report as CSV: the summary, products, days,
// materials by batch and shipment lines. Costs are in major units.
func writeImpactCSV(w http.ResponseWriter, name string, rep *impact.Report) error {
	out := newCSV(w, name+"-"+rep.From+"-to-"+rep.To+".csv", impactHeader)
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	ip := func(v *int64) string {
		if v == nil {
			return ""
		}
		return i(*v)
	}
	money := func(v *int64) string {
		if v == nil {
			return ""
		}
		return payments.DecimalDigits(*v, rep.CurrencyDigits)
	}
	hours := func(h float64) string { return strconv.FormatFloat(h, 'f', 2, 64) }
	cell := text.CSVCell
	period := rep.From + "/" + rep.To
	cost := rep.MaterialsCost
	rows := [][]string{
		{"summary", period, "units", "", "", "", i(rep.Units), "", ip(rep.Meals), hours(rep.LabourHours), money(&cost), rep.Currency},
		{"summary", period, "people", "", "", "", strconv.Itoa(rep.People), "", "", "", "", ""},
		{"summary", period, "shipped_units", "", "", "", rep.ShippedUnits.String(), "", "", "", "", ""},
	}
	for _, p := range rep.Products {
		rows = append(rows, []string{"product", period, cell(p.Name), cell(p.SKU), "", "", i(p.Units), cell(p.Unit), ip(p.Meals), "", "", ""})
	}
	for _, d := range rep.Days {
		rows = append(rows, []string{"day", d.Date, "", "", "", "", i(d.Units), "", i(d.Meals), hours(d.LabourHours), "", ""})
	}
	for _, m := range rep.Materials {
		rows = append(rows, []string{"material", period, cell(m.Name), cell(m.SKU), cell(m.BatchCode), "", m.Quantity.String(), cell(m.Unit),
			"", "", money(m.Cost), rep.Currency})
	}
	for _, sh := range rep.Shipments {
		for _, l := range sh.Lines {
			rows = append(rows, []string{"shipment", sh.ShipDate, cell(l.Name), cell(l.SKU), cell(sh.Number + " " + l.BatchCode),
				cell(sh.Destination), l.Quantity.String(), cell(l.Unit), "", "", "", ""})
		}
	}
	for _, row := range rows {
		if err := out.Row(row...); err != nil {
			return err
		}
	}
	return out.Close()
}

func (s *Server) handleImpactLinks(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	ls, err := s.Impact.Links(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"links": ls})
}

func (s *Server) handleImpactLinkCreate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[impact.NewLink](w, r)
	if err != nil {
		return err
	}
	l, err := s.Impact.CreateLink(r.Context(), id, in, userIDOf(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, l)
}

func (s *Server) handleImpactLinkRevoke(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	link, err := pathID(r, "link")
	if err != nil {
		return err
	}
	l, err := s.Impact.RevokeLink(r.Context(), id, link, userIDOf(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, l)
}

func (s *Server) handleImpactMail(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Impact.MailState)
}

// mailSettingInput is impact.MailSetting as the API takes it: monthly is
// said, true or false; absent is not off.
type mailSettingInput struct {
	Monthly *bool `json:"monthly"`
}

func (s *Server) handleImpactMailSet(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody(w, r, http.StatusOK, func(ctx context.Context, id int64, in mailSettingInput) (*impact.Mail, error) {
		if in.Monthly == nil {
			return nil, apperr.Required("monthly")
		}
		return s.Impact.SetMonthly(ctx, id, impact.MailSetting{Monthly: *in.Monthly})
	})
}

// handlePublicImpact is what a share link shows without signing in: the
// project's report and nothing else. Revoked and expired links answer 404
// impact.link_revoked / impact.link_expired, which the page words.
func (s *Server) handlePublicImpact(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.Impact.PublicReport(r.Context(), r.PathValue("token"))
	if err == nil {
		rep.LogoURL, err = s.logoURL(r.Context())
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	return writeJSON(w, http.StatusOK, rep)
}
