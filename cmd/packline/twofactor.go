package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/apperr"
)

// runUserDisable2FA turns two-factor sign-in off for one account, for
// someone who lost both their authenticator and their recovery codes.
func runUserDisable2FA(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("user disable-2fa", stderr)
	dsn := fs.String("db", defaultDB, "SQLite file path or postgres:// URL")
	email := fs.String("email", "", "the account's email address (required)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("usage: packline user disable-2fa --email E [--db …]")
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := openMigrated(ctx, *dsn, log)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := app.New(db, log).Accounts.ResetTwoFactor(ctx, *email); err != nil {
		if _, ok := apperr.As(err); ok {
			return fmt.Errorf("%s", apperr.Message(err))
		}
		return err
	}
	fmt.Fprintf(stdout, "Two-factor sign-in is off for %s; they sign in with their password and may set it up again.\n", *email)
	return nil
}
