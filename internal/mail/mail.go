// Package mail sends Packline's mails: over SMTP when the operator gave a
// server (--smtp-url), otherwise into the log, so that a server without mail
// set up (make run, a laptop) still shows every link it would have sent. The
// texts of every mail, in every language, are in catalogue.go.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one mail to one address, as plain text and as HTML.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender delivers a message; an error means it was not delivered.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// LogSender writes each message to the log instead of sending it: the
// outbox records its mails as Logged, never Sent.
type LogSender struct{ Log *slog.Logger }

// OnlyLogs marks LogSender as a sender that delivers nothing.
func (LogSender) OnlyLogs() bool { return true }

// OnlyLogs reports whether s only writes mails to the log (LogSender, or
// any sender with an OnlyLogs method answering true) instead of sending them.
func OnlyLogs(s Sender) bool {
	l, ok := s.(interface{ OnlyLogs() bool })
	return ok && l.OnlyLogs()
}

// LogMessage is the log line's message of a mail not sent; its attributes
// are to, subject and text (tests read the link from there).
const LogMessage = "mail not sent (no --smtp-url); its text follows"

// Send implements Sender.
func (l LogSender) Send(ctx context.Context, m Message) error {
	log := l.Log
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, LogMessage, "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}

// SMTP sends over an SMTP server: STARTTLS whenever the server offers it,
// and authentication when the URL holds a user.
type SMTP struct {
	host    string
	port    int
	ssl     bool // smtps:// — TLS from the first byte
	user    string
	pass    string
	from    string
	timeout time.Duration
}

// DefaultFrom is the sender address when --mail-from is not given.
const DefaultFrom = "Packline <packline@localhost>"

// NewSMTP checks an smtp:// or smtps:// URL (smtp://user:pass@host:587) and
// the From address, and returns a sender for them. It does not connect.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" || u.Path != "" && u.Path != "/" {
		return nil, fmt.Errorf("want smtp://user:password@host:587 or smtps://…:465, got %q", redact(rawURL))
	}
	s := &SMTP{host: u.Hostname(), ssl: u.Scheme == "smtps", from: from, timeout: 20 * time.Second}
	s.port = 587
	if s.ssl {
		s.port = 465
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil || s.port < 1 || s.port > 65535 {
			return nil, fmt.Errorf("bad port in %q", redact(rawURL))
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	if s.from == "" {
		s.from = DefaultFrom
	}
	if err := gomail.NewMsg().From(s.from); err != nil {
		return nil, fmt.Errorf("mail from %q: %w", s.from, err)
	}
	return s, nil
}

// Addr is host:port of the server, for the start-up log.
func (s *SMTP) Addr() string { return s.host + ":" + strconv.Itoa(s.port) }

// Send implements Sender.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return err
	}
	if err := msg.To(m.To); err != nil {
		return err
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(s.timeout)}
	if s.ssl {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// redact hides the password of a URL for error messages.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}
