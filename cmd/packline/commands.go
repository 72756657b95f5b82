package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/httpapi/openapi"
)

func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("migrate", stderr)
	dsn := fs.String("db", defaultDB, "SQLite file path or postgres:// URL")
	if err := parse(fs, args); err != nil {
		return err
	}
	db, err := openMigrated(ctx, *dsn, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer db.Close()
	v, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Database is at schema version %d.\n", v)
	return nil
}

func runUserCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("user create", stderr)
	dsn := fs.String("db", defaultDB, "SQLite file path or postgres:// URL")
	var n accounts.NewUser
	fs.StringVar(&n.Email, "email", "", "email address (required)")
	fs.StringVar(&n.Password, "password", "", "password, at least 12 characters and not a common one (required)")
	fs.StringVar(&n.FirstName, "first", "", "first name (required)")
	fs.StringVar(&n.LastName, "last", "", "last name")
	fs.StringVar(&n.Role, "role", "", "admin or staff (default: admin for the first user, staff after)")
	if err := parse(fs, args); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := openMigrated(ctx, *dsn, log)
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := app.New(db, log).Accounts.CreateUser(ctx, n)
	if err != nil {
		if _, ok := apperr.As(err); ok {
			return fmt.Errorf("%s", apperr.Message(err))
		}
		return err
	}
	fmt.Fprintf(stdout, "Created %s user %s (%s %s).\n", u.Role, u.Email, u.FirstName, u.LastName)
	return nil
}

// parseWithFile parses a command's flags and its one FILE argument, which
// may come before or after the flags; usage is the error without one.
func parseWithFile(fs *flag.FlagSet, args []string, usage string) (string, error) {
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := parse(fs, args); err != nil {
		return "", err
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
	}
	if file == "" {
		return "", errors.New(usage)
	}
	return file, nil
}

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("backup", stderr)
	dsn := fs.String("db", defaultDB, "SQLite file path or postgres:// URL")
	file, err := parseWithFile(fs, args, "usage: packline backup FILE [--db …]")
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := openMigrated(ctx, *dsn, log)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, file); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backed up to %s.\n", file)
	return nil
}

// runOpenAPI prints the API's OpenAPI document, the same one the server
// serves at /api/openapi.json.
func runOpenAPI(stdout io.Writer) error {
	doc, err := openapi.JSON()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", doc)
	return err
}
