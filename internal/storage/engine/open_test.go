package engine

import (
	"strings"
	"testing"
)

// A PostgreSQL URL reaches the driver with a connect_timeout and without
// pool_max_conns, which sizes the pool instead; a bad size is refused.
func TestPostgresDSNSizesThePool(t *testing.T) {
	for _, c := range []struct {
		in, want string
		size     int
	}{
		{"postgres://u@h/db", "postgres://u@h/db?connect_timeout=2", DefaultPoolSize},
		{"postgres://u@h/db?pool_max_conns=4&sslmode=disable", "postgres://u@h/db?connect_timeout=2&sslmode=disable", 4},
		{"postgres://u@h/db?connect_timeout=9&pool_max_conns=1000", "postgres://u@h/db?connect_timeout=9", 1000},
	} {
		got, size, err := PostgresDSN(c.in)
		if err != nil || got != c.want || size != c.size {
			t.Errorf("PostgresDSN(%q) = %q, %d, %v; want %q, %d", c.in, got, size, err, c.want, c.size)
		}
	}
	for _, bad := range []string{"0", "1001", "many", "-3"} {
		if _, _, err := PostgresDSN("postgres://u@h/db?pool_max_conns=" + bad); err == nil || !strings.Contains(err.Error(), "pool_max_conns") {
			t.Errorf("pool_max_conns=%s: %v, want an error naming it", bad, err)
		}
	}
}
