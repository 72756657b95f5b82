package storage

import (
	"context"
	"fmt"
	"io"

	"github.com/packline/packline/internal/documents"
)

// Document content lives in document_chunks, documents.ChunkSize bytes a
// row (the last one shorter), so that it is written and read a chunk at a
// time on both engines and backups hold every file.

// BeginContent starts a pending content (sha256 NULL) and returns its id.
func (s *DocumentStore) BeginContent(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO document_contents (created_at) VALUES (?) RETURNING id`, Millis(tx.Now)).Scan(&id)
	})
	return id, err
}

// AppendChunk stores one chunk of a pending content in its own short
// transaction.
func (s *DocumentStore) AppendChunk(ctx context.Context, pendingID int64, seq int, data []byte) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO document_chunks (content_id, seq, data) VALUES (?, ?, ?)`, pendingID, seq, data)
		return err
	})
}

// DiscardContent drops a pending content and (by cascade) its chunks.
func (s *DocumentStore) DiscardContent(ctx context.Context, pendingID int64) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM document_contents WHERE id = ? AND sha256 IS NULL`, pendingID)
		return err
	})
}

// chunk reads one chunk (nil past the end).
func (s *DocumentStore) chunk(ctx context.Context, contentID int64, seq int64) ([]byte, error) {
	var data []byte
	err := s.db.QueryRow(ctx, `SELECT data FROM document_chunks WHERE content_id = ? AND seq = ?`, contentID, seq).Scan(&data)
	if IsNoRows(err) {
		return nil, nil
	}
	return data, err
}

// OpenContent streams a content's bytes, one chunk query at a time.
func (s *DocumentStore) OpenContent(ctx context.Context, contentID int64) (io.ReadCloser, error) {
	return &chunkReader{ctx: ctx, s: s, id: contentID}, nil
}

type chunkReader struct {
	ctx context.Context
	s   *DocumentStore
	id  int64
	seq int64
	buf []byte
	eof bool
}

func (r *chunkReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.eof {
			return 0, io.EOF
		}
		data, err := r.s.chunk(r.ctx, r.id, r.seq)
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

func (r *chunkReader) Close() error { r.buf, r.eof = nil, true; return nil }

// ReaderAt reads content at any offset, keeping the last chunk it read (a
// ZIP's directory is read in many small pieces from the same chunk).
func (s *DocumentStore) ReaderAt(ctx context.Context, contentID int64, size int64) io.ReaderAt {
	return &chunkReaderAt{ctx: ctx, s: s, id: contentID, size: size, seq: -1}
}

type chunkReaderAt struct {
	ctx  context.Context
	s    *DocumentStore
	id   int64
	size int64
	seq  int64
	data []byte
}

func (r *chunkReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("negative offset")
	}
	n := 0
	for n < len(p) {
		if off >= r.size {
			return n, io.EOF
		}
		seq, within := off/documents.ChunkSize, off%documents.ChunkSize
		if seq != r.seq {
			data, err := r.s.chunk(r.ctx, r.id, seq)
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
