package messaging

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
)

// Topic is a chat channel.
type Topic struct {
	ID            int64      `json:"id"`
	Name          string     `json:"name"`
	CreatedBy     Person     `json:"created_by"`
	CreatedAt     time.Time  `json:"created_at"`
	LastMessageAt *time.Time `json:"last_message_at"`
	Unread        int        `json:"unread"` // messages after the user's read mark
	LastReadID    int64      `json:"last_read_id"`
}

// Message is one chat message; a deleted one keeps its place with no text.
type Message struct {
	ID        int64      `json:"id"`
	TopicID   int64      `json:"topic_id"`
	Author    Person     `json:"author"`
	Text      string     `json:"text"`
	CreatedAt time.Time  `json:"created_at"`
	EditedAt  *time.Time `json:"edited_at"`
	Deleted   bool       `json:"deleted"`
}

// Chat limits.
const (
	MaxTopicName    = 80
	MaxMessage      = 4000
	DefaultMessages = 50
	MaxMessages     = 200
	EditWindow      = 10 * time.Minute // one's own message may be edited or deleted this long
)

// Errors of the chat.
var (
	ErrTopicNotFound   = apperr.New(apperr.NotFound, "chat.topic_not_found", nil, "No such topic.")
	ErrMessageNotFound = apperr.New(apperr.NotFound, "chat.message_not_found", nil, "No such message.")
	ErrNotAuthor       = apperr.New(apperr.Forbidden, "chat.not_author", nil, "Only its author may change a message.")
	ErrEditWindow      = apperr.New(apperr.Conflict, "chat.edit_window_over", apperr.Params{"minutes": int(EditWindow.Minutes())},
		fmt.Sprintf("A message can be changed only within %d minutes of sending it.", int(EditWindow.Minutes())))
	ErrMessageDeleted = apperr.New(apperr.Conflict, "chat.message_deleted", nil, "The message was deleted.")
)

func checkTopicName(name string) error {
	if strings.TrimSpace(name) == "" {
		return apperr.Required("name", "A topic needs a name.")
	}
	if err := text.Name("name", name); err != nil {
		return err
	}
	if utf8.RuneCountInString(name) > MaxTopicName {
		return apperr.New(apperr.Invalid, "chat.topic_name_too_long", apperr.Params{"max": MaxTopicName},
			fmt.Sprintf("A topic name has at most %d characters.", MaxTopicName)).OnField("name")
	}
	return nil
}

func checkMessage(s string) error {
	if strings.TrimSpace(s) == "" {
		return apperr.New(apperr.Invalid, "chat.message_empty", nil, "A message needs some text.").OnField("text")
	}
	if utf8.RuneCountInString(s) > MaxMessage {
		return apperr.New(apperr.Invalid, "chat.message_too_long", apperr.Params{"max": MaxMessage},
			fmt.Sprintf("A message has at most %d characters.", MaxMessage)).OnField("text")
	}
	return nil
}

// ErrTopicTaken is the store's answer when another topic has the name.
var ErrTopicTaken = errors.New("messaging: topic name taken")

// CreateTopic adds a topic and tells every other user "started a new topic".
func (s *Service) CreateTopic(ctx context.Context, by Person, name string) (*Topic, error) {
	if err := checkTopicName(name); err != nil {
		return nil, err
	}
	t, err := s.store.CreateTopic(ctx, by.ID, name)
	if errors.Is(err, ErrTopicTaken) {
		err = apperr.New(apperr.Conflict, "chat.topic_exists", nil, "A topic with that name exists.").OnField("name")
	}
	if err != nil {
		return nil, err
	}
	err = s.Send(ctx, NewNotification{ActorID: by.ID, Kind: KindTopic, Link: TopicLink(t.ID),
		Params: map[string]string{"name": by.Name, "topic": t.Name}})
	return t, err
}

// Topics lists the topics with the user's unread counts.
func (s *Service) Topics(ctx context.Context, userID int64) ([]Topic, error) {
	return s.store.Topics(ctx, userID)
}

