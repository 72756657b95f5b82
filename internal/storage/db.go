// Package storage keeps Packline's data in SQLite or PostgreSQL. Every domain
// service interface is implemented here with SQL written once: queries use
// '?' placeholders, rewritten to '$n' for PostgreSQL.
//
// Times are stored as BIGINT milliseconds since the Unix epoch (UTC) on both
// engines; calendar dates as TEXT 'YYYY-MM-DD'.
package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage/engine"
)

// Dialect names the SQL engine behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is an open database. Reads go to a pool of readers; writes go through
// WithTx, which on SQLite uses a single writer connection so that
// transactions never fight over the write lock. The machinery (pools, group
// commit, placeholders, the throttle's and the kiosk's counts in memory) is
// package engine's.
type DB struct {
	Dialect Dialect
	DSN     string
	write   *sql.DB
	read    *sql.DB

	// clock returns the current time (Now); tests and the demo's loader
	// turn it with SetNow while the writer's goroutines read it.
	clock atomic.Pointer[func() time.Time]

	dollars engine.Placeholders // queries rewritten for PostgreSQL

	// hub receives, after commit, the live events of notifications that
	// other areas' transactions record (SQLite; see messaging_notices.go).
	hub atomic.Pointer[messaging.Hub]

	// group runs SQLite's write transactions, committing the callers
	// waiting together; nil on PostgreSQL.
	group *engine.Writer

	// kiosk counts the committed changes of the kiosk's list, and
	// kioskNotify tells the other instances of them after commit
	// (PostgreSQL; nil on SQLite); see kiosk_version.go.
	kiosk       engine.KioskCount
	kioskNotify *engine.KioskNotifier

	// throttleMem holds the throttle's rows in memory (SQLite; see
	// throttle_store.go); nil on PostgreSQL, whose instances keep copies
	// checked against the table (throttleShared; nil on SQLite).
	throttleMem    *engine.MemThrottle
	throttleShared *engine.SharedThrottle
	closing        atomic.Bool

	// bulk, while set, acknowledges every write transaction before its
	// flush to disk (see BulkLoad).
	bulk atomic.Bool

	// driverDSN is DSN as the PostgreSQL driver takes it (engine.PostgresDSN).
	driverDSN string

	// files is how many files the database holds open at most (OpenFiles).
	files int
}

// DefaultPoolSize is how many connections to PostgreSQL one instance opens
// at most, unless its URL names pool_max_conns.
const DefaultPoolSize = engine.DefaultPoolSize

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool { return engine.IsPostgres(dsn) }

// Open opens (creating if needed) the database named by dsn: a file path for
// SQLite or a postgres:// URL. It does not migrate; call Migrate.
func Open(ctx context.Context, dsn string) (*DB, error) {
	db := &DB{DSN: dsn}
	db.SetNow(nil)
	if IsPostgres(dsn) {
		db.Dialect = Postgres
		pool, driverDSN, err := engine.OpenPostgres(dsn)
		if err != nil {
			return nil, err
		}
		db.write, db.read, db.driverDSN = pool, pool, driverDSN
		db.kioskNotify = newKioskNotifier(db)
		db.throttleShared = newThrottleShared(db)
		db.files = engine.PostgresFiles(pool.Stats().MaxOpenConnections)
	} else {
		db.Dialect = SQLite
		w, r, err := engine.OpenSQLite(dsn)
		if err != nil {
			return nil, err
		}
		db.write, db.read = w, r
		db.group = engine.NewWriter(w)
		db.throttleMem = newThrottleMem(db)
		db.files = engine.SQLiteFiles
	}
	if err := engine.Ping(ctx, db.write); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return db, nil
}

// OpenFiles is how many files (connections, on PostgreSQL) the database
// holds open at most: part of the process's open-file limit.
func (db *DB) OpenFiles() int { return db.files }

// Now is the current time by the database's clock: the real time unless
// SetNow turned it.
func (db *DB) Now() time.Time { return (*db.clock.Load())() }

// Clock is the function Now calls at this moment (to be put back later
// with SetNow).
func (db *DB) Clock() func() time.Time { return *db.clock.Load() }

