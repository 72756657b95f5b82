package storage

import "context"

// Document content lives in document_chunks, documents.ChunkSize bytes a
// row (the last one shorter), so that it is written and read a chunk at a
// time on both engines and backups hold every file (documents reads it
// back through Chunk).

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

// Chunk reads one chunk (nil past the end).
func (s *DocumentStore) Chunk(ctx context.Context, contentID, seq int64) ([]byte, error) {
	var data []byte
	err := s.db.QueryRow(ctx, `SELECT data FROM document_chunks WHERE content_id = ? AND seq = ?`, contentID, seq).Scan(&data)
	if IsNoRows(err) {
		return nil, nil
	}
	return data, err
}
