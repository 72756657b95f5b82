package httpapi

import (
	"net/http"
)

// handleInvFindBatches finds batches by code (a scanned label, a typed
// code), of one item when sku is given.
func (s *Server) handleInvFindBatches(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Inventory.FindBatches(r.Context(), queryText(r, "code"), queryText(r, "sku"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"batches": list})
}

// handleInvReceiptBatches lists the batches received together with one:
// the labels of a delivery.
func (s *Server) handleInvReceiptBatches(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	list, err := s.Inventory.ReceiptBatches(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"batches": list})
}
