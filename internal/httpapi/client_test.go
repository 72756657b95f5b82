package httpapi

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestClientAddrWalksForwardedForFromTheRight(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.5")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, peer string
		xff        []string
		trusted    bool
		want       string
	}{
		{"no proxies configured: the header is ignored", "203.0.113.9:5000", []string{"1.2.3.4"}, false, "203.0.113.9"},
		{"peer not a trusted proxy: the header is ignored", "203.0.113.9:5000", []string{"1.2.3.4"}, true, "203.0.113.9"},
		{"one proxy appends the client", "10.1.1.1:80", []string{"198.51.100.7"}, true, "198.51.100.7"},
		{"a forged left entry is never read", "10.1.1.1:80", []string{"6.6.6.6, 198.51.100.7"}, true, "198.51.100.7"},
		{"two trusted hops", "10.1.1.1:80", []string{"6.6.6.6, 198.51.100.7, 192.168.1.5"}, true, "198.51.100.7"},
		{"several headers read as one list", "10.1.1.1:80", []string{"6.6.6.6", "198.51.100.7, 10.2.2.2"}, true, "198.51.100.7"},
		{"garbage stops at the last trusted hop", "10.1.1.1:80", []string{"198.51.100.7, " + strings.Repeat("x", 4096)}, true, "10.1.1.1"},
		{"garbage behind a trusted hop", "10.1.1.1:80", []string{"<script>, 10.3.3.3"}, true, "10.3.3.3"},
		{"only trusted hops: the leftmost", "10.1.1.1:80", []string{"10.9.9.9"}, true, "10.9.9.9"},
		{"IPv6 client", "[::ffff:10.1.1.1]:80", []string{"2001:db8::1"}, true, "2001:db8::1"},
		{"no header from a proxy", "10.1.1.1:80", nil, true, "10.1.1.1"},
	}
	for _, c := range cases {
		s := &Server{}
		if c.trusted {
			s.TrustedProxies = proxies
		}
		r := httptest.NewRequest("GET", "/api/health", nil)
		r.RemoteAddr = c.peer
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := s.clientAddr(r); got != c.want {
			t.Errorf("%s: client %q, want %q", c.name, got, c.want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "not-an-ip", "1.2.3.4/x"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("ParseTrustedProxies(%q) accepted", bad)
		}
	}
}
