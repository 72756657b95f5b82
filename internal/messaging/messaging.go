// Package messaging holds staff notifications (and, later, chat).
package messaging

import (
	"context"
	"fmt"
	"time"

	"github.com/packline/packline/internal/apperr"
)

// Notification kinds (SPEC §1): someone sent a message, uploaded a zip file
// of a type, or started a new topic. Params carry "name" and "type".
const (
	KindMessage   = "message"
	KindZipUpload = "zip_upload"
	KindTopic     = "topic"
	// KindPINGuessing: someone is guessing the PIN of the employee "name"
	// (the time clock's employee-wide limit was reached).
	KindPINGuessing = "pin_guessing"
)

// Notification is one entry in a user's notification list.
type Notification struct {
	ID        int64             `json:"id"`
	Kind      string            `json:"kind"`
	Params    map[string]string `json:"params"`
	Read      bool              `json:"read"`
	CreatedAt time.Time         `json:"created_at"`
}

// Limits of the notification list.
const (
	DefaultList = 20
	MaxList     = 100
	MaxMarkRead = 500 // notifications marked read in one request
)

// Store keeps notifications.
type Store interface {
	// List returns a user's newest notifications (at most limit) and how many are unread.
	List(ctx context.Context, userID int64, limit int) ([]Notification, int, error)
	// MarkRead marks the given notifications (all, when ids is empty) read.
	MarkRead(ctx context.Context, userID int64, ids []int64) error
	// NotifyAll records a notification for every active user but the actor.
	NotifyAll(ctx context.Context, actorID int64, kind string, params map[string]string) error
}

// Service lists notifications and records them.
type Service struct{ store Store }

// NewService returns the notification service over store.
func NewService(store Store) *Service { return &Service{store: store} }

// List returns a user's newest notifications and how many are unread; a
// limit outside 1..MaxList means DefaultList.
func (s *Service) List(ctx context.Context, userID int64, limit int) ([]Notification, int, error) {
	if limit <= 0 || limit > MaxList {
		limit = DefaultList
	}
	return s.store.List(ctx, userID, limit)
}

// MarkRead marks the given notifications (all, when ids is empty) read, at
// most MaxMarkRead at once.
func (s *Service) MarkRead(ctx context.Context, userID int64, ids []int64) error {
	if len(ids) > MaxMarkRead {
		return apperr.New(apperr.Invalid, "notifications.too_many", apperr.Params{"max": MaxMarkRead},
			fmt.Sprintf("At most %d notifications at once.", MaxMarkRead)).OnField("ids")
	}
	return s.store.MarkRead(ctx, userID, ids)
}

// Notify records a notification of a known kind for every active user but
// the actor.
func (s *Service) Notify(ctx context.Context, actorID int64, kind string, params map[string]string) error {
	switch kind {
	case KindMessage, KindZipUpload, KindTopic, KindPINGuessing:
	default:
		return fmt.Errorf("messaging: unknown notification kind %q", kind)
	}
	return s.store.NotifyAll(ctx, actorID, kind, params)
}
