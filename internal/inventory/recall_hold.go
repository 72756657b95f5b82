package inventory

import (
	"context"
	"fmt"

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
	return apperr.New(apperr.Conflict, "batch.recalled",
		apperr.Params{"batch": b.Code, "batch_id": b.ID, "recall": h.Number, "recall_id": h.RecallID, "reason": h.Reason},
		fmt.Sprintf("Batch %s is held by recall %s (%s); release the recall before it is used or shipped.", b.Code, h.Number, h.Reason))
}
