package every

import (
	"context"
	"testing"
	"time"
)

// The job runs after the first wait, then every interval, and Run returns
// when the context ends.
func TestRunRepeatsUntilTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := make(chan time.Time, 10)
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		Run(ctx, 0, 10*time.Millisecond, func(context.Context) { calls <- time.Now() })
	}()
	for i := range 3 {
		select {
		case at := <-calls:
			if i > 0 && at.Sub(start) < time.Duration(i)*10*time.Millisecond {
				t.Fatalf("call %d came after %v, before its interval", i, at.Sub(start))
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("call %d never came", i)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return when the context ended")
	}
}

// A context that has ended before the first wait is over runs nothing.
func TestRunEndedContextRunsNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	Run(ctx, time.Hour, time.Hour, func(context.Context) { t.Fatal("job ran") })
}
