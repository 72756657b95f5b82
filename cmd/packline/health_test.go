package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// health exits 0 for a server that answers healthy and 1 (an error) for one
// that answers otherwise or not at all; an unspecified listen address is asked
// on the loopback, as a container's health check asks its own server.
func TestHealthCommand(t *testing.T) {
	t.Parallel()
	healthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/health" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(`{"status":"ok","version":"v9","schema_version":97}`))
	}))
	defer healthy.Close()
	sick := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"status":"unavailable","version":"v9"}`))
	}))
	defer sick.Close()
	addr := strings.TrimPrefix(healthy.URL, "http://")
	port := addr[strings.LastIndex(addr, ":"):]

	var out bytes.Buffer
	if err := Main(context.Background(), []string{"health", "--addr", addr}, &out, &out, nil); err != nil || !strings.Contains(out.String(), "healthy: packline v9, schema version 97") {
		t.Fatalf("healthy server: %v %q", err, out.String())
	}
	if err := Main(context.Background(), []string{"health", "--addr", "0.0.0.0" + port}, &out, &out, nil); err != nil {
		t.Fatalf("0.0.0.0 is asked on the loopback: %v", err)
	}
	if err := Main(context.Background(), []string{"health", "--addr", strings.TrimPrefix(sick.URL, "http://")}, &out, &out, nil); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("sick server: %v", err)
	}
	sick.Close()
	if err := Main(context.Background(), []string{"health", "--addr", strings.TrimPrefix(sick.URL, "http://")}, &out, &out, nil); err == nil {
		t.Fatal("a server that is not there is healthy")
	}
}
