package accounts

import "testing"

// An invitation grants its role only while its inviter is active and still
// holds that role.
func TestInvitationVoid(t *testing.T) {
	admin := &User{Active: true, Role: RoleAdmin}
	staff := &User{Active: true, Role: RoleStaff}
	gone := &User{Active: false, Role: RoleAdmin}
	for _, tc := range []struct {
		role    string
		inviter *User
		want    string
	}{
		{RoleAdmin, admin, ""},
		{RoleStaff, admin, ""},
		{RoleStaff, staff, ""}, // an admin demoted to staff: their staff invitation still counts
		{RoleAdmin, staff, VoidInviterRole},
		{RoleAdmin, gone, VoidInviterInactive},
		{RoleStaff, gone, VoidInviterInactive},
		{RoleStaff, nil, VoidInviterInactive},
	} {
		if got := invitationVoid(tc.role, tc.inviter); got != tc.want {
			t.Errorf("invitationVoid(%s, %+v) = %q, want %q", tc.role, tc.inviter, got, tc.want)
		}
	}
}
