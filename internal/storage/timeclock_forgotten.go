package storage

import (
	"context"
	"strings"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/timeclock"
)

// NoteForgotten implements timeclock.Store: the shift's row in
// forgotten_clockouts is written only while the shift is still open, and at
// most once (its key is the employee and the shift's start; a second
// instance's insert waits for the first and then does nothing), and the
// admins' notification commits with it.
func (s *TimeclockStore) NoteForgotten(ctx context.Context, o timeclock.OpenShift, hours int) (bool, error) {
	noted := false
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `INSERT INTO forgotten_clockouts (employee_id, clocked_in_at, notified_at)
			SELECT id, last_event_at, ? FROM employees WHERE id = ? AND clock_status = ? AND last_event_at = ?
			ON CONFLICT (employee_id, clocked_in_at) DO NOTHING`,
			Millis(tx.Now), o.EmployeeID, timeclock.ClockedIn, Millis(o.Since))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		noted = true
		name := strings.TrimSpace(o.FirstName + " " + o.LastName)
		tx.Notice("", messaging.ForgottenClockOut(o.EmployeeID, name, o.Since, hours))
		return nil
	})
	return noted, err
}
