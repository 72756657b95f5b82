package timeclock

import (
	"crypto/ecdh"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strconv"
	"time"
)

// Keys derive from the server secret, which is never stored in the
// database: a stolen database alone does not reveal PINs (each is a keyed
// hash) and cannot mint clock tokens. Every instance sharing one database
// must be given the same secret.
type Keys struct {
	pin   []byte
	token []byte
	// offline opens punches the kiosk sealed while offline (offline_key.go).
	offline   *ecdh.PrivateKey
	offlineID string
}

// MinSecretLen is the shortest server secret accepted, in bytes.
const MinSecretLen = 16

// NewKeys derives the PIN and token keys from secret.
func NewKeys(secret []byte) (*Keys, error) {
	if len(secret) < MinSecretLen {
		return nil, errors.New("the server secret must be at least 16 bytes")
	}
	derive := func(label string) []byte {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte("packline/timeclock/" + label))
		return m.Sum(nil)
	}
	off, err := offlineKey(secret)
	if err != nil {
		return nil, err
	}
	return &Keys{pin: derive("pin"), token: derive("clock-token"), offline: off, offlineID: offlineKeyID(off)}, nil
}

// RandomKeys returns keys from a fresh random secret: PINs hashed with them
// stop matching when the process ends. For tests and one-off commands.
func RandomKeys() *Keys {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	k, _ := NewKeys(b)
	return k
}

// HashPIN returns the stored form of an employee's PIN: HMAC-SHA256 keyed
// with the server secret over the employee id and the PIN, hex encoded.
// Binding the id means two employees with one PIN have different hashes.
func (k *Keys) HashPIN(employeeID int64, pin string) string {
	m := hmac.New(sha256.New, k.pin)
	m.Write([]byte(strconv.FormatInt(employeeID, 10)))
	m.Write([]byte{0})
	m.Write([]byte(pin))
	return hex.EncodeToString(m.Sum(nil))
}

// CheckPIN reports, in constant time, whether pin matches the stored hash.
// An empty stored hash (no PIN set) never matches, after the same work.
func (k *Keys) CheckPIN(employeeID int64, pin, stored string) bool {
	got := k.HashPIN(employeeID, pin)
	if stored == "" {
		subtle.ConstantTimeCompare([]byte(got), []byte(got))
		return false
	}
	return subtle.ConstantTimeCompare([]byte(got), []byte(stored)) == 1
}

// Clock tokens prove a PIN was checked. A token is bound to one employee
// and to that employee's state sequence number when it was issued: every
// punch (and every correction) advances the sequence, so a token authorises
// at most one state change and goes stale after it. It also expires after
// TokenTTL. Tokens need no table: the sequence lives on the employee row.
const tokenPayloadLen = 8 + 8 + 8 + 8 // employee id, sequence, expiry (ms), nonce

// TokenClaims are what a valid token says.
type TokenClaims struct {
	EmployeeID int64
	Seq        int64
	Expires    time.Time
}

// IssueToken returns a clock token for employeeID at state sequence seq,
// valid until now+TokenTTL.
func (k *Keys) IssueToken(employeeID, seq int64, now time.Time) string {
	buf := make([]byte, tokenPayloadLen, tokenPayloadLen+sha256.Size)
	binary.BigEndian.PutUint64(buf[0:], uint64(employeeID))
	binary.BigEndian.PutUint64(buf[8:], uint64(seq))
	binary.BigEndian.PutUint64(buf[16:], uint64(now.Add(TokenTTL).UnixMilli()))
	_, _ = rand.Read(buf[24:32])
	m := hmac.New(sha256.New, k.token)
	m.Write(buf)
	return base64.RawURLEncoding.EncodeToString(m.Sum(buf))
}

// VerifyToken checks a token's signature and expiry. It does not know
// whether the token was used: the caller compares Seq with the employee's.
func (k *Keys) VerifyToken(token string, now time.Time) (TokenClaims, bool) {
	var c TokenClaims
	if len(token) == 0 || len(token) > 100 {
		return c, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != tokenPayloadLen+sha256.Size {
		return c, false
	}
	m := hmac.New(sha256.New, k.token)
	m.Write(raw[:tokenPayloadLen])
	if !hmac.Equal(m.Sum(nil), raw[tokenPayloadLen:]) {
		return c, false
	}
	c.EmployeeID = int64(binary.BigEndian.Uint64(raw[0:]))
	c.Seq = int64(binary.BigEndian.Uint64(raw[8:]))
	c.Expires = time.UnixMilli(int64(binary.BigEndian.Uint64(raw[16:]))).UTC()
	if !now.Before(c.Expires) {
		return c, false
	}
	return c, true
}
