package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/projects"
)

// ProjectStore implements projects.Store. A project's progress is counted
// here on every read from the production entries and shipments naming it
// (projects.Project documents what counts).
//
// Files: projects.go (one project, writes), projects_list.go (the list,
// work done, pickers).
type ProjectStore struct{ db *DB }

var (
	_ projects.Store = (*ProjectStore)(nil)
	_ projects.Tx    = projTx{}
)

// NewProjectStore returns the projects store over db.
func NewProjectStore(db *DB) *ProjectStore { return &ProjectStore{db: db} }

// InTx runs fn in one write transaction.
func (s *ProjectStore) InTx(ctx context.Context, fn func(tx projects.Tx) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return fn(projTx{tx}) })
}

type projTx struct{ tx *Tx }

func (t projTx) Now() time.Time { return t.tx.Now }

// ClientStatus says whether a client exists and is archived.
func (t projTx) ClientStatus(ctx context.Context, id int64) (bool, bool, error) {
	var archived bool
	err := t.tx.QueryRow(ctx, `SELECT archived FROM clients WHERE id = ?`, id).Scan(&archived)
	if IsNoRows(err) {
		return false, false, nil
	}
	return err == nil, archived, err
}

// ProductKind is an item's kind, "" when there is none.
func (t projTx) ProductKind(ctx context.Context, id int64) (string, error) {
	var kind string
	err := t.tx.QueryRow(ctx, `SELECT kind FROM inventory_items WHERE id = ?`, id).Scan(&kind)
	if IsNoRows(err) {
		return "", nil
	}
	return kind, err
}

// ActiveUsers is which of ids are active users.
func (t projTx) ActiveUsers(ctx context.Context, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	err := eachIn(ctx, t.tx, `SELECT id FROM users WHERE active = ? AND %s`, "id", ids, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		out[id] = true
		return nil
	}, true)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// LockProject locks a project's row and reads it.
func (t projTx) LockProject(ctx context.Context, id int64) (*projects.Project, error) {
	if ok, err := t.tx.lockRow(ctx, "projects", id); !ok {
		return nil, err
	}
	return getProject(ctx, t.tx, id)
}

// projectSearchText is projects.SearchText of p, with its client's name.
func projectSearchText(ctx context.Context, tx *Tx, p *projects.Project) (string, error) {
	var client string
	err := tx.QueryRow(ctx, `SELECT name FROM clients WHERE id = ?`, p.ClientID).Scan(&client)
	return projects.SearchText(p, client), err
}

