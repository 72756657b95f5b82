package accounts

import (
	"context"
	"log/slog"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/throttle"
)

// Sign-in throttles. Every attempt is counted before its password is
// hashed, so a burst of parallel guesses gets no more evaluations than a
// patient attacker.
var (
	// LoginPolicy limits guesses at one account from one client: the sixth
	// attempt within 15 minutes locks the pair for a minute, doubling with
	// each further lockout up to an hour. While locked, even the right
	// password is refused.
	LoginPolicy = throttle.Policy{Limit: 5, Window: 15 * time.Minute, Base: time.Minute, Max: time.Hour}
	// ClientPolicy limits one client's attempts across every account, so a
	// client cannot spread guesses (or hashing work) over many emails.
	ClientPolicy = throttle.Policy{Limit: 50, Window: 15 * time.Minute, Base: time.Minute, Max: time.Hour}
)

// Errors of signing in. The wording of the last two is SPEC §8's.
var (
	errBadCredentials = apperr.New(apperr.Unauthorized, "auth.invalid_credentials", nil, "Invalid email or password.")
	ErrTokenInvalid   = apperr.New(apperr.Unauthorized, "auth.token_invalid", nil, "Invalid or expired token")
	ErrNoToken        = apperr.New(apperr.Unauthorized, "auth.no_token", nil, "No authentication token available")
	ErrAdminOnly      = apperr.New(apperr.Forbidden, "auth.admin_only", nil, "Only an administrator can do that.")
)

// Service manages accounts and sign-in.
type Service struct {
	store     Store
	throttles throttle.Limiter
	hashes    *HashGate
	log       *slog.Logger
	sealer    *sealer // seals TOTP secrets, hashes recovery codes (SetServerSecret)
	// Now is the current instant; the wiring points it at the database's clock.
	Now func() time.Time
	// Mail sends the service's mails (see mailing.go).
	Mail *Mailing
	// Hashing is what new password hashes cost (ProductionHashing; tests
	// may choose TestHashing).
	Hashing HashParams
}

