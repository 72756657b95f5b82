package documents

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"github.com/packline/packline/internal/apperr"
)

var (
	pdfHead  = []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")
	pngHead  = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	jpegHead = []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F'}
	webpHead = []byte("RIFF\x24\x00\x00\x00WEBPVP8 ")
	exeHead  = []byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff")
	elfHead  = []byte("\x7fELF\x02\x01\x01\x00")
)

func makeZip(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSniffAcceptsContentThatMatchesItsName(t *testing.T) {
	for _, tc := range []struct {
		name string
		head []byte
		want string
	}{
		{"coa.pdf", pdfHead, TypePDF},
		{"COA.PDF", pdfHead, TypePDF},
		{"pallet.png", pngHead, TypePNG},
		{"pallet.jpg", jpegHead, TypeJPEG},
		{"pallet.jpeg", jpegHead, TypeJPEG},
		{"pallet.webp", webpHead, TypeWebP},
		{"bol.csv", []byte("line,qty\n1,20\n"), TypeCSV},
		{"notes.txt", []byte("Café — 咖啡 — قهوه\n"), TypeText},
		{"book.xlsx", []byte("PK\x03\x04\x14\x00"), TypeXLSX},
		{"letter.docx", []byte("PK\x03\x04\x14\x00"), TypeDOCX},
		{"sheet.ods", []byte("PK\x03\x04\x14\x00"), TypeODS},
		{"text.odt", []byte("PK\x03\x04\x14\x00"), TypeODT},
		{"photos.zip", []byte("PK\x03\x04\x14\x00"), TypeZIP},
		{"scan", pdfHead, TypePDF}, // no extension: the content decides
	} {
		got, err := Sniff(tc.name, tc.head)
		if err != nil || got != tc.want {
			t.Errorf("Sniff(%q) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

func TestSniffRefusesWrongOrForbiddenContent(t *testing.T) {
	for _, tc := range []struct {
		name string
		head []byte
	}{
		{"invoice.pdf", []byte("this is not a pdf")}, // a .pdf that is not a PDF
		{"invoice.pdf", pngHead},                     // a PNG dressed as a PDF
		{"photo.png", jpegHead},
		{"setup.exe", exeHead},
		{"invoice.pdf", exeHead},
		{"tool", elfHead},
		{"report.csv", exeHead},
		{"page.html", []byte("<!DOCTYPE html><script>alert(1)</script>")},
		{"image.svg", []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
		{"notes.txt", []byte("binary\x00\x01\x02")},
		{"notes.txt", []byte{0xC3, 0x28, 'a', 'b'}}, // invalid UTF-8
		{"run.sh", []byte("#!/bin/sh\necho hi\n")},  // text, but not an allowed extension
		{"book.xlsx", pdfHead},
		{"empty.txt", nil},
	} {
		_, err := Sniff(tc.name, tc.head)
		if apperr.CodeOf(err) != "file.type_incorrect" || apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("Sniff(%q, %.12q) = %v; want file.type_incorrect", tc.name, tc.head, err)
			continue
		}
		if apperr.Message(err) != "File type is incorrect" {
			t.Errorf("message %q, want the SPEC §8 wording", apperr.Message(err))
		}
	}
}

// Markup anywhere in a text file is found, however it is dressed: after
// whitespace or a comment, in any case, deep in the file, or cut between two
// pieces; text that only mentions '<' or "javascript:" passes.
func TestMarkupScannerFindsTagsAnywhere(t *testing.T) {
	long := strings.Repeat("sku,name,qty\nA-1,Rice 5 kg,12\n", 20000) // 560 KB: past the sniffed head and several chunks
	lines := strings.Count(long, "\n")
	for _, tc := range []struct {
		name   string
		text   string
		line   int // 0: no markup
		pieces int // fed in this many pieces (1 when 0)
	}{
		{"leading whitespace", " \t\r\n\f  " + strings.Repeat(" ", 300) + "<script>alert(1)</script>", 2, 0},
		{"byte-order mark", "\xEF\xBB\xBF<script>alert(1)</script>", 1, 0},
		{"img onerror", "notes\n<img src=x onerror=alert(1)>", 2, 0},
		{"comment first", "<!-- --><script>alert(1)</script>", 1, 0},
		{"upper case", "ok\nok\n<SCRIPT>alert(1)</SCRIPT>", 3, 0},
		{"svg onload", "a<svg/onload=alert(1)>", 1, 0},
		{"iframe", "x <iframe src=javascript:alert(1)>", 1, 0},
		{"object", "<object data=x>", 1, 0},
		{"embed", "<embed src=x>", 1, 0},
		{"javascript link", `<a href="javascript:alert(1)">go</a>`, 1, 0},
		{"end tag", "</p>", 1, 0},
		{"xml", "<?xml version=\"1.0\"?><x/>", 1, 0},
		{"after the sniffed head and the first chunk", long + "<img src=x onerror=alert(1)>\n", lines + 1, 0},
		{"NUL after <", "abc <\x00", 0, 0},
		{"fed a byte at a time", "abc\n<script>", 2, 1},
		{"less than", "qty < 10 and a<=b, <5 kg, << >>, 3<4", 0, 0},
		{"words only", "javascript: onerror=alert(1) &lt;script&gt; ＜script＞", 0, 0},
		{"non-ASCII after <", "<é <日本>", 0, 0},
		{"plain long", long, 0, 0},
	} {
		var m MarkupScanner
		if tc.pieces == 0 {
			m.Write([]byte(tc.text))
		} else {
			// One byte at a time: every boundary is tried.
			for i := range len(tc.text) {
				m.Write([]byte{tc.text[i]})
			}
		}
		if m.Found != (tc.line != 0) || m.AtLine != tc.line {
			t.Errorf("%s: found %v at line %d, want line %d", tc.name, m.Found, m.AtLine, tc.line)
		}
		err := m.Err("notes.txt")
		if tc.line == 0 && err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if tc.line != 0 && (apperr.CodeOf(err) != "file.markup" || apperr.KindOf(err) != apperr.Invalid) {
			t.Errorf("%s: %v, want file.markup", tc.name, err)
		}
	}
}

func TestSniffAcceptsARuneCutAtTheEndOfTheSniffedBytes(t *testing.T) {
	head := []byte(strings.Repeat("a", 10) + "é")
	if _, err := Sniff("a.txt", head[:len(head)-1]); err != nil {
		t.Fatal(err)
	}
}

func TestInspectListsEntries(t *testing.T) {
	z := makeZip(t, map[string]string{"photos/a.jpg": strings.Repeat("x", 100), "readme.txt": "hello"})
	entries, err := Inspect(bytes.NewReader(z), int64(len(z)), "a.zip", TypeZIP)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, e := range entries {
		got[e.Name] = e.Size
	}
	if len(got) != 2 || got["photos/a.jpg"] != 100 || got["readme.txt"] != 5 {
		t.Fatalf("entries %v", entries)
	}
}

func TestInspectRefusesPathsThatEscape(t *testing.T) {
	for _, name := range []string{"../evil.sh", "docs/../../etc/passwd", `..\windows\system.ini`, "/etc/passwd", `C:\boot.ini`} {
		z := makeZip(t, map[string]string{name: "x"})
		_, err := Inspect(bytes.NewReader(z), int64(len(z)), "a.zip", TypeZIP)
		if apperr.CodeOf(err) != "zip.path_escape" {
			t.Errorf("%q: %v, want zip.path_escape", name, err)
		}
	}
}

func TestInspectRefusesZipBombs(t *testing.T) {
	// 200× expansion: a 1 MiB run of zeros compresses to about a kilobyte.
	z := makeZip(t, map[string]string{"zeros.bin": strings.Repeat("\x00", 1<<20)})
	_, err := Inspect(bytes.NewReader(z), int64(len(z)), "a.zip", TypeZIP)
	if apperr.CodeOf(err) != "zip.bomb" {
		t.Fatalf("ratio bomb: %v, want zip.bomb", err)
	}
	// Headers that claim more than 1 GiB are refused without inflating anything.
	big := bombHeaders(t, 3, 512<<20)
	_, err = Inspect(bytes.NewReader(big), int64(len(big)), "a.zip", TypeZIP)
	if apperr.CodeOf(err) != "zip.bomb" {
		t.Fatalf("size bomb: %v, want zip.bomb", err)
	}
	// Ordinary compression is fine.
	ok := makeZip(t, map[string]string{"a.csv": strings.Repeat("line,1,2,3\n", 200)})
	if _, err := Inspect(bytes.NewReader(ok), int64(len(ok)), "a.zip", TypeZIP); err != nil {
		t.Fatal(err)
	}
}

// bombHeaders is a ZIP of n stored entries whose headers each claim size
// bytes (it is never inflated; only the directory is read).
func bombHeaders(t *testing.T, n int, size uint64) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := range n {
		fh := &zip.FileHeader{Name: strings.Repeat("b", i+1), Method: zip.Deflate,
			CompressedSize64: 1, UncompressedSize64: size}
		w, err := zw.CreateRaw(fh)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte("x"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestInspectChecksOfficeShapes(t *testing.T) {
	xlsx := makeZip(t, map[string]string{"[Content_Types].xml": "<x/>", "xl/workbook.xml": "<w/>"})
	if _, err := Inspect(bytes.NewReader(xlsx), int64(len(xlsx)), "a.xlsx", TypeXLSX); err != nil {
		t.Fatal(err)
	}
	if _, err := Inspect(bytes.NewReader(xlsx), int64(len(xlsx)), "a.docx", TypeDOCX); apperr.CodeOf(err) != "file.type_incorrect" {
		t.Fatalf("xlsx as docx: %v", err)
	}
	ods := makeZip(t, map[string]string{"mimetype": TypeODS, "content.xml": "<c/>"})
	if _, err := Inspect(bytes.NewReader(ods), int64(len(ods)), "a.ods", TypeODS); err != nil {
		t.Fatal(err)
	}
	if _, err := Inspect(bytes.NewReader(ods), int64(len(ods)), "a.odt", TypeODT); apperr.CodeOf(err) != "file.type_incorrect" {
		t.Fatalf("ods as odt: %v", err)
	}
	junk := []byte("PK\x03\x04 not really a zip")
	if _, err := Inspect(bytes.NewReader(junk), int64(len(junk)), "a.zip", TypeZIP); apperr.CodeOf(err) != "file.type_incorrect" {
		t.Fatalf("corrupt zip: %v", err)
	}
}

func TestDisplayNameIsNeverAPath(t *testing.T) {
	for in, want := range map[string]string{
		"../../etc/passwd":       "passwd",
		`C:\Users\x\invoice.pdf`: "invoice.pdf",
		"  spaced.pdf  ":         "spaced.pdf",
		"bad\x00name\r\n.pdf":    "badname.pdf",
		"\u202egpj.exe":          "gpj.exe",
		"":                       "file",
		"..":                     "file",
		"Rechnung «März» 漢字.pdf": "Rechnung «März» 漢字.pdf",
	} {
		if got := DisplayName(in); got != want {
			t.Errorf("DisplayName(%q) = %q, want %q", in, got, want)
		}
	}
	long := DisplayName(strings.Repeat("é", 400) + ".pdf")
	if n := len([]rune(long)); n != MaxNameRunes || !strings.HasSuffix(long, ".pdf") {
		t.Errorf("long name: %d runes, %q", n, long[len(long)-8:])
	}
}
