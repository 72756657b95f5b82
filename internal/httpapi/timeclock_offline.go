package httpapi

import (
	"net/http"

	"github.com/packline/packline/internal/timeclock"
)

// The kiosk's offline punches: the key it seals them to while
// online, and the delivery of what it sealed once the network returns.

// handleKioskKey answers the server's offline punch key (public; the kiosk
// fetches it while online and keeps it; its service worker keeps a copy
// whatever the header says).
func (s *Server) handleKioskKey(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-store")
	return writeJSON(w, http.StatusOK, s.Timeclock.OfflineKey())
}

// offlinePunchInput is one sealed punch (timeclock.Sealed), base64url fields.
type offlinePunchInput struct {
	Key          string `json:"key" text:"raw"`
	KeyID        string `json:"key_id" text:"raw"`
	EphemeralKey string `json:"ephemeral_key" text:"raw"`
	IV           string `json:"iv" text:"raw"`
	Ciphertext   string `json:"ciphertext" text:"raw"`
}

type offlinePunchesInput struct {
	Punches []offlinePunchInput `json:"punches"`
}

// handleOfflinePunches judges the punches in the order sent and answers
// each ({results: [...]}, same order); see timeclock.Service.RecordOffline.
func (s *Server) handleOfflinePunches(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[offlinePunchesInput](w, r)
	if err != nil {
		return err
	}
	batch := make([]timeclock.Sealed, len(in.Punches))
	for i, p := range in.Punches {
		batch[i] = timeclock.Sealed{Key: p.Key, KeyID: p.KeyID, EphemeralKey: p.EphemeralKey, IV: p.IV, Ciphertext: p.Ciphertext}
	}
	results, err := s.Timeclock.RecordOffline(r.Context(), s.clientAddr(r), batch)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return writeJSON(w, http.StatusOK, map[string]any{"results": results})
}
