package httpapi_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

// logoPNG is a real PNG of w×h pixels.
func logoPNG(t *testing.T, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{0x2f, 0x6f, 0x4f, 0xff})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// putLogo sends PUT /api/settings/logo with the given parts (name → bytes;
// "file" is sent as a file part) and answers the response.
func (e *env) putLogo(token string, parts ...[2]string) *http.Response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range parts {
		var w io.Writer
		var err error
		if p[0] == "file" {
			w, err = mw.CreateFormFile("file", "logo.png") // the name says PNG whatever it holds
		} else {
			w, err = mw.CreateFormField(p[0])
		}
		if err != nil {
			e.t.Fatal(err)
		}
		_, _ = w.Write([]byte(p[1]))
	}
	_ = mw.Close()
	return e.send("PUT", "/api/settings/logo", token, &body, http.Header{"Content-Type": {mw.FormDataContentType()}})
}

type logoAnswer struct {
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
	LogoURL     string `json:"logo_url"`
}

// putLogoAs uploads data and checks the status; it answers the decoded body
// (a logoAnswer for 200, an errJSON otherwise).
func (e *env) putLogoAs(data []byte, want int, out any) {
	e.t.Helper()
	res := e.putLogo(e.token, [2]string{"file", string(data)})
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		e.t.Fatalf("PUT logo: %d %s, want %d", res.StatusCode, raw, want)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		e.t.Fatal(err)
	}
}

