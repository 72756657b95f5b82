package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/backups"
	"github.com/packline/packline/internal/demo"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/timeclock"
	"github.com/packline/packline/web"
)

// config is everything serve needs, read from flags and the environment.
type config struct {
	Addr           string
	DB             string
	Demo           bool
	TrustedProxies string // comma-separated CIDR ranges
	HashMemoryMiB  int    // memory all concurrent password hashes may hold
	PublicURL      string // the address people reach the server at; see publicURL
	LogLevel       string
	Secret         string // keys PIN hashes and clock tokens; see serverSecret
	SecretFile     string
	SMTPURL        string // smtp://user:pass@host:587; empty: mails go to the log
	MailFrom       string
	// Live event streams one sign-in and one account may hold open on this
	// instance; the instance's total comes from its open-file limit.
	StreamsPerSession int
	StreamsPerAccount int
	MetricsAddr       string // where Prometheus metrics are served; empty: nowhere
	Pprof             bool   // the runtime's profiles beside the metrics
	// Scheduled SQLite backups: into BackupDir (empty: none) every
	// BackupEvery, the newest BackupKeep kept.
	BackupDir   string
	BackupEvery time.Duration
	BackupKeep  int
}

// serveFlags are serve's flags, read into cfg (also printed by packline help).
func serveFlags(cfg *config, stderr io.Writer) *flag.FlagSet {
	fs := newFlags("serve", stderr)
	fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	fs.StringVar(&cfg.DB, "db", defaultDB, "SQLite file path or postgres:// URL")
	fs.BoolVar(&cfg.Demo, "demo", false, "load the demo organisation (once)")
	fs.StringVar(&cfg.TrustedProxies, "trusted-proxies", "", "CIDR ranges of load balancers whose X-Forwarded-For is believed (comma-separated)")
	fs.StringVar(&cfg.PublicURL, "public-url", "", "the address people reach the server at (https://packline.example.org), for the kiosk set-up code and the links in mails; required with --smtp-url")
	fs.IntVar(&cfg.HashMemoryMiB, "hash-memory", accounts.DefaultHashBudget>>20, "MiB all concurrent password hashes may hold (each takes 19)")
	fs.StringVar(&cfg.LogLevel, "log-level", "info", "debug, info, warn or error")
	fs.StringVar(&cfg.Secret, "secret", "", "server secret keying employee PINs and staff two-factor secrets (default: packline.secret beside a SQLite database)")
	fs.StringVar(&cfg.SecretFile, "secret-file", "", "file holding the server secret")
	fs.StringVar(&cfg.SMTPURL, "smtp-url", "", "SMTP server for mail, smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465, with --public-url; without it mails are written to the log")
	fs.StringVar(&cfg.MailFrom, "mail-from", mail.DefaultFrom, "the From address of mails")
	fs.IntVar(&cfg.StreamsPerSession, "max-streams-per-session", messaging.DefaultStreamsPerSession, "live event streams (GET /api/events) one sign-in may hold open on this instance")
	fs.IntVar(&cfg.StreamsPerAccount, "max-streams-per-account", messaging.DefaultStreamsPerAccount, "live event streams one account may hold open on this instance, all its sign-ins together")
	fs.StringVar(&cfg.MetricsAddr, "metrics-addr", "", "serve Prometheus metrics at http://ADDR/metrics, a listener apart from --addr (127.0.0.1:9090, say); default: off")
	fs.BoolVar(&cfg.Pprof, "pprof", false, "also serve the Go runtime's profiles at http://ADDR/debug/pprof/ on --metrics-addr (never the command line); default: off")
	fs.StringVar(&cfg.BackupDir, "backup-dir", "", "write a checked SQLite backup into this folder on a schedule (--backup-every, --backup-keep); default: off")
	fs.DurationVar(&cfg.BackupEvery, "backup-every", 24*time.Hour, "how often --backup-dir gets a backup")
	fs.IntVar(&cfg.BackupKeep, "backup-keep", 14, "how many backups --backup-dir keeps (the newest)")
	return fs
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer, ready chan<- string) error {
	var cfg config
	fs := serveFlags(&cfg, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if cfg.StreamsPerSession < 1 || cfg.StreamsPerAccount < 1 {
		return errors.New("--max-streams-per-session and --max-streams-per-account must be at least 1")
	}
	if cfg.Pprof && cfg.MetricsAddr == "" {
		return errors.New("--pprof serves on the metrics listener: give --metrics-addr too")
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return fmt.Errorf("--log-level: %w", err)
	}
	log := newLogger(stderr, level)
	proxies, err := httpapi.ParseTrustedProxies(cfg.TrustedProxies)
	if err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	publicURL, err := publicURL(cfg.PublicURL)
	if err != nil {
		return err
	}

	secret, err := serverSecret(cfg.Secret, cfg.SecretFile, cfg.DB, log)
	if err != nil {
		return err
	}
	keys, err := timeclock.NewKeys(secret)
	if err != nil {
		return err
	}
	if !storage.IsPostgres(cfg.DB) {
		// One server a SQLite file; restore checks this lock.
		release, err := lockDatabase(cfg.DB)
		if errors.Is(err, errLocked) {
			return fmt.Errorf("another packline serve holds %s (SQLite serves one instance; PostgreSQL several)", cfg.DB)
		}
		if err != nil {
			return err
		}
		defer release()
	}
	db, err := openMigrated(ctx, cfg.DB, log)
	if err != nil {
		return err
	}
	defer db.Close()
	var backupRun *backups.Scheduler
	if cfg.BackupDir != "" {
		if db.Dialect != storage.SQLite {
			return errors.New("--backup-dir backs up SQLite; for PostgreSQL use pg_dump (docs/operations.md)")
		}
		if backupRun, err = backups.New(db, storage.CheckBackup, cfg.BackupDir, cfg.BackupEvery, cfg.BackupKeep, log); err != nil {
			return err
		}
	}
	mailer, err := newMailer(cfg.SMTPURL, cfg.MailFrom, publicURL, log)
	if err != nil {
		return err
	}
	lim := serveLimits(cfg, db, log)
	svc := app.New(db, log, app.WithTimeclockKeys(keys), app.WithServerSecret(secret), app.WithHashBudget(int64(cfg.HashMemoryMiB)<<20),
		app.WithMailer(mailer), app.WithStreamLimits(lim.streams))
	if err := svc.Prepare(ctx, log); err != nil {
		return err
	}

	var demoReport demo.Report
	if cfg.Demo {
		if demoReport, err = demo.Load(ctx, svc.Demo()); err != nil {
			return fmt.Errorf("load demo data: %w", err)
		}
	}

	api := &httpapi.Server{
		Log: log, Version: version, App: web.Dist(), TrustedProxies: proxies, PublicURL: publicURL,
		Health: func(ctx context.Context) (int, error) { return db.SchemaVersion(ctx) },
	}
	svc.Wire(api)
	if backupRun != nil {
		api.Backups = backupRun
	}
	if cfg.MetricsAddr != "" {
		at, err := serveMetrics(ctx, cfg.MetricsAddr, newMetrics(api, db, svc, backupRun, log), cfg.Pprof, log)
		if err != nil {
			return err
		}
		log.Info("metrics served", "url", at)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	ln = httpapi.LimitConns(ln, lim.connections)
	// Live events, housekeeping, the outbox, the trash and backups.
	svc.PublicURL = publicURL
	bg := app.ServeBackground()
	if backupRun != nil {
		bg.Backups = backupRun
	}
	stop, err := svc.Start(ctx, log, bg)
	if err != nil {
		ln.Close()
		return err
	}
	defer stop()

	srv := &http.Server{
		Handler:           api.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if cl, ok := ln.(*httpapi.ConnLimit); ok {
		srv.ConnState = cl.ConnState // idle connections give way to new ones at the cap
	}
	// Open event streams never go idle: end them when shutting down.
	srv.RegisterOnShutdown(api.CloseStreams)
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "Packline %s listening on %s (database: %s)\n", version, url, db.Dialect)
	for _, line := range demoReport.Lines {
		fmt.Fprintln(stdout, line)
	}
	if ready != nil {
		ready <- url
	}

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests")
	shutCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return err
	}
	api.CloseStreams() // the streams whose connections the server took over: Shutdown knows nothing of them
	stop()             // the background work ends; deliveries under way end, unsent mail stays in the outbox
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// limits are what one instance holds open at most, from its open-file limit.
type limits struct {
	openFiles   uint64 // 0: unknown or unlimited
	connections int    // 0: no cap
	streams     messaging.StreamLimits
}

// lowOpenFiles is an open-file limit that caps an instance's live event
// streams at a few hundred: worth a warning.
const lowOpenFiles = 4096

// serveLimits raises the open-file limit to its hard limit and shares it
// out: the database's files, the process's own, and the connections the
// listener holds at most (httpapi.ConnectionsFor), of which the live event
// streams in all take what leaves room for ordinary requests
// (messaging.TotalStreamsFor); the per-person stream caps are the flags'.
// It logs them.
func serveLimits(cfg config, db *storage.DB, log *slog.Logger) limits {
	files, err := raiseOpenFileLimit()
	if err != nil {
		log.Warn("the open-file limit could not be raised to the hard limit", "limit", files, "err", err)
	}
	l := limits{openFiles: files, connections: httpapi.ConnectionsFor(files, db.OpenFiles())}
	l.streams = messaging.StreamLimits{PerSession: cfg.StreamsPerSession, PerAccount: cfg.StreamsPerAccount, Total: messaging.TotalStreamsFor(l.connections)}
	log.Info("serving within these limits", "open_file_limit", files, "database_files", db.OpenFiles(), "connections", l.connections,
		"streams", l.streams.Total, "streams_per_session", l.streams.PerSession, "streams_per_account", l.streams.PerAccount)
	if files != 0 && files < lowOpenFiles {
		log.Warn("the open-file limit is low: few live event streams can be open at once; raise it (LimitNOFILE in systemd, --ulimit nofile for a container)",
			"open_file_limit", files, "streams", l.streams.Total, "advised", 65536)
	}
	return l
}

func openMigrated(ctx context.Context, dsn string, log *slog.Logger) (*storage.DB, error) {
	db, err := storage.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	applied, err := db.Migrate(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	for _, name := range applied {
		log.Info("migration applied", "name", name)
	}
	return db, nil
}

// publicURL checks --public-url: empty, or an absolute http(s) address with no
// query or fragment. It returns it without a trailing slash, ready for paths.
func publicURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("--public-url: want an absolute http:// or https:// address such as https://packline.example.org, got %q", raw)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// errSMTPNeedsPublicURL refuses an SMTP server without --public-url: links
// in mail would otherwise begin with the Host header of the request that
// caused them, which anyone can forge (a password reset for a victim whose
// link points at the attacker's host). Without --smtp-url mail only goes to
// the log, and links may follow the request (make run needs no flags).
const errSMTPNeedsPublicURL = "--smtp-url needs --public-url (or PACKLINE_PUBLIC_URL), the address people reach Packline at, " +
	"such as https://packline.example.org: links in mails are built from it, never from a request's Host header"

// newMailer checks --smtp-url, --mail-from and --public-url: an SMTP sender
// (which requires --public-url), or the log when no URL is given.
func newMailer(smtpURL, from, publicURL string, log *slog.Logger) (mail.Sender, error) {
	if strings.TrimSpace(smtpURL) == "" {
		log.Warn("mail is not configured (no --smtp-url): every mail is written to the log, not sent")
		return mail.LogSender{Log: log}, nil
	}
	s, err := mail.NewSMTP(smtpURL, from)
	if err != nil {
		return nil, fmt.Errorf("--smtp-url: %w", err)
	}
	if publicURL == "" {
		return nil, errors.New(errSMTPNeedsPublicURL)
	}
	log.Info("mail is sent over SMTP", "server", s.Addr())
	return s, nil
}
