package accounts

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
)

// MinServerSecret is the shortest server secret accepted, in bytes (the
// same bound as the time clock's).
const MinServerSecret = 16

// sealer encrypts TOTP secrets at rest and hashes recovery codes, with keys
// derived from the server secret, which is never stored in the database: a
// stolen database alone yields neither the secrets nor a way to test
// recovery codes offline.
type sealer struct {
	aead cipher.AEAD
	mac  []byte
}

func newSealer(secret []byte) (*sealer, error) {
	if len(secret) < MinServerSecret {
		return nil, errors.New("the server secret must be at least 16 bytes")
	}
	derive := func(label string) []byte {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte("packline/accounts/" + label))
		return m.Sum(nil)
	}
	block, err := aes.NewCipher(derive("totp-secret"))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead, mac: derive("recovery-code")}, nil
}

// randomSealer seals with a fresh random secret: what it sealed cannot be
// opened after the process ends. For tests and one-off commands.
func randomSealer() *sealer {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	s, _ := newSealer(b)
	return s
}

const sealPrefix = "v1."

// seal encrypts plain with AES-256-GCM, bound to the user (a secret copied
// to another row does not open).
func (s *sealer) seal(plain string, userID int64) string {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	out := s.aead.Seal(nonce, nonce, []byte(plain), userAAD(userID))
	return sealPrefix + base64.RawURLEncoding.EncodeToString(out)
}

var errUnsealable = errors.New("accounts: a sealed TOTP secret does not open (was the server secret changed?)")

// open decrypts what seal returned for the same user.
func (s *sealer) open(sealed string, userID int64) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(sealed, sealPrefix))
	if err != nil || !strings.HasPrefix(sealed, sealPrefix) || len(raw) < s.aead.NonceSize() {
		return "", errUnsealable
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], userAAD(userID))
	if err != nil {
		return "", errUnsealable
	}
	return string(plain), nil
}

func userAAD(userID int64) []byte { return []byte("user:" + strconv.FormatInt(userID, 10)) }

// hashCode is the stored form of a (normalized) recovery code: HMAC-SHA256
// keyed with the server secret over the user id and the code.
func (s *sealer) hashCode(userID int64, code string) string {
	m := hmac.New(sha256.New, s.mac)
	m.Write(userAAD(userID))
	m.Write([]byte{0})
	m.Write([]byte(code))
	return hex.EncodeToString(m.Sum(nil))
}