// InsertProject writes a new project and its team.
func (t projTx) InsertProject(ctx context.Context, p *projects.Project, teamIDs []int64, by *int64) error {
	search, err := projectSearchText(ctx, t.tx, p)
	if err != nil {
		return err
	}
	err = t.tx.QueryRow(ctx, `INSERT INTO projects (name, name_key, client_id, owner_id, status, product_id, target_units,
		start_date, due_date, notes, search_text, created_at, created_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.Name, strings.ToLower(p.Name), p.ClientID, p.OwnerID, p.Status, p.ProductID, p.TargetUnits,
		p.StartDate, p.DueDate, p.Notes, search, Millis(p.CreatedAt), by, Millis(p.UpdatedAt)).Scan(&p.ID)
	if err != nil {
		return err
	}
	return t.setTeam(ctx, p.ID, teamIDs)
}

// UpdateProject writes a project's fields, and its team when teamIDs is not nil.
func (t projTx) UpdateProject(ctx context.Context, p *projects.Project, teamIDs []int64) error {
	search, err := projectSearchText(ctx, t.tx, p)
	if err != nil {
		return err
	}
	if _, err := t.tx.Exec(ctx, `UPDATE projects SET name = ?, name_key = ?, client_id = ?, owner_id = ?, status = ?,
		product_id = ?, target_units = ?, start_date = ?, due_date = ?, notes = ?, search_text = ?, updated_at = ? WHERE id = ?`,
		p.Name, strings.ToLower(p.Name), p.ClientID, p.OwnerID, p.Status, p.ProductID, p.TargetUnits,
		p.StartDate, p.DueDate, p.Notes, search, Millis(p.UpdatedAt), p.ID); err != nil {
		return err
	}
	if teamIDs == nil {
		return nil
	}
	if _, err := t.tx.Exec(ctx, `DELETE FROM project_team WHERE project_id = ?`, p.ID); err != nil {
		return err
	}
	return t.setTeam(ctx, p.ID, teamIDs)
}

func (t projTx) setTeam(ctx context.Context, id int64, teamIDs []int64) error {
	for _, u := range teamIDs {
		if _, err := t.tx.Exec(ctx, `INSERT INTO project_team (project_id, user_id) VALUES (?, ?)`, id, u); err != nil {
			return err
		}
	}
	return nil
}

// producedUnits counts a project's units made: its entries of its product
// that were not reversed.
const producedUnits = `(SELECT COALESCE(SUM(e.units), 0) FROM production_entries e
	WHERE e.project_id = p.id AND e.product_id = p.product_id AND e.reversed_at IS NULL)`

// shippedUnits counts a project's units that left: the lines of its product
// on its shipments that were shipped or delivered (not planned, not cancelled).
const shippedUnits = `(SELECT COALESCE(SUM(l.quantity), 0) FROM shipping_shipments s
	JOIN shipping_lines l ON l.shipment_id = s.id
	WHERE s.project_id = p.id AND s.status IN ('shipped', 'delivered') AND l.item_id = p.product_id)`

const projectColumns = `p.id, p.name, p.client_id, c.name, p.owner_id, COALESCE(o.first_name || ' ' || o.last_name, ''),
	p.status, p.product_id, i.sku, i.name, i.unit, p.target_units, p.start_date, p.due_date, p.notes,
	CAST(` + producedUnits + ` AS BIGINT) AS produced, CAST(` + shippedUnits + ` AS BIGINT) AS shipped,
	p.created_at, p.updated_at, p.name_key, c.name_key AS client_key`

const projectFrom = ` FROM projects p
	JOIN clients c ON c.id = p.client_id
	JOIN inventory_items i ON i.id = p.product_id
	LEFT JOIN users o ON o.id = p.owner_id`

func scanProject(r rowScanner) (*projects.Project, error) {
	var p projects.Project
	var owner sql.NullInt64
	var shipped, created, updated int64
	var nameKey, clientKey string
	if err := r.Scan(&p.ID, &p.Name, &p.ClientID, &p.ClientName, &owner, &p.OwnerName, &p.Status, &p.ProductID,
		&p.ProductSKU, &p.ProductName, &p.ProductUnit, &p.TargetUnits, &p.StartDate, &p.DueDate, &p.Notes,
		&p.ProducedUnits, &shipped, &created, &updated, &nameKey, &clientKey); err != nil {
		return nil, err
	}
	p.OwnerID = nullID(owner)
	p.OwnerName = strings.TrimSpace(p.OwnerName)
	p.ShippedUnits = inventory.Quantity(shipped)
	p.CreatedAt, p.UpdatedAt = FromMillis(created), FromMillis(updated)
	p.Team = []projects.Member{}
	return &p, nil
}

// Project reads one project with its counted units.
func (s *ProjectStore) Project(ctx context.Context, id int64) (*projects.Project, error) {
	return getProject(ctx, s.db, id)
}

func getProject(ctx context.Context, q querier, id int64) (*projects.Project, error) {
	return getFilled(ctx, q, scanProject, fillTeams, `SELECT `+projectColumns+projectFrom+` WHERE p.id = ?`, id)
}

// fillTeams reads the teams of the given projects.
func fillTeams(ctx context.Context, q querier, list []projects.Project) error {
	if len(list) == 0 {
		return nil
	}
	at, ids := byID(list, func(p *projects.Project) int64 { return p.ID })
	cond, arg := anyOf(q, "t.project_id", ids)
	rows, err := q.Query(ctx, `SELECT t.project_id, u.id, u.first_name || ' ' || u.last_name FROM project_team t
		JOIN users u ON u.id = t.user_id WHERE `+cond+`
		ORDER BY t.project_id, u.first_name, u.last_name, u.id`, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var pid int64
		var m projects.Member
		if err := rows.Scan(&pid, &m.ID, &m.Name); err != nil {
			return err
		}
		m.Name = strings.TrimSpace(m.Name)
		i := at[pid]
		list[i].Team = append(list[i].Team, m)
	}
	return rows.Err()
}

// projectOption reads what production and shipping check of a project
// they are to name (nil when there is none).
func projectOption(ctx context.Context, q querier, id int64) (*projects.Option, error) {
	var o projects.Option
	err := q.QueryRow(ctx, `SELECT id, name, status, product_id FROM projects WHERE id = ?`, id).Scan(&o.ID, &o.Name, &o.Status, &o.ProductID)
	if IsNoRows(err) {
		return nil, nil
	}
	return &o, err
}
