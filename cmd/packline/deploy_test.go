package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// deploy/compose.yaml cannot be run here (its images cannot be pulled), so it
// is held to what it promises: PostgreSQL and two Packline instances behind
// Caddy, every PACKLINE_ variable it sets a real flag of serve, the proxy
// trusted, the public URL and SMTP shown, the Caddyfile naming both instances.
func TestComposeFile(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../deploy/compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var compose struct {
		Services map[string]struct {
			Image       string
			Environment map[string]string
			DependsOn   any `yaml:"depends_on"`
		}
	}
	if err := yaml.Unmarshal(raw, &compose); err != nil {
		t.Fatalf("deploy/compose.yaml: %v", err)
	}
	var help bytes.Buffer
	_ = Main(context.Background(), []string{"serve", "-h"}, &help, &help, nil)
	for _, name := range []string{"postgres", "packline-1", "packline-2", "caddy"} {
		if _, ok := compose.Services[name]; !ok {
			t.Errorf("no service %s", name)
		}
	}
	for _, name := range []string{"packline-1", "packline-2"} {
		s := compose.Services[name]
		if !strings.Contains(s.Image, "packline") {
			t.Errorf("%s runs %q", name, s.Image)
		}
		for _, want := range []string{"PACKLINE_DB", "PACKLINE_TRUSTED_PROXIES", "PACKLINE_PUBLIC_URL", "PACKLINE_SMTP_URL", "PACKLINE_SECRET_FILE"} {
			if s.Environment[want] == "" {
				t.Errorf("%s does not set %s", name, want)
			}
		}
		if !strings.HasPrefix(s.Environment["PACKLINE_DB"], "postgres://") {
			t.Errorf("%s is not on PostgreSQL", name)
		}
		for key := range s.Environment {
			flag := "-" + strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(key, "PACKLINE_")), "_", "-") + " "
			if !strings.Contains(help.String(), flag) {
				t.Errorf("%s sets %s, which is no flag of serve", name, key)
			}
		}
	}
	caddy, err := os.ReadFile("../../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"packline-1:8080", "packline-2:8080", "health_uri /api/health", "flush_interval -1"} {
		if !strings.Contains(string(caddy), want) {
			t.Errorf("the Caddyfile lacks %q", want)
		}
	}
}
