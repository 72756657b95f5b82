package documents

import (
	"archive/zip"
	"fmt"
	"io"
	"strings"

	"github.com/packline/packline/internal/apperr"
)

// Inspect lists a ZIP (or a format built on one) by its entries, reading
// only its directory — nothing is unpacked. It refuses an archive that
// would expand past ZipMaxExpanded or ZipMaxRatio times its size, or holds
// more than ZipMaxEntries entries (zip.bomb), one with a path that escapes
// its folder (zip.path_escape), and one that is not what contentType says
// (file.type_incorrect: an .xlsx without a workbook, a corrupt archive).
func Inspect(r io.ReaderAt, size int64, name, contentType string) ([]Entry, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, typeIncorrect(name)
	}
	if len(zr.File) > ZipMaxEntries {
		return nil, zipBomb(int64(len(zr.File)), "entries", ZipMaxEntries)
	}
	limit := min(int64(ZipMaxExpanded), size*ZipMaxRatio)
	var total uint64
	entries := make([]Entry, 0, len(zr.File))
	has := map[string]*zip.File{}
	for _, f := range zr.File {
		if escapes(f.Name) {
			return nil, apperr.New(apperr.Invalid, "zip.path_escape", apperr.Params{"entry": f.Name},
				fmt.Sprintf("The ZIP file holds a path that leaves its folder: %s", f.Name)).OnField("file")
		}
		total += f.UncompressedSize64
		if total > uint64(limit) {
			return nil, zipBomb(int64(min(total, 1<<62)), "bytes", limit)
		}
		has[f.Name] = f
		if !strings.HasSuffix(f.Name, "/") {
			entries = append(entries, Entry{Name: f.Name, Size: int64(f.UncompressedSize64)})
		}
	}
	if !isShaped(contentType, has) {
		return nil, typeIncorrect(name)
	}
	return entries, nil
}

func zipBomb(got int64, unit string, limit int64) error {
	return apperr.New(apperr.Invalid, "zip.bomb", apperr.Params{"expanded": got, "unit": unit, "limit": limit},
		fmt.Sprintf("The ZIP file would expand to %d %s, more than the %d allowed.", got, unit, limit)).OnField("file")
}

// escapes reports whether an entry's path would leave the folder it is
// unpacked into: absolute, a drive letter, or a ".." element (with either
// slash).
func escapes(p string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	if strings.HasPrefix(p, "/") || (len(p) >= 2 && p[1] == ':') || strings.ContainsRune(p, 0) {
		return true
	}
	for _, el := range strings.Split(p, "/") {
		if el == ".." {
			return true
		}
	}
	return false
}

// isShaped reports whether an archive has what its format requires: an
// Office workbook or document part, or an OpenDocument mimetype entry naming
// the format. A plain ZIP may hold anything.
func isShaped(contentType string, has map[string]*zip.File) bool {
	switch contentType {
	case TypeXLSX:
		return has["[Content_Types].xml"] != nil && has["xl/workbook.xml"] != nil
	case TypeDOCX:
		return has["[Content_Types].xml"] != nil && has["word/document.xml"] != nil
	case TypeODS, TypeODT:
		f := has["mimetype"]
		if f == nil || f.UncompressedSize64 > 128 {
			return false
		}
		rc, err := f.Open()
		if err != nil {
			return false
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, 128))
		return err == nil && strings.TrimSpace(string(b)) == contentType
	}
	return true
}
