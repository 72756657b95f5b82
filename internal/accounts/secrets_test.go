package accounts

import (
	"strings"
	"testing"
)

// TestStoredPasswordHashFormat holds the stored form to production's
// argon2id costs: a service hashes with them unless told otherwise, and a
// hash names its own costs, so one made with TestHashing checks too.
func TestStoredPasswordHashFormat(t *testing.T) {
	t.Parallel()
	svc := NewService(nil, nil, nil, nil)
	if svc.Hashing != ProductionHashing {
		t.Fatalf("a new service hashes with %+v, want production's %+v", svc.Hashing, ProductionHashing)
	}
	for _, c := range []struct {
		params HashParams
		prefix string
	}{
		{ProductionHashing, "$argon2id$v=19$m=19456,t=2,p=1$"},
		{TestHashing, "$argon2id$v=19$m=8,t=1,p=1$"},
	} {
		hash, err := c.params.Hash("correct-horse")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(hash, c.prefix) || len(strings.Split(hash, "$")) != 6 {
			t.Errorf("hash %q, want it to start %q", hash, c.prefix)
		}
		if !CheckPassword(hash, "correct-horse") || CheckPassword(hash, "correct-horsE") {
			t.Errorf("%q does not check the right password only", hash)
		}
	}
	if got, _ := HashPassword("x"); !strings.HasPrefix(got, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("HashPassword made %q, not a production hash", got)
	}
}
