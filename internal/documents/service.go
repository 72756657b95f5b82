package documents

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/every"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/paging"
)

// KindZipUpload is the notification kind for an uploaded ZIP (SPEC §1); it
// matches messaging.KindZipUpload.
const KindZipUpload = "zip_upload"

// Service holds the documents' rules over a Store.
type Service struct {
	store    Store
	settings interface {
		Get(ctx context.Context) (organisation.Settings, error)
	}
	notify Notifier
	cal    *organisation.Calendar
	log    *slog.Logger
}

// NewService returns the documents service. settings gives the upload limit
// and cal the time zone and now; notify tells the staff about ZIP uploads.
func NewService(store Store, settings interface {
	Get(ctx context.Context) (organisation.Settings, error)
}, notify Notifier, cal *organisation.Calendar, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, settings: settings, notify: notify, cal: cal, log: log}
}

// Received is a file stored as pending content, checked and hashed, that is
// not yet a document: Create makes it one, Discard drops it.
type Received struct {
	pendingID   int64
	Name        string
	Size        int64
	SHA256      string
	ContentType string
	Entries     []Entry
}

// MaxUploadBytes is the organisation's upload limit in bytes.
func (s *Service) MaxUploadBytes(ctx context.Context) (int64, error) {
	st, err := s.settings.Get(ctx)
	if err != nil {
		return 0, err
	}
	mib := st.MaxUploadMiB
	if mib <= 0 {
		mib = DefaultMaxUploadMiB
	}
	return int64(mib) << 20, nil
}

// Receive reads a file to its end, a chunk at a time, storing each chunk as
// it comes, so that no more than one chunk is ever held. Its type is decided
// from its first bytes before anything is stored; a text file is read
// through a MarkupScanner to its end (file.markup at the first tag); it
// stops as soon as the file passes the upload limit. name is the client's
// file name, for display.
func (s *Service) Receive(ctx context.Context, name string, file io.Reader) (*Received, error) {
	name = DisplayName(name)
	limit, err := s.MaxUploadBytes(ctx)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, ChunkSize)
	n, err := readChunk(file, buf)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, apperr.New(apperr.Invalid, "file.empty", apperr.Params{"name": name}, "The file is empty.").OnField("file")
	}
	ctype, err := Sniff(name, buf[:min(n, SniffLen)])
	if err != nil {
		return nil, err
	}
	var scan *MarkupScanner
	if IsText(ctype) {
		scan = &MarkupScanner{}
		if scan.Write(buf[:n]); scan.Found {
			return nil, scan.Err(name)
		}
	}
	pending, err := s.store.BeginContent(ctx)
	if err != nil {
		return nil, err
	}
	rec, err := s.receive(ctx, pending, file, buf, n, limit, scan, name)
	if err != nil {
		// The request's context may be over (the client went away): discard anyway.
		if derr := s.store.DiscardContent(context.WithoutCancel(ctx), pending); derr != nil {
			s.log.Warn("discard pending document content", "id", pending, "err", derr)
		}
		return nil, err
	}
	rec.Name, rec.ContentType = name, ctype
	if IsZip(ctype) {
		at := &contentReaderAt{ctx: ctx, store: s.store, id: pending, size: rec.Size, seq: -1}
		rec.Entries, err = Inspect(at, rec.Size, name, ctype)
		if err != nil {
			s.Discard(context.WithoutCancel(ctx), rec)
			return nil, err
		}
	}
	return rec, nil
}

// receive stores the chunks from buf[:n] on; scan (nil but for text) reads
// every chunk after the first, which Receive scanned.
func (s *Service) receive(ctx context.Context, pending int64, file io.Reader, buf []byte, n int, limit int64, scan *MarkupScanner, name string) (*Received, error) {
	h := sha256.New()
	var size int64
	for seq := 0; n > 0; seq++ {
		size += int64(n)
		if size > limit {
			return nil, tooLarge(limit)
		}
		h.Write(buf[:n])
		if err := s.store.AppendChunk(ctx, pending, seq, buf[:n]); err != nil {
			return nil, err
		}
		var err error
		if n, err = readChunk(file, buf); err != nil {
			return nil, err
		}
		if scan != nil {
			if scan.Write(buf[:n]); scan.Found {
				return nil, scan.Err(name)
			}
		}
	}
	return &Received{pendingID: pending, Size: size, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// readChunk fills buf as far as the file goes; 0 at its end. Only a clean
// io.EOF ends a file: any other error (a cut connection, a truncated form)
// is file.incomplete, so that a partial file is never kept as a whole one.
func readChunk(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			if _, ok := apperr.As(err); ok {
				return 0, err
			}
			return 0, apperr.New(apperr.Invalid, "file.incomplete", nil, "The file did not arrive whole; try again.").OnField("file")
		}
	}
	return n, nil
}

