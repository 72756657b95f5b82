package organisation

import (
	"errors"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

func TestSniffLogoDecidesByContent(t *testing.T) {
	ok := map[string]string{
		"\x89PNG\r\n\x1a\n....":                     LogoPNG,
		"\xFF\xD8\xFF\xE0..JFIF":                    LogoJPEG,
		"RIFF\x1a\x00\x00\x00WEBPVP8 ":              LogoWebP,
		`<svg xmlns="http://www.w3.org/2000/svg"/>`: LogoSVG,
		"\n <?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg><g><rect/></g></svg>\n": LogoSVG,
	}
	for in, want := range ok {
		if got, err := SniffLogo([]byte(in)); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{
		"", "GIF89a", "%PDF-1.4", "plain text", "<html><svg/></html>", "<svg><g></svg>", "<svg/><script/>",
		"text <svg/>", "<svg>", "BM\x00\x00",
	} {
		_, err := SniffLogo([]byte(in))
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != "settings.logo_type" {
			t.Errorf("%q: %v, want settings.logo_type", in, err)
		}
	}
}
