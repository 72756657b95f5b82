package documents

import (
	"context"
	"fmt"
	"io"
)

// Content is read back a chunk at a time (Store.Chunk): streamed from the
// start by contentReader, at any offset by contentReaderAt.

// contentReader streams a content's bytes, one chunk read at a time.
type contentReader struct {
	ctx   context.Context
	store Store
	id    int64
	seq   int64
	buf   []byte
	eof   bool
}

func (r *contentReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.eof {
			return 0, io.EOF
		}
		data, err := r.store.Chunk(r.ctx, r.id, r.seq)
		if err != nil {
			return 0, fmt.Errorf("read document chunk %d of %d: %w", r.seq, r.id, err)
		}
		if data == nil {
			r.eof = true
			continue
		}
		r.seq++
		r.buf = data
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func (r *contentReader) Close() error { r.buf, r.eof = nil, true; return nil }

// contentReaderAt reads content of size bytes at any offset, keeping the
// last chunk it read (a ZIP's directory is read in many small pieces from
// the same chunk).
type contentReaderAt struct {
	ctx   context.Context
	store Store
	id    int64
	size  int64
	seq   int64 // of data; -1 before the first read
	data  []byte
}

func (r *contentReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("negative offset")
	}
	n := 0
	for n < len(p) {
		if off >= r.size {
			return n, io.EOF
		}
		seq, within := off/ChunkSize, off%ChunkSize
		if seq != r.seq {
			data, err := r.store.Chunk(r.ctx, r.id, seq)
			if err != nil {
				return n, err
			}
			if data == nil {
				return n, io.ErrUnexpectedEOF
			}
			r.seq, r.data = seq, data
		}
		if within >= int64(len(r.data)) {
			return n, io.ErrUnexpectedEOF
		}
		c := copy(p[n:], r.data[within:])
		n += c
		off += int64(c)
	}
	return n, nil
}
