// Package documents keeps the group's files — bills of lading, certificates
// of analysis, SOPs, invoices, photos — next to the work they belong to.
// It imports no storage or HTTP code: storage implements Store, HTTP calls
// Service.
//
// Rules the Service guarantees:
//   - a file is accepted only when its content (magic bytes, and for ZIP-based
//     formats the entries inside) is one of the allowed kinds and agrees with
//     its name's extension (file.type_incorrect otherwise);
//   - a file larger than the organisation's upload limit is refused
//     (file.too_large) without reading more than the limit;
//   - content is kept once per SHA-256: a second identical upload points to
//     the content already stored;
//   - a ZIP is listed by its entries without unpacking; one that would expand
//     past 1 GiB or 100× its size, or whose paths escape, is refused;
//   - a deleted document stays in the trash for TrashDays, restorable by an
//     admin, then is purged, and its content with it once nothing points to it.
//
// A file's name is kept for display only and never used as a path.
package documents

import (
	"context"
	"errors"
	"time"
)

// Document types.
const (
	TypeBillOfLading = "bill_of_lading"
	TypeCertificate  = "certificate_of_analysis"
	TypeSOP          = "sop"
	TypeInvoice      = "invoice"
	TypePhoto        = "photo"
	TypeOther        = "other"
)

// Types lists every document type, in the order menus show them.
var Types = []string{TypeBillOfLading, TypeCertificate, TypeSOP, TypeInvoice, TypePhoto, TypeOther}

// typeLabel is each type in English, for notifications (which carry words,
// not keys).
var typeLabel = map[string]string{
	TypeBillOfLading: "Bill of lading",
	TypeCertificate:  "Certificate of analysis",
	TypeSOP:          "SOP",
	TypeInvoice:      "Invoice",
	TypePhoto:        "Photo",
	TypeOther:        "Other",
}

// Link kinds: what a document may belong to.
const (
	LinkBatch      = "batch"
	LinkShipment   = "shipment"
	LinkProduction = "production"
	LinkProject    = "project"
	LinkEmployee   = "employee"
)

// LinkKinds lists every link kind.
var LinkKinds = []string{LinkBatch, LinkShipment, LinkProduction, LinkProject, LinkEmployee}

// Limits.
const (
	// DefaultMaxUploadMiB is the organisation's upload limit until an admin
	// changes it.
	DefaultMaxUploadMiB = 50
	// TrashDays is how long a deleted document can be restored.
	TrashDays = 30
	// ZipMaxExpanded is the most a ZIP's entries may expand to, in bytes.
	ZipMaxExpanded = 1 << 30
	// ZipMaxRatio is the most a ZIP's entries may expand to, as a multiple of
	// the archive's size.
	ZipMaxRatio = 100
	// ZipMaxEntries is the most entries a ZIP may hold.
	ZipMaxEntries = 10000
	// ChunkSize is the size of the pieces content is stored and streamed in.
	ChunkSize = 128 << 10
	// MaxNameRunes is the longest display name kept.
	MaxNameRunes = 255
	// MaxPageSize is the most documents one page of the list holds.
	MaxPageSize = 100
)

// Entry is one file inside a ZIP: its path and uncompressed size in bytes.
type Entry struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
}

// Document is one stored file and what it belongs to. UploadedAt and
// DeletedAt are UTC.
type Document struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Size        int64   `json:"size"`
	ContentType string  `json:"content_type"`
	SHA256      string  `json:"sha256"`
	Type        string  `json:"type"`
	LinkKind    *string `json:"link_kind"`
	LinkID      *int64  `json:"link_id"`
	// LinkLabel names what the link points to: a batch's code, a shipment's
	// number, an employee's name, a production entry's line and date, a
	// project's name (read with the document; absent when unknown).
	LinkLabel *string `json:"link_label,omitempty"`
	// LinkDate and LinkLineID are a linked production entry's day and line
	// (for a link to that day's page); absent for other links.
	LinkDate       *string    `json:"link_date,omitempty"`
	LinkLineID     *int64     `json:"link_line_id,omitempty"`
	UploadedBy     int64      `json:"uploaded_by"`
	UploadedByName string     `json:"uploaded_by_name"`
	UploadedAt     time.Time  `json:"uploaded_at"`
	DeletedAt      *time.Time `json:"deleted_at,omitempty"`
	DeletedByName  string     `json:"deleted_by_name,omitempty"`
	// PurgeAt is when a trashed document goes for good.
	PurgeAt *time.Time `json:"purge_at,omitempty"`
	// Entries are a ZIP's files (nil for anything else).
	Entries []Entry `json:"entries,omitempty"`

	ContentID int64 `json:"-"`
}

