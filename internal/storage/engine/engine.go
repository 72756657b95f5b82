// Package engine is the machinery under package storage's SQL, which reads
// or writes no table of a business area: opening SQLite's writer and
// readers and PostgreSQL's pool, and checking a SQLite file read-only
// (open.go), the group commit that runs
// SQLite's write transactions (group.go), '?' placeholders rewritten for
// PostgreSQL (placeholders.go), caches of prepared statements (stmts.go),
// SQLite's throttle counts kept in memory (throttle.go) and PostgreSQL's
// copies of the throttle rows checked by version (throttle_shared.go), the
// instance's count of the kiosk list's changes and its notifications to
// the other instances (kiosk.go), what a driver's error
// means (errors.go), the list of migrations (migrations.go), the SQL
// function that hashes a token on SQLite (functions.go), PostgreSQL's
// LISTEN connection (listen.go) and the copy of a database from one engine
// to another (copy.go). Package storage holds the SQL and builds on these.
package engine