// SetNow makes fn the database's clock; nil puts the real time back. Safe
// while transactions run.
func (db *DB) SetNow(fn func() time.Time) {
	if fn == nil {
		fn = func() time.Time { return time.Now().UTC() }
	}
	db.clock.Store(&fn)
}

// Close closes every pool.
func (db *DB) Close() error {
	db.closing.Store(true)
	if db.throttleMem != nil {
		_ = db.throttleMem.Flush(context.Background()) // the last counts
	}
	if db.group != nil {
		db.group.Close()
	}
	if db.kioskNotify != nil {
		db.kioskNotify.Close() // the last changes' notification
	}
	err := db.write.Close()
	if db.read != db.write {
		if e := db.read.Close(); err == nil {
			err = e
		}
	}
	return err
}

// bind rewrites '?' placeholders for the dialect.
func (db *DB) bind(q string) string {
	if db.Dialect != Postgres {
		return q
	}
	return db.dollars.Dollars(q)
}

// Query runs a read-only query on the reader pool.
func (db *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return db.read.QueryContext(ctx, db.bind(q), args...)
}

// QueryRow runs a read-only single-row query on the reader pool.
func (db *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return db.read.QueryRowContext(ctx, db.bind(q), args...)
}

func (db *DB) dialect() Dialect { return db.Dialect }

// Tx is a write transaction with one clock: Now is fixed when it begins, so
// every row it writes carries the same time.
type Tx struct {
	db  *DB
	tx  *sql.Tx
	Now time.Time

	// notices are notifications recorded just before commit (Notice).
	notices []notice
	// kioskChanged: the transaction changes the kiosk's list (markKioskChanged).
	kioskChanged bool
	// after runs once committed (onCommit).
	after []func()
}

// Dialect of the transaction's database.
func (tx *Tx) Dialect() Dialect { return tx.db.Dialect }

func (tx *Tx) dialect() Dialect { return tx.db.Dialect }

// Exec runs a statement in the transaction.
func (tx *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return tx.tx.ExecContext(ctx, tx.db.bind(q), args...)
}

// Query runs a query in the transaction.
func (tx *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return tx.tx.QueryContext(ctx, tx.db.bind(q), args...)
}

// QueryRow runs a single-row query in the transaction.
func (tx *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return tx.tx.QueryRowContext(ctx, tx.db.bind(q), args...)
}

// ForUpdate is the row-lock suffix for a SELECT inside a transaction: empty on
// SQLite, whose single writer already serialises transactions.
func (tx *Tx) ForUpdate() string {
	if tx.db.Dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// lockRow locks row id of table until the transaction ends (FOR UPDATE on
// PostgreSQL); false, and no error, when there is no such row.
func (tx *Tx) lockRow(ctx context.Context, table string, id int64) (bool, error) {
	var got int64
	err := tx.QueryRow(ctx, `SELECT id FROM `+table+` WHERE id = ?`+tx.ForUpdate(), id).Scan(&got)
	if IsNoRows(err) {
		return false, nil
	}
	return err == nil, err
}

// lockShared locks the rows of table with the ids, in id order, FOR SHARE
// until the transaction ends: writers that lock one FOR UPDATE wait for
// the transaction, and it waits for them. A no-op on SQLite.
func (tx *Tx) lockShared(ctx context.Context, table string, ids []int64) error {
	if tx.db.Dialect != Postgres || len(ids) == 0 {
		return nil
	}
	cond, arg := anyOf(tx, "id", ids)
	rows, err := tx.Query(ctx, `SELECT id FROM `+table+` WHERE `+cond+` ORDER BY id FOR SHARE`, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() { // every row is read, so every row is locked
	}
	return rows.Err()
}

// nextNumber takes the next number of a year from a counter table (yr,
// last_number): the counter row's lock holds other writers until the
// transaction ends, and a rollback gives the number back.
func (tx *Tx) nextNumber(ctx context.Context, counters string, year int) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `INSERT INTO `+counters+` (yr, last_number) VALUES (?, 1)
		ON CONFLICT (yr) DO UPDATE SET last_number = `+counters+`.last_number + 1
		RETURNING last_number`, year).Scan(&n)
	return n, err
}

