package accounts

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
	"github.com/pquerna/otp/totp"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/throttle"
)

// Two-factor sign-in: TOTP (RFC 6238: SHA-1, six digits, 30-second steps,
// one step of clock drift either way) plus ten single-use recovery codes.
const (
	ChallengeTTL      = 5 * time.Minute
	RecoveryCodeCount = 10
	TOTPIssuer        = "Packline"
	totpPeriod        = 30
	totpSkew          = 1
	totpDigits        = 6
	recoveryLen       = 10 // characters, shown as two groups of five
	// recoveryAlphabet is Crockford's base32 in lower case: no i, l, o, u.
	recoveryAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"
)

// TwoFactor is a user's stored two-factor state. Secret and Pending are
// sealed (encrypted with the server secret).
type TwoFactor struct {
	Enabled  bool
	Secret   string // the enabled secret
	Pending  string // a secret set up but not yet confirmed with a code
	LastStep int64  // the last TOTP time step a code was accepted for
}

// Challenge is the state of a sign-in's second step.
type Challenge struct {
	ID        int64
	UserID    int64
	Remember  bool
	Device    string
	ExpiresAt time.Time
	Used      bool
}

// SecurityStore is the part of Store for two-factor sign-in, sessions and
// passwords.
type SecurityStore interface {
	// TwoFactor returns a user's two-factor state; ErrNotFound for no user.
	TwoFactor(ctx context.Context, userID int64) (TwoFactor, error)
	// SetPendingSecret keeps a sealed secret being set up.
	SetPendingSecret(ctx context.Context, userID int64, sealed string) error
	// EnableTwoFactor turns two-factor on with the sealed secret, the step
	// of the code that confirmed it and the hashes of new recovery codes
	// (replacing any old ones); false if it was already on.
	EnableTwoFactor(ctx context.Context, userID int64, sealed string, step int64, codeHashes []string) (bool, error)
	// DisableTwoFactor turns two-factor off and forgets the secrets and
	// recovery codes.
	DisableTwoFactor(ctx context.Context, userID int64) error
	// RecoveryCodesLeft counts a user's unused recovery codes.
	RecoveryCodesLeft(ctx context.Context, userID int64) (int, error)
	// InsertChallenge stores a sign-in challenge's hash (and forgets the
	// user's expired ones).
	InsertChallenge(ctx context.Context, userID int64, challengeHash string, remember bool, device string, expires time.Time) error
	// Challenge returns the challenge with a hash; ok is false for none.
	Challenge(ctx context.Context, challengeHash string) (c Challenge, ok bool, err error)
	// Sessions lists a user's unrevoked tokens expiring after now, most
	// recently used first, marking Current the one with currentHash.
	Sessions(ctx context.Context, userID int64, now time.Time, currentHash string) ([]Session, error)
	// RevokeSession revokes one of the user's tokens by id; false when the
	// user has no such unrevoked token.
	RevokeSession(ctx context.Context, userID, sessionID int64) (bool, error)
	// PasswordHash returns a user's password hash; ErrNotFound for no user.
	PasswordHash(ctx context.Context, userID int64) (string, error)
	// SetPassword replaces the password hash and, in the same transaction,
	// revokes every token of the user but the one with keepTokenHash.
	SetPassword(ctx context.Context, userID int64, hash, keepTokenHash string) error
}

// SecurityTx is the part of Tx for two-factor sign-in and sessions.
type SecurityTx interface {
	// SetTokenDevice records the device a token signed in from.
	SetTokenDevice(ctx context.Context, tokenHash, device string) error
	// ConsumeChallenge marks a challenge used; false if it already was.
	ConsumeChallenge(ctx context.Context, challengeID int64) (bool, error)
	// UseTOTPStep records step as the user's last accepted TOTP step; false
	// if that step (or a later one) was already used.
	UseTOTPStep(ctx context.Context, userID, step int64) (bool, error)
	// UseRecoveryCode marks the user's unused code with hash used; false
	// for no such unused code.
	UseRecoveryCode(ctx context.Context, userID int64, codeHash string) (bool, error)
}

