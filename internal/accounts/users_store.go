package accounts

import (
	"context"
	"time"

	"github.com/packline/packline/internal/mail"
)

// Kinds of single-use links sent by mail.
const (
	LinkInvitation  = "invitation"
	LinkRecovery    = "recovery"
	LinkEmailChange = "email_change"
)

// MailToken is the stored side of a single-use link sent by mail: its hash,
// never the token itself.
type MailToken struct {
	ID        int64
	Kind      string // LinkInvitation, LinkRecovery or LinkEmailChange
	Hash      string
	Email     string // the invitee's, the account's or the new address
	UserID    int64  // the account (recovery, email change); 0 for an invitation
	Role      string // an invitation's role
	CreatedBy int64  // who invited; 0 otherwise
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// UserFilter selects a page of the users list.
type UserFilter struct {
	Search string // in email, first and last name; "" for all
	Limit  int
	Offset int
}

// UserStore is what signup, invitations, recovery and the users screen need
// outside a transaction.
type UserStore interface {
	// ListUsers returns a page of users (active first, then by name) and how
	// many match in all.
	ListUsers(ctx context.Context, f UserFilter) ([]User, int, error)
	// UserByEmail returns the account with email; nil when there is none.
	UserByEmail(ctx context.Context, email string) (*User, error)
	// UserByID returns the account with id; nil when there is none.
	UserByID(ctx context.Context, id int64) (*User, error)
	// MailToken returns the link of kind with the token hash; ok false when
	// there is none.
	MailToken(ctx context.Context, kind, hash string) (t MailToken, ok bool, err error)
	// MailTokenByID returns the link with id; ok false when there is none.
	MailTokenByID(ctx context.Context, id int64) (t MailToken, ok bool, err error)
	// PendingInvitations lists invitations unused and expiring after now,
	// newest first, with their inviter's access as it is now (InviterActive,
	// InviterRole; false and "" when the account is gone).
	PendingInvitations(ctx context.Context, now time.Time) ([]Invitation, error)
}

// UserTx is the part of UserStore's work that runs in a transaction.
type UserTx interface {
	// QueueMail stores a mail in the outbox, sent once the transaction
	// commits (then call mailQueued).
	QueueMail(ctx context.Context, kind mail.Kind, m mail.Message) error
	// InsertMailToken stores a new link.
	InsertMailToken(ctx context.Context, t MailToken) error
	// UseMailToken marks an unused, unexpired link used now; false when it
	// was used already or has expired (also by a concurrent request).
	UseMailToken(ctx context.Context, id int64) (bool, error)
	// ExpireMailTokens ends every unused link of kind for email (a new one
	// replaces them).
	ExpireMailTokens(ctx context.Context, kind, email string) error
	// ExpireMailToken ends one unused, unexpired link of kind now; false
	// when there is no such link.
	ExpireMailToken(ctx context.Context, kind string, id int64) (bool, error)
	// ClearTwoFactor turns the user's two-factor sign-in off and deletes
	// their secrets, recovery codes and sign-in challenges.
	ClearTwoFactor(ctx context.Context, userID int64) error
	// LockUser returns the user, locked until the transaction ends;
	// ErrNotFound when there is none.
	LockUser(ctx context.Context, id int64) (*User, error)
	// CountActiveAdmins counts active admins, locking them.
	CountActiveAdmins(ctx context.Context) (int, error)
	// SetAccess sets a user's role and whether the account is active.
	SetAccess(ctx context.Context, id int64, role string, active bool) (*User, error)
	// SetPasswordHash replaces a user's password hash.
	SetPasswordHash(ctx context.Context, id int64, hash string) error
	// SetEmail changes a user's address; a taken one is a Conflict.
	SetEmail(ctx context.Context, id int64, email string) (*User, error)
	// RevokeUserTokens revokes every sign-in token of the user but the one
	// with exceptHash ("" for all).
	RevokeUserTokens(ctx context.Context, userID int64, exceptHash string) error
}
