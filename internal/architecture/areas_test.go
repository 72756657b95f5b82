package architecture

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The repository's root, from this package's folder.
const root = "../.."

// A layer: its column in the table and the folder its entries are relative to.
type layer struct {
	name   string
	folder string
	// dirs: its entries name folders (domain packages, web features, locale
	// namespaces); otherwise files, of which tests are not counted.
	dirs bool
	ext  string
}

var layers = []layer{
	{name: "domain", folder: "internal", dirs: true},
	{name: "storage", folder: "internal/storage", ext: ".go"},
	{name: "HTTP", folder: "internal/httpapi", ext: ".go"},
	{name: "contract", folder: "internal/httpapi/openapi", ext: ".yaml"},
	{name: "web", folder: "web/src/features", dirs: true},
	{name: "strings", folder: "web/src/i18n/locales", dirs: true},
}

// A line of the table: an area (or a shared piece) and its entries per layer.
type line struct {
	name    string
	pending bool // marked †: its layers do not carry its name yet
	shared  bool
	entries [][]string // per layer, the patterns of the column
}

// readTables parses the two tables of docs/architecture.md's "Areas" section.
func readTables(t *testing.T) []line {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "docs/architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []line
	in, shared := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "## "):
			in = strings.HasPrefix(text, "## Areas")
			continue
		case !in || !strings.HasPrefix(text, "|"):
			continue
		case strings.HasPrefix(text, "| area |"):
			shared = false
			continue
		case strings.HasPrefix(text, "| shared |"):
			shared = true
			continue
		case strings.HasPrefix(text, "|---"):
			continue
		}
		cells := strings.Split(strings.Trim(text, "|"), "|")
		if len(cells) != 1+len(layers) {
			t.Fatalf("docs/architecture.md: %q has %d cells, want %d", text, len(cells), 1+len(layers))
		}
		name := strings.TrimSpace(cells[0])
		l := line{name: strings.TrimSpace(strings.TrimSuffix(name, "†")), pending: strings.HasSuffix(name, "†"), shared: shared}
		for _, c := range cells[1:] {
			var ps []string
			for _, p := range strings.Split(c, ",") {
				if p = strings.TrimSpace(p); p != "" {
					ps = append(ps, p)
				}
			}
			l.entries = append(l.entries, ps)
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(lines) < 10 {
		t.Fatalf("docs/architecture.md: %d lines in the area tables, want the areas and the shared pieces", len(lines))
	}
	return lines
}

// tree lists a layer's folder: its sub-folders, or its files of the layer's
// kind that are not tests.
func tree(t *testing.T, l layer) []string {
	t.Helper()
	des, err := os.ReadDir(filepath.Join(root, l.folder))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		n := de.Name()
		switch {
		case l.dirs && de.IsDir() && !strings.HasPrefix(n, "."):
			names = append(names, n)
		case !l.dirs && !de.IsDir() && strings.HasSuffix(n, l.ext) && !strings.HasSuffix(n, "_test.go"):
			names = append(names, n)
		}
	}
	return names
}

func matches(pattern, name string) bool {
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}

// TestAreasLineUpWithTheTree: the table names what is there, everything there
// is in the table, and an area's layers carry its name.
func TestAreasLineUpWithTheTree(t *testing.T) {
	t.Parallel()
	lines := readTables(t)
	for i, l := range layers {
		names := tree(t, l)
		// Every entry names something that exists.
		for _, ln := range lines {
			for _, p := range ln.entries[i] {
				if !slices.ContainsFunc(names, func(n string) bool { return matches(p, n) }) {
					t.Errorf("%s: its %s entry %q matches nothing in %s", ln.name, l.name, p, l.folder)
				}
			}
		}
		// Everything that exists belongs to a line.
		for _, n := range names {
			owned := slices.ContainsFunc(lines, func(ln line) bool {
				return slices.ContainsFunc(ln.entries[i], func(p string) bool { return matches(p, n) })
			})
			if !owned {
				t.Errorf("%s/%s belongs to no line of the area table in docs/architecture.md: add it to its area's %s column", l.folder, n, l.name)
			}
		}
	}
	// An area's domain package, a handler file and a web feature carry its name,
	// unless it is marked pending; a pending area that lines up loses its mark.
	for _, ln := range lines {
		if ln.shared {
			continue
		}
		named := slices.Contains(ln.entries[0], ln.name) &&
			(slices.Contains(ln.entries[2], ln.name+".go") || slices.Contains(ln.entries[2], ln.name+"*.go")) &&
			slices.Contains(ln.entries[4], ln.name)
		switch {
		case !named && !ln.pending:
			t.Errorf("area %s: its domain package, a handler file %s.go and a web feature %s must carry its name", ln.name, ln.name, ln.name)
		case named && ln.pending:
			t.Errorf("area %s lines up now: remove its † in docs/architecture.md", ln.name)
		}
	}
}
