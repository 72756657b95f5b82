package documents

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// Content types Packline stores. Each is decided from the bytes, never from
// what the client says.
const (
	TypePDF  = "application/pdf"
	TypePNG  = "image/png"
	TypeJPEG = "image/jpeg"
	TypeWebP = "image/webp"
	TypeCSV  = "text/csv; charset=utf-8"
	TypeText = "text/plain; charset=utf-8"
	TypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	TypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	TypeODS  = "application/vnd.oasis.opendocument.spreadsheet"
	TypeODT  = "application/vnd.oasis.opendocument.text"
	TypeZIP  = "application/zip"
)

var previewable = map[string]bool{TypePDF: true, TypePNG: true, TypeJPEG: true, TypeWebP: true}

// family is what the first bytes of a file show it to be.
type family int

const (
	famUnknown family = iota
	famPDF
	famPNG
	famJPEG
	famWebP
	famZip
	famText
)

// byExtension is, for each accepted extension, the family its content must
// be and the content type it is stored as.
var byExtension = map[string]struct {
	fam   family
	ctype string
}{
	".pdf":  {famPDF, TypePDF},
	".png":  {famPNG, TypePNG},
	".jpg":  {famJPEG, TypeJPEG},
	".jpeg": {famJPEG, TypeJPEG},
	".webp": {famWebP, TypeWebP},
	".csv":  {famText, TypeCSV},
	".txt":  {famText, TypeText},
	".text": {famText, TypeText},
	".log":  {famText, TypeText},
	".md":   {famText, TypeText},
	".xlsx": {famZip, TypeXLSX},
	".docx": {famZip, TypeDOCX},
	".ods":  {famZip, TypeODS},
	".odt":  {famZip, TypeODT},
	".zip":  {famZip, TypeZIP},
}

// byFamily is the content type of a file whose name has no extension.
var byFamily = map[family]string{
	famPDF: TypePDF, famPNG: TypePNG, famJPEG: TypeJPEG, famWebP: TypeWebP, famZip: TypeZIP, famText: TypeText,
}

// SniffLen is how many leading bytes Sniff wants (fewer for a smaller file).
const SniffLen = 8 << 10

// Sniff decides a file's content type from its first bytes (up to SniffLen)
// and its name's extension, which must agree with the content. A file that
// is none of the allowed kinds, or whose content is not what its extension
// says (a .pdf that is not a PDF, an executable), is file.type_incorrect.
// ZIP-based types are confirmed later by Inspect.
func Sniff(name string, head []byte) (string, error) {
	fam := sniffFamily(head)
	if fam == famUnknown {
		return "", typeIncorrect(name)
	}
	ext := extension(name)
	if ext == "" {
		return byFamily[fam], nil
	}
	want, ok := byExtension[ext]
	if !ok || want.fam != fam {
		return "", typeIncorrect(name)
	}
	return want.ctype, nil
}

// IsZip reports whether a content type is a ZIP archive or a format built on one.
func IsZip(contentType string) bool {
	switch contentType {
	case TypeZIP, TypeXLSX, TypeDOCX, TypeODS, TypeODT:
		return true
	}
	return false
}

func sniffFamily(b []byte) family {
	switch {
	case bytes.HasPrefix(b, []byte("%PDF-")):
		return famPDF
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return famPNG
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return famJPEG
	case len(b) >= 12 && bytes.Equal(b[:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WEBP")):
		return famWebP
	case bytes.HasPrefix(b, []byte("PK\x03\x04")), bytes.HasPrefix(b, []byte("PK\x05\x06")):
		return famZip
	case isPlainText(b):
		return famText
	}
	return famUnknown
}

// isPlainText reports whether b is UTF-8 text without NUL or control
// characters (other than tab, line breaks and form feed). Whether it holds
// markup is MarkupScanner's question, asked of the whole file.
func isPlainText(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			// A rune cut by the end of the sniffed bytes is fine.
			if len(b)-i < utf8.UTFMax && !utf8.FullRune(b[i:]) {
				break
			}
			return false
		}
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' && r != '\f' {
			return false
		}
		i += size
	}
	return true
}

