package organisation

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"

	"github.com/packline/packline/internal/apperr"
)

// MaxLogoBytes is the largest logo an admin may upload: 512 KB.
const MaxLogoBytes = 512 << 10

// Logo content types, decided from the bytes, never from the file's name or
// what the client says.
const (
	LogoPNG  = "image/png"
	LogoJPEG = "image/jpeg"
	LogoWebP = "image/webp"
	LogoSVG  = "image/svg+xml"
)

// Logo is the organisation's logo: its bytes, their content type and an
// ETag that changes whenever the bytes do.
type Logo struct {
	ContentType string
	Data        []byte
	ETag        string
}

// LogoStore keeps the one logo.
type LogoStore interface {
	// Logo returns the stored logo, or nil when there is none.
	Logo(ctx context.Context) (*Logo, error)
	// LogoTag returns the stored logo's ETag, or "" when there is none.
	LogoTag(ctx context.Context) (string, error)
	// PutLogo stores l in place of any logo before it.
	PutLogo(ctx context.Context, l Logo) error
	// DeleteLogo removes the logo; it reports whether there was one.
	DeleteLogo(ctx context.Context) (bool, error)
}

// ErrLogoTooLarge is a logo over MaxLogoBytes: 413 settings.logo_too_large.
func ErrLogoTooLarge() error {
	return apperr.New(apperr.TooLarge, "settings.logo_too_large", apperr.Params{"limit_kb": MaxLogoBytes >> 10},
		fmt.Sprintf("The logo must be at most %d KB.", MaxLogoBytes>>10)).OnField("file")
}

func errLogoType() error {
	return apperr.New(apperr.Invalid, "settings.logo_type", nil,
		"The logo must be a PNG, JPEG, WebP or SVG image.").OnField("file")
}

// ErrNoLogo is 404 settings.logo_none: the organisation has no logo.
func ErrNoLogo() error {
	return apperr.New(apperr.NotFound, "settings.logo_none", nil, "The organisation has no logo.")
}

// SniffLogo decides a logo's content type from its bytes: PNG, JPEG and WebP
// by their signatures, SVG when the bytes are XML whose first element is an
// <svg> (it is served so that it cannot run script). Anything else is 400
// settings.logo_type.
func SniffLogo(b []byte) (string, error) {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return LogoPNG, nil
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return LogoJPEG, nil
	case len(b) >= 12 && bytes.Equal(b[:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WEBP")):
		return LogoWebP, nil
	case isSVG(b):
		return LogoSVG, nil
	}
	return "", errLogoType()
}

// isSVG reports whether b is well-formed XML with one root element, svg.
func isSVG(b []byte) bool {
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	seen, depth := false, 0 // seen: the root element has begun
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return seen && depth == 0
		}
		if err != nil {
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if seen || t.Name.Local != "svg" {
					return false // a second root, or a root that is not svg
				}
				seen = true
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return false // text outside the root element: not an SVG file
			}
		}
	}
}

// LogoService reads and changes the organisation's logo.
type LogoService struct{ store LogoStore }

// NewLogoService returns the logo service over store.
func NewLogoService(store LogoStore) *LogoService { return &LogoService{store: store} }

// Get returns the logo, or 404 settings.logo_none.
func (s *LogoService) Get(ctx context.Context) (*Logo, error) {
	l, err := s.store.Logo(ctx)
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, ErrNoLogo()
	}
	return l, nil
}

// Tag returns the logo's ETag, "" when there is none.
func (s *LogoService) Tag(ctx context.Context) (string, error) { return s.store.LogoTag(ctx) }

// Set stores data as the logo, replacing any before it, after checking its
// size (413 settings.logo_too_large) and its type by content (400
// settings.logo_type); an empty file is settings.logo_type too.
func (s *LogoService) Set(ctx context.Context, data []byte) (*Logo, error) {
	if len(data) > MaxLogoBytes {
		return nil, ErrLogoTooLarge()
	}
	ct, err := SniffLogo(data)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	l := Logo{ContentType: ct, Data: data, ETag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	if err := s.store.PutLogo(ctx, l); err != nil {
		return nil, err
	}
	return &l, nil
}

// Remove deletes the logo, or answers 404 settings.logo_none when there is none.
func (s *LogoService) Remove(ctx context.Context) error {
	ok, err := s.store.DeleteLogo(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNoLogo()
	}
	return nil
}
