// Package backups writes SQLite backups on a schedule (serve's --backup-dir,
// --backup-every, --backup-keep), checks each one after writing it, keeps
// the newest few, and says when the last good one was made.
package backups

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/packline/packline/internal/every"
)

// Store is what a backup needs of the database.
type Store interface {
	// Backup writes a consistent copy of the database to path (a new file).
	Backup(ctx context.Context, path string) error
}

// Check opens a written backup and says whether it restores (its schema
// version, or why not); storage.CheckBackup.
type Check func(ctx context.Context, path string) (int, error)

// Names of backup files: packline-20261125T154500Z.db, so that they sort by time.
const (
	prefix     = "packline-"
	suffix     = ".db"
	timeLayout = "20060102T150405Z"
)

// Status is what the dashboard shows of backups.
type Status struct {
	Enabled bool
	Every   time.Duration
	Keep    int
	// LastGood is the newest backup that passed its check; nil when none has.
	LastGood *Backup
	// LastError says why the latest attempt failed, "" when it did not.
	LastError string
}

// Stale says whether the backups are behind at now: no good one yet, or
// the last one older than two periods (one missed run is not yet an alarm).
func (st Status) Stale(now time.Time) bool {
	return st.Enabled && (st.LastGood == nil || now.Sub(st.LastGood.At) > 2*st.Every)
}

// Backup is one written and checked backup file.
type Backup struct {
	File string
	At   time.Time
	Size int64
}

// Scheduler writes a backup every Every into Dir and keeps the newest Keep.
type Scheduler struct {
	Store Store
	Check Check
	Dir   string
	Every time.Duration
	Keep  int
	Log   *slog.Logger
	Now   func() time.Time

	mu     sync.Mutex
	status Status
}

// New returns a scheduler whose last good backup is the newest one already
// in dir, if any (so a restart does not forget it).
func New(store Store, check Check, dir string, every time.Duration, keep int, log *slog.Logger) (*Scheduler, error) {
	if every < time.Minute {
		return nil, fmt.Errorf("--backup-every must be at least a minute, not %s", every)
	}
	if keep < 1 {
		return nil, fmt.Errorf("--backup-keep must be at least 1, not %d", keep)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("--backup-dir: %w", err)
	}
	s := &Scheduler{Store: store, Check: check, Dir: dir, Every: every, Keep: keep, Log: log, Now: time.Now,
		status: Status{Enabled: true, Every: every, Keep: keep}}
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	if len(files) > 0 {
		newest := files[len(files)-1]
		s.status.LastGood = &newest
	}
	return s, nil
}

// Status is the scheduler's status now.
func (s *Scheduler) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.status
	if st.LastGood != nil {
		b := *st.LastGood
		st.LastGood = &b
	}
	return st
}

// Run writes a backup at once when the last good one is older than Every
// (or there is none), then every Every, until ctx ends.
func (s *Scheduler) Run(ctx context.Context) {
	wait := time.Duration(0)
	if last := s.Status().LastGood; last != nil {
		wait = max(0, s.Every-s.Now().Sub(last.At))
	}
	every.Run(ctx, wait, s.Every, func(ctx context.Context) {
		if _, err := s.Once(ctx); err != nil && ctx.Err() == nil {
			s.Log.Error("backup failed", "dir", s.Dir, "err", err)
		}
	})
}

// Once writes one backup, checks it and prunes the old ones. A backup that
// fails its check is removed, never kept as if it were good.
func (s *Scheduler) Once(ctx context.Context) (Backup, error) {
	b, err := s.write(ctx)
	s.mu.Lock()
	if err != nil {
		s.status.LastError = err.Error()
	} else {
		s.status.LastError = ""
		s.status.LastGood = &b
	}
	s.mu.Unlock()
	if err != nil {
		return Backup{}, err
	}
	s.Log.Info("backup written and checked", "file", b.File, "bytes", b.Size)
	return b, s.prune()
}

func (s *Scheduler) write(ctx context.Context) (Backup, error) {
	at := s.Now().UTC().Truncate(time.Second)
	name := prefix + at.Format(timeLayout) + suffix
	final := filepath.Join(s.Dir, name)
	// Written under another name and renamed once checked: a file named
	// packline-….db is always a whole, good backup.
	partial := final + ".partial"
	_ = os.Remove(partial)
	if err := s.Store.Backup(ctx, partial); err != nil {
		_ = os.Remove(partial)
		return Backup{}, fmt.Errorf("write %s: %w", partial, err)
	}
	if _, err := s.Check(ctx, partial); err != nil {
		_ = os.Remove(partial)
		return Backup{}, fmt.Errorf("check %s: %w", partial, err)
	}
	if err := os.Rename(partial, final); err != nil {
		_ = os.Remove(partial)
		return Backup{}, err
	}
	info, err := os.Stat(final)
	if err != nil {
		return Backup{}, err
	}
	return Backup{File: name, At: at, Size: info.Size()}, nil
}

// files are the backups in Dir, oldest first.
func (s *Scheduler) files() ([]Backup, error) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return nil, err
	}
	var out []Backup
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, suffix) {
			continue
		}
		at, err := time.Parse(timeLayout, strings.TrimSuffix(strings.TrimPrefix(name, prefix), suffix))
		if err != nil {
			continue // not one of ours
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, Backup{File: name, At: at, Size: info.Size()})
	}
	slices.SortFunc(out, func(a, b Backup) int { return a.At.Compare(b.At) })
	return out, nil
}

// prune removes all but the newest Keep backups.
func (s *Scheduler) prune() error {
	files, err := s.files()
	if err != nil {
		return err
	}
	for len(files) > s.Keep {
		if err := os.Remove(filepath.Join(s.Dir, files[0].File)); err != nil {
			return err
		}
		s.Log.Info("old backup removed", "file", files[0].File)
		files = files[1:]
	}
	return nil
}
