package storage

import (
	"fmt"
	"math"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// tooMany is the old check-then-count throttle's refusal, still used by the
// kiosk PIN check until it moves to internal/throttle (issue 9 item 2).
// Sign-in uses accounts.Service's throttle. Delete this file with Throttle.
func tooMany(left time.Duration) error {
	secs := int(math.Ceil(left.Seconds()))
	e := apperr.Errorf(apperr.TooManyAttempts, "Too many failed attempts. Try again in %s.", legacyHumanDuration(secs))
	e.RetryAfter = left
	return e
}

func legacyHumanDuration(secs int) string {
	if secs < 60 {
		return fmt.Sprintf("%d seconds", secs)
	}
	m := (secs + 59) / 60
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
