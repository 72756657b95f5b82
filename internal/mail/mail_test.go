package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/mail/mailtest"
)

// A mail in each language arrives over SMTP as text and HTML, with the link
// intact in both.
func TestSMTPSendsTextAndHTML(t *testing.T) {
	srv := mailtest.Start(t)
	s, err := mail.NewSMTP(srv.URL(), "Packline <noreply@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	link := "https://packline.example.org/auth/recover-password?token=abc_DEF-123"
	for _, lang := range []string{"gb", "br", "es", "cn", "ir"} {
		to := lang + "@example.org"
		m := mail.Render(mail.Recovery, lang, to, mail.Data{Org: "Hope Packers", Name: "Ana"})
		if m.Subject == "" || !strings.Contains(m.Text, "Ana") {
			t.Fatalf("%s: %+v", lang, m)
		}
		m = mail.Render(mail.Recovery, lang, to, mail.Data{Org: "Hope Packers", Name: "Ana", Link: link})
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		got := srv.Wait(t, to)
		if got.Subject != m.Subject || got.Link() != link || !strings.Contains(got.HTML, `href="`+link+`"`) {
			t.Fatalf("%s: got subject %q link %q html %q", lang, got.Subject, got.Link(), got.HTML)
		}
	}
	if m := mail.Render(mail.Invitation, "xx", "a@b.c", mail.Data{Role: "staff", Inviter: "Ana", Org: "O"}); !strings.Contains(m.Text, "staff member") {
		t.Fatalf("unknown language falls back to English: %q", m.Text)
	}
}

func TestNewSMTPRejectsBadURLs(t *testing.T) {
	for _, u := range []string{"http://host", "smtp://", "smtp://host:99999", "mail.example.org"} {
		if _, err := mail.NewSMTP(u, ""); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
	if _, err := mail.NewSMTP("smtp://user:pass@host:587", "not an address"); err == nil {
		t.Error("bad from accepted")
	}
}

// Retries wait 30 s, then twice as long each time, at most an hour; the
// default attempts span about three hours.
func TestDefaultBackoff(t *testing.T) {
	for n, want := range map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 8: time.Hour, 50: time.Hour} {
		if got := mail.DefaultBackoff(n); got != want {
			t.Errorf("DefaultBackoff(%d) = %v, want %v", n, got, want)
		}
	}
	var total time.Duration
	for n := 1; n < mail.DefaultMaxAttempts; n++ {
		total += mail.DefaultBackoff(n)
	}
	if total < 2*time.Hour || total > 4*time.Hour {
		t.Errorf("retries span %v", total)
	}
}

// An invoice's mail names the invoice, its amount and due date, and carries
// its link, in each of the five languages.
func TestInvoiceMailInEveryLanguage(t *testing.T) {
	for _, lang := range []string{"gb", "br", "es", "cn", "ir"} {
		m := mail.Render(mail.InvoiceSent, lang, "ap@example.org", mail.Data{Org: "Harbour Packers", Name: "Harbour Foods",
			Invoice: "INV-2026-0007", Amount: "35.00 USD", Due: "2026-12-25", Link: "https://p.example.org/invoice-link/abc"})
		for _, want := range []string{"INV-2026-0007", "35.00 USD", "2026-12-25", "https://p.example.org/invoice-link/abc"} {
			if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
				t.Errorf("%s: %q missing from %q", lang, want, m.Text)
			}
		}
		if m.To != "ap@example.org" || !strings.Contains(m.Subject, "INV-2026-0007") || strings.Contains(m.Text, "{") {
			t.Errorf("%s: %+v", lang, m)
		}
	}
}
