package storage

import (
	"context"

	"github.com/packline/packline/internal/recalls"
	"github.com/packline/packline/internal/search"
)

// SearchStore implements search.Store.
type SearchStore struct{ db *DB }

// NewSearchStore returns the search store over db.
func NewSearchStore(db *DB) *SearchStore { return &SearchStore{db: db} }

// searchKind is one kind's query: its SELECT yields id, title, subtitle and
// takes its arguments from the query (the pattern, the prefix pattern, the limit last).
type searchKind struct {
	kind string
	sql  string
	args func(q search.Query) []any
	// skip says the searcher may not see this kind, or the query cannot name one.
	skip func(q search.Query) bool
}

// contains is a LIKE pattern matching strings that hold text anywhere.
func contains(text string) string { return "%" + escapeLike(text) + "%" }

var searchKinds = []searchKind{
	{kind: search.KindItem, sql: `SELECT id, name, sku FROM inventory_items
		WHERE archived = ? AND search_text LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN sku_key LIKE ? ESCAPE '\' OR name_key LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, name_key, id LIMIT ?`,
		args: func(q search.Query) []any {
			return []any{false, contains(q.Lower), likePrefix(q.Upper), likePrefix(q.Lower), q.Limit}
		}},
	{kind: search.KindBatch, sql: `SELECT b.id, b.code, i.name || ' · ' || i.sku FROM inventory_batches b JOIN inventory_items i ON i.id = b.item_id
		WHERE b.code_key LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN b.code_key LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, b.code_key, b.id LIMIT ?`,
		args: func(q search.Query) []any { return []any{contains(q.Upper), likePrefix(q.Upper), q.Limit} }},
	{kind: search.KindShipment, sql: `SELECT id, number, dest_name FROM shipping_shipments
		WHERE search_text LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN LOWER(number) LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, number DESC, id LIMIT ?`,
		args: func(q search.Query) []any { return []any{contains(q.Lower), likePrefix(q.Lower), q.Limit} }},
	{kind: search.KindEmployee, sql: `SELECT id, first_name || ' ' || last_name, '' FROM employees
		WHERE archived_at IS NULL AND LOWER(first_name || ' ' || last_name) LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN LOWER(first_name) LIKE ? ESCAPE '\' OR LOWER(last_name) LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, last_name, first_name, id LIMIT ?`,
		args: func(q search.Query) []any {
			return []any{contains(q.Lower), likePrefix(q.Lower), likePrefix(q.Lower), q.Limit}
		}},
	{kind: search.KindProject, sql: `SELECT p.id, p.name, c.name FROM projects p JOIN clients c ON c.id = p.client_id
		WHERE p.search_text LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN p.name_key LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, p.name_key, p.id LIMIT ?`,
		args: func(q search.Query) []any { return []any{contains(q.Lower), likePrefix(q.Lower), q.Limit} }},
	{kind: search.KindInvoice, sql: `SELECT id, COALESCE(number, ''), bill_name FROM billing_invoices
		WHERE search_text LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN LOWER(COALESCE(number, '')) LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, created_at DESC, id DESC LIMIT ?`,
		args: func(q search.Query) []any { return []any{contains(q.Lower), likePrefix(q.Lower), q.Limit} },
		skip: func(q search.Query) bool { return !q.Invoices }},
	{kind: search.KindDocument, sql: `SELECT id, name, type FROM documents
		WHERE deleted_at IS NULL AND name_key LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN name_key LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, uploaded_at DESC, id DESC LIMIT ?`,
		args: func(q search.Query) []any { return []any{contains(q.Lower), likePrefix(q.Lower), q.Limit} }},
	{kind: search.KindRecall, sql: `SELECT r.id, '', b.code FROM recalls r JOIN inventory_batches b ON b.id = r.batch_id
		WHERE r.id = ? LIMIT ?`,
		args: func(q search.Query) []any { return []any{q.RecallID, q.Limit} },
		skip: func(q search.Query) bool { return q.RecallID == 0 }},
}

// Find runs each kind's query the searcher may see, in search.Kinds order.
func (s *SearchStore) Find(ctx context.Context, q search.Query) ([]search.Result, error) {
	out := []search.Result{}
	for _, k := range searchKinds {
		if k.skip != nil && k.skip(q) {
			continue
		}
		found, err := scanAll(ctx, s.db, func(r rowScanner) (*search.Result, error) {
			res := search.Result{Kind: k.kind}
			err := r.Scan(&res.ID, &res.Title, &res.Subtitle)
			if k.kind == search.KindRecall {
				res.Title = recalls.NumberOf(res.ID)
			}
			return &res, err
		}, k.sql, k.args(q)...)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}
