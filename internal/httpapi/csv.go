package httpapi

import (
	"encoding/csv"
	"mime"
	"net/http"
)

// csvDownload streams a CSV attachment. Nothing is sent until the first row,
// so an error before it is still answered as a JSON error; one after it can
// only be logged (serve does that). Free text in cells goes through
// text.CSVCell so that a spreadsheet never runs it as a formula.
type csvDownload struct {
	w      http.ResponseWriter
	name   string
	header []string
	cw     *csv.Writer
}

// newCSV prepares a download named name whose first row is header.
func newCSV(w http.ResponseWriter, name string, header []string) *csvDownload {
	return &csvDownload{w: w, name: name, header: header}
}

func (c *csvDownload) start() error {
	h := c.w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": c.name}))
	h.Set("Cache-Control", "no-store")
	c.w.WriteHeader(http.StatusOK)
	_, _ = c.w.Write([]byte("\xef\xbb\xbf")) // BOM: spreadsheets then read UTF-8 correctly
	c.cw = csv.NewWriter(c.w)
	return c.cw.Write(c.header)
}

// Row writes one record, sending the headers and header row first.
func (c *csvDownload) Row(cells ...string) error {
	if c.cw == nil {
		if err := c.start(); err != nil {
			return err
		}
	}
	return c.cw.Write(cells)
}

// Close ends the download (a file with only the header row when there were
// no rows) and reports any write error.
func (c *csvDownload) Close() error {
	if c.cw == nil {
		if err := c.start(); err != nil {
			return err
		}
	}
	c.cw.Flush()
	return c.cw.Error()
}
