package main

import "path/filepath"

// realDatabasePath is the file a SQLite path names once links are followed:
// the database itself, its lock and the file restore replaces are one,
// whichever link a command was given. A path that does not exist yet keeps
// its name in its real folder.
func realDatabasePath(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(dir, filepath.Base(path))
	}
	return path
}
