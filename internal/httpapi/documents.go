package httpapi

import (
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/text"
)

// docActor is the signed-in user as the documents area names them.
func docActor(r *http.Request) documents.Actor {
	u := userFrom(r.Context())
	if u == nil {
		return documents.Actor{}
	}
	return documents.Actor{UserID: u.ID, Name: u.Name()}
}

// maxFieldBytes bounds each text field of an upload's form.
const maxFieldBytes = 256

// handleDocUpload streams a multipart upload (`file`, `type`, optional
// `link_kind` and `link_id`, in any order) into the database a chunk at a
// time: the JSON body limit does not apply and the file is never held whole.
func (s *Server) handleDocUpload(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	limit, err := s.Documents.MaxUploadBytes(ctx)
	if err != nil {
		return err
	}
	// The form around the file adds a little; a declared length far past
	// the limit is refused before reading anything.
	if r.ContentLength > limit+1<<20 {
		return apperr.New(apperr.TooLarge, "file.too_large", apperr.Params{"limit_mib": limit >> 20, "limit": limit},
			fmt.Sprintf("The file is larger than the upload limit of %d MiB.", limit>>20)).OnField("file")
	}
	var rec *documents.Received
	created := false
	defer func() {
		if rec != nil && !created {
			s.Documents.Discard(ctx, rec)
		}
	}()
	fields := map[string]string{}
	err = eachPart(r, func(part *multipart.Part) error {
		name := part.FormName()
		switch name {
		case "file":
			if rec != nil {
				return errOneFileOnly()
			}
			var err error
			rec, err = s.Documents.Receive(ctx, part.FileName(), part)
			if err != nil {
				// Read what remains (up to the limit) so that the browser
				// sees this answer rather than a reset connection.
				_, _ = io.CopyN(io.Discard, r.Body, limit)
				return err
			}
		case "type", "link_kind", "link_id":
			b, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
			if err != nil {
				return errBadMultipart()
			}
			v := string(b)
			if len(b) > maxFieldBytes {
				return apperr.New(apperr.Invalid, "request.field_too_long", apperr.Params{"field": name},
					fmt.Sprintf("Field %s is too long.", name)).OnField(name)
			}
			if p := text.Check(v, text.Line); p != text.OK {
				return text.Error(name, p)
			}
			fields[name] = text.Clean(v, text.Line)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if rec == nil {
		return errFileMissing()
	}
	n := documents.NewDocument{Type: fields["type"], LinkKind: fields["link_kind"]}
	if v := fields["link_id"]; v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return apperr.New(apperr.Invalid, "document.link_id_invalid", nil, "A link needs the id of what it links to.").OnField("link_id")
		}
		n.LinkID = id
	}
	created = true // Create discards the content itself if it fails
	d, err := s.Documents.Create(ctx, rec, n, docActor(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, d)
}

// docFilter reads the list's query: search, type, link_kind, link_id,
// uploaded_by, from, to, sort, order, page, page_size.
func docFilter(r *http.Request) (documents.Filter, error) {
	q := r.URL.Query()
	for _, k := range []string{"search", "type", "link_kind", "sort", "order", "from", "to"} {
		if p := text.Check(q.Get(k), text.Line); p != text.OK {
			return documents.Filter{}, text.Error(k, p)
		}
	}
	l, err := readList(r, documents.SortKeys, documents.MaxPageSize)
	if err != nil {
		return documents.Filter{}, err
	}
	f := documents.Filter{
		Search:   q.Get("search"),
		From:     q.Get("from"),
		To:       q.Get("to"),
		Sort:     l.Sort,
		Desc:     l.Desc(false),
		Page:     l.Page,
		PageSize: l.PageSize,
	}
	if f.Type, err = queryEnum(r, "type", documents.Types); err != nil {
		return f, err
	}
	if f.LinkKind, err = queryEnum(r, "link_kind", documents.LinkKinds); err != nil {
		return f, err
	}
	for name, dst := range map[string]*int64{"link_id": &f.LinkID, "uploaded_by": &f.UploadedBy} {
		if v := q.Get(name); v != "" {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil || id <= 0 {
				return f, apperr.New(apperr.Invalid, "field.positive_int", apperr.Params{"field": name},
					fmt.Sprintf("%s must be a positive whole number.", name)).OnField(name)
			}
			*dst = id
		}
	}
	return f, nil
}

func (s *Server) handleDocList(w http.ResponseWriter, r *http.Request) error {
	return s.listDocs(w, r, false)
}

func (s *Server) handleDocTrash(w http.ResponseWriter, r *http.Request) error {
	return s.listDocs(w, r, true)
}

func (s *Server) listDocs(w http.ResponseWriter, r *http.Request, trashed bool) error {
	f, err := docFilter(r)
	if err != nil {
		return err
	}
	f.Trashed = trashed
	docs, total, err := s.Documents.List(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"documents": docs, "total": total})
}

func (s *Server) handleDocGet(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Documents.Get)
}

// handleDocContent streams a document's bytes as stored, with the content
// type decided at upload, never sniffed by the browser. PDFs and images are
// sent inline (for the preview) unless download=true; everything else is
// always an attachment.
func (s *Server) handleDocContent(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	download, err := queryBool(r, "download")
	if err != nil {
		return err
	}
	d, rc, err := s.Documents.Open(r.Context(), id)
	if err != nil {
		return err
	}
	defer rc.Close()
	disposition := "attachment"
	if d.Previewable() && !download {
		disposition = "inline"
	}
	h := w.Header()
	h.Set("Content-Type", d.ContentType)
	h.Set("Content-Length", strconv.FormatInt(d.Size, 10))
	h.Set("Content-Disposition", contentDisposition(disposition, d.Name))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	h.Set("ETag", `"`+d.SHA256+`"`)
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return nil
	}
	_, err = io.Copy(w, rc)
	return err
}

// contentDisposition words a Content-Disposition for any file name: an
// ASCII fallback (other characters, quotes, backslashes and separators
// become '_') and the exact name in RFC 5987 form for every current browser.
func contentDisposition(kind, name string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' || r == ';' || r == '%' {
			return '_'
		}
		return r
	}, name)
	if v := mime.FormatMediaType(kind, map[string]string{"filename": fallback}); v != "" {
		return v + "; filename*=UTF-8''" + url.PathEscape(name)
	}
	return kind + "; filename*=UTF-8''" + url.PathEscape(name)
}

func (s *Server) handleDocDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.Documents.Delete(r.Context(), id, docActor(r)); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"message": "File deleted"})
}

func (s *Server) handleDocRestore(w http.ResponseWriter, r *http.Request) error {
	return serveByID(w, r, s.Documents.Restore)
}
