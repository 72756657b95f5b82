package main

import (
	"fmt"
	"io"
)

// manual is packline help: a man page in plain text (the Debian package has
// no other). The options of serve are printed from its own flag set.
const manualHead = `PACKLINE(1)

NAME
  packline - the back office and time-clock kiosk of a volunteer packaging group

SYNOPSIS
  packline serve   [options]
  packline migrate [--db DB]
  packline user create --email E --password P --first F [--last L] [--role admin|staff] [--db DB]
  packline user disable-2fa --email E [--db DB]
  packline backup FILE [--db DB]
  packline restore FILE [--db DB]
  packline copy --from DB --to DB
  packline health [--addr HOST:PORT]
  packline openapi
  packline help

DESCRIPTION
  serve runs the web app, its API and the kiosk on one port; the database is a SQLite
  file or a PostgreSQL URL (--db), migrated on start. migrate only migrates. user create
  makes an account (the first is an admin). backup writes a consistent copy of a SQLite
  database; restore puts one back in place (the server stopped); copy moves every table
  into an empty database of either engine and verifies it. health asks a running server
  and exits 0 when it is healthy (a container's health check). openapi prints the API's
  OpenAPI 3.1 document.

OPTIONS OF SERVE
`

const manualTail = `
ENVIRONMENT
  Every option also reads PACKLINE_<OPTION> (PACKLINE_DB, PACKLINE_PUBLIC_URL, ...); an
  option on the command line wins. The Debian package reads them from /etc/default/packline.

FILES
  /etc/default/packline           the options of the packline service (Debian package)
  /var/lib/packline/packline.db   the SQLite database of the service
  packline.secret                 the server secret, beside a SQLite database when no
                                  --secret or --secret-file is given; back it up with the
                                  database: employee PINs and two-factor secrets need it

EXIT STATUS
  0 on success; 1 on any error, with the reason on standard error.

SEE ALSO
  docs/operations.md (every flag, several instances, backups, metrics, upgrades, SQLite to
  PostgreSQL), README.md.
`

func runHelp(stdout io.Writer) error {
	fmt.Fprint(stdout, manualHead)
	fs := serveFlags(&config{}, stdout)
	fs.PrintDefaults()
	fmt.Fprint(stdout, manualTail)
	return nil
}
