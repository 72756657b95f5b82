package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"text/tabwriter"

	"github.com/packline/packline/internal/storage"
)

// runCopy copies one database into another, empty one, any pair of engines
// (SQLite to PostgreSQL when a group outgrows one server): see storage.Copy.
// It prints every table with its rows and checksums, and fails (exit 1) when
// any table read back differs.
func runCopy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("copy", stderr)
	from := fs.String("from", "", "the database to copy: a SQLite file or a postgres:// URL (at this packline's schema; left as it is)")
	to := fs.String("to", "", "the database to copy into: a new SQLite file or an empty PostgreSQL database (migrated here first)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return errors.New("usage: packline copy --from DB --to DB")
	}
	if *from == *to {
		return errors.New("--from and --to name the same database")
	}
	src, err := storage.Open(ctx, *from)
	if err != nil {
		return fmt.Errorf("--from: %w", err)
	}
	defer src.Close()
	dst, err := storage.Open(ctx, *to)
	if err != nil {
		return fmt.Errorf("--to: %w", err)
	}
	defer dst.Close()
	if _, err := dst.Migrate(ctx); err != nil {
		return fmt.Errorf("--to: migrate: %w", err)
	}
	report, err := storage.Copy(ctx, src, dst)
	if len(report) > 0 {
		w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "table\tsource rows\ttarget rows\tchecksum\t\t")
		for _, t := range report {
			verdict, sum := "ok", t.SourceChecksum[:16]
			if !t.OK() {
				verdict, sum = "DIFFERS", t.SourceChecksum[:16]+" ≠ "+t.TargetChecksum[:16]
			}
			fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t\n", t.Name, t.Rows, t.TargetRows, sum, verdict)
		}
		w.Flush()
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Copied %d tables from %s to %s (%s to %s); every table verified.\n", len(report), redact(*from), redact(*to), src.Dialect, dst.Dialect)
	return nil
}

// redact is a database name fit to print: a URL's password left out.
func redact(dsn string) string {
	if !storage.IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "the PostgreSQL database"
	}
	return u.Redacted()
}
