package httpapi_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type faqShown struct {
	ID       int64
	Position int
	Topic    string
	Locale   string
	Question string
	Answer   string
	Fallback bool
}

type faqList struct {
	Entries []faqShown
	Total   int
}

type faqEntry struct {
	ID       int64
	Position int
	Topic    string
	Texts    []struct{ Locale, Question, Answer string }
}

// The FAQ: every install starts with the seeded questions in five
// languages; search runs on the server in the language asked; a language
// without its text shows English, flagged; admins add, edit, reorder and
// delete, staff only read (403).
func TestFAQAPI(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		staff := e.staffToken()
		var seeded faqList
		e.call("GET", "/api/faq", staff, "", 200, &seeded)
		if seeded.Total < 10 || seeded.Entries[0].Locale != "gb" || seeded.Entries[0].Fallback {
			t.Fatalf("seeded: %+v", seeded)
		}
		for _, lng := range []string{"br", "es", "cn", "ir"} {
			var l faqList
			e.call("GET", "/api/faq?lang="+lng, staff, "", 200, &l)
			if l.Total != seeded.Total || l.Entries[0].Locale != lng || l.Entries[0].Fallback || l.Entries[0].Question == seeded.Entries[0].Question {
				t.Fatalf("seeded in %s: %+v", lng, l.Entries[0])
			}
			// The seed's text arrives as written (a "?" once became "$5" on PostgreSQL).
			if q := l.Entries[0].Question; !strings.ContainsAny(q, "?？؟") || strings.Contains(q, "$") {
				t.Errorf("seeded question in %s: %q", lng, q)
			}
		}

		// Search: every word, any case, in the language shown.
		var found faqList
		e.call("GET", "/api/faq?search=RECALL%20batch", staff, "", 200, &found)
		if found.Total == 0 || found.Total == seeded.Total {
			t.Fatalf("search recall batch: %d of %d", found.Total, seeded.Total)
		}
		for _, f := range found.Entries {
			if s := strings.ToLower(f.Question + f.Answer); !strings.Contains(s, "recall") || !strings.Contains(s, "batch") {
				t.Fatalf("search hit without the words: %+v", f)
			}
		}
		e.call("GET", "/api/faq?lang=cn&search=批次", staff, "", 200, &found)
		if found.Total == 0 || found.Entries[0].Locale != "cn" {
			t.Fatalf("search in Chinese: %+v", found)
		}
		e.call("GET", "/api/faq?search=100%25_", staff, "", 200, &found)
		if found.Total != 0 {
			t.Fatalf("LIKE wildcards must match literally: %+v", found)
		}
		e.call("GET", "/api/faq?topic=pins", staff, "", 200, &found)
		if found.Total != 2 {
			t.Fatalf("topic pins: %+v", found)
		}

		// Staff read, admins write.
		body := `{"topic":"shipping","texts":[{"locale":"es","question":"¿Palés?","answer":"Hasta 26 por camión."},
			{"locale":"gb","question":"How many pallets fit a lorry?","answer":"Up to 26.\nDouble-stacked: 52."}]}`
		e.call("POST", "/api/faq", staff, body, 403, nil)
		var created faqEntry
		e.call("POST", "/api/faq", e.token, body, 201, &created)
		if created.Position != seeded.Total+1 || len(created.Texts) != 2 || created.Texts[0].Locale != "gb" || created.Texts[0].Answer != "Up to 26.\nDouble-stacked: 52." {
			t.Fatalf("created: %+v", created)
		}

		// Fallback: Portuguese has no text, so it reads English, flagged.
		e.call("GET", "/api/faq?lang=br&search=lorry", staff, "", 200, &found)
		if found.Total != 1 || !found.Entries[0].Fallback || found.Entries[0].Locale != "gb" || found.Entries[0].Question != "How many pallets fit a lorry?" {
			t.Fatalf("fallback: %+v", found)
		}
		e.call("GET", "/api/faq?lang=es&search=palés", staff, "", 200, &found)
		if found.Total != 1 || found.Entries[0].Fallback || found.Entries[0].Locale != "es" {
			t.Fatalf("own text: %+v", found)
		}

		path := fmt.Sprintf("/api/faq/%d", created.ID)
		edit := `{"topic":"shipping","texts":[{"locale":"gb","question":"How many pallets fit a truck?","answer":"Up to 26."},{"locale":"br","question":"","answer":""}]}`
		e.call("PUT", path, staff, edit, 403, nil)
		var edited faqEntry
		e.call("PUT", path, e.token, edit, 200, &edited)
		if len(edited.Texts) != 1 || edited.Texts[0].Question != "How many pallets fit a truck?" {
			t.Fatalf("edited: %+v", edited)
		}
		var got faqEntry
		e.call("GET", path, staff, "", 200, &got)
		if got.Topic != "shipping" || len(got.Texts) != 1 {
			t.Fatalf("get: %+v", got)
		}

		// Order: every id exactly once; the new one first.
		ids := []string{fmt.Sprint(created.ID)}
		for _, en := range seeded.Entries {
			ids = append(ids, fmt.Sprint(en.ID))
		}
		e.call("PUT", "/api/faq/order", staff, `{"ids":[`+strings.Join(ids, ",")+`]}`, 403, nil)
		raw := e.call("PUT", "/api/faq/order", e.token, `{"ids":[`+strings.Join(ids[1:], ",")+`]}`, 409, nil)
		if !strings.Contains(string(raw), `"faq.order_mismatch"`) {
			t.Fatalf("order missing one: %s", raw)
		}
		e.call("PUT", "/api/faq/order", e.token, `{"ids":[`+strings.Join(append(ids, ids[0]), ",")+`]}`, 409, nil)
		e.call("PUT", "/api/faq/order", e.token, `{"ids":[`+strings.Join(ids, ",")+`]}`, 200, nil)
		var list faqList
		e.call("GET", "/api/faq", staff, "", 200, &list)
		if list.Entries[0].ID != created.ID || list.Entries[1].ID != seeded.Entries[0].ID {
			t.Fatalf("after reorder: %+v", list.Entries[:2])
		}

		e.call("DELETE", path, staff, "", 403, nil)
		e.call("DELETE", path, e.token, "", 200, nil)
		e.call("DELETE", path, e.token, "", 404, nil)
		e.call("GET", path, staff, "", 404, nil)
		e.call("PUT", path, e.token, edit, 404, nil)
	})
}

