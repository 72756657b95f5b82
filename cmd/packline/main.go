// Command packline runs the Packline server and its operator commands:
//
//	packline serve [--addr 127.0.0.1:8080] [--db PATH|postgres://…] [--demo]
//	packline migrate [--db …]
//	packline user create --email E --password P --first F --last L [--role admin|staff] [--db …]
//	packline backup FILE [--db …]
//	packline restore FILE [--db …]
//	packline copy --from DB --to DB
//	packline openapi
//	packline health [--addr HOST:PORT]
//
// Every flag also reads PACKLINE_<FLAG> from the environment.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	_ "time/tzdata" // every IANA zone works even on hosts without zone files
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	ctx, stop := stopContext()
	defer stop()
	if err := Main(ctx, os.Args[1:], os.Stdout, os.Stderr, nil); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "packline:", err)
		}
		os.Exit(1)
	}
}

// stopContext ends when the process is asked to stop (SIGTERM, Ctrl-C):
// serve then drains and exits 0.
func stopContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

const usage = `Usage:
  packline serve   [--addr 127.0.0.1:8080] [--db ./data/packline.db | postgres://…] [--demo]
  packline migrate [--db …]
  packline user create --email E --password P --first F --last L [--role admin|staff] [--db …]
  packline user disable-2fa --email E [--db …]
  packline backup FILE [--db …]
  packline restore FILE [--db …]   (a SQLite backup in place of the database; the server stopped)
  packline copy --from DB --to DB  (every table into an empty database, SQLite to PostgreSQL, verified)
  packline openapi   (prints the API's OpenAPI document)
  packline health  [--addr 127.0.0.1:8080]   (exit 0 when the server there answers healthy, 1 otherwise)
Every flag also reads PACKLINE_<FLAG> from the environment (PACKLINE_ADDR, PACKLINE_DB, …).
packline help prints the whole manual.`

// Main runs one subcommand. ready, if not nil, receives the server's URL
// once it listens.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer, ready chan<- string) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return runServe(ctx, rest, stdout, stderr, ready)
	case "migrate":
		return runMigrate(ctx, rest, stdout, stderr)
	case "user":
		if len(rest) > 0 && rest[0] == "disable-2fa" {
			return runUserDisable2FA(ctx, rest[1:], stdout, stderr)
		}
		if len(rest) == 0 || rest[0] != "create" {
			return errors.New("usage: packline user create --email E --password P --first F --last L [--role admin|staff]")
		}
		return runUserCreate(ctx, rest[1:], stdout, stderr)
	case "backup":
		return runBackup(ctx, rest, stdout, stderr)
	case "openapi":
		return runOpenAPI(stdout)
	case "copy":
		return runCopy(ctx, rest, stdout, stderr)
	case "restore":
		return runRestore(ctx, rest, stdout, stderr)
	case "health":
		return runHealth(ctx, rest, stdout, stderr)
	case "help", "-h", "--help":
		return runHelp(stdout)
	}
	fmt.Fprintln(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// newFlags returns a flag set whose defaults come from PACKLINE_* variables.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses args after applying PACKLINE_<FLAG> environment overrides to
// the defaults; flags given on the command line win.
func parse(fs *flag.FlagSet, args []string) error {
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		key := "PACKLINE_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v, ok := os.LookupEnv(key); ok {
			if err := f.Value.Set(v); err != nil && envErr == nil {
				envErr = fmt.Errorf("%s: %w", key, err)
			}
		}
	})
	if envErr != nil {
		return envErr
	}
	return fs.Parse(args)
}

const defaultDB = "./data/packline.db"
