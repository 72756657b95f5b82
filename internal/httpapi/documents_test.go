package httpapi_test

import (
	"net/http/httptest"

	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/storage"
)

// docJSON is a document as the API sends it: the domain type, read back.
type docJSON = documents.Document

type errJSON struct {
	Error  string         `json:"error"`
	Code   string         `json:"code"`
	Params map[string]any `json:"params"`
	Field  string         `json:"field"`
}

// uploadForm sends a multipart upload: fields first, then the file.
func (e *env) upload(token, filename string, body io.Reader, fields map[string]string) *http.Response {
	e.t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		for k, v := range fields {
			_ = mw.WriteField(k, v)
		}
		fw, err := mw.CreateFormFile("file", filename)
		if err == nil {
			_, err = io.Copy(fw, body)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	return e.send("POST", "/api/documents", token, pr, http.Header{"Content-Type": {mw.FormDataContentType()}})
}

func (e *env) uploadOK(filename string, body []byte, fields map[string]string) docJSON {
	e.t.Helper()
	res := e.upload(e.token, filename, bytes.NewReader(body), fields)
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != 201 {
		e.t.Fatalf("upload %s: %d %s", filename, res.StatusCode, raw)
	}
	var d docJSON
	if err := json.Unmarshal(raw, &d); err != nil {
		e.t.Fatal(err)
	}
	return d
}

func (e *env) uploadErr(filename string, body []byte, wantStatus int) errJSON {
	e.t.Helper()
	res := e.upload(e.token, filename, bytes.NewReader(body), map[string]string{"type": "invoice"})
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != wantStatus {
		e.t.Fatalf("upload %s: %d %s, want %d", filename, res.StatusCode, raw, wantStatus)
	}
	var b errJSON
	if err := json.Unmarshal(raw, &b); err != nil {
		e.t.Fatal(err)
	}
	return b
}

// staffToken creates a staff user and signs them in.
func (e *env) staffToken() string {
	e.t.Helper()
	_, token := e.signIn(accounts.NewUser{Email: "sam@example.org", FirstName: "Sam", LastName: "Staff", Role: accounts.RoleStaff})
	return token
}

func TestDocumentUploadListAndDownload(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		pdf := []byte("%PDF-1.4\n% a certificate\n")
		name := `COA "Reis" ½; März 100% 漢字 ش.pdf`
		d := e.uploadOK(name, pdf, map[string]string{"type": "certificate_of_analysis"})
		sum := sha256.Sum256(pdf)
		if d.ContentType != "application/pdf" || d.Size != int64(len(pdf)) || d.SHA256 != hex.EncodeToString(sum[:]) ||
			d.Type != "certificate_of_analysis" || d.UploadedBy == 0 || d.LinkKind != nil || d.Name != name {
			t.Fatalf("created %+v", d)
		}

		e.wantPage("/api/documents?search=%E6%BC%A2&type=certificate_of_analysis&sort=name&order=asc&page=1&page_size=10", "documents", 1, d.ID)

		res := e.do("GET", fmt.Sprintf("/api/documents/%d/content?download=true", d.ID), e.token, "")
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		h := res.Header
		if res.StatusCode != 200 || !bytes.Equal(body, pdf) || h.Get("Content-Type") != "application/pdf" ||
			h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Length") != fmt.Sprint(len(pdf)) {
			t.Fatalf("download %d %v", res.StatusCode, h)
		}
		cd := h.Get("Content-Disposition")
		if !strings.HasPrefix(cd, "attachment; filename=") || !strings.Contains(cd, "filename*=UTF-8''") ||
			strings.ContainsAny(strings.SplitN(cd, "filename*=", 2)[1], "\" ;\r\n") {
			t.Fatalf("Content-Disposition %q", cd)
		}
		if _, params, err := mime.ParseMediaType(cd); err != nil || params["filename"] != name {
			t.Fatalf("Content-Disposition %q parses to %q, %v; want the original name", cd, params["filename"], err)
		}
		res = e.do("GET", fmt.Sprintf("/api/documents/%d/content", d.ID), e.token, "")
		res.Body.Close()
		if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline;") {
			t.Fatalf("a PDF preview is %q", res.Header.Get("Content-Disposition"))
		}

		// Text is never shown inline, and is served as plain text, never
		// sniffed, in a sandbox: what protects a download whatever it holds.
		txt := e.uploadOK("notes.txt", []byte("qty < 10 & size <5 kg; javascript: onerror=x\n"), nil)
		for _, q := range []string{"", "?download=true"} {
			res = e.do("GET", fmt.Sprintf("/api/documents/%d/content%s", txt.ID, q), e.token, "")
			res.Body.Close()
			h := res.Header
			if !strings.HasPrefix(h.Get("Content-Disposition"), "attachment;") || h.Get("Content-Type") != "text/plain; charset=utf-8" ||
				h.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(h.Get("Content-Security-Policy"), "sandbox") ||
				!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") {
				t.Fatalf("text download%s: %v", q, h)
			}
		}
		if txt.Type != "other" {
			t.Fatalf("type defaults to other, got %q", txt.Type)
		}
	})
}

