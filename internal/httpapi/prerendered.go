package httpapi

import (
	"io/fs"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// The public pages are prerendered at build time (web/scripts/prerender.mjs) in every
// language and theme, as prerendered/<page>.<lang>.<theme>.html in the app. The server
// serves the one the visitor will see, so the first paint needs no script and shows no
// other language or theme: the language from the app's cookie, else Accept-Language,
// else the organisation's default; the theme from its cookie, else light.

// Cookie names; web/src/lib/choice-cookie.ts writes them.
const (
	languageCookie = "packline_lang"
	themeCookie    = "packline_theme"
)

// languages are the interface languages (SPEC §1), keyed as the app keys them.
var languages = []string{"gb", "br", "es", "cn", "ir"}

// prerenderedPages maps a path (without its leading slash) to its page's file name.
var prerenderedPages = map[string]string{
	"auth/login":                  "login",
	"auth/signup":                 "signup",
	"auth/recover-password":       "recover-password",
	"auth/recover-password-email": "recover-password-email",
	"employee-portal":             "employee-portal",
}

func isLanguage(s string) bool {
	for _, l := range languages {
		if s == l {
			return true
		}
	}
	return false
}

// languageOfTag maps a BCP 47 tag ("pt-BR", "zh-Hans-CN", "fa") to one of ours, or "".
// web/src/i18n/languages.ts (fromBrowserLanguage) applies the same rule.
func languageOfTag(tag string) string {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	base, _, _ = strings.Cut(base, "_")
	switch base {
	case "en":
		return "gb"
	case "pt":
		return "br"
	case "es":
		return "es"
	case "zh":
		return "cn"
	case "fa":
		return "ir"
	}
	return ""
}

// acceptedLanguage is the first of ours in an Accept-Language header, by quality
// (then order); "" when it names none.
func acceptedLanguage(header string) string {
	type choice struct {
		lang string
		q    float64
		at   int
	}
	var found []choice
	for i, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 && f <= 1 {
					q = f
				}
			}
		}
		if lang := languageOfTag(tag); lang != "" && q > 0 {
			found = append(found, choice{lang, q, i})
		}
	}
	sort.SliceStable(found, func(a, b int) bool { return found[a].q > found[b].q })
	if len(found) == 0 {
		return ""
	}
	return found[0].lang
}

// pageLanguage is the language to serve a public page in: the cookie, else
// Accept-Language, else orgDefault, else gb.
func pageLanguage(r *http.Request, orgDefault string) string {
	if c, err := r.Cookie(languageCookie); err == nil {
		if v, err := url.QueryUnescape(c.Value); err == nil && isLanguage(v) {
			return v
		}
	}
	if lang := acceptedLanguage(r.Header.Get("Accept-Language")); lang != "" {
		return lang
	}
	if isLanguage(orgDefault) {
		return orgDefault
	}
	return "gb"
}

// pageTheme is the theme to serve a public page in: the cookie's, else light.
func pageTheme(r *http.Request) string {
	if c, err := r.Cookie(themeCookie); err == nil && c.Value == "dark" {
		return "dark"
	}
	return "light"
}

// prerenderedFile names the prerendered HTML for a request of a public page, "" when the
// path has none or its query changes what the page shows (a reset link's token, an
// invitation): those get the entry's HTML, rendered by the browser.
func prerenderedFile(name string, r *http.Request, orgDefault string) string {
	page, ok := prerenderedPages[name]
	if !ok {
		return ""
	}
	q := r.URL.Query()
	if q.Has("token") || q.Has("invitation") {
		return ""
	}
	return "prerendered/" + page + "." + pageLanguage(r, orgDefault) + "." + pageTheme(r) + ".html"
}

// readPrerendered loads every prerendered page of the app (none in an app built without them).
func readPrerendered(app fs.FS) map[string][]byte {
	files := map[string][]byte{}
	entries, _ := fs.ReadDir(app, "prerendered")
	for _, e := range entries {
		if b, err := fs.ReadFile(app, "prerendered/"+e.Name()); err == nil {
			files["prerendered/"+e.Name()] = b
		}
	}
	return files
}
