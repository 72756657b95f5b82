package accounts

import (
	"context"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

// memStore has no two-factor state: its users sign in with a password alone
// (the two-factor rules are tested on both databases in internal/httpapi).
func (m *memStore) TwoFactor(ctx context.Context, id int64) (TwoFactor, error) {
	return TwoFactor{}, nil
}
func (m *memStore) SetPendingSecret(ctx context.Context, id int64, sealed string) error {
	return nil
}
func (m *memStore) EnableTwoFactor(ctx context.Context, id int64, sealed string, step int64, h []string) (bool, error) {
	return false, nil
}
func (m *memStore) DisableTwoFactor(ctx context.Context, id int64) error         { return nil }
func (m *memStore) RecoveryCodesLeft(ctx context.Context, id int64) (int, error) { return 0, nil }
func (m *memStore) InsertChallenge(ctx context.Context, id int64, h string, r bool, d string, e time.Time) error {
	return nil
}
func (m *memStore) Challenge(ctx context.Context, h string) (Challenge, bool, error) {
	return Challenge{}, false, nil
}
func (m *memStore) Sessions(ctx context.Context, id int64, now time.Time, cur string) ([]Session, error) {
	return nil, nil
}
func (m *memStore) RevokeSession(ctx context.Context, id, sid int64) (bool, error) { return false, nil }
func (m *memStore) PasswordHash(ctx context.Context, id int64) (string, error) {
	return m.hashes[id], nil
}
func (m *memStore) SetPassword(ctx context.Context, id int64, h, keep string) error {
	m.hashes[id] = h
	return nil
}
func (m *memStore) SetTokenDevice(ctx context.Context, h, d string) error         { return nil }
func (m *memStore) ConsumeChallenge(ctx context.Context, id int64) (bool, error)  { return true, nil }
func (m *memStore) UseTOTPStep(ctx context.Context, id, step int64) (bool, error) { return true, nil }
func (m *memStore) UseRecoveryCode(ctx context.Context, id int64, h string) (bool, error) {
	return false, nil
}

func TestMatchTOTPAcceptsOneStepOfDrift(t *testing.T) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: TOTPIssuer, AccountName: "a@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 23, 12, 0, 10, 0, time.UTC)
	for _, c := range []struct {
		at   time.Duration
		ok   bool
		step int64
	}{{0, true, 0}, {-30 * time.Second, true, -1}, {30 * time.Second, true, 1}, {-90 * time.Second, false, 0}, {90 * time.Second, false, 0}} {
		code, err := totp.GenerateCode(key.Secret(), now.Add(c.at))
		if err != nil {
			t.Fatal(err)
		}
		step, ok := matchTOTP(key.Secret(), code, now)
		if ok != c.ok || (ok && step != now.Unix()/totpPeriod+c.step) {
			t.Errorf("code from %v: got step %d ok %v, want ok %v", c.at, step, ok, c.ok)
		}
	}
	if _, ok := matchTOTP(key.Secret(), "12345a", now); ok {
		t.Error("a non-numeric code matched")
	}
}

func TestSealerBindsUserAndSecret(t *testing.T) {
	a, err := newSealer([]byte("0123456789abcdef-server-secret"))
	if err != nil {
		t.Fatal(err)
	}
	sealed := a.seal("JBSWY3DPEHPK3PXP", 7)
	if got, err := a.open(sealed, 7); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open = %q, %v", got, err)
	}
	if _, err := a.open(sealed, 8); err == nil {
		t.Error("a secret opened for another user")
	}
	if _, err := randomSealer().open(sealed, 7); err == nil {
		t.Error("a secret opened under another server secret")
	}
	if a.hashCode(7, "abc") == a.hashCode(8, "abc") {
		t.Error("recovery code hashes are not bound to the user")
	}
	if _, err := newSealer([]byte("short")); err == nil {
		t.Error("a short server secret was accepted")
	}
}

func TestNormalizeCodeAndRecoveryCodes(t *testing.T) {
	if got := normalizeCode(" 12 34-56 "); got != "123456" {
		t.Errorf("normalizeCode = %q", got)
	}
	if got := normalizeCode("ABCDE-FGHIO"); got != "abcdefgh10" {
		t.Errorf("normalizeCode = %q", got)
	}
	seen := map[string]bool{}
	for range 100 {
		c := newRecoveryCode()
		if len(c) != recoveryLen || normalizeCode(c) != c || seen[c] {
			t.Fatalf("bad or repeated recovery code %q", c)
		}
		seen[c] = true
	}
}

func TestDeviceName(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0":                                                        "Firefox · Windows",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1": "Safari · iPhone",
		"Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":                            "Chrome · Android",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0":         "Edge · macOS",
		"": "",
	} {
		if got := DeviceName(ua); got != want {
			t.Errorf("DeviceName(%q) = %q, want %q", ua, got, want)
		}
	}
}
