package inventory

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
)

// RecallHold is an open recall that holds a batch: the recalled batch or
// one made from it. While it is open the batch is neither consumed by
// production nor shipped (batch.recalled); released, it moves again.
type RecallHold struct {
	RecallID int64
	Number   string
	Reason   string
}

// checkHold refuses a consume or ship move of a batch an open recall holds
// (409 batch.recalled naming the recall).
func checkHold(ctx context.Context, tx Tx, b *Batch, reason string) error {
	if reason != ReasonConsume && reason != ReasonShip {
		return nil
	}
	h, err := tx.RecallHold(ctx, b.ID)
	if err != nil || h == nil {
		return err
	}
	return errHeld(b, h)
}

func errHeld(b *Batch, h *RecallHold) *apperr.Error {
	return apperr.New(apperr.Conflict, "batch.recalled",
		apperr.Params{"batch": b.Code, "batch_id": b.ID, "recall": h.Number, "recall_id": h.RecallID, "reason": h.Reason},
		fmt.Sprintf("Batch %s is held by recall %s (%s); release the recall before it is used or shipped.", b.Code, h.Number, h.Reason))
}

// MaxExpiredReason is how long the reason for using an expired batch may be.
const MaxExpiredReason = 300

// ExpiredUse is what a shipment line or a production pick says to use a
// batch that has expired: a confirmation and why, recorded with the line or
// the move.
type ExpiredUse struct {
	AllowExpired bool   `json:"allow_expired"`
	Reason       string `json:"reason"`
}

// Validate trims the reason and checks it (field.too_long on field.reason);
// a reason without the confirmation, or the confirmation without a reason,
// is field.required.
func (u *ExpiredUse) Validate(field string) error {
	u.Reason = strings.TrimSpace(u.Reason)
	if utf8.RuneCountInString(u.Reason) > MaxExpiredReason {
		return apperr.TooLong(field+".reason", MaxExpiredReason)
	}
	if u.AllowExpired && u.Reason == "" {
		return apperr.Required(field+".reason", "Say why an expired batch is used.")
	}
	if !u.AllowExpired && u.Reason != "" {
		return apperr.Required(field+".allow_expired", "A reason is given only with allow_expired.")
	}
	return nil
}

// Expired reports whether the batch has expired before day (a date): it is
// good through its expiry date.
func (b *Batch) Expired(day string) bool { return b.ExpiresAt != nil && *b.ExpiresAt < day }

// CheckExpiry refuses a batch expired before day (409 batch.expired, on
// field) unless u confirms its use.
func CheckExpiry(code string, batchID int64, expiresAt *string, day string, u ExpiredUse, field string) error {
	if expiresAt == nil || *expiresAt >= day || u.AllowExpired {
		return nil
	}
	return apperr.New(apperr.Conflict, "batch.expired",
		apperr.Params{"batch": code, "batch_id": batchID, "expires_at": *expiresAt, "date": day},
		fmt.Sprintf("Batch %s expired on %s, before %s; confirm with a reason to use it anyway.", code, *expiresAt, day)).OnField(field)
}

// CheckPlanned reads a batch planned for use on day (a shipment's line):
// nil when there is none; 409 batch.recalled when an open recall holds it,
// 409 batch.expired when it expired before day and u does not confirm it.
func CheckPlanned(ctx context.Context, tx Tx, batchID int64, day string, u ExpiredUse, field string) (*Batch, error) {
	b, err := tx.Batch(ctx, batchID)
	if err != nil || b == nil {
		return nil, err
	}
	h, err := tx.RecallHold(ctx, batchID)
	if err != nil {
		return nil, err
	}
	if h != nil {
		return nil, errHeld(b, h).OnField(field)
	}
	return b, CheckExpiry(b.Code, b.ID, b.ExpiresAt, day, u, field)
}
