package storage

import (
	"context"

	"github.com/packline/packline/internal/timeclock"
)

// MarkForgotten implements timeclock.Tx: the shift's row in
// forgotten_clockouts is written only while the shift is still open, and at
// most once (its key is the employee and the shift's start; a second
// instance's insert waits for the first and then does nothing).
func (t clockTx) MarkForgotten(ctx context.Context, o timeclock.OpenShift) (bool, error) {
	return rowsChanged(t.tx.Exec(ctx, `INSERT INTO forgotten_clockouts (employee_id, clocked_in_at, notified_at)
		SELECT id, last_event_at, ? FROM employees WHERE id = ? AND clock_status = ? AND last_event_at = ?
		ON CONFLICT (employee_id, clocked_in_at) DO NOTHING`,
		Millis(t.tx.Now), o.EmployeeID, timeclock.ClockedIn, Millis(o.Since)))
}