// TwoFactorRequired is what Login returns instead of a token when the
// password was right and the account has two-factor sign-in on: the client
// sends a code with the challenge to LoginTwoFactor.
type TwoFactorRequired struct{ Challenge string }

func (e *TwoFactorRequired) Error() string { return "two-factor code required" }

// Errors of two-factor sign-in and set-up. A signed-in user's wrong code or
// password is Invalid (400), never Unauthorized: a 401 would sign them out.
var (
	errCodeRequired     = apperr.New(apperr.Invalid, "auth.code_required", nil, "Enter the code from your authenticator app.").OnField("code")
	errChallengeInvalid = apperr.New(apperr.Unauthorized, "auth.challenge_invalid", nil, "The sign-in has expired. Enter your email and password again.")
	errBadCode          = apperr.New(apperr.Unauthorized, "auth.invalid_code", nil, "Invalid code.")
	errAlreadyEnabled   = apperr.New(apperr.Conflict, "twofactor.already_enabled", nil, "Two-factor authentication is already on.")
	errNotSetUp         = apperr.New(apperr.Conflict, "twofactor.not_set_up", nil, "Set up two-factor authentication first.")
	errCodeWrong        = apperr.New(apperr.Invalid, "twofactor.code_invalid", nil, "The code is not valid. Check the time on your phone and try again.").OnField("code")
	errProofRequired    = apperr.New(apperr.Invalid, "twofactor.proof_required", nil, "Enter a code from your authenticator app, a recovery code or your password.").OnField("code")
)

func errPasswordWrong(field string) error {
	return apperr.New(apperr.Invalid, "user.password_incorrect", nil, "The password is not correct.").OnField(field)
}

func twoFactorKey(userID int64) throttle.Key {
	return throttle.Key{Name: "2fa:" + strconv.FormatInt(userID, 10), Policy: LoginPolicy}
}

// SetServerSecret makes the service seal TOTP secrets and hash recovery
// codes with keys derived from the server secret (without it, a random one:
// fine for tests, never for serve, where a restart would lose them).
func (s *Service) SetServerSecret(secret []byte) error {
	sl, err := newSealer(secret)
	if err != nil {
		return err
	}
	s.sealer = sl
	return nil
}

// SetupTwoFactor makes a new TOTP secret for the user and keeps it, sealed,
// until EnableTwoFactor confirms it; it returns the secret (base32) and the
// otpauth:// URL an authenticator app reads from a QR code.
func (s *Service) SetupTwoFactor(ctx context.Context, u *User) (secret, url string, err error) {
	tf, err := s.store.TwoFactor(ctx, u.ID)
	if err != nil {
		return "", "", err
	}
	if tf.Enabled {
		return "", "", errAlreadyEnabled
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: TOTPIssuer, AccountName: u.Email, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", err
	}
	if err := s.store.SetPendingSecret(ctx, u.ID, s.sealer.seal(key.Secret(), u.ID)); err != nil {
		return "", "", err
	}
	return key.Secret(), key.URL(), nil
}

// EnableTwoFactor turns two-factor sign-in on when password is the
// account's and code is right for the secret set up last, and returns the
// recovery codes, shown this once. The password is asked as for turning it
// off, changing the email or the password: a stolen token alone must not
// lock the owner out behind a second factor the thief holds. A missing or
// wrong password is user.password_incorrect (field password); wrong
// passwords and codes are throttled like codes at sign-in.
func (s *Service) EnableTwoFactor(ctx context.Context, userID int64, code, password string) ([]string, error) {
	code = normalizeCode(code)
	if code == "" {
		return nil, errCodeRequired
	}
	tf, err := s.store.TwoFactor(ctx, userID)
	if err != nil {
		return nil, err
	}
	if tf.Enabled {
		return nil, errAlreadyEnabled
	}
	if tf.Pending == "" {
		return nil, errNotSetUp
	}
	secret, err := s.sealer.open(tf.Pending, userID)
	if err != nil {
		// Sealed under another server secret: set up again.
		return nil, errNotSetUp
	}
	key := twoFactorKey(userID)
	wait, err := s.throttles.Attempt(ctx, key)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return nil, throttle.Refused("auth.throttled", wait)
	}
	if err := s.checkPassword(ctx, userID, password, "password"); err != nil {
		return nil, err
	}
	step, ok := matchTOTP(secret, code, s.Now())
	if !ok {
		return nil, errCodeWrong
	}
	codes := make([]string, RecoveryCodeCount)
	hashes := make([]string, RecoveryCodeCount)
	for i := range codes {
		c := newRecoveryCode()
		codes[i] = c[:recoveryLen/2] + "-" + c[recoveryLen/2:]
		hashes[i] = s.sealer.hashCode(userID, c)
	}
	on, err := s.store.EnableTwoFactor(ctx, userID, tf.Pending, step, hashes)
	if err != nil {
		return nil, err
	}
	if !on {
		return nil, errAlreadyEnabled
	}
	return codes, s.throttles.Succeeded(ctx, []string{key.Name}, nil)
}

