package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestLogDurationsAreReadable(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	newLogger(&b, slog.LevelInfo).Warn("sign-in throttled", "retry_after", time.Minute, "duration", 2500*time.Microsecond)
	got := b.String()
	if !strings.Contains(got, `"retry_after":"1m0s"`) || !strings.Contains(got, `"duration":"2.5ms"`) {
		t.Fatalf("log line %s: want durations written as durations", got)
	}
}
