package accounts

import (
	"context"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/paging"
)

// Paging of the users list.
const (
	DefaultUserPage = 25
	MaxUserPage     = 100
	// MaxUserSearch is the longest search text, as every list's (its own error code is older).
	MaxUserSearch = paging.MaxSearch
)

var (
	errRoleInvalid = apperr.New(apperr.Invalid, "user.role_invalid", apperr.Params{"allowed": RoleAdmin + ", " + RoleStaff},
		"Role must be admin or staff.").OnField("role")
	// ErrLastAdmin refuses to leave the organisation without an active admin.
	ErrLastAdmin = apperr.New(apperr.Conflict, "users.last_admin", nil,
		"The last active administrator cannot be demoted or deactivated. Make someone else an administrator first.")
	errSearchTooLong = apperr.New(apperr.Invalid, "users.search_too_long", apperr.Params{"max": MaxUserSearch},
		"Search is too long.").OnField("search")
)

// UserPage is one page of the users list and how many match in all.
type UserPage struct {
	Users []User
	Total int
}

// ListUsers returns page (from 1) of the users matching search, active
// first, then by name; pageSize is clamped to 1..MaxUserPage.
func (s *Service) ListUsers(ctx context.Context, search string, page, pageSize int) (UserPage, error) {
	if utf8.RuneCountInString(search) > MaxUserSearch {
		return UserPage{}, errSearchTooLong
	}
	pageSize = min(max(pageSize, 1), MaxUserPage)
	page = max(page, 1)
	list, total, err := s.store.ListUsers(ctx, UserFilter{Search: search, Limit: pageSize, Offset: (page - 1) * pageSize})
	return UserPage{Users: list, Total: total}, err
}

// UserPatch changes a user's role, whether the account is active, or both.
type UserPatch struct {
	Role   *string `json:"role"`
	Active *bool   `json:"active"`
}

// UpdateUser applies p to the user id. The last active admin can be neither
// demoted nor deactivated (Conflict); a deactivated account's sessions all
// end at once.
func (s *Service) UpdateUser(ctx context.Context, id int64, p UserPatch) (*User, error) {
	if p.Role != nil && *p.Role != RoleAdmin && *p.Role != RoleStaff {
		return nil, errRoleInvalid
	}
	var out *User
	err := s.store.InTx(ctx, func(tx Tx) error {
		// Admins are counted (and locked) before the user is, in the same
		// order by every request, so two admins demoting each other at once
		// cannot both pass.
		admins, err := tx.CountActiveAdmins(ctx)
		if err != nil {
			return err
		}
		u, err := tx.LockUser(ctx, id)
		if err != nil {
			return err
		}
		role, active := u.Role, u.Active
		if p.Role != nil {
			role = *p.Role
		}
		if p.Active != nil {
			active = *p.Active
		}
		wasAdmin := u.Role == RoleAdmin && u.Active
		if wasAdmin && (role != RoleAdmin || !active) && admins <= 1 {
			return ErrLastAdmin
		}
		if out, err = tx.SetAccess(ctx, id, role, active); err != nil {
			return err
		}
		if !active && u.Active {
			return tx.RevokeUserTokens(ctx, id, "")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("user access changed", "user", id, "role", out.Role, "active", out.Active)
	return out, nil
}
