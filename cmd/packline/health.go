package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// runHealth asks a running server's /api/health, for a container's health
// check (no shell or curl needed): nil when it answers healthy, an error
// (exit code 1) saying why otherwise.
func runHealth(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("health", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address the server listens on (its --addr); 0.0.0.0 and :: are asked on the loopback")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := parse(fs, args); err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return fmt.Errorf("--addr: %w", err)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/api/health", nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("unhealthy: %w", err)
	}
	defer res.Body.Close()
	var h struct {
		Status        string `json:"status"`
		Version       string `json:"version"`
		SchemaVersion int    `json:"schema_version"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<16)).Decode(&h); err != nil {
		return fmt.Errorf("unhealthy: HTTP %d, not a health answer: %w", res.StatusCode, err)
	}
	if res.StatusCode != http.StatusOK || h.Status != "ok" {
		return fmt.Errorf("unhealthy: HTTP %d, status %q", res.StatusCode, h.Status)
	}
	fmt.Fprintf(stdout, "healthy: packline %s, schema version %d\n", h.Version, h.SchemaVersion)
	return nil
}
