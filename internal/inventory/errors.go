package inventory

import (
	"errors"
	"fmt"
	"strings"

	"github.com/packline/packline/internal/apperr"
)

// The errors the inventory returns, each with a stable code and the values
// its message names (docs/error-codes.md lists them for translators).

// ErrDuplicate is what a Store returns when a write hits a unique key (a SKU
// or a batch code taken by a concurrent writer); the Service words it.
var ErrDuplicate = errors.New("inventory: duplicate key")

func errItemNotFound() error {
	return apperr.New(apperr.NotFound, "item.not_found", nil, "Item not found.")
}

func errBatchNotFound() error {
	return apperr.New(apperr.NotFound, "batch.not_found", nil, "Batch not found.")
}

func errMoveNotFound() error {
	return apperr.New(apperr.NotFound, "move.not_found", nil, "Move not found.")
}

func errSKUTaken(sku string) error {
	return apperr.New(apperr.Conflict, "item.sku_taken", apperr.Params{"sku": sku},
		fmt.Sprintf("An item with SKU %s already exists.", sku)).OnField("sku")
}

func errCodeTaken(code, sku string) error {
	return apperr.New(apperr.Conflict, "batch.code_taken", apperr.Params{"code": code, "sku": sku},
		fmt.Sprintf("Batch code %s is already used for %s.", code, sku)).OnField("code")
}

func errHasStock(it *Item) error {
	return apperr.New(apperr.Conflict, "item.has_stock",
		apperr.Params{"item": it.Name, "on_hand": it.OnHand.String(), "unit": it.Unit},
		fmt.Sprintf("%s still has %s %s on hand. Use, adjust or count it to zero before archiving.", it.Name, it.OnHand, it.Unit))
}

func errArchived(it *Item) error {
	return apperr.New(apperr.Conflict, "item.archived", apperr.Params{"sku": it.SKU},
		fmt.Sprintf("Item %s is archived; restore it before recording stock.", it.SKU))
}

func errInsufficient(b *Batch, unit string, wanted Quantity) error {
	return apperr.New(apperr.Conflict, "stock.insufficient",
		apperr.Params{"batch": b.Code, "on_hand": b.OnHand.String(), "wanted": wanted.String(), "unit": unit},
		fmt.Sprintf("Not enough stock in batch %s: it has %s %s on hand, and this would take out %s %s.",
			b.Code, b.OnHand, unit, wanted, unit))
}

func errItemInsufficient(it *Item, wanted Quantity) error {
	return apperr.New(apperr.Conflict, "stock.item_insufficient",
		apperr.Params{"item": it.Name, "on_hand": it.OnHand.String(), "wanted": wanted.String(), "unit": it.Unit},
		fmt.Sprintf("Not enough %s: %s %s on hand, %s %s wanted.", it.Name, it.OnHand, it.Unit, wanted, it.Unit))
}

func errTooMuch() error {
	return apperr.New(apperr.Invalid, "stock.too_large", nil, "That would make the batch too large.").OnField("quantity")
}

func errAlreadyReversed(moveID, by int64) error {
	return apperr.New(apperr.Conflict, "move.already_reversed", apperr.Params{"move": moveID, "by": by},
		fmt.Sprintf("This move has already been reversed (by move %d).", by))
}

// errOwned refuses undoing on its own a move that o owns.
func errOwned(o *Owner) error {
	params := apperr.Params{"kind": o.Kind, "id": o.ID}
	msg := fmt.Sprintf("This move belongs to production entry %d: reverse the entry to undo it.", o.ID)
	switch {
	case o.Kind == OwnerShipment:
		params["number"] = o.Number
		msg = fmt.Sprintf("This move belongs to shipment %s: cancel the shipment to undo it.", o.Number)
	case o.Date != "":
		params["date"] = o.Date
		msg = fmt.Sprintf("This move belongs to the production entry of %s: reverse the entry to undo it.", o.Date)
	}
	return apperr.New(apperr.Conflict, "move.owned", params, msg)
}

func errReverseReversal() error {
	return apperr.New(apperr.Conflict, "move.is_reversal", nil,
		"A reversal cannot itself be reversed; record a new move instead.")
}

func errNothingToUndo() error {
	return apperr.New(apperr.Conflict, "move.nothing_to_undo", nil, "This move changed nothing, so there is nothing to undo.")
}

func errUndoInsufficient(b *Batch, unit string, wanted Quantity) error {
	return apperr.New(apperr.Conflict, "move.undo_insufficient",
		apperr.Params{"batch": b.Code, "on_hand": b.OnHand.String(), "wanted": wanted.String(), "unit": unit},
		fmt.Sprintf("Cannot undo: batch %s has only %s %s on hand and undoing this move takes out %s %s. Undo the later moves first.",
			b.Code, b.OnHand, unit, wanted, unit))
}

// Validation errors name their field; the code says what is wrong with it.
// They are apperr's field errors, worded with the field's label.

func errRequired(field, message string) error { return apperr.Required(field, message) }

func errTooLong(field, label string, max int) error {
	return apperr.TooLong(field, max, fmt.Sprintf("%s must be at most %d characters.", label, max))
}

func errChoice(field, label string, choices []string) error {
	return apperr.Choice(field, choices, fmt.Sprintf("%s must be one of %s.", label, strings.Join(choices, ", ")))
}

func errDate(field string) error { return apperr.Date(field) }

func errInvalid(field, code string, params apperr.Params, message string) error {
	return apperr.New(apperr.Invalid, code, params, message).OnField(field)
}

// ErrImportRejected is the error of an import with errors: nothing was
// written. The HTTP layer sends Preview with it.
type ImportRejected struct{ Preview *ImportPreview }

func (e *ImportRejected) Error() string {
	if len(e.Preview.Errors) > 0 {
		return fmt.Sprintf("%s Nothing was imported.", e.Preview.Errors[0].Message)
	}
	return fmt.Sprintf("The file has %d rows with errors; nothing was imported.", e.Preview.RowsWithErrors)
}

// Coded is the rejection as a coded error (import.rejected, 400).
func (e *ImportRejected) Coded() *apperr.Error {
	return apperr.New(apperr.Invalid, "import.rejected",
		apperr.Params{"rows": e.Preview.RowsWithErrors, "errors": len(e.Preview.Errors)}, e.Error())
}
