// Package faq holds the questions and answers on using Packline: ordered
// entries, each with a text per locale. English is required; another locale
// without its own text shows the English one, marked as such.
package faq

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// Locales are the app's five languages, by their app keys.
var Locales = []string{"gb", "br", "es", "cn", "ir"}

// English is the required locale every other falls back to.
const English = "gb"

// Topics group the entries (and filter them on the screen).
var Topics = []string{"general", "kiosk", "pins", "batches", "recalls", "production", "shipping", "documents"}

// Limits of an entry's text, in characters.
const (
	MaxQuestion = 300
	MaxAnswer   = 5000
	// MaxEntries bounds the FAQ (it is listed whole, not paged).
	MaxEntries = 500
)

// Text is an entry's question and answer in one locale.
type Text struct {
	Locale   string `json:"locale"`
	Question string `json:"question"`
	Answer   string `json:"answer" text:"multiline"`
}

// Entry is one question with its text in every locale it is written in.
type Entry struct {
	ID        int64
	Position  int
	Topic     string
	Texts     []Text // English first, then in Locales order
	CreatedAt time.Time
	UpdatedAt time.Time
	UpdatedBy *int64
}

// Shown is an entry as one locale reads it: its own text, or English
// (Fallback) when it has none.
type Shown struct {
	ID       int64
	Position int
	Topic    string
	Text
	Fallback bool
}

// Input is a new or edited entry.
type Input struct {
	Topic string `json:"topic"`
	Texts []Text `json:"texts"`
}

// Filter selects what List shows.
type Filter struct {
	Locale string
	Search string
	Topic  string
	// Words are the search's words that count (set by the service): the
	// first MaxSearchWords of Search, every one of which a shown entry's
	// text must contain.
	Words []string
}

// MaxSearchWords is how many words of a search count.
const MaxSearchWords = 10

// sortTexts puts texts in Locales order (a locale not among them last).
func sortTexts(texts []Text) {
	order := func(l string) int {
		if i := slices.Index(Locales, l); i >= 0 {
			return i
		}
		return len(Locales)
	}
	slices.SortStableFunc(texts, func(a, b Text) int { return order(a.Locale) - order(b.Locale) })
}

// Validate checks an entry: a known topic, English present, each locale at
// most once, every text with a question and an answer within the limits. It
// normalises the texts' order (Locales order) and drops locales left empty
// other than English.
func (in *Input) Validate() error {
	if in.Topic == "" {
		in.Topic = "general"
	}
	if !slices.Contains(Topics, in.Topic) {
		return apperr.Choice("topic", Topics)
	}
	seen := map[string]bool{}
	var kept []Text
	for i, t := range in.Texts {
		if !slices.Contains(Locales, t.Locale) {
			return apperr.Choice(fmt.Sprintf("texts[%d].locale", i), Locales)
		}
		if seen[t.Locale] {
			return apperr.New(apperr.Invalid, "faq.locale_twice", apperr.Params{"locale": t.Locale},
				fmt.Sprintf("The %s text is given twice.", t.Locale)).OnField(fmt.Sprintf("texts[%d].locale", i))
		}
		seen[t.Locale] = true
		t.Question, t.Answer = strings.TrimSpace(t.Question), strings.TrimSpace(t.Answer)
		if t.Question == "" && t.Answer == "" && t.Locale != English {
			continue // an untranslated locale: it falls back to English
		}
		for _, f := range []struct {
			name, v string
			max     int
		}{{"question", t.Question, MaxQuestion}, {"answer", t.Answer, MaxAnswer}} {
			field := fmt.Sprintf("texts[%d].%s", i, f.name)
			if f.v == "" {
				return apperr.Required(field)
			}
			if utf8.RuneCountInString(f.v) > f.max {
				return apperr.TooLong(field, f.max)
			}
		}
		kept = append(kept, t)
	}
	if !seen[English] {
		return apperr.New(apperr.Invalid, "faq.english_required", nil,
			"Every question needs its English text; the other languages fall back to it.").OnField("texts")
	}
	slices.SortFunc(kept, func(a, b Text) int { return slices.Index(Locales, a.Locale) - slices.Index(Locales, b.Locale) })
	in.Texts = kept
	return nil
}

// SearchText is what search matches: the lower-cased question and answer.
func SearchText(t Text) string { return strings.ToLower(t.Question + " " + t.Answer) }

var errNotFound = apperr.New(apperr.NotFound, "faq.not_found", nil, "Question not found.")
