package main

import (
	"io"
	"log/slog"

	"github.com/packline/packline/internal/reqid"
)

// newLogger writes JSON lines at level. Durations are written as durations
// ("1m0s", "2.5ms"), not as the nanosecond counts slog would give.
func newLogger(w io.Writer, level slog.Leveler) *slog.Logger {
	// Lines logged with a request's context name the request (reqid).
	return slog.New(reqid.Handler{Handler: slog.NewJSONHandler(w, &slog.HandlerOptions{
		Level: level,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Value.Kind() == slog.KindDuration {
				a.Value = slog.StringValue(a.Value.Duration().String())
			}
			return a
		},
	})})
}
