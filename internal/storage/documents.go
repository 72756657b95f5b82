package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/storage/engine"
)

// DocumentStore implements documents.Store.
type DocumentStore struct{ db *DB }

var _ documents.Store = (*DocumentStore)(nil)

// NewDocumentStore returns the documents' store over db.
func NewDocumentStore(db *DB) *DocumentStore { return &DocumentStore{db: db} }

const documentColumns = `d.id, d.name, c.size, d.content_type, COALESCE(c.sha256, ''), d.type, d.link_kind, d.link_id,
	d.uploaded_by, TRIM(u.first_name || ' ' || u.last_name), d.uploaded_at, d.deleted_at,
	COALESCE(TRIM(du.first_name || ' ' || du.last_name), ''), d.content_id, ` + documentLinkLabel + `,
	CASE WHEN d.link_kind = 'production' THEN (SELECT pe.date FROM production_entries pe WHERE pe.id = d.link_id) END,
	CASE WHEN d.link_kind = 'production' THEN (SELECT pe.line_id FROM production_entries pe WHERE pe.id = d.link_id) END`

// documentLinkLabel names the linked thing in the same query (a primary-key
// lookup per row, no round trip per document): a batch's code, a shipment's
// number, an employee's name, a production entry's line and date, a
// project's name. A production entry's date and line follow it, for a link to
// that day.
const documentLinkLabel = `CASE d.link_kind
		WHEN 'batch' THEN (SELECT b.code FROM inventory_batches b WHERE b.id = d.link_id)
		WHEN 'shipment' THEN (SELECT sh.number FROM shipping_shipments sh WHERE sh.id = d.link_id)
		WHEN 'employee' THEN (SELECT TRIM(em.first_name || ' ' || em.last_name) FROM employees em WHERE em.id = d.link_id)
		WHEN 'production' THEN (SELECT pl.name || ' · ' || pe.date FROM production_entries pe
			JOIN production_lines pl ON pl.id = pe.line_id WHERE pe.id = d.link_id)
		WHEN 'project' THEN (SELECT p.name FROM projects p WHERE p.id = d.link_id)
	END`

const documentFrom = ` FROM documents d
	JOIN document_contents c ON c.id = d.content_id
	JOIN users u ON u.id = d.uploaded_by
	LEFT JOIN users du ON du.id = d.deleted_by`

