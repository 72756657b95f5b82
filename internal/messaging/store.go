package messaging

import (
	"context"
	"time"
)

// Store keeps notifications, the chat and the event log. Every write that
// others should see live records its events in the same transaction, and
// storage publishes them to every instance's Hub once committed.
type Store interface {
	// List returns a page of a user's notifications, newest first.
	List(ctx context.Context, userID int64, f Filter) (Page, error)
	// MarkRead marks the given notifications (all, when ids is empty) read
	// and returns the unread count left.
	MarkRead(ctx context.Context, userID int64, ids []int64) (int, error)
	// Notify records a notification for its recipients (but not for one
	// who got a notice with n.Once within n.Period).
	Notify(ctx context.Context, n NewNotification) error
	// PurgeNotifications deletes the read notifications created before
	// cutoff.
	PurgeNotifications(ctx context.Context, cutoff time.Time) (int64, error)

	// EventsSince returns the stored events a user may see after id, oldest
	// first, at most limit.
	EventsSince(ctx context.Context, userID, after int64, limit int) ([]Event, error)
	// LastEventID is the newest stored event's id (0 when none).
	LastEventID(ctx context.Context) (int64, error)
	// PublishEphemeral sends an event to every instance without storing it.
	PublishEphemeral(ctx context.Context, ev Event) error
	// SaveTicket stores a stream ticket's hash for a token's hash.
	SaveTicket(ctx context.Context, ticketHash, tokenHash string, expires time.Time) error
	// UseTicket deletes an unexpired ticket and returns its token's hash; ok
	// is false for an unknown, used or expired ticket.
	UseTicket(ctx context.Context, ticketHash string) (tokenHash string, ok bool, err error)
	// PurgeEvents deletes events and tickets older than cutoff.
	PurgeEvents(ctx context.Context, cutoff time.Time) (int64, error)

	// People lists the active users (for mentions and names).
	People(ctx context.Context) ([]Person, error)
	// CreateTopic adds a topic with its event (ErrTopicTaken when another
	// topic has the name, ignoring case).
	CreateTopic(ctx context.Context, by int64, name string) (*Topic, error)
	// Topics lists the topics, most recently active first, with the user's unread counts.
	Topics(ctx context.Context, userID int64) ([]Topic, error)
	// Topic returns one topic; ErrTopicNotFound when there is none.
	Topic(ctx context.Context, id int64) (*Topic, error)
	// PostMessage adds a message to a topic with its event.
	PostMessage(ctx context.Context, by int64, topicID int64, text string) (*Message, error)
	// Messages returns a topic's messages before id (0: the newest), newest first.
	Messages(ctx context.Context, topicID, before int64, limit int) ([]Message, error)
	// Message returns one message; ErrMessageNotFound when there is none.
	Message(ctx context.Context, id int64) (*Message, error)
	// EditMessage changes a message's text; DeleteMessage marks it deleted
	// (text emptied); each with its event.
	EditMessage(ctx context.Context, id int64, text string) (*Message, error)
	DeleteMessage(ctx context.Context, id int64) (*Message, error)
	// MarkTopicRead records that a user has read a topic up to a message.
	MarkTopicRead(ctx context.Context, userID, topicID, upTo int64) error
}
