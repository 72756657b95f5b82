package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/packline/packline/internal/storage"
)

// runRestore puts a backup (packline backup, or a scheduled one) in place of
// a SQLite database: it checks the backup first (SQLite's integrity check, a
// schema this packline knows), refuses while a server holds the database,
// and swaps the file in whole (the next start migrates it forward).
func runRestore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("restore", stderr)
	dsn := fs.String("db", defaultDB, "the SQLite database to replace")
	file, err := parseWithFile(fs, args, "usage: packline restore FILE [--db …]")
	if err != nil {
		return err
	}
	if storage.IsPostgres(*dsn) {
		return errors.New("restore puts a SQLite backup in place; for PostgreSQL use pg_restore (docs/operations.md)")
	}
	version, err := storage.CheckBackup(ctx, file)
	if err != nil {
		return err
	}
	release, err := lockDatabase(*dsn)
	if errors.Is(err, errLocked) {
		return fmt.Errorf("a running packline serve holds %s: stop it, then restore", *dsn)
	}
	if err != nil {
		return err
	}
	defer release()
	// The file itself, not a link to it: replacing a link would leave the
	// database it names (and a server on it) untouched.
	if err := replaceFile(file, realDatabasePath(*dsn)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Restored %s from %s (schema version %d).\n", *dsn, file, version)
	return nil
}

// replaceFile copies src over dst whole: into a file beside dst, synced, then
// renamed over it, after removing dst's write-ahead log (whose pages belong
// to the old file and would be replayed into the new one).
func replaceFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp := dst + ".restoring"
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	for _, side := range []string{dst + "-wal", dst + "-shm"} {
		if err := os.Remove(side); err != nil && !errors.Is(err, os.ErrNotExist) {
			os.Remove(tmp)
			return err
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(dst)); err == nil {
		_ = d.Sync() // the rename itself survives a power cut
		d.Close()
	}
	return nil
}
