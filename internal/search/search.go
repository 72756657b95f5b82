// Package search finds records across the app by what people type: an
// item's SKU or name, a batch code, a shipment's number (SHP-…), an
// employee's name, a project's name, an invoice's number (INV-…, admins
// only), a document's file name and a recall's number (RCL-…). It imports
// no storage or HTTP code.
//
// Rules the Service guarantees:
//   - a query shorter than MinQuery characters (after trimming) finds
//     nothing and asks the store nothing; one longer than MaxQuery is 400
//     field.too_long;
//   - every kind gives at most Limit results, those whose key starts with the
//     query first;
//   - what the searcher may not open is not returned: invoices only to
//     admins, documents in the trash and archived items and employees not at all.
package search

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// Kinds of result, in the order the answer lists them.
const (
	KindItem     = "item"
	KindBatch    = "batch"
	KindShipment = "shipment"
	KindEmployee = "employee"
	KindProject  = "project"
	KindInvoice  = "invoice"
	KindDocument = "document"
	KindRecall   = "recall"
)

// Kinds lists every kind in answer order.
var Kinds = []string{KindItem, KindBatch, KindShipment, KindEmployee, KindProject, KindInvoice, KindDocument, KindRecall}

// Limits.
const (
	MinQuery     = 2
	MaxQuery     = 100
	DefaultLimit = 5
	MaxLimit     = 20
)

// Result is one record found: its kind and id name the page it opens.
type Result struct {
	Kind string `json:"kind"`
	ID   int64  `json:"id"`
	// Title is the record's own name or code; Subtitle what tells it apart
	// (an item's SKU, a batch's item, a shipment's destination…).
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
}

// Query is what the store looks for.
type Query struct {
	// Text is the trimmed query; Lower and Upper are it in lower and upper case.
	Text, Lower, Upper string
	// RecallID is the recall a query like "RCL-0007" names; 0 for none.
	RecallID int64
	// Limit is the most results per kind.
	Limit int
	// Invoices says whether invoices may be returned (admins only).
	Invoices bool
}

// Store reads the records a query matches, Limit of each kind at most,
// kinds in Kinds order.
type Store interface {
	Find(ctx context.Context, q Query) ([]Result, error)
}

// Service is the search over its store.
type Service struct{ store Store }

// NewService returns the search over store.
func NewService(store Store) *Service { return &Service{store: store} }

var recallNumber = regexp.MustCompile(`^(?i)RCL-?0*([0-9]{1,9})$`)

// Search finds what text names for a searcher (admin: whether they are one).
// limit is the most results per kind (the caller checks its range).
func (s *Service) Search(ctx context.Context, text string, limit int, admin bool) ([]Result, error) {
	text = strings.TrimSpace(text)
	n := utf8.RuneCountInString(text)
	if n > MaxQuery {
		return nil, apperr.TooLong("q", MaxQuery)
	}
	if n < MinQuery {
		return []Result{}, nil
	}
	q := Query{Text: text, Lower: strings.ToLower(text), Upper: strings.ToUpper(text), Limit: limit, Invoices: admin}
	if m := recallNumber.FindStringSubmatch(text); m != nil {
		q.RecallID, _ = strconv.ParseInt(m[1], 10, 64)
	}
	return s.store.Find(ctx, q)
}
