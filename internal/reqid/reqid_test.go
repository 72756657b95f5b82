package reqid

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func TestValid(t *testing.T) {
	for id, want := range map[string]bool{
		"abc-123_X.y:z": true, "": false, strings.Repeat("a", MaxLen): true, strings.Repeat("a", MaxLen+1): false,
		"a b": false, "a\nb": false, "a\"b": false, "ü": false,
	} {
		if Valid(id) != want {
			t.Errorf("Valid(%q) = %v, want %v", id, !want, want)
		}
	}
	if id := New(); !Valid(id) || len(id) != 16 || id == New() {
		t.Fatalf("New() = %q", id)
	}
}

func TestHandlerNamesTheRequest(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(Handler{slog.NewTextHandler(&buf, nil)}).With("area", "x")
	log.ErrorContext(With(context.Background(), "req-1"), "failed")
	log.Error("no request")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "request_id=req-1") || strings.Contains(lines[1], "request_id") {
		t.Fatalf("log:\n%s", buf.String())
	}
}
