//go:build linux || darwin

package main

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// errLocked says another process holds the database's lock.
var errLocked = errors.New("locked")

// lockDatabase takes the exclusive lock of a SQLite database (a lock on
// DB.lock beside it, which the kernel drops when the process ends, even
// killed): serve holds it while it runs, so that restore cannot swap the file
// under a running server. errLocked when another process holds it.
func lockDatabase(path string) (release func(), err error) {
	path = realDatabasePath(path) // one lock whichever link names the file
	f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() { f.Close() }, nil
}
