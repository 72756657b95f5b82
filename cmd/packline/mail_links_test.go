package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/mail/mailtest"
	"github.com/packline/packline/internal/storage/storagetest"
)

// With an SMTP server, serve refuses to start without --public-url and says
// which flag (and variable) is missing: mailed links are never built from a
// request's Host header.
func TestSMTPNeedsPublicURL(t *testing.T) {
	t.Parallel()
	dsn := storagetest.DSN(t, "sqlite")
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second) // before the fix it served
	defer cancel()
	err := Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret,
		"--smtp-url", "smtp://127.0.0.1:2525"}, &out, &errOut, nil)
	if err == nil || !strings.Contains(err.Error(), "--public-url") || !strings.Contains(err.Error(), "PACKLINE_PUBLIC_URL") {
		t.Fatalf("serve with --smtp-url and no --public-url: %v", err)
	}
}

// A password-recovery request and an invitation sent with a forged Host
// header get mails whose links point at --public-url, not at the forged host.
func TestForgedHostCannotSteerMailedLinks(t *testing.T) {
	t.Parallel()
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			t.Parallel()
			smtp := mailtest.Start(t)
			url := startServe(t, storagetest.DSN(t, d), "--smtp-url", smtp.URL(), "--public-url", "https://packline.example.org/").url
			call := func(path, token, body string, want int) []byte {
				t.Helper()
				req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
				req.Host = "evil.example"
				req.Header.Set("Content-Type", "application/json")
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				b, _ := io.ReadAll(res.Body)
				if res.StatusCode != want {
					t.Fatalf("%s: %d %s", path, res.StatusCode, b)
				}
				return b
			}
			var su struct{ Token string }
			_ = json.Unmarshal(call("/api/signup", "", `{"first_name":"Ada","last_name":"L","email":"ada@example.org","password":"a long and rare pass"}`, 201), &su)
			call("/api/password/recover", "", `{"email":"ada@example.org"}`, 202)
			call("/api/users/invitations", su.Token, `{"email":"bo@example.org","role":"staff"}`, 201)
			for _, to := range []string{"ada@example.org", "bo@example.org"} {
				m := smtp.Wait(t, to)
				if !strings.HasPrefix(m.Link(), "https://packline.example.org/auth/") || strings.Contains(m.Text+m.HTML, "evil.example") {
					t.Fatalf("mail to %s: link %q", to, m.Link())
				}
			}
		})
	}
}
