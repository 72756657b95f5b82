// Package effects names what a write in one area causes in another. A
// domain service's transaction (its Tx) embeds these ports and the service
// calls them where it decides the write, so reading a service shows
// everything the write causes; storage implements them on the same
// database transaction and never raises an effect on its own.
//
// The effects, and who calls them:
//   - Labour: a punch (clock in or out, a correction, a void) changes
//     production's labour of the days around it (timeclock.Service); a
//     production entry, its reversal and a line assignment change their
//     day's (production.Service).
//   - Notices: a stock move that takes an item down to its reorder level
//     (inventory.Record), a payment that completes an invoice
//     (payments.Service.RecordPayment) and a shift open past the maximum
//     (timeclock.Service.NoteForgottenClockOuts) notify staff.
package effects

import (
	"context"
	"time"

	"github.com/packline/packline/internal/messaging"
)

// Labour is production's labour cache, told what a write changed.
type Labour interface {
	// PunchesChanged says that punches at these instants were recorded,
	// moved or voided: the labour of every day they can reach
	// (production.LabourDaysAround: within production.LabourWindow, in any
	// time zone) is recomputed on its next read. Storage implements it as
	// production.PunchLabour, marking only the dates that rule gives.
	PunchesChanged(ctx context.Context, at ...time.Time) error
	// DaysChanged says that the labour of the dates from to to (inclusive,
	// 2006-01-02, the organisation's calendar) is recomputed on its next
	// read: their entries or line assignments changed.
	DaysChanged(ctx context.Context, from, to string) error
}

// Notices records notifications with the transaction: n is written, with
// each recipient's live event, just before the transaction commits, so a
// notification exists exactly when the write that raised it does. A key
// already noticed in this transaction is ignored (one low-stock notice per
// item); "" is never a duplicate.
type Notices interface {
	Notice(key string, n messaging.NewNotification)
}
