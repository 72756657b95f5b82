package storage_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// schemaShape is what both dialects' migrations must agree on: every
// table, each column with whether it may be NULL, and every index by name
// (indexes a constraint makes on its own are left out: their names are the
// engine's).
type schemaShape map[string]bool // "table t", "column t.c null|not null", "index i on t"

func (s schemaShape) lines() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func readShape(t *testing.T, db *storage.DB) schemaShape {
	t.Helper()
	ctx := context.Background()
	shape := schemaShape{}
	rows := func(q string, fn func(...any) error, dest ...any) {
		r, err := db.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		for r.Next() {
			if err := r.Scan(dest...); err != nil {
				t.Fatal(err)
			}
			if err := fn(); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
	}
	var table, column, index string
	var notNull bool
	nullWord := func(nn bool) string {
		if nn {
			return "not null"
		}
		return "null"
	}
	if db.Dialect == storage.SQLite {
		rows(`SELECT m.name, p.name, p."notnull" OR p.pk > 0 FROM sqlite_master m, pragma_table_info(m.name) p
			WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`, func(...any) error {
			shape["table "+table] = true
			shape[fmt.Sprintf("column %s.%s %s", table, column, nullWord(notNull))] = true
			return nil
		}, &table, &column, &notNull)
		rows(`SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'`,
			func(...any) error { shape["index "+index+" on "+table] = true; return nil }, &index, &table)
		return shape
	}
	rows(`SELECT c.table_name, c.column_name, c.is_nullable = 'NO' FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`, func(...any) error {
		shape["table "+table] = true
		shape[fmt.Sprintf("column %s.%s %s", table, column, nullWord(notNull))] = true
		return nil
	}, &table, &column, &notNull)
	rows(`SELECT i.indexname, i.tablename FROM pg_indexes i WHERE i.schemaname = current_schema()
		AND NOT EXISTS (SELECT 1 FROM pg_constraint k JOIN pg_class c ON c.oid = k.conindid
			WHERE c.relname = i.indexname AND k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))`,
		func(...any) error { shape["index "+index+" on "+table] = true; return nil }, &index, &table)
	return shape
}

// engineOwn are the facts only one engine has, each for a reason: the
// inventory's word search is SQLite's FTS5 (a virtual table and its shadow
// tables) and, on PostgreSQL, a tsvector column with its GIN index.
var engineOwn = map[string]string{
	"table inventory_search":                          "sqlite",
	"column inventory_search.doc null":                "sqlite",
	"table inventory_search_config":                   "sqlite",
	"column inventory_search_config.k not null":       "sqlite",
	"column inventory_search_config.v null":           "sqlite",
	"table inventory_search_content":                  "sqlite",
	"column inventory_search_content.c0 null":         "sqlite",
	"column inventory_search_content.id not null":     "sqlite",
	"table inventory_search_data":                     "sqlite",
	"column inventory_search_data.block null":         "sqlite",
	"column inventory_search_data.id not null":        "sqlite",
	"table inventory_search_docsize":                  "sqlite",
	"column inventory_search_docsize.id not null":     "sqlite",
	"column inventory_search_docsize.sz null":         "sqlite",
	"table inventory_search_idx":                      "sqlite",
	"column inventory_search_idx.pgno null":           "sqlite",
	"column inventory_search_idx.segid not null":      "sqlite",
	"column inventory_search_idx.term not null":       "sqlite",
	"column inventory_items.search_doc null":          "postgres",
	"index inventory_items_search on inventory_items": "postgres",
}

// TestMigrationsGiveBothEnginesOneSchema migrates a fresh SQLite and a
// fresh PostgreSQL database and compares what they hold, so the two
// dialects' migration files cannot drift apart.
func TestMigrationsGiveBothEnginesOneSchema(t *testing.T) {
	t.Parallel()
	if os.Getenv(storagetest.PostgresURLEnv) == "" && os.Getenv("CI") != "true" {
		t.Skip("PostgreSQL not configured")
	}
	lite, pg := readShape(t, storagetest.Open(t, storage.SQLite)), readShape(t, storagetest.Open(t, storage.Postgres))
	var onlyLite, onlyPG []string
	for _, l := range lite.lines() {
		if !pg[l] && engineOwn[l] != "sqlite" {
			onlyLite = append(onlyLite, l)
		}
	}
	for _, l := range pg.lines() {
		if !lite[l] && engineOwn[l] != "postgres" {
			onlyPG = append(onlyPG, l)
		}
	}
	if len(onlyLite)+len(onlyPG) > 0 {
		t.Errorf("the dialects' schemas differ\nonly on SQLite:\n  %s\nonly on PostgreSQL:\n  %s",
			strings.Join(onlyLite, "\n  "), strings.Join(onlyPG, "\n  "))
	}
	for fact, engine := range engineOwn {
		if !map[string]schemaShape{"sqlite": lite, "postgres": pg}[engine][fact] {
			t.Errorf("%s no longer has %q: take it off engineOwn", engine, fact)
		}
	}
	if len(lite) < 50 {
		t.Errorf("read only %d facts from SQLite: the reader is broken", len(lite))
	}
}
