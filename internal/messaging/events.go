package messaging

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"github.com/packline/packline/internal/token"
	"strconv"
	"sync"
	"time"
)

// Event types on GET /api/events.
const (
	EventNotification = "notification" // data: {unread, notification?}
	EventChatMessage  = "chat.message" // data: {action: posted|edited|deleted, message}
	EventChatTopic    = "chat.topic"   // data: a Topic
	EventPresence     = "presence"     // data: {user_id, online}; not stored, not replayed
)

// Event is one message of the live stream. ID is its place in the stored
// event log (the stream's Last-Event-ID), 0 for an event that is not stored
// (presence). UserID 0 means every signed-in user.
type Event struct {
	ID     int64           `json:"id"`
	UserID int64           `json:"user_id,omitempty"`
	Type   string          `json:"type"`
	Data   json.RawMessage `json:"data"`
	// frame is the event as the stream sends it, encoded once for every stream.
	frame []byte
}

// Frame returns the event in the server-sent events format: its id (when
// stored), its type and its data, then a blank line.
func (ev *Event) Frame() []byte {
	if ev.frame == nil {
		var b []byte
		if ev.ID != 0 {
			b = append(append(append(b, "id: "...), strconv.FormatInt(ev.ID, 10)...), '\n')
		}
		b = append(append(append(b, "event: "...), ev.Type...), '\n')
		b = append(append(append(b, "data: "...), ev.Data...), "\n\n"...)
		ev.frame = b
	}
	return ev.frame
}

// Timing of the live stream and its log.
const (
	Heartbeat      = 25 * time.Second // a comment line keeps proxies from closing an idle stream
	TicketTTL      = time.Minute      // a stream ticket is good once, for this long
	EventRetention = 24 * time.Hour   // how long a reconnecting stream can catch up
	ReplayMax      = 1000             // events replayed on one reconnect at most
	subBuffer      = MaxLag           // events a slow stream may lag before it is dropped
	// MaxLag is how many events a stream may have waiting before it is
	// dropped (it reconnects and replays).
	MaxLag = 256
)

// Hub fans events out to the streams open on this instance. Storage feeds it
// every event of every instance (PostgreSQL LISTEN/NOTIFY, or in process on
// SQLite).
type Hub struct {
	mu     sync.Mutex
	subs   map[*Sub]struct{}
	online map[int64]int // open streams per user
	// Presence, when set, is called when a user's first stream on this
	// instance opens or their last closes (to publish a presence event).
	Presence func(userID int64, online bool)
}

// Sub is one open stream's subscription. C is closed when the stream fell
// too far behind (it should reconnect and replay) or the hub closed.
type Sub struct {
	UserID int64
	// C carries events shared by every stream (read only: each is framed
	// once before it is shared), so that a stream's buffer costs a pointer a
	// slot: 5,000 streams × subBuffer events would be 100 MB as values.
	C      chan *Event
	closed bool
	// deliver, for a subscription opened by SubscribeFunc, takes the events
	// instead of C.
	deliver func(*Event) bool
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{subs: map[*Sub]struct{}{}, online: map[int64]int{}} }

// Subscribe opens a subscription for a user's stream.
func (h *Hub) Subscribe(userID int64) *Sub {
	return h.add(&Sub{UserID: userID, C: make(chan *Event, subBuffer)})
}

// SubscribeFunc opens a subscription whose events are handed to deliver,
// in order, under the hub's lock: deliver must not block, nor call the hub.
// When it returns false (the stream fell too far behind) the subscription
// takes no more events; its owner still calls Unsubscribe. C is nil.
func (h *Hub) SubscribeFunc(userID int64, deliver func(*Event) bool) *Sub {
	return h.add(&Sub{UserID: userID, deliver: deliver})
}

func (h *Hub) add(s *Sub) *Sub {
	userID := s.UserID
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.online[userID]++
	first := h.online[userID] == 1
	presence := h.Presence
	h.mu.Unlock()
	if first && presence != nil {
		presence(userID, true)
	}
	return s
}

// Unsubscribe ends a subscription.
func (h *Hub) Unsubscribe(s *Sub) {
	h.mu.Lock()
	if _, ok := h.subs[s]; !ok {
		h.mu.Unlock()
		return
	}
	delete(h.subs, s)
	if !s.closed {
		s.closed = true
		if s.C != nil {
			close(s.C)
		}
	}
	h.online[s.UserID]--
	last := h.online[s.UserID] <= 0
	if last {
		delete(h.online, s.UserID)
	}
	presence := h.Presence
	h.mu.Unlock()
	if last && presence != nil {
		presence(s.UserID, false)
	}
}

// Publish hands an event to every subscription it is for. A subscription
// whose buffer is full is closed instead of blocking everyone.
func (h *Hub) Publish(ev Event) {
	shared := &ev
	shared.Frame() // encoded once, before it is shared
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.closed || (ev.UserID != 0 && ev.UserID != s.UserID) {
			continue
		}
		if s.deliver != nil {
			s.closed = !s.deliver(shared)
			continue
		}
		select {
		case s.C <- shared:
		default:
			s.closed = true
			close(s.C)
		}
	}
}

// Streams returns how many streams are open on this instance.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// Online returns the users with a stream open on this instance.
func (h *Hub) Online() []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]int64, 0, len(h.online))
	for id := range h.online {
		out = append(out, id)
	}
	return out
}

// NewTicket returns a single-use stream ticket standing for a sign-in token
// (by its hash) for TicketTTL.
func (s *Service) NewTicket(ctx context.Context, tokenHash string) (string, time.Time, error) {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", time.Time{}, err
	}
	ticket := base64.RawURLEncoding.EncodeToString(b[:])
	expires := s.cal.Now().Add(TicketTTL)
	return ticket, expires, s.store.SaveTicket(ctx, hashTicket(ticket), tokenHash, expires)
}

// UseTicket spends a ticket and returns the hash of the token it stands for;
// ok is false for an unknown, spent or expired ticket.
func (s *Service) UseTicket(ctx context.Context, ticket string) (tokenHash string, ok bool, err error) {
	if ticket == "" || len(ticket) > 100 {
		return "", false, nil
	}
	return s.store.UseTicket(ctx, hashTicket(ticket))
}

func hashTicket(t string) string { return token.Hash(t) }

// Replay returns the stored events a user missed after id, oldest first (at
// most ReplayMax: a stream further behind reloads what it shows).
func (s *Service) Replay(ctx context.Context, userID, after int64) ([]Event, error) {
	return s.store.EventsSince(ctx, userID, after, ReplayMax)
}

// LastEventID is the newest stored event's id.
func (s *Service) LastEventID(ctx context.Context) (int64, error) { return s.store.LastEventID(ctx) }

// AnnouncePresence tells every instance a user's stream opened or closed.
func (s *Service) AnnouncePresence(ctx context.Context, userID int64, online bool) error {
	data, _ := json.Marshal(map[string]any{"user_id": userID, "online": online})
	return s.store.PublishEphemeral(ctx, Event{Type: EventPresence, Data: data})
}

// PurgeEvents deletes events older than EventRetention and spent tickets.
func (s *Service) PurgeEvents(ctx context.Context) (int64, error) {
	return s.store.PurgeEvents(ctx, s.cal.Now().Add(-EventRetention))
}
