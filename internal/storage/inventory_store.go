package storage

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/storage/engine"
)

// InventoryStore implements inventory.Store: the SQL behind the inventory's
// rules, which live in package inventory.
//
// The on-hand figures (inventory_batches.on_hand, inventory_items.on_hand and
// each move's balance_after) are summaries of inventory_moves, written in the
// same transaction as each move. Locks: LockItem and LockBatch take row locks
// on PostgreSQL (SELECT … FOR UPDATE); SQLite's single writer already
// serialises every write transaction.
//
// Files: inventory_items.go (items, the list and its filters),
// inventory_batches.go (batches, expiry), inventory_moves.go (the ledger),
// inventory_import.go (bulk reads and writes of an import).
type InventoryStore struct {
	db *DB
	// writers holds inventory writes off while an import writes in chunks
	// (SQLite only: one process owns the file).
	writers sync.RWMutex
}

// exclusiveKey marks a context whose inventory writes run inside Exclusive.
type exclusiveKey struct{}

// importChunk is an import's rows per transaction on SQLite: a few ms
// of the one writer each, so a kiosk punch waits at most that long.
const importChunk = 200

var (
	_ inventory.Store = (*InventoryStore)(nil)
	_ inventory.Tx    = (*invTx)(nil)
)

// NewInventoryStore returns the inventory's store over db.
func NewInventoryStore(db *DB) *InventoryStore { return &InventoryStore{db: db} }

// InTx runs fn in one write transaction.
func (s *InventoryStore) InTx(ctx context.Context, fn func(tx inventory.Tx) error) error {
	return s.WithTx(ctx, func(tx *Tx) error {
		t := &invTx{tx: tx}
		defer t.closeStatements()
		return fn(t)
	})
}

// ImportChunk is how many rows of an import go in one transaction: all
// (0) on PostgreSQL, whose writers do not queue behind each other; 200 on
// SQLite, so that the kiosk's punches get the writer between chunks.
func (s *InventoryStore) ImportChunk() int {
	if s.db.Dialect == Postgres {
		return 0
	}
	return importChunk
}

// Exclusive runs fn while every other inventory write of this process waits.
func (s *InventoryStore) Exclusive(ctx context.Context, fn func(ctx context.Context) error) error {
	if ctx.Value(exclusiveKey{}) != nil {
		return fn(ctx)
	}
	s.writers.Lock()
	defer s.writers.Unlock()
	return fn(context.WithValue(ctx, exclusiveKey{}, true))
}

// WithTx runs fn in a write transaction that may write stock through
// InventoryTx(tx): another area's storage (production, shipping) opens its
// transactions here, so that they too wait while an import writes in chunks.
func (s *InventoryStore) WithTx(ctx context.Context, fn func(tx *Tx) error) error {
	if ctx.Value(exclusiveKey{}) == nil {
		s.writers.RLock()
		defer s.writers.RUnlock()
	}
	return s.db.WithTx(ctx, fn)
}

// InventoryTx is the inventory's view of tx, for an area whose own Tx
// embeds inventory.Tx (production, shipping): their writes and the stock
// moves they make commit together.
func InventoryTx(tx *Tx) inventory.Tx { return &invTx{tx: tx} }

// invTx implements inventory.Tx over one database transaction.
type invTx struct {
	tx    *Tx
	stmts map[string]*sql.Stmt // statements an import runs many times, prepared once
}

// prepared returns q prepared in the transaction, once per transaction.
func (t *invTx) prepared(ctx context.Context, q string) (*sql.Stmt, error) {
	if st, ok := t.stmts[q]; ok {
		return st, nil
	}
	st, err := t.tx.tx.PrepareContext(ctx, t.tx.db.bind(q))
	if err != nil {
		return nil, err
	}
	if t.stmts == nil {
		t.stmts = map[string]*sql.Stmt{}
	}
	t.stmts[q] = st
	return st, nil
}

// insertReturning runs the INSERT … RETURNING q, prepared once per
// transaction; a duplicate key is mapDuplicate's error.
func (t *invTx) insertReturning(ctx context.Context, q string, args []any) (*sql.Rows, error) {
	st, err := t.prepared(ctx, q)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, mapDuplicate(err)
	}
	return rows, nil
}

func (t *invTx) closeStatements() {
	for _, st := range t.stmts {
		st.Close()
	}
}

// Now is the transaction's fixed clock.
func (t *invTx) Now() time.Time { return t.tx.Now }

// mapDuplicate reports a unique-key clash as inventory.ErrDuplicate.
func mapDuplicate(err error) error {
	if engine.IsUniqueViolation(err) {
		return inventory.ErrDuplicate
	}
	return err
}
