package storage

import (
	"context"
	"sort"
	"time"

	"github.com/packline/packline/internal/throttle"
)

// AttemptStages counts one attempt on each stage's keys in turn, in one
// transaction holding every row lock it takes, and stops at the first stage
// that refuses: a later stage counts only attempts every earlier stage
// admitted. It returns the longest wait of the refusing stage (0: admitted
// by all). The time clock uses it so that a guess already refused for one
// kiosk does not also use up the employee's allowance across all kiosks.
func (s *ThrottleStore) AttemptStages(ctx context.Context, stages ...[]throttle.Key) (time.Duration, error) {
	var wait time.Duration
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		wait = 0
		for _, stage := range stages {
			// One order within a stage, so that two attempts never deadlock.
			keys := append([]throttle.Key(nil), stage...)
			sort.Slice(keys, func(i, j int) bool { return keys[i].Name < keys[j].Name })
			for _, k := range keys {
				st, err := lockThrottle(ctx, tx, k.Name)
				if err != nil {
					return err
				}
				next, w := k.Policy.Admit(st, tx.Now)
				if err := saveThrottle(ctx, tx, k.Name, next); err != nil {
					return err
				}
				wait = max(wait, w)
			}
			if wait > 0 {
				return nil
			}
		}
		return nil
	})
	return wait, err
}