// WithTx runs fn in a write transaction, committing if it returns nil and
// rolling back otherwise. Serialization failures on PostgreSQL are retried.
// The commit is durable before WithTx returns: SQLite fsyncs its WAL
// (synchronous=FULL), PostgreSQL waits for its WAL flush. An acknowledged
// punch, stock move or any other business write survives a power cut.
func (db *DB) WithTx(ctx context.Context, fn func(tx *Tx) error) error {
	return db.withTx(ctx, true, fn)
}

// WithBookkeepingTx is WithTx for bookkeeping whose last moments a power cut
// may lose without harm — a throttle's counts, a token's last use, a purge:
// the commit is acknowledged before it is flushed to disk (SQLite
// synchronous=NORMAL, PostgreSQL synchronous_commit off), which spares the
// hot paths (sign-in, the kiosk's PIN check) an fsync each. It is still
// atomic and immediately visible to every instance; a crash of the process
// alone loses nothing.
func (db *DB) WithBookkeepingTx(ctx context.Context, fn func(tx *Tx) error) error {
	return db.withTx(ctx, false, fn)
}

// BulkLoad runs fn with every write transaction's commit acknowledged before
// it is flushed to disk, as WithBookkeepingTx's are. For filling an empty
// database before the server serves anyone (the demo): thousands of small
// transactions, each otherwise waiting for a flush of its own. The next
// durable commit after it (WithTx) flushes them all: SQLite's WAL is one file
// fsynced whole, PostgreSQL's WAL one stream flushed up to that commit. The
// data written is the same; a crash in the middle leaves what it would have
// left anyway, a load cut short.
func (db *DB) BulkLoad(fn func() error) error {
	db.bulk.Store(true)
	defer db.bulk.Store(false)
	return fn()
}

func (db *DB) withTx(ctx context.Context, durable bool, fn func(tx *Tx) error) error {
	if db.bulk.Load() {
		durable = false
	}
	for attempt := 0; ; attempt++ {
		err := db.withTxOnce(ctx, durable, fn)
		if err != nil && attempt < 5 && engine.IsRetryable(err) {
			time.Sleep(time.Duration(attempt+1) * 5 * time.Millisecond)
			continue
		}
		return err
	}
}

func (db *DB) withTxOnce(ctx context.Context, durable bool, fn func(tx *Tx) error) error {
	if db.group != nil {
		return mapError(db.group.Do(ctx, durable, db.work(ctx, true, fn)))
	}
	sqlTx, err := engine.BeginPostgres(ctx, db.write, durable)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{db: db, tx: sqlTx, Now: db.Now().UTC().Truncate(time.Millisecond)}
	if err := fn(tx); err != nil {
		_ = sqlTx.Rollback()
		return mapError(err)
	}
	published, err := tx.recordNotices(ctx)
	if err != nil {
		_ = sqlTx.Rollback()
		return mapError(err)
	}
	if err := sqlTx.Commit(); err != nil {
		return mapError(fmt.Errorf("commit: %w", err))
	}
	tx.committed()
	published()
	return nil
}

// work is fn as a caller of SQLite's group commit: its Tx over the group's
// transaction (its Now fixed as its turn begins, unless it reads no clock),
// its notices recorded before its savepoint is released, and what its
// transaction does once committed.
func (db *DB) work(ctx context.Context, clock bool, fn func(tx *Tx) error) engine.Work {
	return func(sqlTx *sql.Tx) (func(), error) {
		tx := &Tx{db: db, tx: sqlTx}
		if clock {
			tx.Now = db.Now().UTC().Truncate(time.Millisecond)
		}
		if err := fn(tx); err != nil {
			return nil, err
		}
		published, err := tx.recordNotices(ctx)
		if err != nil {
			return nil, err
		}
		return func() {
			tx.committed()
			published()
		}, nil
	}
}

// Ping checks the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.read.PingContext(ctx) }

// Millis converts t to stored milliseconds.
func Millis(t time.Time) int64 { return t.UnixMilli() }

// FromMillis converts stored milliseconds to a UTC time.
func FromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// NullMillis converts nullable stored milliseconds to *time.Time.
func NullMillis(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := FromMillis(ms.Int64)
	return &t
}

// ErrNoRows is sql.ErrNoRows, re-exported for callers.
var ErrNoRows = sql.ErrNoRows

// IsNoRows reports whether err is sql.ErrNoRows.
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
