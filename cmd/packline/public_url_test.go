package main

import "testing"

func TestPublicURL(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"  ", ""},
		{"https://packline.example.org", "https://packline.example.org"},
		{"https://packline.example.org/", "https://packline.example.org"},
		{"http://192.168.1.20:8080", "http://192.168.1.20:8080"},
		{"https://example.org/packline/", "https://example.org/packline"},
	} {
		got, err := publicURL(c.in)
		if err != nil || got != c.want {
			t.Errorf("publicURL(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"packline.example.org", "ftp://example.org", "https://", "https://example.org/?a=1", "https://example.org/#kiosk", "/employee-portal"} {
		if got, err := publicURL(bad); err == nil {
			t.Errorf("publicURL(%q) = %q, want an error", bad, got)
		}
	}
}
