package inventory

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/messaging"
)

// lowStock is the notice of a move (by the user by, nil when none is named)
// that has just taken it from above its reorder level to at or below it.
func lowStock(it *Item, by *int64) messaging.NewNotification {
	return messaging.LowStock(messaging.Actor(by), it.ID, it.SKU, it.Name, it.OnHand.String(), it.ReorderLevel.String(), it.Unit)
}

// The ledger's in-transaction entry points. The Service calls them in its own
// transactions; production and shipping call them inside theirs, so that a
// production entry and the stock it consumes and produces commit together.
// Each locks the item and then the batch it writes (see Tx), checks the rules
// under those locks and appends moves. Returned moves carry the batch code
// and the item's SKU, name and unit, but not the user's name.

// Record writes one move inside tx. No move may take a batch below zero, and
// an archived item takes no moves (Conflict). A count given as Counted (the
// quantity found) becomes the change from what the batch holds under lock.
func Record(ctx context.Context, tx Tx, n NewMove) (*Move, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	it, b, err := lockBatch(ctx, tx, n.BatchID)
	if err != nil {
		return nil, err
	}
	return record(ctx, tx, it, b, n)
}

// lockBatch locks a batch's item, then the batch.
func lockBatch(ctx context.Context, tx Tx, batchID int64) (*Item, *Batch, error) {
	itemID, err := tx.ItemOfBatch(ctx, batchID)
	if err != nil {
		return nil, nil, err
	}
	if itemID == 0 {
		return nil, nil, errBatchNotFound()
	}
	it, err := tx.LockItem(ctx, itemID)
	if err != nil {
		return nil, nil, err
	}
	if it == nil {
		return nil, nil, errItemNotFound()
	}
	b, err := tx.LockBatch(ctx, batchID)
	if err != nil {
		return nil, nil, err
	}
	if b == nil {
		return nil, nil, errBatchNotFound()
	}
	return it, b, nil
}

// record writes n to the locked b of the locked it.
func record(ctx context.Context, tx Tx, it *Item, b *Batch, n NewMove) (*Move, error) {
	delta, err := n.Signed()
	if err != nil {
		return nil, err
	}
	if it.Archived {
		return nil, errArchived(it)
	}
	if err := checkHold(ctx, tx, b, n.Reason); err != nil {
		return nil, err
	}
	m := &Move{Reason: n.Reason, Note: n.Note, UserID: n.UserID, Document: n.Document, CreatedAt: n.OccurredAt}
	if n.Reason == ReasonCount {
		counted := b.OnHand + delta
		if n.Counted != nil {
			counted = *n.Counted
			delta = counted - b.OnHand
		}
		m.Counted = &counted
	}
	m.Quantity = delta
	return appendMove(ctx, tx, it, b, m)
}

// appendMove checks the balance a move leaves and writes it, keeping it and
// b's on-hand in step.
func appendMove(ctx context.Context, tx Tx, it *Item, b *Batch, m *Move) (*Move, error) {
	after := b.OnHand + m.Quantity
	if after < 0 {
		return nil, errInsufficient(b, it.Unit, -m.Quantity)
	}
	if after > MaxQuantity {
		return nil, errTooMuch()
	}
	m.BatchID, m.ItemID, m.BalanceAfter = b.ID, it.ID, after
	m.BatchCode, m.ItemSKU, m.ItemName, m.ItemUnit = b.Code, it.SKU, it.Name, it.Unit
	if m.CreatedAt.IsZero() {
		m.CreatedAt = tx.Now()
	}
	m.CreatedAt = m.CreatedAt.UTC().Truncate(time.Millisecond)
	if err := tx.AppendMove(ctx, m); err != nil {
		if errors.Is(err, ErrDuplicate) && m.ReversesID != nil {
			return nil, errAlreadyReversed(*m.ReversesID, 0)
		}
		return nil, err
	}
	b.OnHand = after
	wasLow := it.IsLow()
	it.OnHand += m.Quantity
	if !wasLow && it.IsLow() {
		// Decided under the item's lock, which every move of it takes: of
		// concurrent moves exactly one sees the crossing.
		tx.Notice("low_stock:"+strconv.FormatInt(it.ID, 10), lowStock(it, m.UserID))
	}
	return m, nil
}

