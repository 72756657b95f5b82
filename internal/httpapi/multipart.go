package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/packline/packline/internal/apperr"
)

// maxParts bounds how many parts an upload's form may have.
const maxParts = 8

// eachPart calls fn with each part of r's multipart form in turn, as it
// arrives, and closes the part once fn has taken it. A request that is not a multipart
// form is 400 request.not_multipart; a malformed form, or one of more than
// maxParts parts, 400 request.bad_multipart. An error of fn ends the walk
// and is answered as it is, without reading the rest of that part.
func eachPart(r *http.Request, fn func(part *multipart.Part) error) error {
	mr, err := r.MultipartReader()
	if err != nil {
		return apperr.New(apperr.Invalid, "request.not_multipart", nil, "The request must be a multipart form with a file.")
	}
	for i := 0; ; i++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil || i >= maxParts {
			return errBadMultipart()
		}
		if err := fn(part); err != nil {
			return err // the part left unread: the answer is not held up by the rest of a refused upload
		}
		part.Close()
	}
}

// errBadMultipart is 400 request.bad_multipart: the form cannot be read.
func errBadMultipart() error {
	return apperr.New(apperr.Invalid, "request.bad_multipart", nil, "The multipart form is malformed.")
}

// errOneFileOnly is 400 file.one_only on the field file: an upload of more than one file.
func errOneFileOnly() error {
	return apperr.New(apperr.Invalid, "file.one_only", nil, "Send one file per upload.").OnField("file")
}

// errFileMissing is 400 file.missing on the field file: an upload without a file.
func errFileMissing() error {
	return apperr.New(apperr.Invalid, "file.missing", nil, "Choose a file to upload.").OnField("file")
}