func scanDocument(row interface{ Scan(...any) error }, extra ...any) (*documents.Document, error) {
	var d documents.Document
	var kind sql.NullString
	var link, deleted sql.NullInt64
	var label, day sql.NullString
	var line sql.NullInt64
	var uploaded int64
	dest := append([]any{&d.ID, &d.Name, &d.Size, &d.ContentType, &d.SHA256, &d.Type, &kind, &link,
		&d.UploadedBy, &d.UploadedByName, &uploaded, &deleted, &d.DeletedByName, &d.ContentID, &label, &day, &line}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	if kind.Valid {
		d.LinkKind = &kind.String
		d.LinkID = &link.Int64
	}
	if label.Valid && label.String != "" {
		d.LinkLabel = &label.String
	}
	if day.Valid && line.Valid {
		d.LinkDate, d.LinkLineID = &day.String, &line.Int64
	}
	d.UploadedAt = FromMillis(uploaded)
	d.DeletedAt = NullMillis(deleted)
	return &d, nil
}

// CreateDocument finishes a pending content — or drops it for identical
// content already stored — and records the document, in one transaction.
// Two identical uploads at once on PostgreSQL race for the sha256's unique
// index; the loser runs again and finds the winner's content.
func (s *DocumentStore) CreateDocument(ctx context.Context, pendingID int64, c documents.Content, n documents.NewDocument, by documents.Actor) (*documents.Document, error) {
	var entries any
	if c.Entries != nil {
		b, err := json.Marshal(c.Entries)
		if err != nil {
			return nil, err
		}
		entries = string(b)
	}
	var kind, link any
	if n.LinkKind != "" {
		kind, link = n.LinkKind, n.LinkID
	}
	var id int64
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = s.db.WithTx(ctx, func(tx *Tx) error {
			contentID := pendingID
			var existing int64
			err := tx.QueryRow(ctx, `SELECT id FROM document_contents WHERE sha256 = ?`+tx.ForUpdate(), c.SHA256).Scan(&existing)
			switch {
			case err == nil:
				if _, err := tx.Exec(ctx, `DELETE FROM document_contents WHERE id = ? AND sha256 IS NULL`, pendingID); err != nil {
					return err
				}
				contentID = existing
			case IsNoRows(err):
				res, err := tx.Exec(ctx, `UPDATE document_contents SET sha256 = ?, size = ?, entries = ? WHERE id = ? AND sha256 IS NULL`,
					c.SHA256, c.Size, entries, pendingID)
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n != 1 {
					return documents.ErrContentIncomplete
				}
			default:
				return err
			}
			return tx.QueryRow(ctx, `INSERT INTO documents (name, name_key, content_type, type, link_kind, link_id, content_id,
				uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				n.Name, strings.ToLower(n.Name), c.Type, n.Type, kind, link, contentID, by.UserID, Millis(tx.Now)).Scan(&id)
		})
		if err == nil || !(engine.IsUniqueViolation(err) || engine.IsForeignKeyViolation(err) || apperr.CodeOf(err) == "conflict.duplicate") {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// linkTables are the tables a link kind's id must exist in. Kinds whose
// area has no table yet are accepted as they are; each area adds its row
// here when it lands.
var linkTables = map[string]string{
	documents.LinkBatch:      "inventory_batches",
	documents.LinkEmployee:   "employees",
	documents.LinkProject:    "projects",
	documents.LinkShipment:   "shipping_shipments",
	documents.LinkProduction: "production_entries",
}

// LinkExists reports whether what a document would link to exists.
func (s *DocumentStore) LinkExists(ctx context.Context, kind string, id int64) (bool, error) {
	table, ok := linkTables[kind]
	if !ok {
		return true, nil
	}
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM `+table+` WHERE id = ?`, id).Scan(&n)
	return n > 0, err
}

// Get returns a document, live or trashed, with a ZIP's entries; nil if
// there is none.
func (s *DocumentStore) Get(ctx context.Context, id int64) (*documents.Document, error) {
	var entries sql.NullString
	d, err := scanDocument(s.db.QueryRow(ctx, `SELECT `+documentColumns+`, c.entries`+documentFrom+` WHERE d.id = ?`, id), &entries)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if entries.Valid {
		d.Entries = []documents.Entry{}
		if err := json.Unmarshal([]byte(entries.String), &d.Entries); err != nil {
			return nil, err
		}
	}
	return d, nil
}

var documentSorts = map[string]string{
	"name":        "d.name_key",
	"type":        "d.type",
	"size":        "c.size",
	"uploaded_at": "d.uploaded_at",
	"uploaded_by": "LOWER(u.first_name || ' ' || u.last_name)",
	"deleted_at":  "d.deleted_at",
}

// List returns a page of documents matching f and the total.
func (s *DocumentStore) List(ctx context.Context, f documents.Filter) ([]documents.Document, int, error) {
	conds := []string{"d.deleted_at IS NULL"}
	if f.Trashed {
		conds[0] = "d.deleted_at IS NOT NULL"
	}
	var args []any
	if f.Search != "" {
		conds = append(conds, `d.name_key LIKE ? ESCAPE '\'`)
		args = append(args, "%"+escapeLike(strings.ToLower(f.Search))+"%")
	}
	if f.Type != "" {
		conds = append(conds, "d.type = ?")
		args = append(args, f.Type)
	}
	if f.LinkKind != "" {
		conds = append(conds, "d.link_kind = ?")
		args = append(args, f.LinkKind)
		if f.LinkID > 0 {
			conds = append(conds, "d.link_id = ?")
			args = append(args, f.LinkID)
		}
	}
	if f.UploadedBy > 0 {
		conds = append(conds, "d.uploaded_by = ?")
		args = append(args, f.UploadedBy)
	}
	if f.From != "" {
		from, _ := time.ParseInLocation(time.DateOnly, f.From, f.Zone)
		conds = append(conds, "d.uploaded_at >= ?")
		args = append(args, Millis(from))
	}
	if f.To != "" {
		to, _ := time.ParseInLocation(time.DateOnly, f.To, f.Zone)
		conds = append(conds, "d.uploaded_at < ?")
		args = append(args, Millis(to.AddDate(0, 0, 1)))
	}
	where := whereSQL(conds)
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*)`+documentFrom+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	dir := sortDir(f.Desc)
	order := " ORDER BY " + documentSorts[f.Sort] + dir + ", d.id" + dir
	rows, err := s.db.Query(ctx, `SELECT `+documentColumns+documentFrom+where+order+` LIMIT ? OFFSET ?`,
		append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []documents.Document{}
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, *d)
	}
	return out, total, rows.Err()
}

// Trash marks a live document deleted; false if no live document has id.
func (s *DocumentStore) Trash(ctx context.Context, id int64, by documents.Actor) (changed bool, err error) {
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		changed, err = rowsChanged(tx.Exec(ctx, `UPDATE documents SET deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL`,
			Millis(tx.Now), by.UserID, id))
		return err
	})
	return changed, err
}

// Restore brings a trashed document back; false if no trashed document has id.
func (s *DocumentStore) Restore(ctx context.Context, id int64) (changed bool, err error) {
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		changed, err = rowsChanged(tx.Exec(ctx, `UPDATE documents SET deleted_at = NULL, deleted_by = NULL WHERE id = ? AND deleted_at IS NOT NULL`, id))
		return err
	})
	return changed, err
}

// Purge deletes documents trashed before cutoff, then, one at a time, each
// content nothing points to and each pending content begun before
// staleBefore. Every delete re-checks its condition, so several instances
// may purge at once; a content an upload has just pointed to is kept (the
// foreign key refuses its delete, which is skipped).
func (s *DocumentStore) Purge(ctx context.Context, cutoff, staleBefore time.Time) (docs, contents int, err error) {
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM documents WHERE deleted_at IS NOT NULL AND deleted_at < ?`, Millis(cutoff))
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		docs = int(n)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	const orphan = `((c.sha256 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.content_id = c.id))
		OR (c.sha256 IS NULL AND c.created_at < ?))`
	rows, err := s.db.Query(ctx, `SELECT c.id FROM document_contents c WHERE `+orphan, Millis(staleBefore))
	if err != nil {
		return docs, 0, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return docs, 0, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return docs, 0, err
	}
	for _, id := range ids {
		err := s.db.WithTx(ctx, func(tx *Tx) error {
			res, err := tx.Exec(ctx, `DELETE FROM document_contents AS c WHERE c.id = ? AND `+orphan, id, Millis(staleBefore))
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			contents += int(n)
			return nil
		})
		if err != nil && !engine.IsForeignKeyViolation(err) {
			return docs, contents, err
		}
	}
	return docs, contents, nil
}
