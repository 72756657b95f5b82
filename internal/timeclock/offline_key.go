package timeclock

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
)

// Offline punches are sealed in the kiosk's browser to the server's offline
// key, so that nothing readable about a PIN stays on the tablet while it
// waits for the network. The envelope is ECIES over WebCrypto's primitives:
//
//	ephemeral ECDH P-256 key pair per punch (the browser's)
//	shared  = ECDH(ephemeral private, server public)        32 bytes, the x coordinate
//	aesKey  = HKDF-SHA256(shared, salt = ephemeral public (65 bytes, uncompressed),
//	                      info = OfflineInfo), 32 bytes
//	sealed  = AES-256-GCM(aesKey, iv (12 bytes), plaintext JSON, additional data = the punch's idempotency key)
//
// Only the holder of the server's private key can open it, and AES-GCM
// authenticates it: a bit changed anywhere, an envelope sealed to any other
// key, or one moved under another idempotency key does not open.
//
// The private key is derived deterministically from the server secret (an
// HMAC of it with a fixed label, as the PIN and token keys are): it is the
// same after a restart and on every instance that shares the secret (which
// every instance on one PostgreSQL database must), it is never stored in the
// database, and a stolen database alone cannot open a sealed punch. Changing
// the secret changes the key: punches sealed to the old key are then refused
// as unreadable (the kiosk fetches the new key the next time it is online).

// OfflineAlgorithm names the envelope above in GET /api/kiosk/key.
const OfflineAlgorithm = "ECDH-P256+HKDF-SHA256+A256GCM"

// OfflineInfo is the HKDF info of the envelope: a version, so that another
// envelope can never be mistaken for this one.
const OfflineInfo = "packline offline punch v1"

// offlineKey derives the offline punch key from secret. The HMAC output is a
// P-256 scalar except with negligible probability (it must be below the
// group order and not zero); a counter takes the next candidate then.
func offlineKey(secret []byte) (*ecdh.PrivateKey, error) {
	for i := uint32(0); i < 16; i++ {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte("packline/timeclock/offline-punch-key"))
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], i)
		m.Write(n[:])
		if k, err := ecdh.P256().NewPrivateKey(m.Sum(nil)); err == nil {
			return k, nil
		}
	}
	return nil, errors.New("timeclock: no offline punch key derives from the secret")
}

// OfflinePublicKey is the offline punch key as the kiosk imports it: the
// uncompressed P-256 point (WebCrypto "raw"), base64url without padding, and
// its id (the first 8 bytes of its SHA-256, hex), which every sealed punch
// names.
func (k *Keys) OfflinePublicKey() (id, raw string) {
	pub := k.offline.PublicKey().Bytes()
	return k.offlineID, base64.RawURLEncoding.EncodeToString(pub)
}

func offlineKeyID(k *ecdh.PrivateKey) string {
	sum := sha256.Sum256(k.PublicKey().Bytes())
	return hex.EncodeToString(sum[:8])
}

// Sealed is one offline punch as the kiosk sends it; every []byte field is
// base64url without padding on the wire.
type Sealed struct {
	Key          string // the idempotency key, bound into the envelope as additional data
	KeyID        string // which server key it was sealed to
	EphemeralKey string // the browser's ephemeral public key, uncompressed
	IV           string
	Ciphertext   string
}

// errUnsealed is any envelope that does not open: another key, tampered,
// malformed. Which of those it was is not told.
var errUnsealed = errors.New("timeclock: offline punch does not open")

// Open decrypts a sealed punch with the server's private key.
func (k *Keys) Open(s Sealed) ([]byte, error) {
	if s.KeyID != k.offlineID {
		return nil, errUnsealed
	}
	b64 := base64.RawURLEncoding
	eph, err1 := b64.DecodeString(s.EphemeralKey)
	iv, err2 := b64.DecodeString(s.IV)
	ct, err3 := b64.DecodeString(s.Ciphertext)
	if err1 != nil || err2 != nil || err3 != nil || len(iv) != 12 {
		return nil, errUnsealed
	}
	pub, err := ecdh.P256().NewPublicKey(eph)
	if err != nil {
		return nil, errUnsealed
	}
	shared, err := k.offline.ECDH(pub)
	if err != nil {
		return nil, errUnsealed
	}
	aesKey, err := hkdf.Key(sha256.New, shared, eph, OfflineInfo, 32)
	if err != nil {
		return nil, errUnsealed
	}
	block, err := aes.NewCipher(aesKey)
	if err != nil {
		return nil, errUnsealed
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, errUnsealed
	}
	plain, err := gcm.Open(nil, iv, ct, []byte(s.Key))
	if err != nil {
		return nil, errUnsealed
	}
	return plain, nil
}