// Discard drops a received file that will not become a document.
func (s *Service) Discard(ctx context.Context, rec *Received) {
	if rec == nil {
		return
	}
	if err := s.store.DiscardContent(ctx, rec.pendingID); err != nil {
		s.log.Warn("discard pending document content", "id", rec.pendingID, "err", err)
	}
}

// Validate checks what an upload says besides its bytes. An empty type is
// "other".
func (n *NewDocument) Validate() error {
	n.Type = strings.TrimSpace(n.Type)
	if n.Type == "" {
		n.Type = TypeOther
	}
	if !slices.Contains(Types, n.Type) {
		return apperr.New(apperr.Invalid, "document.type_invalid", apperr.Params{"allowed": strings.Join(Types, ", ")},
			"Type must be one of: "+strings.Join(Types, ", ")+".").OnField("type")
	}
	switch {
	case n.LinkKind == "" && n.LinkID == 0:
	case !slices.Contains(LinkKinds, n.LinkKind):
		return apperr.New(apperr.Invalid, "document.link_kind_invalid", apperr.Params{"allowed": strings.Join(LinkKinds, ", ")},
			"A link must be to one of: "+strings.Join(LinkKinds, ", ")+".").OnField("link_kind")
	case n.LinkID <= 0:
		return apperr.New(apperr.Invalid, "document.link_id_invalid", nil, "A link needs the id of what it links to.").OnField("link_id")
	}
	return nil
}

// Create makes a received file a document: it validates n, checks the link
// exists, stores the document (pointing to identical content already stored,
// if any) and, for a ZIP, notifies the other staff. On any error the received
// content is discarded.
func (s *Service) Create(ctx context.Context, rec *Received, n NewDocument, by Actor) (*Document, error) {
	n.Name = rec.Name
	if err := s.create(ctx, &n); err != nil {
		s.Discard(context.WithoutCancel(ctx), rec)
		return nil, err
	}
	c := Content{Size: rec.Size, SHA256: rec.SHA256, Type: rec.ContentType, Entries: rec.Entries}
	d, err := s.store.CreateDocument(ctx, rec.pendingID, c, n, by)
	if errors.Is(err, ErrContentIncomplete) {
		err = apperr.New(apperr.Conflict, "file.incomplete", nil, "The file did not arrive whole; try again.")
	}
	if err != nil {
		s.Discard(context.WithoutCancel(ctx), rec)
		return nil, err
	}
	if d.ContentType == TypeZIP {
		params := map[string]string{"name": by.Name, "type": typeLabel[d.Type]}
		if err := s.notify.Notify(ctx, by.UserID, KindZipUpload, params); err != nil {
			s.log.Warn("notify zip upload", "document", d.ID, "err", err)
		}
	}
	return d, nil
}

func (s *Service) create(ctx context.Context, n *NewDocument) error {
	if err := n.Validate(); err != nil {
		return err
	}
	if n.LinkKind == "" {
		return nil
	}
	ok, err := s.store.LinkExists(ctx, n.LinkKind, n.LinkID)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.Invalid, "document.link_not_found", apperr.Params{"link_kind": n.LinkKind, "link_id": n.LinkID},
			fmt.Sprintf("There is no %s %d to link to.", n.LinkKind, n.LinkID)).OnField("link_id")
	}
	return nil
}

// Upload is Receive then Create, for callers that know everything up front
// (the demo loader, tests).
func (s *Service) Upload(ctx context.Context, n NewDocument, file io.Reader, by Actor) (*Document, error) {
	rec, err := s.Receive(ctx, n.Name, file)
	if err != nil {
		return nil, err
	}
	return s.Create(ctx, rec, n, by)
}

func notFound(id int64) error {
	return apperr.New(apperr.NotFound, "document.not_found", apperr.Params{"id": id}, "Items not found")
}