// A text file with markup anywhere in it is refused with the line, however
// the markup is dressed, and nothing of it is kept; the same text in a ZIP
// is stored (and, like every file, served as an attachment).
func TestDocumentUploadRefusesMarkupInText(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		count := func() (n int) {
			if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM document_contents`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := count()
		plain := strings.Repeat("A-1,Rice 5 kg,12\n", 20000) // 340 KB: past the sniffed head and the first chunk
		for _, tc := range []struct {
			name, text string
			line       int
		}{
			{"ws.txt", "\n" + strings.Repeat(" \t", 200) + "<script>alert(1)</script>", 2},
			{"img.csv", "sku,name\nA-1,<img src=x onerror=alert(1)>", 2},
			{"comment.txt", "<!-- --><script>alert(1)</script>", 1},
			{"deep.log", plain + "<svg/onload=alert(1)>\n", 20001},
			{"upper.md", "# Notes\n\n<IFRAME SRC=javascript:alert(1)>", 3},
			{"noext", "hello <object data=x>", 1},
		} {
			b := e.uploadErr(tc.name, []byte(tc.text), 400)
			if b.Code != "file.markup" || b.Field != "file" || b.Params["name"] != tc.name || b.Params["line"] != float64(tc.line) {
				t.Errorf("%s: %+v, want file.markup at line %d", tc.name, b, tc.line)
			}
		}
		if n := count(); n != before {
			t.Fatalf("refused files left %d contents behind", n-before)
		}
		z := e.uploadOK("page.zip", zipBytes(t, map[string]string{"page.txt": "<script>alert(1)</script>"}), nil)
		res := e.do("GET", fmt.Sprintf("/api/documents/%d/content", z.ID), e.token, "")
		res.Body.Close()
		if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") || res.Header.Get("Content-Type") != "application/zip" {
			t.Fatalf("zip download: %v", res.Header)
		}
	})
}

func TestDocumentUploadRefusals(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		b := e.uploadErr("invoice.pdf", []byte("MZ\x90\x00\x03 this is an executable"), 400)
		if b.Code != "file.type_incorrect" || b.Error != "File type is incorrect" || b.Field != "file" || b.Params["name"] != "invoice.pdf" {
			t.Fatalf("wrong type: %+v", b)
		}
		e.call("PATCH", "/api/settings", e.token, `{"max_upload_mib":1}`, 200, nil)
		big := append([]byte("%PDF-1.4\n"), make([]byte, 1<<20)...)
		b = e.uploadErr("big.pdf", big, 413)
		if b.Code != "file.too_large" || b.Params["limit_mib"] != float64(1) {
			t.Fatalf("too large: %+v", b)
		}
		b = e.uploadErr("escape.zip", zipBytes(t, map[string]string{"../../x": "x"}), 400)
		if b.Code != "zip.path_escape" || b.Params["entry"] != "../../x" {
			t.Fatalf("escape: %+v", b)
		}
		b = e.uploadErr("bomb.zip", zipBytes(t, map[string]string{"z": strings.Repeat("\x00", 1<<20)}), 400)
		if b.Code != "zip.bomb" {
			t.Fatalf("bomb: %+v", b)
		}
		res := e.upload(e.token, "a.csv", strings.NewReader("a,b\n"), map[string]string{"type": "poster"})
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 400 || !strings.Contains(string(raw), `"document.type_invalid"`) {
			t.Fatalf("bad type: %d %s", res.StatusCode, raw)
		}
		res = e.upload(e.token, "a.csv", strings.NewReader("a,b\n"), map[string]string{"link_kind": "batch", "link_id": "999"})
		raw, _ = io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 400 || !strings.Contains(string(raw), `"document.link_not_found"`) {
			t.Fatalf("missing batch: %d %s", res.StatusCode, raw)
		}
		e.call("POST", "/api/documents", e.token, `{"file":"x"}`, 415, nil)
		var n int
		_ = e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM document_contents`).Scan(&n)
		if n != 0 {
			t.Fatalf("refused uploads left %d contents", n)
		}
	})
}

