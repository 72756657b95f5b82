package httpapi

import (
	"net/http"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/faq"
)

// faqShownJSON is an entry as one language reads it.
type faqShownJSON struct {
	ID       int64  `json:"id"`
	Position int    `json:"position"`
	Topic    string `json:"topic"`
	Locale   string `json:"locale"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Fallback bool   `json:"fallback"`
}

// faqEntryJSON is an entry with every text it has, for editing.
type faqEntryJSON struct {
	ID        int64      `json:"id"`
	Position  int        `json:"position"`
	Topic     string     `json:"topic"`
	Texts     []faq.Text `json:"texts"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
}

func toFAQEntryJSON(e *faq.Entry) faqEntryJSON {
	return faqEntryJSON{ID: e.ID, Position: e.Position, Topic: e.Topic, Texts: e.Texts, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt}
}

// faqOrder is the body of PUT /api/faq/order.
type faqOrder struct {
	IDs []int64 `json:"ids"`
}

func (s *Server) handleFAQList(w http.ResponseWriter, r *http.Request) error {
	lang, err := queryEnum(r, "lang", faq.Locales)
	if err != nil {
		return err
	}
	topic, err := queryEnum(r, "topic", faq.Topics)
	if err != nil {
		return err
	}
	list, err := s.FAQ.List(r.Context(), faq.Filter{Locale: lang, Search: queryText(r, "search"), Topic: topic})
	if err != nil {
		return err
	}
	out := make([]faqShownJSON, len(list))
	for i, v := range list {
		out[i] = faqShownJSON{ID: v.ID, Position: v.Position, Topic: v.Topic, Locale: v.Locale, Question: v.Question, Answer: v.Answer, Fallback: v.Fallback}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"entries": out, "total": len(out)})
}

func (s *Server) handleFAQGet(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	e, err := s.FAQ.Get(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, toFAQEntryJSON(e))
}

func (s *Server) handleFAQCreate(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[faq.Input](w, r)
	if err != nil {
		return err
	}
	e, err := s.FAQ.Create(r.Context(), in, userFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, toFAQEntryJSON(e))
}

func (s *Server) handleFAQUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[faq.Input](w, r)
	if err != nil {
		return err
	}
	e, err := s.FAQ.Update(r.Context(), id, in, userFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, toFAQEntryJSON(e))
}

func (s *Server) handleFAQDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.FAQ.Delete(r.Context(), id); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleFAQOrder(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[faqOrder](w, r)
	if err != nil {
		return err
	}
	if in.IDs == nil { // absent or null; [] is an order of nothing
		return apperr.Required("ids")
	}
	if err := s.FAQ.Reorder(r.Context(), in.IDs); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}