// Bad input answers 400 with a code, never 500.
func TestFAQRefusesBadInput(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		long := strings.Repeat("x", 301)
		for _, c := range []struct{ body, code string }{
			{`{"texts":[{"locale":"es","question":"¿Sí?","answer":"Sí."}]}`, "faq.english_required"},
			{`{"texts":[]}`, "faq.english_required"},
			{`{"texts":[{"locale":"gb","question":"Q","answer":"A"},{"locale":"gb","question":"Q","answer":"A"}]}`, "faq.locale_twice"},
			{`{"texts":[{"locale":"xx","question":"Q","answer":"A"}]}`, "field.choice"},
			{`{"topic":"gossip","texts":[{"locale":"gb","question":"Q","answer":"A"}]}`, "field.choice"},
			{`{"texts":[{"locale":"gb","question":"","answer":"A"}]}`, "field.required"},
			{`{"texts":[{"locale":"gb","question":"` + long + `","answer":"A"}]}`, "field.too_long"},
			{`{"texts":[{"locale":"gb","question":"Q\u0000","answer":"A"}]}`, "text.control"},
			{`{"texts":[{"locale":"gb","question":"Two\nlines","answer":"A"}]}`, "text.control"},
		} {
			raw := e.call("POST", "/api/faq", e.token, c.body, 400, nil)
			if !strings.Contains(string(raw), `"`+c.code+`"`) {
				t.Errorf("%s: %s, want %s", c.body, raw, c.code)
			}
		}
		e.call("GET", "/api/faq?lang=xx", e.token, "", 400, nil)
		e.call("GET", "/api/faq?topic=gossip", e.token, "", 400, nil)
		e.call("GET", "/api/faq?search="+strings.Repeat("a", 201), e.token, "", 400, nil)
		e.call("GET", "/api/faq", "", "", 401, nil)
	})
}

// The seeded answer on clocking in names the kiosk's buttons as the kiosk
// shows them in each language (read from the web app's locale files), so a
// renamed button or a reworded answer that drifts apart fails here.
func TestFAQKioskAnswerNamesTheKioskButtons(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		staff := e.staffToken()
		for _, lng := range []string{"gb", "br", "es", "cn", "ir"} {
			raw, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "i18n", "locales", "kiosk", lng+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var loc struct {
				Kiosk struct{ Confirm, ClockIn, ClockOut string }
			}
			if err := json.Unmarshal(raw, &loc); err != nil {
				t.Fatal(err)
			}
			var l faqList
			e.call("GET", "/api/faq?topic=kiosk&lang="+lng, staff, "", 200, &l)
			var answer string
			for _, f := range l.Entries {
				if f.Position == 1 {
					answer = f.Answer
				}
			}
			for _, label := range []string{loc.Kiosk.Confirm, loc.Kiosk.ClockIn, loc.Kiosk.ClockOut} {
				if label == "" || !strings.Contains(answer, label) {
					t.Errorf("%s: the answer on clocking in does not name the kiosk's %q: %q", lng, label, answer)
				}
			}
		}
	})
}