// DisableTwoFactor turns two-factor sign-in off; it needs a current code (or
// a recovery code) or the password. Wrong proofs are throttled like codes
// at sign-in.
func (s *Service) DisableTwoFactor(ctx context.Context, userID int64, code, password string) error {
	code = normalizeCode(code)
	if code == "" && password == "" {
		return errProofRequired
	}
	tf, err := s.store.TwoFactor(ctx, userID)
	if err != nil {
		return err
	}
	if !tf.Enabled {
		return s.store.DisableTwoFactor(ctx, userID) // forgets a pending set-up; nothing to prove
	}
	key := twoFactorKey(userID)
	wait, err := s.throttles.Attempt(ctx, key)
	if err != nil {
		return err
	}
	if wait > 0 {
		return throttle.Refused("auth.throttled", wait)
	}
	if code != "" {
		err = s.store.InTx(ctx, func(tx Tx) error {
			ok, err := s.useCode(ctx, tx, userID, tf, code)
			if err == nil && !ok {
				err = errCodeWrong
			}
			return err
		})
	} else {
		err = s.checkPassword(ctx, userID, password, "password")
	}
	if err != nil {
		return err
	}
	if err := s.store.DisableTwoFactor(ctx, userID); err != nil {
		return err
	}
	return s.throttles.Succeeded(ctx, []string{key.Name}, nil)
}

// RecoveryCodesLeft counts the user's unused recovery codes.
func (s *Service) RecoveryCodesLeft(ctx context.Context, userID int64) (int, error) {
	return s.store.RecoveryCodesLeft(ctx, userID)
}

// startTwoFactor issues a challenge when the user has two-factor sign-in
// on, or returns "" when a password is enough.
func (s *Service) startTwoFactor(ctx context.Context, userID int64, c Credentials) (string, error) {
	tf, err := s.store.TwoFactor(ctx, userID)
	if err != nil || !tf.Enabled {
		return "", err
	}
	challenge, hash, err := NewToken()
	if err != nil {
		return "", err
	}
	if err := s.store.InsertChallenge(ctx, userID, hash, c.Remember, c.Device, s.Now().Add(ChallengeTTL)); err != nil {
		return "", err
	}
	return challenge, nil
}

