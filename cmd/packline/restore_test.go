package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
)

// restore puts a checked backup in place of a stopped server's database:
// what was written after the backup is gone, what the backup held is back.
// It refuses a file that is not a good backup, and a database a running
// server holds. A scheduled backup (--backup-dir) restores the same way.
func TestRestoreABackup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	dsn := filepath.Join(dir, "p.db")
	users := func() int {
		t.Helper()
		db, err := storage.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	createUser(t, dsn, "first@example.org", "A")
	backup := filepath.Join(dir, "backup.db")
	if out, err := runMain("backup", backup, "--db", dsn); err != nil {
		t.Fatalf("backup: %v %s", err, out)
	}
	createUser(t, dsn, "second@example.org", "A")
	if n := users(); n != 2 {
		t.Fatalf("%d users before the restore", n)
	}

	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte("not a database at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := runMain("restore", junk, "--db", dsn); err == nil {
		t.Fatal("a file that is not a backup was restored")
	}

	// A running server holds the database: no restore under it.
	srv := startServe(t, dsn, "--backup-dir", filepath.Join(dir, "backups"), "--backup-every", "1h")
	if _, err := runMain("restore", backup, "--db", dsn); err == nil || !strings.Contains(err.Error(), "running packline serve") {
		t.Fatalf("restore under a running server: %v", err)
	}
	if _, err := runMain("serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret); err == nil || !strings.Contains(err.Error(), "another packline serve") {
		t.Fatalf("a second server on one SQLite file: %v", err)
	}
	// Nor through a link to the database (or to its folder): the lock is the file's.
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(dsn, link); err != nil {
		t.Fatal(err)
	}
	dirLink := filepath.Join(t.TempDir(), "dir")
	if err := os.Symlink(dir, dirLink); err != nil {
		t.Fatal(err)
	}
	for _, via := range []string{link, filepath.Join(dirLink, "p.db")} {
		if out, err := runMain("restore", backup, "--db", via); err == nil || !strings.Contains(err.Error(), "running packline serve") {
			t.Fatalf("restore through %s under a running server: %v %s", via, err, out)
		}
		if _, err := runMain("serve", "--addr", "127.0.0.1:0", "--db", via, "--secret", testSecret); err == nil || !strings.Contains(err.Error(), "another packline serve") {
			t.Fatalf("a second server through %s: %v", via, err)
		}
	}
	// The server wrote its first scheduled backup at start (none was there).
	var scheduled []string
	for deadline := time.Now().Add(time.Minute); len(scheduled) == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		scheduled, _ = filepath.Glob(filepath.Join(dir, "backups", "packline-*.db"))
	}
	if err := srv.stop(); err != nil {
		t.Fatal(err)
	}
	if len(scheduled) != 1 {
		t.Fatalf("scheduled backups: %v", scheduled)
	}

	if out, err := runMain("restore", backup, "--db", dsn); err != nil || !strings.Contains(out, "schema version") {
		t.Fatalf("restore: %v %s", err, out)
	}
	if n := users(); n != 1 {
		t.Fatalf("%d users after restoring a backup of one", n)
	}
	if out, err := runMain("restore", scheduled[0], "--db", dsn); err != nil {
		t.Fatalf("restore of a scheduled backup: %v %s", err, out)
	}
	if n := users(); n != 2 {
		t.Fatalf("%d users after restoring the scheduled backup of two", n)
	}
	// Restored through a link: the database it names is replaced, the link stays a link.
	if out, err := runMain("restore", backup, "--db", link); err != nil {
		t.Fatalf("restore through a link: %v %s", err, out)
	}
	if n := users(); n != 1 {
		t.Fatalf("%d users after restoring a backup of one through a link", n)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi, err)
	}
}
