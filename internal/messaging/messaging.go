// Package messaging holds staff notifications (and, later, chat).
package messaging

import (
	"context"
	"time"
)

// Notification kinds (SPEC §1): someone sent a message, uploaded a zip file
// of a type, or started a new topic. Params carry "name" and "type".
const (
	KindMessage   = "message"
	KindZipUpload = "zip_upload"
	KindTopic     = "topic"
)

// Notification is one entry in a user's notification list.
type Notification struct {
	ID        int64             `json:"id"`
	Kind      string            `json:"kind"`
	Params    map[string]string `json:"params"`
	Read      bool              `json:"read"`
	CreatedAt time.Time         `json:"created_at"`
}

// Service lists notifications and records them.
type Service interface {
	// List returns a user's newest notifications (at most limit) and how many are unread.
	List(ctx context.Context, userID int64, limit int) ([]Notification, int, error)
	// MarkRead marks the given notifications (all, when ids is empty) read.
	MarkRead(ctx context.Context, userID int64, ids []int64) error
	// Notify records a notification for every active user but the actor.
	Notify(ctx context.Context, actorID int64, kind string, params map[string]string) error
}
