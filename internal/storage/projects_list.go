package storage

import (
	"context"
	"strings"

	"github.com/packline/packline/internal/projects"
	"github.com/packline/packline/internal/recalls"
)

// projectSorts order the list; each names a column of the inner select
// (projectColumns), so progress sorts by what was counted.
var projectSorts = map[string]string{
	"name":       "x.name_key",
	"client":     "x.client_key",
	"status":     "x.status",
	"start_date": "x.start_date",
	"due_date":   "x.due_date",
	"progress":   "(x.produced * 1.0 / x.target_units)",
	"created_at": "x.created_at",
}

// Projects is one page of the projects f selects and how many in all. No
// status selects every project but the archived ones.
func (s *ProjectStore) Projects(ctx context.Context, f projects.Filter) ([]projects.Project, int, error) {
	var conds []string
	var args []any
	if f.Status == "" {
		conds, args = append(conds, `p.status <> ?`), append(args, projects.StatusArchived)
	} else {
		conds, args = append(conds, `p.status = ?`), append(args, f.Status)
	}
	if f.Search != "" {
		conds, args = append(conds, `p.search_text LIKE ? ESCAPE '\'`), append(args, "%"+escapeLike(strings.ToLower(f.Search))+"%")
	}
	where := whereSQL(conds)
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM projects p`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	col, dir := sortColumn(projectSorts, f.Sort, projectSorts["due_date"]), sortDir(f.Desc)
	// The inner select's columns are projectColumns, in order: x.* scans as one project.
	list, err := scanAll(ctx, s.db, scanProject, `SELECT x.* FROM (SELECT `+projectColumns+projectFrom+where+`) x
		ORDER BY `+col+dir+`, x.id`+dir+` LIMIT ? OFFSET ?`, append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, err
	}
	return list, total, fillTeams(ctx, s.db, list)
}

// Work lists a project's production entries and shipments, newest first.
func (s *ProjectStore) Work(ctx context.Context, p *projects.Project) ([]projects.ProductionEntry, []projects.Shipment, error) {
	prod, err := scanAll(ctx, s.db, func(r rowScanner) (*projects.ProductionEntry, error) {
		var e projects.ProductionEntry
		var reversed *int64
		err := r.Scan(&e.ID, &e.Date, &e.Hour, &e.LineName, &e.Units, &reversed)
		e.Reversed = reversed != nil
		return &e, err
	}, `SELECT e.id, e.date, e.hour, l.name, e.units, e.reversed_at FROM production_entries e
		JOIN production_lines l ON l.id = e.line_id
		WHERE e.project_id = ? ORDER BY e.date DESC, e.hour DESC, e.id DESC LIMIT ?`, p.ID, projects.MaxWork)
	if err != nil {
		return nil, nil, err
	}
	ships, err := scanAll(ctx, s.db, func(r rowScanner) (*projects.Shipment, error) {
		var sh projects.Shipment
		err := r.Scan(&sh.ID, &sh.Number, &sh.Status, &sh.ShipDate, &sh.Destination, &sh.Units)
		return &sh, err
	}, `SELECT s.id, s.number, s.status, s.ship_date, s.dest_name,
		CAST((SELECT COALESCE(SUM(l.quantity), 0) FROM shipping_lines l WHERE l.shipment_id = s.id AND l.item_id = ?) AS BIGINT)
		FROM shipping_shipments s WHERE s.project_id = ? ORDER BY s.ship_date DESC, s.id DESC LIMIT ?`, p.ProductID, p.ID, projects.MaxWork)
	return prod, ships, err
}

// OpenRecalls implements projects.Store.
func (s *ProjectStore) OpenRecalls(ctx context.Context, projectID int64) ([]projects.RecallRef, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*projects.RecallRef, error) {
		var ref projects.RecallRef
		err := r.Scan(&ref.ID)
		ref.Number = recalls.NumberOf(ref.ID)
		return &ref, err
	}, `SELECT DISTINCT r.id FROM recalls r JOIN recall_batches rb ON rb.recall_id = r.id
		WHERE r.status = 'open' AND rb.batch_id IN (
			SELECT e.produced_batch_id FROM production_entries e WHERE e.project_id = ? AND e.produced_batch_id IS NOT NULL
			UNION SELECT l.batch_id FROM shipping_lines l JOIN shipping_shipments s ON s.id = l.shipment_id
				WHERE s.project_id = ? AND s.status <> 'cancelled')
		ORDER BY r.id`, projectID, projectID)
}

// Options lists the projects not archived, by name.
func (s *ProjectStore) Options(ctx context.Context) ([]projects.Option, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*projects.Option, error) {
		var o projects.Option
		err := r.Scan(&o.ID, &o.Name, &o.Status, &o.ProductID)
		return &o, err
	}, `SELECT id, name, status, product_id FROM projects WHERE status <> ? ORDER BY name_key, id`, projects.StatusArchived)
}

// People lists the active users, by name.
func (s *ProjectStore) People(ctx context.Context) ([]projects.Member, error) {
	return scanAll(ctx, s.db, func(r rowScanner) (*projects.Member, error) {
		var m projects.Member
		err := r.Scan(&m.ID, &m.Name)
		m.Name = strings.TrimSpace(m.Name)
		return &m, err
	}, `SELECT id, first_name || ' ' || last_name FROM users WHERE active = ? ORDER BY first_name, last_name, id`, true)
}