func zipBytes(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	mw := newZip(&b)
	for n, body := range files {
		w, _ := mw.Create(n)
		_, _ = w.Write([]byte(body))
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDocumentDeleteTrashRestore(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		staff := e.staffToken()
		d := e.uploadOK("photo.png", []byte("\x89PNG\r\n\x1a\nrest"), map[string]string{"type": "photo"})
		var msg map[string]string
		e.call("DELETE", fmt.Sprintf("/api/documents/%d", d.ID), staff, "", 200, &msg)
		if msg["message"] != "File deleted" {
			t.Fatalf("delete said %v", msg)
		}
		e.call("GET", fmt.Sprintf("/api/documents/%d", d.ID), e.token, "", 404, nil)
		e.call("GET", fmt.Sprintf("/api/documents/%d/content", d.ID), e.token, "", 404, nil)

		// Staff may not see the trash or restore; they stay signed in.
		e.call("GET", "/api/documents/trash", staff, "", 403, nil)
		e.call("POST", fmt.Sprintf("/api/documents/%d/restore", d.ID), staff, "", 403, nil)
		e.call("GET", "/api/documents", staff, "", 200, nil)

		var trash struct {
			Documents []map[string]any `json:"documents"`
			Total     int              `json:"total"`
		}
		e.call("GET", "/api/documents/trash", e.token, "", 200, &trash)
		if trash.Total != 1 || trash.Documents[0]["deleted_by_name"] != "Sam Staff" || trash.Documents[0]["purge_at"] == nil {
			t.Fatalf("trash %+v", trash)
		}
		e.call("POST", fmt.Sprintf("/api/documents/%d/restore", d.ID), e.token, "", 200, nil)
		e.call("GET", fmt.Sprintf("/api/documents/%d", d.ID), staff, "", 200, nil)
		e.call("POST", fmt.Sprintf("/api/documents/%d/restore", d.ID), e.token, "", 404, nil)
	})
}

// TestDocumentStreams40MiB uploads and downloads a 40 MiB file while
// sampling the live heap (after a collection, so garbage awaiting the
// collector is not counted): what is held must stay far below the file.
// Typically it grows under 1 MiB uploading and a few MiB downloading (on
// SQLite mostly the readers' page caches, bounded whatever the file's size);
// a file held whole would add at least 40 MiB, so half of it is the bound.
func TestDocumentStreams40MiB(t *testing.T) {
	// Serial, engines one after the other: it measures the process's heap while a document streams: another test's allocations would be counted.
	if testing.Short() {
		t.Skip("large file")
	}
	forEachEnvSerial(t, func(t *testing.T, e *env) {
		// The contract check records whole responses to validate them, so
		// this test talks to the same database through an unchecked server.
		e.srv = unvalidatedServer(t, e.db)
		const size = 40 << 20
		src := io.MultiReader(strings.NewReader("\x89PNG\r\n\x1a\n"), io.LimitReader(rand.Reader, size-8))
		h := sha256.New()
		src = io.TeeReader(src, h)

		// Warm up first with a 4 MiB file, so that what any transfer keeps
		// (pooled connections' buffers, SQLite's page caches) is in the base
		// and what is measured is what grows with the file.
		warm := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 4<<20)...)
		w := e.uploadOK("warm.png", warm, nil)
		res0 := e.do("GET", fmt.Sprintf("/api/documents/%d/content", w.ID), e.token, "")
		_, _ = io.Copy(io.Discard, res0.Body)
		res0.Body.Close()

		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		var peak atomic.Uint64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			var m runtime.MemStats
			for {
				select {
				case <-stop:
					return
				case <-time.After(10 * time.Millisecond):
				}
				runtime.GC()
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
			}
		}()
		res := e.upload(e.token, "big.png", src, map[string]string{"type": "photo"})
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, raw)
		}
		var d docJSON
		_ = json.Unmarshal(raw, &d)
		upPeak := peak.Load()

		res = e.do("GET", fmt.Sprintf("/api/documents/%d/content?download=true", d.ID), e.token, "")
		got := sha256.New()
		n, _ := io.Copy(got, res.Body)
		res.Body.Close()
		close(stop)
		wg.Wait()

		if n != size || d.Size != size || hex.EncodeToString(got.Sum(nil)) != hex.EncodeToString(h.Sum(nil)) || d.SHA256 != hex.EncodeToString(h.Sum(nil)) {
			t.Fatalf("round trip: %d bytes, size %d, hashes differ", n, d.Size)
		}
		growUp := int64(upPeak) - int64(base.HeapAlloc)
		growAll := int64(peak.Load()) - int64(base.HeapAlloc)
		t.Logf("live heap grew by at most %.1f MiB uploading and %.1f MiB overall for a %d MiB file",
			float64(growUp)/(1<<20), float64(growAll)/(1<<20), size>>20)
		if growAll > 20<<20 {
			t.Fatalf("heap grew %.1f MiB for a 40 MiB file: it is being held in memory", float64(growAll)/(1<<20))
		}
	})
}

