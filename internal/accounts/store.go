package accounts

import (
	"context"
	"time"
)

// Store is what the accounts service needs from storage. Storage runs the
// SQL; every rule (who is admin, when a token is expired, how failures are
// throttled) stays in Service.
type Store interface {
	UserStore // signup, invitations, recovery and the users screen (users_store.go)
	// InTx runs fn in one write transaction.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// Credential returns the sign-in data of the account with email; a zero
	// Credential (empty Hash) when there is none.
	Credential(ctx context.Context, email string) (Credential, error)
	// TokenUser returns the user a token hash belongs to and the token's
	// state; ok is false for an unknown hash.
	TokenUser(ctx context.Context, tokenHash string) (u *User, t Token, ok bool, err error)
	// TouchToken records that the token was used now.
	TouchToken(ctx context.Context, tokenHash string) error
	// RevokeToken revokes a token; an unknown or revoked token is no error.
	RevokeToken(ctx context.Context, tokenHash string) error
	// SetName and SetPreferences change one user; ErrNotFound when there is
	// no such user.
	SetName(ctx context.Context, userID int64, first, last string) error
	SetPreferences(ctx context.Context, userID int64, p PreferencesPatch) (Preferences, error)
	CountUsers(ctx context.Context) (int, error)
	// Online lists active users with an unexpired, unrevoked token used at
	// or after since, most recent first, at most 100.
	Online(ctx context.Context, since time.Time) ([]Visitor, error)
	// PurgeTokens deletes sign-in tokens and mailed links (invitations,
	// recovery, email change) that expired or were revoked before cutoff, and
	// expired two-factor sign-in challenges, and returns how many.
	PurgeTokens(ctx context.Context, cutoff time.Time) (int64, error)
	// Two-factor sign-in, sessions and passwords (twofactor.go).
	SecurityStore
}

// Tx is the part of Store used inside one transaction.
type Tx interface {
	UserTx // see users_store.go
	CountUsers(ctx context.Context) (int, error)
	EmailTaken(ctx context.Context, email string) (bool, error)
	// InsertUser adds an account with a password hash; a taken email is a
	// Conflict.
	InsertUser(ctx context.Context, n NewUser, passwordHash, role string) (*User, error)
	// InsertToken stores a new token's hash, valid for ttl from now.
	InsertToken(ctx context.Context, userID int64, tokenHash string, remember bool, ttl time.Duration) error
	// RecordLogin sets the user's last sign-in to now and returns the user.
	RecordLogin(ctx context.Context, userID int64) (*User, error)
	// Two-factor sign-in and sessions (twofactor.go).
	SecurityTx
}

// Credential is what checking a password needs.
type Credential struct {
	UserID int64
	Hash   string
	Active bool
}

// Token is the stored state of a sign-in token.
type Token struct {
	ExpiresAt  time.Time
	LastSeenAt time.Time
	Revoked    bool
}
