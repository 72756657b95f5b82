package inventory

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// importReader reads the records of an import file: UTF-8 text, a byte
// order mark dropped, comma- or semicolon-separated (whichever the first line
// holds more of). Its errors are the file's ImportErrors (empty_file,
// not_utf8, bad_csv with the line the faulty record starts on).
type importReader struct {
	rd  *csv.Reader
	sep rune
}

// newImportReader checks data as a whole and returns its reader.
func newImportReader(data []byte) (*importReader, *ImportError) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		e := fileError("", "empty_file", nil, "The file is empty.")
		return nil, &e
	}
	if !utf8.Valid(data) {
		e := fileError("", "not_utf8", nil, "The file is not UTF-8 text. Save it as CSV UTF-8.")
		return nil, &e
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	sep := ','
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		sep = ';'
	}
	rd := csv.NewReader(bytes.NewReader(data))
	rd.Comma = sep
	rd.FieldsPerRecord = -1
	rd.TrimLeadingSpace = true
	return &importReader{rd: rd, sep: sep}, nil
}

// header reads the first record.
func (r *importReader) header() ([]string, *ImportError) {
	h, err := r.rd.Read()
	if err != nil {
		e := fileError("", "bad_csv", apperr.Params{"line": 1}, "The header line could not be read as CSV.")
		return nil, &e
	}
	return h, nil
}

// next reads the next record and the line it starts on; at the end of the
// file it returns a nil record and no error.
func (r *importReader) next() ([]string, int, *ImportError) {
	rec, err := r.rd.Read()
	if errors.Is(err, io.EOF) {
		return nil, 0, nil
	}
	if err != nil {
		// The reader returns no fields with its error: the line comes from the
		// error (FieldPos would panic).
		line := 0
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			line = pe.StartLine
		}
		e := fileError("", "bad_csv", apperr.Params{"line": line}, fmt.Sprintf("Line %d is not valid CSV (check its quotes).", line))
		return nil, 0, &e
	}
	line, _ := r.rd.FieldPos(0)
	return rec, line, nil
}