// Previewable reports whether the web app may show the document in place:
// PDFs and images only, never anything a browser would run.
func (d *Document) Previewable() bool { return previewable[d.ContentType] }

// Actor is the signed-in user doing something.
type Actor struct {
	UserID int64
	Name   string
}

// NewDocument is what an upload says besides its bytes. LinkKind and LinkID
// come together or not at all.
type NewDocument struct {
	Name     string
	Type     string
	LinkKind string
	LinkID   int64
}

// Filter selects and orders documents. From and To are dates (YYYY-MM-DD,
// inclusive) in Zone.
type Filter struct {
	Search     string
	Type       string
	LinkKind   string
	LinkID     int64
	UploadedBy int64
	From, To   string
	Zone       *time.Location
	Sort       string // one of SortKeys
	Desc       bool
	Page       int // from 1
	PageSize   int
	Trashed    bool // the trash instead of the live documents
}

// SortKeys are the list's server-side sorts.
var SortKeys = []string{"name", "type", "size", "uploaded_at", "uploaded_by", "deleted_at"}

// Content is stored bytes, once per SHA-256.
type Content struct {
	ID      int64
	Size    int64
	SHA256  string
	Type    string // the sniffed content type
	Entries []Entry
}

// ErrContentIncomplete is CreateDocument's answer when the pending content
// it was given is no longer there whole (a purge took it).
var ErrContentIncomplete = errors.New("documents: the pending content is gone")

// Store is what the documents area needs from storage. Content is written
// in chunks, each in its own short transaction, so that a slow upload never
// holds the database; until FinishContent it is pending and invisible.
type Store interface {
	// BeginContent starts a pending content and returns its id.
	BeginContent(ctx context.Context) (int64, error)
	// AppendChunk stores the seq-th chunk (from 0) of a pending content.
	AppendChunk(ctx context.Context, pendingID int64, seq int, data []byte) error
	// Chunk reads the seq-th chunk (from 0) of a content, pending or
	// stored (nil past its end).
	Chunk(ctx context.Context, contentID, seq int64) ([]byte, error)
	// DiscardContent drops a pending content and its chunks.
	DiscardContent(ctx context.Context, pendingID int64) error
	// CreateDocument, in one transaction, turns the pending content into c —
	// or, when content with c.SHA256 is already stored, drops the pending one
	// and points to that — and records the document.
	CreateDocument(ctx context.Context, pendingID int64, c Content, n NewDocument, by Actor) (*Document, error)
	// LinkExists reports whether the thing a document would link to exists.
	LinkExists(ctx context.Context, kind string, id int64) (bool, error)

	// Get returns a document, live or trashed (nil if neither).
	Get(ctx context.Context, id int64) (*Document, error)
	List(ctx context.Context, f Filter) ([]Document, int, error)

	// Trash marks a live document deleted; false if it is not live.
	Trash(ctx context.Context, id int64, by Actor) (bool, error)
	// Restore brings a trashed document back; false if it is not trashed.
	Restore(ctx context.Context, id int64) (bool, error)
	// Purge removes documents trashed before cutoff, then every content no
	// document points to (and pending content begun before staleBefore).
	// It is safe to run from several instances at once.
	Purge(ctx context.Context, cutoff, staleBefore time.Time) (docs, contents int, err error)
}

// Notifier tells the other staff (the messaging service).
type Notifier interface {
	Notify(ctx context.Context, actorID int64, kind string, params map[string]string) error
}
