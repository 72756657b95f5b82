// Package token makes the secrets that stand for someone in a URL or a
// header (sign-in sessions, invitations, share and invoice links, stream
// tickets) and the one form they are kept in: their SHA-256, never the
// token itself, so a backup or a copy of the database opens nothing.
package token

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// New returns a token of 32 random bytes, URL-safe (nobody guesses it), and
// its Hash, the form to store.
func New() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, Hash(token), nil
}

// Hash is how a token is kept: its SHA-256, hex.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
