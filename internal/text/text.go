// Package text holds Packline's rules for text a person typed: what may be
// stored, and what counts as a visible name. Every API body passes Check on
// the way in (httpapi's decoder); domain validators call Visible for names.
package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// Kind says which characters a field may hold beyond ordinary text.
type Kind int

const (
	// Line is a single line: no control characters at all. Trimmed.
	Line Kind = iota
	// Multiline may hold tabs and line breaks (notes, reasons). Trimmed.
	Multiline
	// Raw is kept exactly (passwords, PINs): only NUL is refused.
	Raw
)

// Problem describes why a text was refused; "" when it is acceptable.
type Problem string

const (
	OK          Problem = ""
	BadEncoding Problem = "text.encoding" // not valid UTF-8
	Control     Problem = "text.control"  // NUL or another control character
	// Invisible is a text with characters but none a reader can see (only
	// zero-width, direction or other format characters): a blank row on a
	// screen that looks filled in the database.
	Invisible Problem = "text.invisible"
)

// Check reports whether s may be stored as a field of kind k.
func Check(s string, k Kind) Problem {
	if !utf8.ValidString(s) {
		return BadEncoding
	}
	for _, r := range s {
		switch {
		case r == 0:
			return Control
		case k == Raw:
		case k == Multiline && (r == '\t' || r == '\n' || r == '\r'):
		case unicode.IsControl(r):
			return Control
		}
	}
	if k != Raw && strings.TrimSpace(s) != "" && !Visible(s) {
		return Invisible
	}
	return OK
}

// Name checks a name field (a person's first or last name, an item's name,
// the organisation's name): empty is left to the caller's own "required"
// rule; anything else must hold a visible character. Domain validators call
// it for names that arrive other than through the API's decoder (a CSV
// import, a command line).
func Name(field, s string) error {
	if p := Check(s, Line); p != OK {
		return Error(field, p)
	}
	return nil
}

// Error is the coded 400 for a refused text in field: code p, params {field}.
func Error(field string, p Problem) error {
	if field == "" {
		field = "body"
	}
	msg := "Field %s holds a control character."
	switch p {
	case BadEncoding:
		msg = "Field %s is not valid UTF-8 text."
	case Invisible:
		msg = "Field %s must hold at least one visible character."
	}
	return apperr.New(apperr.Invalid, string(p), apperr.Params{"field": field}, fmt.Sprintf(msg, field)).OnField(field)
}

// Clean trims s unless k is Raw.
func Clean(s string, k Kind) string {
	if k == Raw {
		return s
	}
	return strings.TrimSpace(s)
}

// Visible reports whether s holds at least one character a reader can see:
// a letter, digit, mark, punctuation or symbol. Spaces, zero-width and
// direction controls (U+200B, U+202E, U+FEFF, the soft hyphen) alone are not.
func Visible(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) || unicode.IsControl(r) {
			continue
		}
		if unicode.IsGraphic(r) {
			return true
		}
	}
	return false
}

// CSVCell makes free text safe for a spreadsheet cell: a value that a
// spreadsheet would read as a formula (= + - @, tab, carriage return first)
// is prefixed with an apostrophe.
func CSVCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
