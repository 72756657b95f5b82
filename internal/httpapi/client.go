package httpapi

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies reads a comma-separated list of CIDR ranges or single
// addresses (the --trusted-proxies flag): the load balancers whose
// X-Forwarded-For entries are believed.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: not a CIDR range", part)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: not an IP address or CIDR range", part)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr is the client's IP address, the key of the throttles. It is the
// connection's peer, unless the peer is a trusted proxy: then
// X-Forwarded-For is walked from the right (the entries the trusted proxies
// appended) to the first address that is not a trusted proxy. A client can
// write anything at the left of that header, so nothing left of that
// address is read; an entry that is not an IP address ends the walk at the
// last trusted hop, so garbage never becomes a key.
// fromTrustedProxy says whether the request's peer is one of the trusted
// proxies, whose headers (X-Forwarded-For, X-Request-Id) are believed.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	peer, _, ok := connPeer(r)
	return ok && len(s.TrustedProxies) > 0 && s.trusted(peer)
}

// connPeer is the address of the connection's other end; ok false when it
// is not an IP address (a test's pipe), with the raw host instead.
func connPeer(r *http.Request) (peer netip.Addr, host string, ok bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err = netip.ParseAddr(host)
	return peer.Unmap(), host, err == nil
}

func (s *Server) clientAddr(r *http.Request) string {
	client, host, ok := connPeer(r)
	if !ok {
		return host // not a TCP peer (a test's pipe); never a header's word
	}
	if len(s.TrustedProxies) == 0 || !s.trusted(client) {
		return client.String()
	}
	entries := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(entries) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(entries[i]))
		if err != nil {
			break
		}
		client = a.Unmap().WithZone("")
		if !s.trusted(client) {
			break
		}
	}
	return client.String()
}
