// Package every runs a background job on a schedule until its context ends:
// the backups, the mail outbox's retries and the document purge.
package every

import (
	"context"
	"time"
)

// Run calls job once first has passed, then again each interval after the
// previous call returned (a slow job never queues runs up), until ctx ends.
func Run(ctx context.Context, first, interval time.Duration, job func(context.Context)) {
	t := time.NewTimer(first)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		job(ctx)
		t.Reset(interval)
	}
}
