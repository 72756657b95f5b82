package httpapi_test

import (
	"testing"
	"time"

	"github.com/packline/packline/internal/backups"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

type fixedBackups backups.Status

func (f fixedBackups) Status() backups.Status { return backups.Status(f) }

// Admins see how the scheduled backups stand: off, good, or stale (none good,
// or the last older than two periods).
func TestBackupsState(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		type view struct {
			Enabled      bool
			EverySeconds int64 `json:"every_seconds"`
			Keep         int
			LastGood     *struct{ File string } `json:"last_good"`
			LastError    string                 `json:"last_error"`
			Stale        bool
		}
		var v view
		off := newEnv(t, db)
		off.call("GET", "/api/backups", off.token, "", 200, &v)
		if v.Enabled || v.Stale || v.LastGood != nil {
			t.Fatalf("off: %+v", v)
		}

		old := &backups.Backup{File: "packline-20260101T000000Z.db", At: time.Now().Add(-72 * time.Hour), Size: 4096}
		// A second instance on the same database, whose scheduler has a stale backup.
		on := &env{t: t, db: db, token: off.token, srv: newEnvServer(t, db, func(s *httpapi.Server) {
			s.Backups = fixedBackups{Enabled: true, Every: 24 * time.Hour, Keep: 14, LastGood: old, LastError: "disk full"}
		})}
		on.call("GET", "/api/backups", on.token, "", 200, &v)
		if !v.Enabled || v.EverySeconds != 86400 || v.Keep != 14 || v.LastGood == nil || v.LastGood.File != old.File || !v.Stale || v.LastError != "disk full" {
			t.Fatalf("stale: %+v", v)
		}
	})
}
