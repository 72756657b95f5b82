package httpapi

import (
	"net/http"
	"time"

	"github.com/packline/packline/internal/backups"
)

// BackupStatus is what the backups route reads: serve's scheduler, when
// --backup-dir is set.
type BackupStatus interface {
	Status() backups.Status
}

type backupView struct {
	Enabled      bool        `json:"enabled"`
	EverySeconds int64       `json:"every_seconds"`
	Keep         int         `json:"keep"`
	LastGood     *backupFile `json:"last_good"`
	LastError    string      `json:"last_error"`
	Stale        bool        `json:"stale"`
}

type backupFile struct {
	File string    `json:"file"`
	At   time.Time `json:"at"`
	Size int64     `json:"size"`
}

func (s *Server) handleBackups(w http.ResponseWriter, r *http.Request) error {
	var st backups.Status
	if s.Backups != nil {
		st = s.Backups.Status()
	}
	v := backupView{Enabled: st.Enabled, EverySeconds: int64(st.Every / time.Second), Keep: st.Keep,
		LastError: st.LastError, Stale: st.Stale(time.Now())}
	if b := st.LastGood; b != nil {
		v.LastGood = &backupFile{File: b.File, At: b.At.UTC(), Size: b.Size}
	}
	return writeJSON(w, http.StatusOK, v)
}