// LoginTwoFactor is a sign-in's second step: with the challenge Login gave
// and a current TOTP code (or an unused recovery code) it issues a token as
// Login does. Attempts are counted before the code is checked, per account
// under LoginPolicy and per client with password attempts. A challenge lasts
// ChallengeTTL and signs in once; a wrong code leaves it usable.
func (s *Service) LoginTwoFactor(ctx context.Context, challenge, code, client string) (*User, string, error) {
	code = normalizeCode(code)
	if code == "" {
		return nil, "", errCodeRequired
	}
	if challenge == "" {
		return nil, "", apperr.Required("challenge", "The sign-in has expired. Enter your email and password again.")
	}
	if len(challenge) > 200 || len(code) > 64 {
		return nil, "", errChallengeInvalid
	}
	ch, ok, err := s.store.Challenge(ctx, HashToken(challenge))
	if err != nil {
		return nil, "", err
	}
	if !ok || ch.Used || !s.Now().Before(ch.ExpiresAt) {
		return nil, "", errChallengeInvalid
	}
	key := twoFactorKey(ch.UserID)
	_, byClient := loginKeys("", client)
	wait, err := s.throttles.Attempt(ctx, key, byClient)
	if err != nil {
		return nil, "", err
	}
	if wait > 0 {
		s.log.Warn("two-factor sign-in throttled", "user", ch.UserID, "client", client, "retry_after", wait)
		return nil, "", throttle.Refused("auth.throttled", wait)
	}
	tf, err := s.store.TwoFactor(ctx, ch.UserID)
	if err != nil {
		return nil, "", err
	}
	if !tf.Enabled {
		return nil, "", errChallengeInvalid
	}
	token, tokenHash, err := NewToken()
	if err != nil {
		return nil, "", err
	}
	ttl := SessionTTL
	if ch.Remember {
		ttl = RememberTTL
	}
	var u *User
	err = s.store.InTx(ctx, func(tx Tx) error {
		ok, err := tx.ConsumeChallenge(ctx, ch.ID)
		if err != nil || !ok {
			return firstErr(err, errChallengeInvalid)
		}
		ok, err = s.useCode(ctx, tx, ch.UserID, tf, code)
		if err != nil || !ok {
			return firstErr(err, errBadCode)
		}
		if err := tx.InsertToken(ctx, ch.UserID, tokenHash, ch.Remember, ttl); err != nil {
			return err
		}
		if err := tx.SetTokenDevice(ctx, tokenHash, ch.Device); err != nil {
			return err
		}
		u, err = tx.RecordLogin(ctx, ch.UserID)
		if err == nil && !u.Active {
			err = errChallengeInvalid
		}
		return err
	})
	if err != nil {
		if errors.Is(err, errBadCode) {
			s.log.Warn("two-factor code wrong", "user", ch.UserID, "client", client)
		}
		return nil, "", err
	}
	if err := s.throttles.Succeeded(ctx, []string{key.Name}, []string{byClient.Name}); err != nil {
		return nil, "", err
	}
	return u, token, nil
}

func firstErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// useCode checks code inside tx and records its use: six digits are a TOTP
// code, accepted for a step later than the last one used (so a code cannot
// be replayed within its window); anything else is tried as a recovery code.
func (s *Service) useCode(ctx context.Context, tx Tx, userID int64, tf TwoFactor, code string) (bool, error) {
	if isTOTPCode(code) {
		secret, err := s.sealer.open(tf.Secret, userID)
		if err != nil {
			// Sealed under another server secret: no code can match. An
			// administrator turns two-factor off (packline user disable-2fa).
			s.log.Error("a TOTP secret does not open; was the server secret changed?", "user", userID)
			return false, nil
		}
		step, ok := matchTOTP(secret, code, s.Now())
		if !ok || step <= tf.LastStep {
			return false, nil
		}
		return tx.UseTOTPStep(ctx, userID, step)
	}
	if len(code) != recoveryLen {
		return false, nil
	}
	return tx.UseRecoveryCode(ctx, userID, s.sealer.hashCode(userID, code))
}

// normalizeCode drops spaces and dashes and lower-cases, reading Crockford's
// look-alikes (o as 0; i and l as 1).
func normalizeCode(code string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '\t':
			return -1
		case 'o', 'O':
			return '0'
		case 'i', 'I', 'l', 'L':
			return '1'
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, code)
}

func isTOTPCode(code string) bool {
	if len(code) != totpDigits {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// matchTOTP returns the time step within the allowed drift whose code is
// code, comparing in constant time.
func matchTOTP(secret, code string, now time.Time) (int64, bool) {
	if !isTOTPCode(code) {
		return 0, false
	}
	current := now.Unix() / totpPeriod
	var found int64
	ok := false
	for step := current - totpSkew; step <= current+totpSkew; step++ {
		want, err := hotp.GenerateCodeCustom(secret, uint64(step), hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 && !ok {
			found, ok = step, true
		}
	}
	return found, ok
}

// newRecoveryCode returns recoveryLen random characters of recoveryAlphabet
// (50 bits).
func newRecoveryCode() string {
	b := make([]byte, recoveryLen)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = recoveryAlphabet[int(b[i])%len(recoveryAlphabet)]
	}
	return string(b)
}
