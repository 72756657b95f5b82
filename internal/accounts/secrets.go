package accounts

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	tokens "github.com/packline/packline/internal/token"
	"golang.org/x/crypto/argon2"
)

// argon2id parameters (RFC 9106's second recommendation, lighter memory).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

// HashParams are the argon2id costs a new password hash is made with. A
// stored hash names its own, so CheckPassword reads any of them.
type HashParams struct {
	Time      uint32 // passes over the memory
	MemoryKiB uint32 // memory one hash holds, in KiB
	Threads   uint8
}

// ProductionHashing is what every password is hashed with in production.
var ProductionHashing = HashParams{Time: argonTime, MemoryKiB: argonMemory, Threads: argonThreads}

// TestHashing is for tests only: the least argon2id allows (8 KiB, one
// pass), so a test that signs somebody in does not spend its time hashing.
// The hash gate, the memory flood and the stored format are tested with
// ProductionHashing.
var TestHashing = HashParams{Time: 1, MemoryKiB: 8, Threads: 1}

// HashPassword returns an argon2id hash in the PHC string format, made
// with ProductionHashing.
func HashPassword(password string) (string, error) {
	return ProductionHashing.Hash(password)
}

// Hash returns an argon2id hash of password in the PHC string format.
func (p HashParams) Hash(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches a hash from HashPassword,
// in time independent of where they differ.
func CheckPassword(hash, password string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when an email is unknown, so that a wrong
// email takes as long as a wrong password.
var dummyHash, _ = HashPassword("packline-timing-equaliser")

// CheckPasswordOrDummy checks against hash, or a dummy hash when hash is
// empty, always spending the same work.
func CheckPasswordOrDummy(hash, password string) bool {
	if hash == "" {
		CheckPassword(dummyHash, password)
		return false
	}
	return CheckPassword(hash, password)
}

// NewToken returns a 256-bit random token for the client and the hash to store.
func NewToken() (token, hash string, err error) { return tokens.New() }

// HashToken returns the stored form of a token.
func HashToken(t string) string { return tokens.Hash(t) }
