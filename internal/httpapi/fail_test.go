package httpapi

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request its client abandoned is not a server error: whatever the handler
// returns then is logged at debug level and answered 499, never 500; the same
// error on a live request is a 500 logged as an error.
func TestFailOnAbandonedRequestIsNotAServerError(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	h := s.serve(public, func(w http.ResponseWriter, r *http.Request) error {
		return errors.Join(errors.New("query failed"), r.Context().Err())
	})

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/chat/topics", nil).WithContext(ctx))
	if rec.Code != statusClientClosed || logs.Len() != 0 {
		t.Fatalf("abandoned: status %d, logged %q", rec.Code, logs.String())
	}

	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/chat/topics", nil))
	if rec.Code != http.StatusInternalServerError || !strings.Contains(logs.String(), "request failed") {
		t.Fatalf("live: status %d, logged %q", rec.Code, logs.String())
	}
}
