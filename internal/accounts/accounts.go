// Package accounts holds staff users, their sign-in tokens and preferences.
// It imports no storage or HTTP code: storage implements Service, HTTP calls it.
package accounts

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// Roles. The first user is an admin; admins manage users, settings and payments.
const (
	RoleAdmin = "admin"
	RoleStaff = "staff"
)

// Token lifetimes: "keep me logged in" gives a long-lived token.
const (
	RememberTTL = 30 * 24 * time.Hour
	SessionTTL  = 12 * time.Hour
)

// User is a staff account.
type User struct {
	ID          int64
	Email       string
	FirstName   string
	LastName    string
	Role        string
	Active      bool
	TOTPEnabled bool
	CreatedAt   time.Time
	LastLoginAt *time.Time
	Preferences Preferences
}

// Preferences are a user's interface choices, saved on the server.
type Preferences struct {
	Language  string `json:"language"`
	Theme     string `json:"theme"`
	NavLayout string `json:"nav_layout"`
}

// PreferencesPatch changes any subset of Preferences.
type PreferencesPatch struct {
	Language  *string `json:"language"`
	Theme     *string `json:"theme"`
	NavLayout *string `json:"nav_layout"`
}

// Languages, themes and layouts a user may choose.
var (
	Languages  = []string{"gb", "br", "es", "cn", "ir"}
	Themes     = []string{"light", "dark"}
	NavLayouts = []string{"side", "top"}
)

// Validate checks every field the patch sets.
func (p PreferencesPatch) Validate() error {
	check := func(field string, v *string, allowed []string) error {
		if v == nil {
			return nil
		}
		for _, a := range allowed {
			if *v == a {
				return nil
			}
		}
		return apperr.InvalidField(field, "%s must be one of %s.", field, strings.Join(allowed, ", "))
	}
	if err := check("language", p.Language, Languages); err != nil {
		return err
	}
	if err := check("theme", p.Theme, Themes); err != nil {
		return err
	}
	return check("nav_layout", p.NavLayout, NavLayouts)
}

// NewUser is what creating an account needs.
type NewUser struct {
	Email     string
	Password  string
	FirstName string
	LastName  string
	Role      string // empty: admin for the first user, staff after
}

// Normalize trims the fields and lower-cases the email.
func (n *NewUser) Normalize() {
	n.Email = NormalizeEmail(n.Email)
	n.FirstName = strings.TrimSpace(n.FirstName)
	n.LastName = strings.TrimSpace(n.LastName)
	n.Role = strings.TrimSpace(n.Role)
}

// Validate reports the first invalid field.
func (n NewUser) Validate() error {
	if err := ValidateEmail(n.Email); err != nil {
		return err
	}
	if err := ValidatePassword(n.Password); err != nil {
		return err
	}
	if n.FirstName == "" {
		return apperr.InvalidField("first_name", "First name is required.")
	}
	if utf8.RuneCountInString(n.FirstName) > 100 || utf8.RuneCountInString(n.LastName) > 100 {
		return apperr.InvalidField("first_name", "Names must be at most 100 characters.")
	}
	if n.Role != "" && n.Role != RoleAdmin && n.Role != RoleStaff {
		return apperr.InvalidField("role", "Role must be admin or staff.")
	}
	return nil
}

// NormalizeEmail trims and lower-cases an email address.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidateEmail checks an address looks deliverable.
func ValidateEmail(email string) error {
	if email == "" {
		return apperr.InvalidField("email", "Email is required.")
	}
	if len(email) > 254 {
		return apperr.InvalidField("email", "Email is too long.")
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || !strings.Contains(email, "@") {
		return apperr.InvalidField("email", "Email is not a valid address.")
	}
	return nil
}

// ValidatePassword enforces the password rules: 8 to 256 characters.
func ValidatePassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < 8 {
		return apperr.InvalidField("password", "Password must be at least 8 characters.")
	}
	if n > 256 {
		return apperr.InvalidField("password", "Password must be at most 256 characters.")
	}
	return nil
}

// SplitName splits a display name at the first space into first and last
// name (SPEC: userName is first and last name joined).
func SplitName(userName string) (first, last string, err error) {
	userName = strings.Join(strings.Fields(userName), " ")
	if userName == "" {
		return "", "", apperr.InvalidField("userName", "Name is required.")
	}
	if utf8.RuneCountInString(userName) > 200 {
		return "", "", apperr.InvalidField("userName", "Name must be at most 200 characters.")
	}
	first, last, _ = strings.Cut(userName, " ")
	return first, last, nil
}

// Credentials are what a sign-in sends.
type Credentials struct {
	Email    string
	Password string
	Remember bool
	Client   string // the client's address, for throttling
}

// Service manages accounts and sign-in.
type Service interface {
	// CreateUser adds an account; a taken email is a Conflict.
	CreateUser(ctx context.Context, n NewUser) (*User, error)
	// Login checks credentials and issues a token. Wrong email or password
	// is Unauthorized with one message whatever was wrong; repeated failures
	// for one email from one client are TooManyAttempts.
	Login(ctx context.Context, c Credentials) (*User, string, error)
	// Authenticate returns the user a token belongs to; Unauthorized if the
	// token is unknown, revoked or expired.
	Authenticate(ctx context.Context, token string) (*User, error)
	// Logout revokes a token.
	Logout(ctx context.Context, token string) error
	UpdateName(ctx context.Context, userID int64, first, last string) error
	SetTwoFactor(ctx context.Context, userID int64, enabled bool) error
	UpdatePreferences(ctx context.Context, userID int64, p PreferencesPatch) (Preferences, error)
	CountUsers(ctx context.Context) (int, error)
	// Online lists the active users whose token was used within the last
	// `within` (signed in and using the app now), most recent first.
	Online(ctx context.Context, within time.Duration) ([]Visitor, error)
}

// Visitor is a staff member seen online recently.
type Visitor struct {
	ID         int64     `json:"id"`
	FirstName  string    `json:"first_name"`
	LastName   string    `json:"last_name"`
	LastSeenAt time.Time `json:"last_seen_at"`
}

// SeenEvery is how often a token's last use is written down; presence is
// accurate to this.
const SeenEvery = time.Minute
