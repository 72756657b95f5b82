package organisation

import "testing"

func TestSupportEmailMustBeAPlainAddress(t *testing.T) {
	for _, tc := range []struct {
		email string
		ok    bool
	}{
		{"help@group.org", true},
		{"first.last+kiosk@packing.example", true},
		{"a?cc=boss@group.org", false},
		{"a&body=x@group.org", false},
		{"user@localhost", false},
		{"not an email", false},
		{"Name <help@group.org>", false},
		{"", false},
	} {
		e := tc.email
		_, err := Patch{SupportEmail: &e}.Apply(Defaults)
		if got := err == nil; got != tc.ok {
			t.Errorf("%q: accepted = %v, want %v (err %v)", tc.email, got, tc.ok, err)
		}
	}
}