// Receive creates a batch of an item inside tx with its first move: a
// receive, or a produce when the source type is production. n.ReceivedAt
// must be set (the Service fills today); an empty code is generated from the
// SKU and the received date. A code the item already has, or an archived
// item, is a Conflict.
func Receive(ctx context.Context, tx Tx, itemID int64, n NewBatch, by Actor) (*Batch, *Move, error) {
	n.Normalize("")
	if err := n.Validate(); err != nil {
		return nil, nil, err
	}
	// The item's lock also makes its batch codes one transaction's at a time.
	it, err := tx.LockItem(ctx, itemID)
	if err != nil {
		return nil, nil, err
	}
	if it == nil {
		return nil, nil, errItemNotFound()
	}
	return receive(ctx, tx, it, n, by)
}

// receive adds a batch to the locked it.
func receive(ctx context.Context, tx Tx, it *Item, n NewBatch, by Actor) (*Batch, *Move, error) {
	if it.Archived {
		return nil, nil, errArchived(it)
	}
	b, m, err := newReceipt(it, n, by, tx.Now(), func(code string) (bool, error) {
		return tx.CodeTaken(ctx, it.ID, CodeKey(code), 0)
	})
	if err != nil {
		return nil, nil, err
	}
	if err := tx.InsertBatch(ctx, b, by.UserID); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return nil, nil, errCodeTaken(b.Code, it.SKU)
		}
		return nil, nil, err
	}
	m, err = appendMove(ctx, tx, it, b, m)
	if err != nil {
		return nil, nil, err
	}
	return b, m, nil
}

// newReceipt is the batch a validated n makes of it, with the move that
// brings its stock in: a receive, or a produce for production. An empty code
// is generated; taken reports whether the item has a code already.
func newReceipt(it *Item, n NewBatch, by Actor, now time.Time, taken func(code string) (bool, error)) (*Batch, *Move, error) {
	if n.Code == "" {
		var qerr error
		n.Code = GenerateCode(it.SKU, n.ReceivedAt, func(c string) bool {
			t, err := taken(c)
			if err != nil && qerr == nil {
				qerr = err
			}
			return t && qerr == nil
		})
		if qerr != nil {
			return nil, nil, qerr
		}
	} else if t, err := taken(n.Code); err != nil {
		return nil, nil, err
	} else if t {
		return nil, nil, errCodeTaken(n.Code, it.SKU)
	}
	at := n.OccurredAt
	if at.IsZero() {
		at = now
	}
	at = at.UTC().Truncate(time.Millisecond)
	b := &Batch{ItemID: it.ID, Code: n.Code, ReceivedAt: n.ReceivedAt, Source: n.Source,
		SourceType: n.SourceType, Notes: n.Notes, CreatedAt: at}
	if n.ExpiresAt != "" {
		e := n.ExpiresAt
		b.ExpiresAt = &e
	}
	reason := ReasonReceive
	if n.SourceType == SourceProduction {
		reason = ReasonProduce
	}
	m := &Move{Reason: reason, Quantity: n.Quantity, Note: n.Note, UserID: by.UserID, Document: n.Document, CreatedAt: at}
	return b, m, nil
}

// Reverse writes, inside tx, the move that undoes moveID: the opposite
// quantity on the same batch, pointing to it and keeping its document.
// Conflicts: the move was already reversed, is itself a reversal, changed
// nothing, its item is archived, or undoing it would take the batch below
// zero.
//
// It is the owners' entry point: a shipment's cancel and a production
// entry's reversal undo their own moves through it, inside their
// transaction. An undo on its own goes through Service.Reverse, which
// refuses owned moves.
func Reverse(ctx context.Context, tx Tx, moveID int64, note string, by Actor) (*Move, error) {
	return ReverseAt(ctx, tx, moveID, note, by, time.Time{})
}

// ReverseAt is Reverse stamped with when the undoing happened (the demo's
// history; server side only); zero means now.
func ReverseAt(ctx context.Context, tx Tx, moveID int64, note string, by Actor, at time.Time) (*Move, error) {
	return reverse(ctx, tx, moveID, note, by, at, true)
}

