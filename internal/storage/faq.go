package storage

import (
	"context"
	"database/sql"

	"github.com/packline/packline/internal/faq"
)

// FAQStore implements faq.Store.
type FAQStore struct{ db *DB }

var _ faq.Store = (*FAQStore)(nil)

// NewFAQStore returns the FAQ store over db.
func NewFAQStore(db *DB) *FAQStore { return &FAQStore{db: db} }

// List shows every entry in f.Locale, else in English, in position order.
// Every one of f.Words must occur in the shown question or answer.
func (s *FAQStore) List(ctx context.Context, f faq.Filter) ([]faq.Shown, error) {
	q := `SELECT e.id, e.position, e.topic, COALESCE(l.locale, en.locale), COALESCE(l.question, en.question),
			COALESCE(l.answer, en.answer)
		FROM faq_entries e
		JOIN faq_texts en ON en.entry_id = e.id AND en.locale = ?
		LEFT JOIN faq_texts l ON l.entry_id = e.id AND l.locale = ?
		WHERE 1 = 1`
	args := []any{faq.English, f.Locale}
	if f.Topic != "" {
		q += ` AND e.topic = ?`
		args = append(args, f.Topic)
	}
	for _, w := range f.Words {
		q += ` AND COALESCE(l.search_text, en.search_text) LIKE ? ESCAPE '\'`
		args = append(args, "%"+escapeLike(w)+"%")
	}
	q += ` ORDER BY e.position, e.id`
	return scanAll(ctx, s.db, func(r rowScanner) (*faq.Shown, error) {
		var v faq.Shown
		return &v, r.Scan(&v.ID, &v.Position, &v.Topic, &v.Locale, &v.Question, &v.Answer)
	}, q, args...)
}

// Entry reads one entry and its texts.
func (s *FAQStore) Entry(ctx context.Context, id int64) (*faq.Entry, error) {
	var e faq.Entry
	var created, updated int64
	var by sql.NullInt64
	err := s.db.QueryRow(ctx, `SELECT id, position, topic, created_at, updated_at, updated_by FROM faq_entries WHERE id = ?`, id).
		Scan(&e.ID, &e.Position, &e.Topic, &created, &updated, &by)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	e.CreatedAt, e.UpdatedAt, e.UpdatedBy = FromMillis(created), FromMillis(updated), nullID(by)
	e.Texts, err = scanAll(ctx, s.db, func(r rowScanner) (*faq.Text, error) {
		var t faq.Text
		return &t, r.Scan(&t.Locale, &t.Question, &t.Answer)
	}, `SELECT locale, question, answer FROM faq_texts WHERE entry_id = ?`, id)
	if err != nil {
		return nil, err
	}
	return &e, nil
}

// Count is how many entries there are.
func (s *FAQStore) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM faq_entries`).Scan(&n)
	return n, err
}

// Create writes an entry after the last one, with its texts.
func (s *FAQStore) Create(ctx context.Context, in faq.Input, by int64) (int64, error) {
	var id int64
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		now := Millis(tx.Now)
		err := tx.QueryRow(ctx, `INSERT INTO faq_entries (position, topic, created_at, updated_at, updated_by)
			VALUES ((SELECT COALESCE(MAX(position), 0) + 1 FROM faq_entries), ?, ?, ?, ?) RETURNING id`,
			in.Topic, now, now, by).Scan(&id)
		if err != nil {
			return err
		}
		return insertFAQTexts(ctx, tx, id, in.Texts)
	})
	return id, err
}

// SeedOnce implements faq.Store. The marker's insert is the lock: a second
// instance seeding at once waits for the first, then finds it set.
func (s *FAQStore) SeedOnce(ctx context.Context, in []faq.Input) (bool, error) {
	seeded := false
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		seeded = false
		first, err := rowsChanged(tx.Exec(ctx, `INSERT INTO settings (key, value) VALUES (?, '1') ON CONFLICT (key) DO NOTHING`, "marker:faq_seeded"))
		if err != nil || !first {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM faq_entries`).Scan(&n); err != nil || n > 0 {
			return err
		}
		now := Millis(tx.Now)
		for i, e := range in {
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id`,
				i+1, e.Topic, now, now).Scan(&id); err != nil {
				return err
			}
			if err := insertFAQTexts(ctx, tx, id, e.Texts); err != nil {
				return err
			}
		}
		seeded = true
		return nil
	})
	return seeded, err
}

func insertFAQTexts(ctx context.Context, tx *Tx, id int64, texts []faq.Text) error {
	for _, t := range texts {
		if _, err := tx.Exec(ctx, `INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) VALUES (?, ?, ?, ?, ?)`,
			id, t.Locale, t.Question, t.Answer, faq.SearchText(t)); err != nil {
			return err
		}
	}
	return nil
}

// Update replaces an entry's topic and all its texts.
func (s *FAQStore) Update(ctx context.Context, id int64, in faq.Input, by int64) (bool, error) {
	var found bool
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE faq_entries SET topic = ?, updated_at = ?, updated_by = ? WHERE id = ?`,
			in.Topic, Millis(tx.Now), by, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		found = true
		if _, err := tx.Exec(ctx, `DELETE FROM faq_texts WHERE entry_id = ?`, id); err != nil {
			return err
		}
		return insertFAQTexts(ctx, tx, id, in.Texts)
	})
	return found, err
}

// Delete removes an entry and its texts.
func (s *FAQStore) Delete(ctx context.Context, id int64) (bool, error) {
	var found bool
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM faq_texts WHERE entry_id = ?`, id); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `DELETE FROM faq_entries WHERE id = ?`, id)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		found = n > 0
		return nil
	})
	return found, err
}

// Reorder numbers the entries 1… in the order of ids, which must be every
// entry exactly once (checked under the entries' locks).
func (s *FAQStore) Reorder(ctx context.Context, ids []int64) (bool, error) {
	var ok bool
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM faq_entries`+tx.ForUpdate())
		if err != nil {
			return err
		}
		have := map[int64]bool{}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			have[id] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(have) != len(ids) {
			return nil
		}
		for _, id := range ids {
			if !have[id] {
				return nil
			}
		}
		for i, id := range ids {
			if _, err := tx.Exec(ctx, `UPDATE faq_entries SET position = ? WHERE id = ?`, i+1, id); err != nil {
				return err
			}
		}
		ok = true
		return nil
	})
	return ok, err
}