// IsText reports whether a content type is one of the text types, whose
// whole content MarkupScanner must pass.
func IsText(contentType string) bool { return contentType == TypeText || contentType == TypeCSV }

// MarkupScanner looks through a text file, fed in pieces of any size, for
// the first place where an HTML or XML parser would open markup: a '<'
// immediately followed by an ASCII letter, '/', '!' or '?' (a start or end
// tag, a comment or doctype, a processing instruction). That is the
// tokenizer's own rule, not a list of dangerous tags: without such a
// sequence no parser builds any element, so no script, event handler
// (on…=), javascript: link, frame, object or SVG can exist in the file
// whatever else it says, in any case, after any whitespace or comment, at
// any offset. '<' before a space, a digit, '=' or another '<' ("a < b",
// "<5 kg", "<=") is text and passes.
//
// It is a second line behind how files are served (always as stored, with
// the type decided here, nosniff, a sandboxing CSP, and text only ever as an
// attachment), for a file opened some other way later.
type MarkupScanner struct {
	line   int  // the line of the next byte, from 1
	lt     bool // the last byte seen was '<'
	Found  bool // markup was seen
	AtLine int  // the line where it begins, when Found
}

// Write scans the next piece of the file; after markup is found it only
// returns.
func (m *MarkupScanner) Write(p []byte) {
	if m.line == 0 {
		m.line = 1
	}
	for _, c := range p {
		if m.Found {
			return
		}
		if m.lt && opensMarkup(c) {
			m.Found, m.AtLine = true, m.line
			return
		}
		m.lt = c == '<'
		if c == '\n' {
			m.line++
		}
	}
}

// opensMarkup reports whether c after '<' starts markup.
func opensMarkup(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' || c == '!' || c == '?'
}

// Err is file.markup for the file name when markup was found; nil otherwise.
func (m *MarkupScanner) Err(name string) error {
	if !m.Found {
		return nil
	}
	return apperr.New(apperr.Invalid, "file.markup", apperr.Params{"name": name, "line": m.AtLine},
		fmt.Sprintf("%s holds markup (a tag such as <script> or <img>) at line %d. Text files are kept only without tags; "+
			"put it in a ZIP to keep it as it is.", name, m.AtLine)).OnField("file")
}

// extension is the lower-cased extension of a display name ("" for none).
func extension(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return ""
	}
	return strings.ToLower(name[i:])
}

// DisplayName makes a client's file name safe to show: the last path
// element, without control characters, trimmed and at most MaxNameRunes
// runes. It is never used as a path.
func DisplayName(raw string) string {
	if i := strings.LastIndexAny(raw, `/\`); i >= 0 {
		raw = raw[i+1:]
	}
	raw = strings.ToValidUTF8(raw, "\uFFFD")
	raw = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, raw)
	raw = strings.TrimSpace(raw)
	if utf8.RuneCountInString(raw) > MaxNameRunes {
		ext := extension(raw)
		keep := MaxNameRunes - utf8.RuneCountInString(ext)
		raw = string([]rune(raw)[:keep]) + ext
	}
	if raw == "" || raw == "." || raw == ".." {
		return "file"
	}
	return raw
}

func typeIncorrect(name string) error {
	return apperr.New(apperr.Invalid, "file.type_incorrect", apperr.Params{"name": name},
		"File type is incorrect").OnField("file")
}

func tooLarge(limit int64) error {
	mib := limit >> 20
	return apperr.New(apperr.TooLarge, "file.too_large", apperr.Params{"limit_mib": mib, "limit": limit},
		fmt.Sprintf("The file is larger than the upload limit of %d MiB.", mib)).OnField("file")
}
