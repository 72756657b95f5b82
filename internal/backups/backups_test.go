package backups_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/packline/packline/internal/backups"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// A real SQLite database backed up on a schedule: each backup is checked and
// named by its time, the newest Keep are kept, and a restart remembers the
// last good one.
func TestScheduledBackupsAreCheckedAndPruned(t *testing.T) {
	t.Parallel()
	db := storagetest.Open(t, storage.SQLite)
	dir := t.TempDir()
	s, err := backups.New(db, storage.CheckBackup, dir, time.Hour, 3, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Status(); st.LastGood != nil || !st.Stale(time.Now()) {
		t.Fatalf("no backup yet: %+v", st)
	}
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return now }
	for range 5 {
		if _, err := s.Once(context.Background()); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Hour)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 3 || filepath.Base(names[0]) != "packline-20261125T120000Z.db" {
		t.Fatalf("kept %v", names)
	}
	st := s.Status()
	if st.LastGood == nil || st.LastGood.File != "packline-20261125T140000Z.db" || st.LastGood.Size == 0 || st.LastError != "" {
		t.Fatalf("status %+v", st)
	}
	if v, err := storage.CheckBackup(context.Background(), filepath.Join(dir, st.LastGood.File)); err != nil || v != db.LatestSchemaVersion() {
		t.Fatalf("the kept backup does not check: %d %v", v, err)
	}
	if st.Stale(now) || !st.Stale(now.Add(3*time.Hour)) {
		t.Fatal("stale after two missed periods, not before")
	}
	again, err := backups.New(db, storage.CheckBackup, dir, time.Hour, 3, quiet)
	if err != nil || again.Status().LastGood == nil || again.Status().LastGood.File != st.LastGood.File {
		t.Fatalf("a restart forgets the last backup: %v %+v", err, again.Status())
	}
}

type brokenStore struct{}

func (brokenStore) Backup(_ context.Context, path string) error {
	return os.WriteFile(path, []byte("not a database"), 0o600)
}

// A backup that does not pass its check is removed, reported, and never taken
// for the last good one.
func TestABackupThatFailsItsCheckIsNotKept(t *testing.T) {
	dir := t.TempDir()
	s, err := backups.New(brokenStore{}, storage.CheckBackup, dir, time.Hour, 3, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Once(context.Background()); err == nil {
		t.Fatal("a broken backup passed")
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if st := s.Status(); len(names) != 0 || st.LastGood != nil || st.LastError == "" {
		t.Fatalf("files %v, status %+v", names, st)
	}
	if _, err := backups.New(brokenStore{}, storage.CheckBackup, dir, time.Second, 3, quiet); err == nil {
		t.Fatal("a backup every second")
	}
	var zero backups.Status
	if zero.Stale(time.Now()) {
		t.Fatal("backups that are off are not stale")
	}
}
