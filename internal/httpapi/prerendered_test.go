package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/packline/packline/internal/httpapi"
)

// TestPrerenderedPageChoice: a public page is served prerendered in the language of the
// app's cookie, else of Accept-Language (by quality), else the organisation's default,
// and in the theme of its cookie (else light); a reset link or invitation, and a path
// without a prerendered page, get the entry's HTML.
func TestPrerenderedPageChoice(t *testing.T) {
	files := fstest.MapFS{
		"index.html": {Data: []byte("office")},
		"auth.html":  {Data: []byte("auth entry")},
		"kiosk.html": {Data: []byte("kiosk entry")},
	}
	for _, page := range []string{"login", "signup", "recover-password", "recover-password-email", "employee-portal"} {
		for _, lang := range []string{"gb", "br", "es", "cn", "ir"} {
			for _, theme := range []string{"light", "dark"} {
				name := page + "." + lang + "." + theme
				files["prerendered/"+name+".html"] = &fstest.MapFile{Data: []byte(name)}
			}
		}
	}
	serve := func(orgDefault string) *httptest.Server {
		api := &httpapi.Server{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Version: "test", App: files, DefaultLanguage: orgDefault}
		srv := httptest.NewServer(api.Handler())
		t.Cleanup(srv.Close)
		return srv
	}
	gbSite, esSite := serve(""), serve("es")
	cases := []struct {
		name    string
		srv     *httptest.Server
		path    string
		cookies map[string]string
		accept  string
		want    string
	}{
		{"nothing known: the default, gb", gbSite, "/auth/login", nil, "", "login.gb.light"},
		{"nothing known: the organisation's default", esSite, "/auth/login", nil, "", "login.es.light"},
		{"Accept-Language over the default", esSite, "/employee-portal", nil, "pt-BR,pt;q=0.9,en;q=0.8", "employee-portal.br.light"},
		{"Accept-Language by quality", gbSite, "/auth/signup", nil, "de-DE, en;q=0.5, fa;q=0.9", "signup.ir.light"},
		{"Accept-Language naming none of ours", esSite, "/auth/signup", nil, "de-DE, fr;q=0.9", "signup.es.light"},
		{"the cookie over Accept-Language", gbSite, "/auth/recover-password", map[string]string{"packline_lang": "cn"}, "es", "recover-password.cn.light"},
		{"a cookie that names no language", esSite, "/auth/login", map[string]string{"packline_lang": "xx"}, "zh-Hans-CN", "login.cn.light"},
		{"the theme's cookie", gbSite, "/auth/recover-password-email", map[string]string{"packline_theme": "dark", "packline_lang": "ir"}, "", "recover-password-email.ir.dark"},
		{"an unknown theme is light", gbSite, "/auth/login/", map[string]string{"packline_theme": "sepia"}, "", "login.gb.light"},
		{"a reset link renders in the browser", gbSite, "/auth/recover-password?token=abc", nil, "", "auth entry"},
		{"an invitation renders in the browser", gbSite, "/auth/signup?invitation=abc", nil, "", "auth entry"},
		{"a redirect keeps the prerendered login", gbSite, "/auth/login?redirect=%2Finventory", nil, "es", "login.es.light"},
		{"an auth page without a prerendered file", gbSite, "/auth/terms", nil, "es", "auth entry"},
		{"the office app", gbSite, "/dashboard", map[string]string{"packline_lang": "br"}, "", "office"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", c.srv.URL+c.path, nil)
			for k, v := range c.cookies {
				req.AddCookie(&http.Cookie{Name: k, Value: v})
			}
			if c.accept != "" {
				req.Header.Set("Accept-Language", c.accept)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || string(body) != c.want {
				t.Fatalf("GET %s: %d %q, want %q", c.path, res.StatusCode, body, c.want)
			}
			if c.want != "office" && c.want != "auth entry" && res.Header.Get("Vary") == "" {
				t.Errorf("a prerendered page varies with Cookie and Accept-Language; Vary is empty")
			}
		})
	}
}
