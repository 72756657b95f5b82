package httpapi

import (
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
)

// publicLogoPath is the stable address of the organisation's logo.
const publicLogoPath = "/api/public/logo"

// logoURL is where the web app loads the current logo, "" when there is
// none: the stable address plus the logo's tag, so a replaced logo is a new
// address and no browser shows the old one from its cache.
func (s *Server) logoURL(ctx context.Context) (string, error) {
	if s.Logo == nil {
		return "", nil
	}
	tag, err := s.Logo.Tag(ctx)
	if err != nil || tag == "" {
		return "", err
	}
	return publicLogoPath + "?v=" + strings.Trim(tag, `"`), nil
}

// handlePublicLogo serves the logo to anyone (the shared impact report is
// signed out) as stored, with the type decided at upload. An SVG cannot run
// script: the policy allows no script, and nosniff keeps the type.
func (s *Server) handlePublicLogo(w http.ResponseWriter, r *http.Request) error {
	if v := r.URL.Query().Get("v"); len(v) > 64 {
		return apperr.TooLong("v", 64)
	}
	l, err := s.Logo.Get(r.Context())
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("ETag", l.ETag)
	h.Set("Cache-Control", "public, max-age=300, must-revalidate")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	h.Set("Content-Disposition", "inline")
	if match := r.Header.Get("If-None-Match"); match != "" && match == l.ETag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", l.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(l.Data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(l.Data)
	}
	return nil
}

// logoAnswer is what an upload answers: the logo's type, size and address.
type logoAnswer struct {
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
	LogoURL     string `json:"logo_url"`
}

// handlePutLogo takes a multipart form with one part, `file` (any other part
// is 400 field.unknown), and stores it as the logo in place of any before it.
func (s *Server) handlePutLogo(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	// The form around the file adds a little; a declared length far past
	// the limit is refused before reading anything.
	if r.ContentLength > organisation.MaxLogoBytes+64<<10 {
		return organisation.ErrLogoTooLarge()
	}
	var data []byte
	err := eachPart(r, func(part *multipart.Part) error {
		if name := part.FormName(); name != "file" {
			return apperr.New(apperr.Invalid, "field.unknown", apperr.Params{"field": name},
				"Field "+name+" is not part of this request.").OnField(name)
		}
		if data != nil {
			return errOneFileOnly()
		}
		var err error
		data, err = io.ReadAll(io.LimitReader(part, organisation.MaxLogoBytes+1))
		if err != nil {
			return errBadMultipart()
		}
		if len(data) > organisation.MaxLogoBytes {
			// Read what remains (a little) so that the browser sees this
			// answer rather than a reset connection.
			_, _ = io.CopyN(io.Discard, r.Body, 128<<10)
			return organisation.ErrLogoTooLarge()
		}
		return nil
	})
	if err != nil {
		return err
	}
	if data == nil {
		return errFileMissing()
	}
	l, err := s.Logo.Set(ctx, data)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, logoAnswer{ContentType: l.ContentType, Size: len(l.Data),
		LogoURL: publicLogoPath + "?v=" + strings.Trim(l.ETag, `"`)})
}

// handleDeleteLogo removes the logo (404 settings.logo_none when there is none).
func (s *Server) handleDeleteLogo(w http.ResponseWriter, r *http.Request) error {
	if err := s.Logo.Remove(r.Context()); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}