// reverse is Reverse; an owned move (see Owner) is refused (move.owned,
// nothing written) unless ownerUndo says its owner is undoing it.
func reverse(ctx context.Context, tx Tx, moveID int64, note string, by Actor, at time.Time, ownerUndo bool) (*Move, error) {
	note = strings.TrimSpace(note)
	if utf8.RuneCountInString(note) > MaxNote {
		return nil, errTooLong("note", "Note", MaxNote)
	}
	orig, err := tx.Move(ctx, moveID)
	if err != nil {
		return nil, err
	}
	if orig == nil {
		return nil, errMoveNotFound()
	}
	if orig.Reason == ReasonReversal {
		return nil, errReverseReversal()
	}
	// A move's document never changes: no lock is needed to decide this.
	if o := OwnerOf(orig.Document); o != nil && !ownerUndo {
		if orig.Owner != nil {
			o = orig.Owner
		}
		return nil, errOwned(o)
	}
	it, b, err := lockBatch(ctx, tx, orig.BatchID)
	if err != nil {
		return nil, err
	}
	// Every move of a batch is written under its lock: read again now that it
	// is held, and no other reversal of this move can be in flight.
	if orig, err = tx.Move(ctx, moveID); err != nil {
		return nil, err
	}
	if orig.ReversedByID != nil {
		return nil, errAlreadyReversed(moveID, *orig.ReversedByID)
	}
	if orig.Quantity == 0 {
		return nil, errNothingToUndo()
	}
	if it.Archived {
		return nil, errArchived(it)
	}
	if b.OnHand-orig.Quantity < 0 {
		return nil, errUndoInsufficient(b, it.Unit, orig.Quantity)
	}
	rid := moveID
	return appendMove(ctx, tx, it, b, &Move{Reason: ReasonReversal, Quantity: -orig.Quantity, Note: note,
		ReversesID: &rid, Document: orig.Document, UserID: by.UserID, CreatedAt: at})
}

// Pick is an amount to take from one batch.
type Pick struct {
	Batch    Batch    `json:"batch"`
	Quantity Quantity `json:"quantity"`
}

// SuggestPicks says where to take q of an item from, first expiring first
// (FEFO; batches without expiry last, older receipts first), inside tx. The
// item stays locked until the transaction ends, so the picks still hold when
// Take records them. Not enough stock in all is a Conflict.
func SuggestPicks(ctx context.Context, tx Tx, itemID int64, q Quantity) ([]Pick, error) {
	if q <= 0 {
		return nil, errInvalid("quantity", "quantity.not_positive", map[string]any{"field": "quantity"}, "Quantity must be more than zero.")
	}
	it, err := tx.LockItem(ctx, itemID)
	if err != nil {
		return nil, err
	}
	if it == nil {
		return nil, errItemNotFound()
	}
	if it.OnHand < q {
		return nil, errItemInsufficient(it, q)
	}
	batches, err := tx.StockedBatches(ctx, itemID)
	if err != nil {
		return nil, err
	}
	var picks []Pick
	left := q
	for _, b := range batches {
		if left == 0 {
			break
		}
		take := min(left, b.OnHand)
		picks = append(picks, Pick{Batch: b, Quantity: take})
		left -= take
	}
	if left > 0 {
		return nil, errItemInsufficient(it, q)
	}
	return picks, nil
}

// Take records taking q of an item (reason consume or ship) from its batches
// first expiring first, one move per batch, inside tx.
func Take(ctx context.Context, tx Tx, itemID int64, q Quantity, n NewMove) ([]*Move, error) {
	if n.Reason != ReasonConsume && n.Reason != ReasonShip {
		return nil, errChoice("reason", "Reason", []string{ReasonConsume, ReasonShip})
	}
	picks, err := SuggestPicks(ctx, tx, itemID, q)
	if err != nil {
		return nil, err
	}
	var out []*Move
	for _, p := range picks {
		n.BatchID, n.Quantity = p.Batch.ID, p.Quantity
		m, err := Record(ctx, tx, n)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