// NewService returns the accounts service. hashes bounds concurrent
// password hashing (nil: DefaultHashBudget).
func NewService(store Store, throttles throttle.Limiter, hashes *HashGate, log *slog.Logger) *Service {
	if hashes == nil {
		hashes = NewHashGate(DefaultHashBudget)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{store: store, throttles: throttles, hashes: hashes, log: log, sealer: randomSealer(),
		Now: func() time.Time { return time.Now().UTC() }, Hashing: ProductionHashing}
}

// CreateUser adds an account; a taken email is a Conflict. With no role
// given, the first user is an admin and every later one staff.
func (s *Service) CreateUser(ctx context.Context, n NewUser) (*User, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var hash string
	var herr error
	if err := s.hashes.Do(ctx, func() { hash, herr = s.Hashing.Hash(n.Password) }); err != nil {
		return nil, err
	}
	if herr != nil {
		return nil, herr
	}
	var u *User
	err := s.store.InTx(ctx, func(tx Tx) error {
		role := n.Role
		if role == "" {
			count, err := tx.CountUsers(ctx)
			if err != nil {
				return err
			}
			role = RoleStaff
			if count == 0 {
				role = RoleAdmin
			}
		}
		taken, err := tx.EmailTaken(ctx, n.Email)
		if err != nil {
			return err
		}
		if taken {
			return ErrEmailTaken(n.Email)
		}
		u, err = tx.InsertUser(ctx, n, hash, role)
		return err
	})
	if apperr.KindOf(err) == apperr.Conflict {
		return nil, ErrEmailTaken(n.Email)
	}
	return u, err
}

// errCredentialsRequired refuses a sign-in without an email or a password,
// naming the first missing.
func errCredentialsRequired(field string) error {
	return apperr.New(apperr.Invalid, "auth.credentials_required", nil, "Email and password are required.").OnField(field)
}

// loginKeys are the throttle keys of one sign-in attempt.
func loginKeys(email, client string) (pair, byClient throttle.Key) {
	return throttle.Key{Name: "login:" + email + ":" + client, Policy: LoginPolicy},
		throttle.Key{Name: "login-client:" + client, Policy: ClientPolicy}
}

// Login checks credentials and issues a token. A wrong email or password is
// Unauthorized with one message whatever was wrong. The attempt is counted
// before the password is hashed: past the limit for the account and client
// (or for the client over all accounts) it is refused with TooManyAttempts
// until the cool-down ends, whether the password is right or not. With every
// hashing slot busy it is Unavailable and the attempt is given back.
func (s *Service) Login(ctx context.Context, c Credentials) (*User, string, error) {
	email := NormalizeEmail(c.Email)
	if email == "" || c.Password == "" {
		field := "email"
		if email != "" {
			field = "password"
		}
		return nil, "", errCredentialsRequired(field)
	}
	pair, byClient := loginKeys(email, c.Client)
	wait, err := s.throttles.Attempt(ctx, pair, byClient)
	if err != nil {
		return nil, "", err
	}
	if wait > 0 {
		s.log.Warn("sign-in throttled", "email", email, "client", c.Client, "retry_after", wait)
		return nil, "", throttle.Refused("auth.throttled", wait)
	}
	if len(email) > MaxEmail || len(c.Password) > maxLoginPass {
		return nil, "", errBadCredentials
	}
	cred, err := s.store.Credential(ctx, email)
	if err != nil {
		return nil, "", err
	}
	var ok bool
	if err := s.hashes.Do(ctx, func() { ok = CheckPasswordOrDummy(cred.Hash, c.Password) && cred.Active }); err != nil {
		// Not evaluated: the attempt does not count.
		if rerr := s.throttles.Succeeded(context.WithoutCancel(ctx), nil, []string{pair.Name, byClient.Name}); rerr != nil {
			s.log.Warn("could not refund a sign-in attempt", "err", rerr)
		}
		return nil, "", err
	}
	if !ok {
		s.log.Warn("sign-in failed", "email", email, "client", c.Client)
		return nil, "", errBadCredentials
	}
	// With two-factor sign-in on, the right password earns a challenge, not
	// a token (LoginTwoFactor); the account's password count starts again.
	if challenge, err := s.startTwoFactor(ctx, cred.UserID, c); err != nil || challenge != "" {
		if err == nil {
			err = s.throttles.Succeeded(ctx, []string{pair.Name}, []string{byClient.Name})
		}
		if err == nil {
			err = &TwoFactorRequired{Challenge: challenge}
		}
		return nil, "", err
	}

	token, tokenHash, err := NewToken()
	if err != nil {
		return nil, "", err
	}
	ttl := SessionTTL
	if c.Remember {
		ttl = RememberTTL
	}
	var u *User
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.InsertToken(ctx, cred.UserID, tokenHash, c.Remember, ttl); err != nil {
			return err
		}
		if err := tx.SetTokenDevice(ctx, tokenHash, c.Device); err != nil {
			return err
		}
		var err error
		u, err = tx.RecordLogin(ctx, cred.UserID)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	// The account's count starts again; the client's shared count gets this
	// attempt back, so many staff signing in from one office never add up.
	if err := s.throttles.Succeeded(ctx, []string{pair.Name}, []string{byClient.Name}); err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// Authenticate returns the user a token belongs to; ErrTokenInvalid if the
// token is unknown, revoked or expired, or its user is deactivated.
func (s *Service) Authenticate(ctx context.Context, token string) (*User, error) {
	if token == "" || len(token) > 200 {
		return nil, ErrTokenInvalid
	}
	return s.AuthenticateHash(ctx, HashToken(token))
}

// AuthenticateHash is Authenticate for a token known by its hash (a live
// events ticket stands for one).
func (s *Service) AuthenticateHash(ctx context.Context, hash string) (*User, error) {
	u, t, ok, err := s.store.TokenUser(ctx, hash)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	if !ok || t.Revoked || !u.Active || !now.Before(t.ExpiresAt) {
		return nil, ErrTokenInvalid
	}
	if now.Sub(t.LastSeenAt) >= SeenEvery {
		if err := s.store.TouchToken(ctx, hash); err != nil {
			s.log.Warn("could not record token use", "err", err)
		}
	}
	return u, nil
}

// Logout revokes a token; an unknown token is not an error.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.store.RevokeToken(ctx, HashToken(token))
}

// UpdateName sets a user's first and last name (from SplitName).
func (s *Service) UpdateName(ctx context.Context, userID int64, first, last string) error {
	return s.store.SetName(ctx, userID, first, last)
}

// UpdatePreferences applies a validated patch and returns the result.
func (s *Service) UpdatePreferences(ctx context.Context, userID int64, p PreferencesPatch) (Preferences, error) {
	if err := p.Validate(); err != nil {
		return Preferences{}, err
	}
	return s.store.SetPreferences(ctx, userID, p)
}

// CountUsers returns how many accounts exist.
func (s *Service) CountUsers(ctx context.Context) (int, error) { return s.store.CountUsers(ctx) }

// Online lists the active users whose token was used within the last
// `within` (signed in and using the app now), most recent first.
func (s *Service) Online(ctx context.Context, within time.Duration) ([]Visitor, error) {
	return s.store.Online(ctx, s.Now().Add(-within))
}

// TokenRetention is how long an expired or revoked token is kept (for the
// presence list and an audit of who was signed in) before it is purged.
const TokenRetention = 7 * 24 * time.Hour

// Purge deletes tokens and mailed links expired or revoked more than
// TokenRetention ago, and expired two-factor sign-in challenges.
func (s *Service) Purge(ctx context.Context) (int64, error) {
	return s.store.PurgeTokens(ctx, s.Now().Add(-TokenRetention))
}
