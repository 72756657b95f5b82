// Package accounts holds staff users, their sign-in tokens and preferences,
// and the rules of signing in: how failures are throttled, how many password
// hashes run at once, how long a token lives. It imports no storage or HTTP
// code: storage implements Store, HTTP calls Service.
package accounts

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
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

// Name is the user's first and last name, as others see them (chat,
// documents, mails).
func (u *User) Name() string { return strings.TrimSpace(u.FirstName + " " + u.LastName) }

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
		if v == nil || slices.Contains(allowed, *v) {
			return nil
		}
		list := strings.Join(allowed, ", ")
		return apperr.New(apperr.Invalid, "preferences.invalid", apperr.Params{"field": field, "allowed": list},
			fmt.Sprintf("%s must be one of %s.", field, list)).OnField(field)
	}
	if err := check("language", p.Language, Languages); err != nil {
		return err
	}
	if err := check("theme", p.Theme, Themes); err != nil {
		return err
	}
	return check("nav_layout", p.NavLayout, NavLayouts)
}

// Limits on what an account holds.
const (
	MinPassword  = 12 // NIST SP 800-63B: length and a list of common passwords, no composition rules
	MaxPassword  = 256
	MaxName      = 100 // first or last name, in characters
	MaxFullName  = 200 // a display name (first and last together)
	MaxEmail     = 254
	maxLoginPass = 1024 // longer passwords are refused before hashing
)

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
		return apperr.New(apperr.Invalid, "user.first_name_required", nil, "First name is required.").OnField("first_name")
	}
	for _, f := range []struct{ field, value string }{{"first_name", n.FirstName}, {"last_name", n.LastName}} {
		if err := text.Name(f.field, f.value); err != nil {
			return err
		}
		if utf8.RuneCountInString(f.value) > MaxName {
			return errNameTooLong(f.field, MaxName)
		}
	}
	if n.Role != "" && n.Role != RoleAdmin && n.Role != RoleStaff {
		return apperr.New(apperr.Invalid, "user.role_invalid", apperr.Params{"allowed": RoleAdmin + ", " + RoleStaff},
			"Role must be admin or staff.").OnField("role")
	}
	return nil
}

func errNameTooLong(field string, max int) error {
	return apperr.New(apperr.Invalid, "user.name_too_long", apperr.Params{"field": field, "max": max},
		fmt.Sprintf("Names must be at most %d characters.", max)).OnField(field)
}

// ErrEmailTaken is the conflict of a second account with one email.
func ErrEmailTaken(email string) error {
	return apperr.New(apperr.Conflict, "user.email_taken", apperr.Params{"email": email},
		fmt.Sprintf("A user with the email %s already exists.", email)).OnField("email")
}

// ErrNotFound is a user that does not exist (any more).
var ErrNotFound = apperr.New(apperr.NotFound, "user.not_found", nil, "User not found.")

// NormalizeEmail trims and lower-cases an email address.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidateEmail checks an address looks deliverable.
func ValidateEmail(email string) error {
	if email == "" {
		return apperr.New(apperr.Invalid, "user.email_required", nil, "Email is required.").OnField("email")
	}
	if len(email) > MaxEmail {
		return apperr.New(apperr.Invalid, "user.email_too_long", apperr.Params{"max": MaxEmail}, "Email is too long.").OnField("email")
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || !strings.Contains(email, "@") {
		return apperr.New(apperr.Invalid, "user.email_invalid", nil, "Email is not a valid address.").OnField("email")
	}
	return nil
}

// ValidatePassword enforces the password rules: 12 to 256 characters and
// not one of the common passwords (see passwords.go).
func ValidatePassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < MinPassword {
		return apperr.New(apperr.Invalid, "user.password_too_short", apperr.Params{"min": MinPassword},
			fmt.Sprintf("Password must be at least %d characters.", MinPassword)).OnField("password")
	}
	if n > MaxPassword {
		return apperr.New(apperr.Invalid, "user.password_too_long", apperr.Params{"max": MaxPassword},
			fmt.Sprintf("Password must be at most %d characters.", MaxPassword)).OnField("password")
	}
	return checkCommon(p)
}

// SplitName splits a display name at the first space into first and last
// name (SPEC: userName is first and last name joined).
func SplitName(userName string) (first, last string, err error) {
	userName = strings.Join(strings.Fields(userName), " ")
	if userName == "" || !text.Visible(userName) {
		return "", "", apperr.New(apperr.Invalid, "user.name_required", nil, "Name is required.").OnField("userName")
	}
	if utf8.RuneCountInString(userName) > MaxFullName {
		return "", "", errNameTooLong("userName", MaxFullName)
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
	Device   string // a short form of the User-Agent (DeviceName), for the sessions list
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