func newZip(w io.Writer) *zip.Writer { return zip.NewWriter(w) }

func TestDocumentUploadRefusesBadFormText(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, field := range []string{"type", "link_kind", "link_id"} {
			res := e.upload(e.token, "a.csv", strings.NewReader("a,b\n"), map[string]string{field: "x\x00y"})
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var b errJSON
			_ = json.Unmarshal(raw, &b)
			if res.StatusCode != 400 || b.Code != "text.control" || b.Field != field {
				t.Errorf("%s with NUL: %d %s", field, res.StatusCode, raw)
			}
		}
		res := e.upload(e.token, "a.csv", strings.NewReader("a,b\n"), map[string]string{"type": strings.Repeat("x", 300)})
		res.Body.Close()
		if res.StatusCode != 400 {
			t.Errorf("a long field: %d", res.StatusCode)
		}
	})
}

// TestDocumentUploadBadMultipartIsRefusedNot500 sends broken forms: every one
// is a 4xx with an error body, none a 5xx, and nothing is left stored.
func TestDocumentUploadBadMultipartIsRefusedNot500(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		const b = "XyZ"
		part := func(name, filename, body string) string {
			cd := `form-data; name="` + name + `"`
			if filename != "" {
				cd += `; filename="` + filename + `"`
			}
			return "--" + b + "\r\nContent-Disposition: " + cd + "\r\n\r\n" + body + "\r\n"
		}
		cases := map[string]struct{ ctype, body string }{
			"no boundary":       {"multipart/form-data", part("file", "a.csv", "a,b")},
			"wrong boundary":    {"multipart/form-data; boundary=other", part("file", "a.csv", "a,b") + "--" + b + "--\r\n"},
			"truncated":         {"multipart/form-data; boundary=" + b, part("file", "a.pdf", "%PDF-1.4 and then nothing")[:40]},
			"no closing":        {"multipart/form-data; boundary=" + b, part("file", "a.csv", "a,b")},
			"no file":           {"multipart/form-data; boundary=" + b, part("type", "", "invoice") + "--" + b + "--\r\n"},
			"two files":         {"multipart/form-data; boundary=" + b, part("file", "a.csv", "a,b") + part("file", "b.csv", "c,d") + "--" + b + "--\r\n"},
			"empty file":        {"multipart/form-data; boundary=" + b, part("file", "a.csv", "") + "--" + b + "--\r\n"},
			"many parts":        {"multipart/form-data; boundary=" + b, strings.Repeat(part("x", "", "y"), 50) + "--" + b + "--\r\n"},
			"bad link id":       {"multipart/form-data; boundary=" + b, part("link_kind", "", "batch") + part("link_id", "", "-3") + part("file", "a.csv", "a,b") + "--" + b + "--\r\n"},
			"link without kind": {"multipart/form-data; boundary=" + b, part("link_id", "", "3") + part("file", "a.csv", "a,b") + "--" + b + "--\r\n"},
			"json":              {"application/json", `{"file":"a"}`},
		}
		for name, c := range cases {
			res := e.send("POST", "/api/documents", e.token, strings.NewReader(c.body), http.Header{"Content-Type": {c.ctype}})
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var body errJSON
			if res.StatusCode < 400 || res.StatusCode >= 500 || json.Unmarshal(raw, &body) != nil || body.Code == "" {
				t.Errorf("%s: %d %s", name, res.StatusCode, raw)
			}
		}
		var n int
		_ = e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM document_contents`).Scan(&n)
		if n != 0 {
			t.Fatalf("broken forms left %d contents", n)
		}
	})
}

// unvalidatedServer is newEnvServer without the contract check, whose
// recorder would hold every response whole.
func unvalidatedServer(t *testing.T, db *storage.DB) *httptest.Server {
	t.Helper()
	api, _ := wiredAPI(db)
	srv := httptest.NewServer(api.Handler())
	t.Cleanup(srv.Close)
	return srv
}

// The documents list names what each document is linked to (a batch's code, a
// shipment's number, an employee's name, a project's name, a production
// entry's line and date, with that entry's day and line) in the list query
// itself.
func TestDocumentListNamesLinks(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		jam := e.newItem("JAM-9", "finished_good", "0")
		b := e.receive(jam.ID, `{"code":"LOT-JAM-7","quantity":10}`)
		var s shipment
		e.call("POST", "/api/shipments", e.token, shipBody(fmt.Sprintf(`{"batch_id":%d,"quantity":1}`, b.ID)), 201, &s)
		ana := e.addEmployee("Ana", "Almeida", "4826")
		meal, line := e.mealSetup()
		entry, _ := e.produce(line, meal, 9, 10, "null")
		_, p := e.winterMeals(meal, 200)
		links := map[string]string{
			"batch":      fmt.Sprint(b.ID),
			"shipment":   fmt.Sprint(s.ID),
			"employee":   fmt.Sprint(ana.EmployeeID),
			"project":    fmt.Sprint(p.ID),
			"production": fmt.Sprint(entry),
		}
		for kind, id := range links {
			e.uploadOK(kind+".csv", []byte("a,b\n"+kind+"\n"), map[string]string{"type": "other", "link_kind": kind, "link_id": id})
		}
		e.uploadOK("loose.csv", []byte("a,b\nloose\n"), map[string]string{"type": "other"})
		// A shipment or production entry that does not exist cannot be linked.
		for _, kind := range []string{"shipment", "production"} {
			res := e.upload(e.token, "ghost.csv", bytes.NewReader([]byte("a,b\n1,2\n")), map[string]string{"type": "other", "link_kind": kind, "link_id": "999999"})
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 400 || !strings.Contains(string(raw), "document.link_not_found") {
				t.Errorf("link to a %s that does not exist: %d %s", kind, res.StatusCode, raw)
			}
		}
		var list struct {
			Documents []struct {
				Name       string
				LinkKind   *string `json:"link_kind"`
				LinkLabel  *string `json:"link_label"`
				LinkDate   *string `json:"link_date"`
				LinkLineID *int64  `json:"link_line_id"`
			}
			Total int
		}
		e.call("GET", "/api/documents?sort=name&order=asc", e.token, "", 200, &list)
		want := map[string]string{"batch.csv": "LOT-JAM-7", "shipment.csv": s.Number, "employee.csv": "Ana Almeida",
			"project.csv": "Winter meals", "production.csv": "Table 1 · 2026-11-20"}
		if list.Total != 6 {
			t.Fatalf("list: %+v", list)
		}
		for _, d := range list.Documents {
			if w, ok := want[d.Name]; ok {
				if d.LinkLabel == nil || *d.LinkLabel != w {
					t.Errorf("%s: link label %v, want %q", d.Name, d.LinkLabel, w)
				}
			} else if d.LinkLabel != nil {
				t.Errorf("%s: unlinked, but label %q", d.Name, *d.LinkLabel)
			}
			if d.Name == "production.csv" {
				if d.LinkDate == nil || *d.LinkDate != "2026-11-20" || d.LinkLineID == nil || *d.LinkLineID != line {
					t.Errorf("production link: day %v line %v, want 2026-11-20 and %d", d.LinkDate, d.LinkLineID, line)
				}
			} else if d.LinkDate != nil || d.LinkLineID != nil {
				t.Errorf("%s: a day or line on a link that is not production", d.Name)
			}
		}
	})
}
