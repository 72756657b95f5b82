package token

import "testing"

// A token is 43 URL-safe characters, new each time, kept as a hash that is
// not the token and is the same for the same token.
func TestNewAndHash(t *testing.T) {
	t.Parallel()
	a, ha, err := New()
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 43 || a == b {
		t.Fatalf("tokens %q %q", a, b)
	}
	if ha != Hash(a) || ha == a || len(ha) != 64 {
		t.Fatalf("hash %q of %q", ha, a)
	}
}