// Get returns a live document (document.not_found for one in the trash).
func (s *Service) Get(ctx context.Context, id int64) (*Document, error) {
	d, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if d == nil || d.DeletedAt != nil {
		return nil, notFound(id)
	}
	return d, nil
}

// Open returns a live document and a reader of its bytes, streamed a chunk
// at a time; the caller closes it.
func (s *Service) Open(ctx context.Context, id int64) (*Document, io.ReadCloser, error) {
	d, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return d, &contentReader{ctx: ctx, store: s.store, id: d.ContentID}, nil
}

// List returns a page of live documents (or of the trash, f.Trashed) and
// how many match in all. Dates are read in the organisation's zone.
func (s *Service) List(ctx context.Context, f Filter) ([]Document, int, error) {
	if err := s.normalise(ctx, &f); err != nil {
		return nil, 0, err
	}
	docs, total, err := s.store.List(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	for i := range docs {
		setPurgeAt(&docs[i])
	}
	return docs, total, nil
}

func (s *Service) normalise(ctx context.Context, f *Filter) error {
	if f.Type != "" && !slices.Contains(Types, f.Type) {
		return apperr.New(apperr.Invalid, "document.type_invalid", apperr.Params{"allowed": strings.Join(Types, ", ")},
			"Type must be one of: "+strings.Join(Types, ", ")+".").OnField("type")
	}
	if f.LinkKind != "" && !slices.Contains(LinkKinds, f.LinkKind) {
		return apperr.New(apperr.Invalid, "document.link_kind_invalid", apperr.Params{"allowed": strings.Join(LinkKinds, ", ")},
			"A link must be to one of: "+strings.Join(LinkKinds, ", ")+".").OnField("link_kind")
	}
	if f.Sort == "" {
		f.Sort, f.Desc = "uploaded_at", true
		if f.Trashed {
			f.Sort = "deleted_at"
		}
	}
	if !slices.Contains(SortKeys, f.Sort) {
		return apperr.Choice("sort", SortKeys)
	}
	for _, d := range [][2]string{{"from", f.From}, {"to", f.To}} {
		if err := apperr.CheckOptionalDate(d[0], d[1]); err != nil {
			return err
		}
	}
	f.Page, f.PageSize = paging.Bounds(f.Page, f.PageSize, MaxPageSize)
	f.Search = strings.TrimSpace(f.Search)
	if err := paging.CheckSearch(f.Search); err != nil {
		return err
	}
	loc, err := s.cal.Zone(ctx)
	if err != nil {
		return err
	}
	f.Zone = loc
	return nil
}

func setPurgeAt(d *Document) {
	if d.DeletedAt != nil {
		t := d.DeletedAt.Add(TrashDays * 24 * time.Hour)
		d.PurgeAt = &t
	}
}

// Delete moves a live document to the trash (document.not_found if there
// is no live document id).
func (s *Service) Delete(ctx context.Context, id int64, by Actor) error {
	trashed, err := s.store.Trash(ctx, id, by)
	if err == nil && !trashed {
		err = notFound(id)
	}
	return err
}

// Restore brings a document back from the trash (document.not_in_trash if
// id is not there).
func (s *Service) Restore(ctx context.Context, id int64) (*Document, error) {
	restored, err := s.store.Restore(ctx, id)
	if err != nil {
		return nil, err
	}
	if !restored {
		return nil, apperr.New(apperr.NotFound, "document.not_in_trash", apperr.Params{"id": id}, "That document is not in the trash.")
	}
	return s.Get(ctx, id)
}

// Purge removes documents trashed more than TrashDays ago, then content no
// document points to, and pending content left by uploads that never
// finished a day ago. It is safe to run from several instances at once.
func (s *Service) Purge(ctx context.Context) (docs, contents int, err error) {
	now := s.cal.Now()
	return s.store.Purge(ctx, now.Add(-TrashDays*24*time.Hour), now.Add(-24*time.Hour))
}

// PurgeEvery runs Purge now and then every interval until ctx ends.
func (s *Service) PurgeEvery(ctx context.Context, interval time.Duration) {
	every.Run(ctx, 0, interval, func(ctx context.Context) {
		docs, contents, err := s.Purge(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("purge documents", "err", err)
		case docs+contents > 0:
			s.log.Info("purged documents", "documents", docs, "contents", contents)
		}
	})
}
