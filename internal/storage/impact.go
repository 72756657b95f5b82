package storage

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/packline/packline/internal/impact"
	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/projects"
)

// ImpactStore implements impact.Store: the projects it reports on, their
// shipments that left, the items' servings and costs, and share links.
type ImpactStore struct{ db *DB }

var (
	_ impact.Store = (*ImpactStore)(nil)
	_ impact.Tx    = impactTx{}
)

// NewImpactStore returns the impact store over db.
func NewImpactStore(db *DB) *ImpactStore { return &ImpactStore{db: db} }

// InTx runs fn in one write transaction.
func (s *ImpactStore) InTx(ctx context.Context, fn func(tx impact.Tx) error) error {
	return s.db.WithTx(ctx, func(tx *Tx) error { return fn(impactTx{tx}) })
}

// Project reads one project with its counted units.
func (s *ImpactStore) Project(ctx context.Context, id int64) (*projects.Project, error) {
	return getProject(ctx, s.db, id)
}

// ClientProjects are a client's name and projects, by start date.
func (s *ImpactStore) ClientProjects(ctx context.Context, clientID int64) (string, []projects.Project, error) {
	var name string
	err := s.db.QueryRow(ctx, `SELECT name FROM clients WHERE id = ?`, clientID).Scan(&name)
	if IsNoRows(err) {
		return "", nil, nil
	}
	if err != nil {
		return "", nil, err
	}
	ps, err := scanAll(ctx, s.db, scanProject, `SELECT `+projectColumns+projectFrom+
		` WHERE p.client_id = ? ORDER BY p.start_date, p.id`, clientID)
	return name, ps, err
}

// Items reads items by id.
func (s *ImpactStore) Items(ctx context.Context, ids []int64) (map[int64]*inventory.Item, error) {
	return items(ctx, s.db, ids)
}

