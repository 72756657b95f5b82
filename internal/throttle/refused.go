package throttle

import (
	"fmt"
	"math"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// Refused is the error of an attempt a throttle refused: TooManyAttempts
// with code (such as "auth.throttled"), the wait in whole seconds as
// retry_after_seconds, and the English "Too many failed attempts. Try again
// in …". The HTTP layer sends the wait as Retry-After.
func Refused(code string, wait time.Duration) *apperr.Error {
	secs := int(math.Ceil(wait.Seconds()))
	e := apperr.New(apperr.TooManyAttempts, code, apperr.Params{"retry_after_seconds": secs},
		fmt.Sprintf("Too many failed attempts. Try again in %s.", waitPhrase(secs)))
	e.RetryAfter = wait
	return e
}

// waitPhrase words a wait: seconds under a minute, else whole minutes rounded up.
func waitPhrase(secs int) string {
	if secs < 60 {
		return fmt.Sprintf("%d seconds", secs)
	}
	m := (secs + 59) / 60
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
