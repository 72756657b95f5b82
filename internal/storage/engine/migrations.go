package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one versioned schema step, a file named NNNN_what.sql.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations reads the steps in folder dir of fsys, by version: a file
// whose name does not start with a number and '_', or two sharing a
// version, is an error.
func Migrations(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and '_'", e.Name())
		}
		body, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: e.Name(), SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("migrations %s and %s share a version", out[i-1].Name, out[i].Name)
		}
	}
	return out, nil
}

// Digest names a set of steps: a hex SHA-256 over every step's file name
// and text, so that a database migrated by one set can be told from
// another's.
func Digest(ms []Migration) string {
	h := sha256.New()
	for _, m := range ms {
		fmt.Fprintf(h, "%s\x00%d\x00%s\x00", m.Name, len(m.SQL), m.SQL)
	}
	return hex.EncodeToString(h.Sum(nil))
}