// Post adds a message to a topic and tells each colleague it @mentions
// "sent a message".
func (s *Service) Post(ctx context.Context, by Person, topicID int64, msg string) (*Message, error) {
	if err := checkMessage(msg); err != nil {
		return nil, err
	}
	t, err := s.store.Topic(ctx, topicID)
	if err != nil {
		return nil, err
	}
	m, err := s.store.PostMessage(ctx, by.ID, topicID, msg)
	if err != nil {
		return nil, err
	}
	// The author has read their own message.
	if err := s.store.MarkTopicRead(ctx, by.ID, topicID, m.ID); err != nil {
		return m, err
	}
	if !strings.Contains(msg, "@") {
		return m, nil
	}
	people, err := s.store.People(ctx)
	if err != nil {
		return m, err
	}
	to := Mentions(msg, people, by.ID)
	err = s.Send(ctx, NewNotification{ActorID: by.ID, Kind: KindMessage, To: to, Link: TopicLink(topicID),
		Params: map[string]string{"name": by.Name, "topic": t.Name}})
	return m, err
}

// Messages returns a topic's messages before a message id (0: the newest),
// newest first; a limit outside 1..MaxMessages means DefaultMessages.
func (s *Service) Messages(ctx context.Context, topicID, before int64, limit int) ([]Message, error) {
	if _, err := s.store.Topic(ctx, topicID); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > MaxMessages {
		limit = DefaultMessages
	}
	return s.store.Messages(ctx, topicID, before, limit)
}

// MarkTopicRead records that the user has read a topic up to a message (0:
// its newest).
func (s *Service) MarkTopicRead(ctx context.Context, userID, topicID, upTo int64) error {
	t, err := s.store.Topic(ctx, topicID)
	if err != nil {
		return err
	}
	if upTo <= 0 {
		ms, err := s.store.Messages(ctx, t.ID, 0, 1)
		if err != nil || len(ms) == 0 {
			return err
		}
		upTo = ms[0].ID
	}
	return s.store.MarkTopicRead(ctx, userID, topicID, upTo)
}

// ownRecent returns a message the user may still change: their own, not
// deleted, sent within EditWindow of the Calendar's now.
func (s *Service) ownRecent(ctx context.Context, userID, id int64) (*Message, error) {
	m, err := s.store.Message(ctx, id)
	if err != nil {
		return nil, err
	}
	switch {
	case m.Author.ID != userID:
		return nil, ErrNotAuthor
	case m.Deleted:
		return nil, ErrMessageDeleted
	case s.cal.Now().Sub(m.CreatedAt) > EditWindow:
		return nil, ErrEditWindow
	}
	return m, nil
}

// Edit changes the text of one's own message within EditWindow.
func (s *Service) Edit(ctx context.Context, userID, id int64, msg string) (*Message, error) {
	if err := checkMessage(msg); err != nil {
		return nil, err
	}
	if _, err := s.ownRecent(ctx, userID, id); err != nil {
		return nil, err
	}
	return s.store.EditMessage(ctx, id, msg)
}

// Delete removes one's own message within EditWindow.
func (s *Service) Delete(ctx context.Context, userID, id int64) error {
	if _, err := s.ownRecent(ctx, userID, id); err != nil {
		return err
	}
	_, err := s.store.DeleteMessage(ctx, id)
	return err
}

// Mentions returns the people (not the author) a message names with
// "@First Last" or "@First", case-insensitively; a first name shared by
// several people mentions only those whose full name follows.
func Mentions(msg string, people []Person, author int64) []int64 {
	lower := strings.ToLower(msg)
	byFirst := map[string]int{}
	for _, p := range people {
		byFirst[firstWord(strings.ToLower(p.Name))]++
	}
	seen := map[int64]bool{}
	for _, p := range people {
		if p.ID == author || p.Name == "" {
			continue
		}
		full := strings.ToLower(p.Name)
		first := firstWord(full)
		if mentioned(lower, full) || (byFirst[first] == 1 && mentioned(lower, first)) {
			seen[p.ID] = true
		}
	}
	out := make([]int64, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func firstWord(s string) string {
	if i := strings.IndexFunc(s, unicode.IsSpace); i > 0 {
		return s[:i]
	}
	return s
}

// mentioned reports whether msg holds "@"+name not followed by a letter or digit.
func mentioned(msg, name string) bool {
	for i := 0; ; {
		j := strings.Index(msg[i:], "@"+name)
		if j < 0 {
			return false
		}
		end := i + j + 1 + len(name)
		r, _ := utf8.DecodeRuneInString(msg[end:])
		if end == len(msg) || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return true
		}
		i = i + j + 1
	}
}