func TestOrganisationLogo(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		// None yet: 404 with a code, and no logo_url anywhere.
		var bad errJSON
		e.call("GET", "/api/public/logo", "", "", 404, &bad)
		if bad.Code != "settings.logo_none" {
			t.Fatalf("no logo: %+v", bad)
		}
		var pub map[string]any
		e.call("GET", "/api/settings/public", "", "", 200, &pub)
		if _, ok := pub["logo_url"]; ok {
			t.Fatalf("public settings without a logo: %v", pub)
		}
		e.call("DELETE", "/api/settings/logo", e.token, "", 404, &bad)
		if bad.Code != "settings.logo_none" {
			t.Fatalf("remove none: %+v", bad)
		}

		// Upload a PNG: the type comes from the bytes.
		first := logoPNG(t, 40, 20)
		var got logoAnswer
		e.putLogoAs(first, 200, &got)
		if got.ContentType != "image/png" || got.Size != len(first) || !strings.HasPrefix(got.LogoURL, "/api/public/logo?v=") {
			t.Fatalf("uploaded: %+v", got)
		}
		e.call("GET", "/api/settings/public", "", "", 200, &pub)
		if pub["logo_url"] != got.LogoURL {
			t.Fatalf("public settings: %v, want logo_url %s", pub, got.LogoURL)
		}
		var settings map[string]any
		e.call("GET", "/api/settings", e.token, "", 200, &settings)
		if settings["logo_url"] != got.LogoURL {
			t.Fatalf("settings: %v", settings)
		}

		// Served to anyone, as stored, with its ETag; If-None-Match is 304.
		res := e.do("GET", got.LogoURL, "", "")
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		etag := res.Header.Get("ETag")
		if res.StatusCode != 200 || !bytes.Equal(body, first) || res.Header.Get("Content-Type") != "image/png" || etag == "" ||
			!strings.Contains(res.Header.Get("Cache-Control"), "max-age") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("public logo: %d %v", res.StatusCode, res.Header)
		}
		res = e.send("GET", "/api/public/logo", "", nil, http.Header{"If-None-Match": {etag}})
		res.Body.Close()
		if res.StatusCode != 304 {
			t.Fatalf("If-None-Match: %d", res.StatusCode)
		}

		// Wrong types are refused by content, whatever the file's name says.
		for name, data := range map[string][]byte{
			"text":          []byte("just some text"),
			"pdf":           []byte("%PDF-1.4\n"),
			"html":          []byte("<html><body><script>alert(1)</script></body></html>"),
			"svg in html":   []byte("<p>hi</p><svg xmlns='http://www.w3.org/2000/svg'/>"),
			"broken svg":    []byte("<svg xmlns='http://www.w3.org/2000/svg'><g>"),
			"empty":         {},
			"truncated gif": []byte("GIF89a"),
		} {
			var bad errJSON
			e.putLogoAs(data, 400, &bad)
			if bad.Code != "settings.logo_type" {
				t.Fatalf("%s: %+v", name, bad)
			}
		}

		// Over 512 KB: 413 with a code; the stored logo is unchanged.
		huge := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 512<<10)...)
		bad = errJSON{}
		e.putLogoAs(huge, 413, &bad)
		if bad.Code != "settings.logo_too_large" || bad.Params["limit_kb"] != float64(512) {
			t.Fatalf("too large: %+v", bad)
		}
		// Exactly 512 KB is allowed.
		exact := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 512<<10-8)...)
		var atLimit logoAnswer
		e.putLogoAs(exact, 200, &atLimit)
		if atLimit.Size != 512<<10 {
			t.Fatalf("at the limit: %+v", atLimit)
		}

		// A part other than file is refused, and so is a signed-out or staff upload.
		res = e.putLogo(e.token, [2]string{"file", string(first)}, [2]string{"name", "x"})
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 400 || !strings.Contains(string(raw), `"field.unknown"`) {
			t.Fatalf("unknown part: %d %s", res.StatusCode, raw)
		}
		e.call("DELETE", "/api/settings/logo", e.token, `{"all":true}`, 400, &bad)
		if bad.Code != "field.unknown" {
			t.Fatalf("body on DELETE: %+v", bad)
		}
		if res := e.putLogo("", [2]string{"file", string(first)}); res.StatusCode != 401 {
			t.Fatalf("signed out upload: %d", res.StatusCode)
		}
		if res := e.putLogo(e.staffToken(), [2]string{"file", string(first)}); res.StatusCode != 403 {
			t.Fatalf("staff upload: %d", res.StatusCode)
		}

		// Replace with an SVG: a new address, served so it cannot run script.
		svg := []byte(`<?xml version="1.0"?>` + "\n" + `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`)
		var replaced logoAnswer
		e.putLogoAs(svg, 200, &replaced)
		if replaced.ContentType != "image/svg+xml" || replaced.LogoURL == got.LogoURL || replaced.LogoURL == atLimit.LogoURL {
			t.Fatalf("replaced: %+v (was %s)", replaced, got.LogoURL)
		}
		res = e.do("GET", "/api/public/logo", "", "")
		body, _ = io.ReadAll(res.Body)
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if !bytes.Equal(body, svg) || res.Header.Get("Content-Type") != "image/svg+xml" ||
			!strings.HasPrefix(csp, "default-src 'none'; style-src 'unsafe-inline'") || strings.Contains(csp, "script") ||
			res.Header.Get("ETag") == etag {
			t.Fatalf("svg served: %v", res.Header)
		}

		// JPEG and WebP are recognised too.
		for want, data := range map[string][]byte{
			"image/jpeg": {0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F'},
			"image/webp": []byte("RIFF\x1a\x00\x00\x00WEBPVP8 \x0e\x00\x00\x00"),
		} {
			var a logoAnswer
			e.putLogoAs(data, 200, &a)
			if a.ContentType != want {
				t.Fatalf("%s: %+v", want, a)
			}
		}

		// Remove: gone everywhere.
		var ok map[string]bool
		e.call("DELETE", "/api/settings/logo", e.token, "", 200, &ok)
		if !ok["success"] {
			t.Fatalf("remove: %v", ok)
		}
		bad, pub = errJSON{}, nil
		e.call("GET", "/api/public/logo", "", "", 404, &bad)
		e.call("GET", "/api/settings/public", "", "", 200, &pub)
		if _, has := pub["logo_url"]; has || bad.Code != "settings.logo_none" {
			t.Fatalf("after remove: %v %+v", pub, bad)
		}
	})
}