// Shipments lists the projects' shipments shipped or delivered in [from, to], with their lines.
func (s *ImpactStore) Shipments(ctx context.Context, projectIDs []int64, from, to string) ([]impact.Shipment, error) {
	cond, arg := anyOf(s.db, "s.project_id", projectIDs)
	rows, err := s.db.Query(ctx, `SELECT s.id, s.number, s.status, s.ship_date, s.dest_name, s.project_id, s.partner_id
		FROM shipping_shipments s WHERE `+cond+`
		AND s.status IN ('shipped', 'delivered') AND s.ship_date >= ? AND s.ship_date <= ?
		ORDER BY s.ship_date, s.id`, arg, from, to)
	if err != nil {
		return nil, err
	}
	out := []impact.Shipment{}
	index := map[int64]int{}
	for rows.Next() {
		var sh impact.Shipment
		var partner sql.NullInt64
		if err := rows.Scan(&sh.ID, &sh.Number, &sh.Status, &sh.ShipDate, &sh.Destination, &sh.ProjectID, &partner); err != nil {
			rows.Close()
			return nil, err
		}
		sh.PartnerID = nullID(partner)
		sh.Lines = []impact.ShipmentLine{}
		index[sh.ID] = len(out)
		out = append(out, sh)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	ids := make([]int64, 0, len(out))
	for _, sh := range out {
		ids = append(ids, sh.ID)
	}
	err = eachIn(ctx, s.db, `SELECT l.shipment_id, l.item_id, i.sku, i.name, i.unit, b.code, l.quantity
		FROM shipping_lines l JOIN inventory_items i ON i.id = l.item_id JOIN inventory_batches b ON b.id = l.batch_id
		WHERE %s ORDER BY l.shipment_id, i.name_key, b.code, l.id`, "l.shipment_id", ids, func(rows *sql.Rows) error {
		var sid int64
		var l impact.ShipmentLine
		if err := rows.Scan(&sid, &l.ItemID, &l.SKU, &l.Name, &l.Unit, &l.BatchCode, &l.Quantity); err != nil {
			return err
		}
		sh := &out[index[sid]]
		sh.Lines = append(sh.Lines, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

const linkColumns = `k.id, k.project_id, k.label, k.expires_at, k.created_at, COALESCE(u.first_name || ' ' || u.last_name, ''),
	k.revoked_at, k.last_opened_at, k.opens`

const linkFrom = ` FROM impact_links k LEFT JOIN users u ON u.id = k.created_by`

func scanLink(r rowScanner) (*impact.Link, error) {
	var l impact.Link
	var expires, revoked, opened sql.NullInt64
	var created int64
	if err := r.Scan(&l.ID, &l.ProjectID, &l.Label, &expires, &created, &l.CreatedBy, &revoked, &opened, &l.Opens); err != nil {
		return nil, err
	}
	l.CreatedBy = strings.TrimSpace(l.CreatedBy)
	l.ExpiresAt, l.RevokedAt, l.LastOpenedAt = NullMillis(expires), NullMillis(revoked), NullMillis(opened)
	l.CreatedAt = FromMillis(created)
	return &l, nil
}

// Links lists a project's share links, newest first.
func (s *ImpactStore) Links(ctx context.Context, projectID int64) ([]impact.Link, error) {
	return scanAll(ctx, s.db, scanLink, `SELECT `+linkColumns+linkFrom+` WHERE k.project_id = ? ORDER BY k.id DESC`, projectID)
}

// LinkByHash reads a link by its token's hash.
func (s *ImpactStore) LinkByHash(ctx context.Context, hash string) (*impact.Link, error) {
	l, err := scanLink(s.db.QueryRow(ctx, `SELECT `+linkColumns+linkFrom+` WHERE k.token_hash = ?`, hash))
	if IsNoRows(err) {
		return nil, nil
	}
	return l, err
}

// LinkOpened counts an opening, without waiting for the disk.
func (s *ImpactStore) LinkOpened(ctx context.Context, id int64) error {
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE impact_links SET opens = opens + 1, last_opened_at = ? WHERE id = ?`, Millis(tx.Now), id)
		return err
	})
}

// MailState reads a project's monthly mail switch and target.
func (s *ImpactStore) MailState(ctx context.Context, projectID int64) (*impact.Mail, error) {
	var m impact.Mail
	var last sql.NullString
	err := s.db.QueryRow(ctx, `SELECT p.impact_mail, c.email, p.impact_mailed_month FROM projects p JOIN clients c ON c.id = p.client_id
		WHERE p.id = ?`, projectID).Scan(&m.Monthly, &m.To, &last)
	if IsNoRows(err) {
		return nil, nil
	}
	if last.Valid {
		m.LastMonth = &last.String
	}
	return &m, err
}

// MonthlyDue lists the projects whose monthly mail is on and not yet queued for month.
func (s *ImpactStore) MonthlyDue(ctx context.Context, month string) ([]int64, error) {
	rows, err := s.db.Query(ctx, `SELECT id FROM projects WHERE impact_mail = ? AND status <> ?
		AND (impact_mailed_month IS NULL OR impact_mailed_month < ?) ORDER BY id`, true, projects.StatusArchived, month)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

type impactTx struct{ tx *Tx }

func (t impactTx) Now() time.Time { return t.tx.Now }

// LockProject locks a project's row and reads it.
func (t impactTx) LockProject(ctx context.Context, id int64) (*projects.Project, error) {
	return projTx(t).LockProject(ctx, id)
}

// CountLinks counts the links people made for a project (created_by set),
// revoked ones too; the monthly mail's are not counted.
func (t impactTx) CountLinks(ctx context.Context, projectID int64) (int, error) {
	var n int
	err := t.tx.QueryRow(ctx, `SELECT COUNT(*) FROM impact_links WHERE project_id = ? AND created_by IS NOT NULL`, projectID).Scan(&n)
	return n, err
}

// InsertLink writes a new link with its token's hash and sets its ID.
func (t impactTx) InsertLink(ctx context.Context, l *impact.Link, hash string, by *int64) error {
	var expires *int64
	if l.ExpiresAt != nil {
		e := Millis(*l.ExpiresAt)
		expires = &e
	}
	if err := t.tx.QueryRow(ctx, `INSERT INTO impact_links (project_id, token_hash, label, expires_at, created_at, created_by)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, l.ProjectID, hash, l.Label, expires, Millis(l.CreatedAt), by).Scan(&l.ID); err != nil {
		return err
	}
	if by != nil {
		var name string
		if err := t.tx.QueryRow(ctx, `SELECT first_name || ' ' || last_name FROM users WHERE id = ?`, *by).Scan(&name); err == nil {
			l.CreatedBy = strings.TrimSpace(name)
		}
	}
	return nil
}

// LockLink reads a project's link, locked.
func (t impactTx) LockLink(ctx context.Context, projectID, id int64) (*impact.Link, error) {
	if ok, err := t.tx.lockRow(ctx, "impact_links", id); !ok {
		return nil, err
	}
	l, err := scanLink(t.tx.QueryRow(ctx, `SELECT `+linkColumns+linkFrom+` WHERE k.id = ? AND k.project_id = ?`, id, projectID))
	if IsNoRows(err) {
		return nil, nil
	}
	return l, err
}

// RevokeLink ends a link now.
func (t impactTx) RevokeLink(ctx context.Context, id int64, by *int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE impact_links SET revoked_at = ?, revoked_by = ? WHERE id = ?`, Millis(t.tx.Now), by, id)
	return err
}

// SetMonthly switches a project's monthly mail.
func (t impactTx) SetMonthly(ctx context.Context, projectID int64, on bool) error {
	_, err := t.tx.Exec(ctx, `UPDATE projects SET impact_mail = ? WHERE id = ?`, on, projectID)
	return err
}

// MailTarget reads whom a project's monthly mail goes to, in which language.
func (t impactTx) MailTarget(ctx context.Context, projectID int64) (string, string, string, bool, *string, error) {
	var name, email string
	var monthly bool
	var last sql.NullString
	var clientID int64
	if err := t.tx.QueryRow(ctx, `SELECT c.id, c.name, c.email, p.impact_mail, p.impact_mailed_month FROM projects p
		JOIN clients c ON c.id = p.client_id WHERE p.id = ?`, projectID).Scan(&clientID, &name, &email, &monthly, &last); err != nil {
		return "", "", "", false, nil, err
	}
	lang := "gb"
	err := t.tx.QueryRow(ctx, `SELECT language FROM billing_invoices WHERE client_id = ? ORDER BY id DESC LIMIT 1`, clientID).Scan(&lang)
	if err != nil && !IsNoRows(err) {
		return "", "", "", false, nil, err
	}
	var lp *string
	if last.Valid {
		lp = &last.String
	}
	return name, email, lang, monthly, lp, nil
}

// SetMailedMonth records the month a project's monthly mail was queued for.
func (t impactTx) SetMailedMonth(ctx context.Context, projectID int64, month string) error {
	_, err := t.tx.Exec(ctx, `UPDATE projects SET impact_mailed_month = ? WHERE id = ?`, month, projectID)
	return err
}

// QueueMail stores a mail in the outbox in this transaction.
func (t impactTx) QueueMail(ctx context.Context, kind mail.Kind, m mail.Message) error {
	return t.tx.QueueMail(ctx, kind, m)
}
