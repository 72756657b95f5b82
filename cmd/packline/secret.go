package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/timeclock"
)

// serverSecret returns the server secret, which keys the employees' PIN
// hashes and the kiosk's clock tokens and is never stored in the database:
// --secret (PACKLINE_SECRET) if given; else the file --secret-file; else,
// for SQLite, packline.secret beside the database file, created (0600) with
// a random secret on first start. PostgreSQL needs --secret or
// --secret-file, the same on every instance. Changing the secret makes
// every PIN stop matching (staff then set new ones).
func serverSecret(secret, file, dsn string, log *slog.Logger) ([]byte, error) {
	if secret != "" {
		if len(secret) < timeclock.MinSecretLen {
			return nil, fmt.Errorf("--secret must be at least %d characters", timeclock.MinSecretLen)
		}
		return []byte(secret), nil
	}
	if file == "" {
		if storage.IsPostgres(dsn) {
			return nil, errors.New("with PostgreSQL, give --secret (PACKLINE_SECRET) or --secret-file, the same on every instance: it keys the employees' PINs")
		}
		file = filepath.Join(filepath.Dir(dsn), "packline.secret")
	}
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return createSecret(file, log)
	}
	if err != nil {
		return nil, fmt.Errorf("read the server secret: %w", err)
	}
	if st, err := os.Stat(file); err == nil && st.Mode().Perm()&0o077 != 0 {
		log.Warn("the server secret file is readable by others; chmod 600 it", "file", file)
	}
	s := strings.TrimSpace(string(b))
	if len(s) < timeclock.MinSecretLen {
		return nil, fmt.Errorf("the server secret in %s must be at least %d characters", file, timeclock.MinSecretLen)
	}
	return []byte(s), nil
}

func createSecret(file string, log *slog.Logger) ([]byte, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, fmt.Errorf("create the server secret's folder: %w", err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	s := hex.EncodeToString(raw)
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another process created it first: use theirs.
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		return []byte(strings.TrimSpace(string(b))), nil
	}
	if err != nil {
		return nil, fmt.Errorf("create the server secret: %w", err)
	}
	if _, err := f.WriteString(s + "\n"); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	log.Info("created the server secret; back it up with the database, PINs depend on it", "file", file)
	return []byte(s), nil
}
