package httpapi

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/messaging"
)

// chatPerson is the signed-in user as the chat names them.
func chatPerson(r *http.Request) messaging.Person {
	u := userFrom(r.Context())
	return messaging.Person{ID: u.ID, Name: u.Name()}
}

// handleNotifications: GET /api/notifications?unread=&kind=&page=&limit=.
func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryInt(r, "limit", messaging.DefaultList, 1, messaging.MaxList)
	if err != nil {
		return err
	}
	page, err := queryInt(r, "page", 1, 1, MaxPage)
	if err != nil {
		return err
	}
	unread, err := queryBool(r, "unread")
	if err != nil {
		return err
	}
	kind, err := queryEnum(r, "kind", messaging.Kinds)
	if err != nil {
		return err
	}
	f := messaging.Filter{UnreadOnly: unread, Kind: kind, Limit: limit, Offset: (page - 1) * limit}
	p, err := s.Messaging.List(r.Context(), userFrom(r.Context()).ID, f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}

// handleNotificationsRead: POST /api/notifications/read {ids?} (all when absent).
func (s *Server) handleNotificationsRead(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		IDs []int64 `json:"ids"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	unread, err := s.Messaging.MarkRead(r.Context(), userFrom(r.Context()).ID, in.IDs)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true, "unread": unread})
}

// handleEventsTicket: POST /api/events/ticket, a single-use ticket for
// GET /api/events?ticket= (EventSource sends no Authorization header).
func (s *Server) handleEventsTicket(w http.ResponseWriter, r *http.Request) error {
	ticket, expires, err := s.Messaging.NewTicket(r.Context(), accounts.HashToken(bearerToken(r)))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, map[string]any{"ticket": ticket, "expires_at": expires})
}

var errTicketInvalid = apperr.New(apperr.Unauthorized, "events.ticket_invalid", nil, "The stream ticket is unknown, used or expired.")

// streams lets the server end every open event stream when it shuts down.
type streams struct {
	once      sync.Once
	closeOnce sync.Once
	stop      chan struct{}
}

func (st *streams) done() <-chan struct{} {
	st.once.Do(func() { st.stop = make(chan struct{}) })
	return st.stop
}

// CloseStreams ends every open event stream, telling each the server is
// stopping, and returns once the streams whose connections the server holds
// are closed (call it when shutting down: http.Server.Shutdown waits for
// the others, and knows nothing of those).
func (s *Server) CloseStreams() {
	s.streams.done() // makes stop
	s.streams.closeOnce.Do(func() { close(s.streams.stop) })
	s.stopLiveStreams()
}

// handleEvents: GET /api/events, the live stream (server-sent events) of one
// signed-in browser. Authenticated by a bearer token or ?ticket=; with a
// Last-Event-ID header (or ?last_event_id=) it first replays what was missed.
// The streams a session, an account and this instance hold are capped
// (messaging.StreamGate).
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) error {
	var (
		tokenHash string
		release   func()
		after     int64
		replay    []messaging.Event
		sub       *messaging.Sub
		err       error
	)
	// The database work of opening a stream runs on a goroutine of its own:
	// the driver's calls grow a goroutine's stack to tens of KB, and the
	// stream's goroutine, which then waits for hours, would keep that stack
	// (5,000 streams: a hundred MB).
	// Over HTTP/1.x the stream's connection is taken over once it is set up
	// (messaging_live.go); over HTTP/2 this handler serves it to its end.
	var ls *liveStream
	subscribe := s.Messaging.Hub.Subscribe
	if r.ProtoMajor == 1 {
		subscribe = func(userID int64) *messaging.Sub {
			ls = s.newLiveStream()
			return s.Messaging.Hub.SubscribeFunc(userID, ls.deliver)
		}
	}
	shallow(func() { tokenHash, release, after, replay, sub, err = s.openStream(r, subscribe) })
	if err != nil {
		// A refused stream (a cap, a token) holds nothing: its connection
		// is closed with the answer, so clients holding refused sockets do
		// not hold the server's open files (HTTP/2 multiplexes: nothing to close).
		if r.ProtoMajor == 1 {
			w.Header().Set("Connection", "close")
		}
		return err
	}
	if ls != nil {
		ls.tokenHash, ls.sub = tokenHash, sub
		if err := s.startLive(w, ls, release, after, replay); err != nil {
			s.Messaging.Hub.Unsubscribe(sub)
			release()
			return err
		}
		return nil
	}
	defer release()
	defer s.Messaging.Hub.Unsubscribe(sub)
	ctx := r.Context()
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // the server's WriteTimeout is for ordinary answers
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no") // proxies: do not buffer
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 3000\n: stream open\n\n"); err != nil {
		return nil
	}
	send := func(ev *messaging.Event) error {
		if ev.ID != 0 {
			if ev.ID <= after {
				return nil
			}
			after = ev.ID
		}
		_, err := w.Write(ev.Frame())
		return err
	}
	for i := range replay {
		if send(&replay[i]) != nil {
			return nil
		}
	}
	if rc.Flush() != nil {
		return nil
	}
	beat := time.NewTicker(s.heartbeat())
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.streams.done():
			// The server is stopping: the browser comes back in a second
			// (to this instance restarted, or to another behind the proxy).
			_, _ = fmt.Fprint(w, "retry: 1000\n: server stopping, reconnect\n\n")
			_ = rc.Flush()
			return nil
		case ev, ok := <-sub.C:
			if !ok { // fell behind: the browser reconnects and replays
				return nil
			}
			if send(ev) != nil {
				return nil
			}
			// Send what else is waiting before one flush.
			for n := len(sub.C); n > 0; n-- {
				if ev, ok = <-sub.C; !ok || send(ev) != nil {
					return nil
				}
			}
			if rc.Flush() != nil {
				return nil
			}
		case <-beat.C:
			// A revoked or expired token, or a deactivated user, ends the stream.
			var err error
			shallow(func() { _, err = s.Accounts.AuthenticateHash(ctx, tokenHash) })
			if err != nil {
				return nil
			}
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		}
	}
}

// openStream authenticates a stream's request, takes its place under the
// caps, subscribes it and reads what it replays first.
func (s *Server) openStream(r *http.Request, subscribe func(userID int64) *messaging.Sub) (tokenHash string, release func(), after int64, replay []messaging.Event, sub *messaging.Sub, err error) {
	ctx := r.Context()
	if tok := bearerToken(r); tok != "" {
		tokenHash = accounts.HashToken(tok)
	} else if t := queryText(r, "ticket"); t != "" {
		h, ok, err := s.Messaging.UseTicket(ctx, t)
		if err != nil {
			return "", nil, 0, nil, nil, err
		}
		if !ok {
			return "", nil, 0, nil, nil, errTicketInvalid
		}
		tokenHash = h
	} else {
		return "", nil, 0, nil, nil, accounts.ErrNoToken
	}
	u, err := s.Accounts.AuthenticateHash(ctx, tokenHash)
	if err != nil {
		return "", nil, 0, nil, nil, err
	}
	// Caps per session, per account and for the instance: beyond one, 429
	// events.too_many_streams with Retry-After, before anything is held.
	if release, err = s.Messaging.Streams.Open(tokenHash, u.ID); err != nil {
		return "", nil, 0, nil, nil, err
	}
	after = -1
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = queryText(r, "last_event_id")
	}
	if v, err := strconv.ParseInt(strings.TrimSpace(last), 10, 64); err == nil && v >= 0 {
		after = v
	}
	sub = subscribe(u.ID)
	if after < 0 {
		after, err = s.Messaging.LastEventID(ctx)
	} else {
		replay, err = s.Messaging.Replay(ctx, u.ID, after)
	}
	if err != nil {
		s.Messaging.Hub.Unsubscribe(sub)
		release()
		return "", nil, 0, nil, nil, err
	}
	return tokenHash, release, after, replay, sub, nil
}

// shallow runs fn on a goroutine of its own and waits for it, so that the
// stack fn needs is given back when it returns. A panic in fn is raised
// again in the caller's goroutine (where the server's recoverer is).
func shallow(fn func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		fn()
	}()
	if p := <-done; p != nil {
		panic(p)
	}
}

// handleCreateTopic: POST /api/chat/topics {name}.
func (s *Server) handleCreateTopic(w http.ResponseWriter, r *http.Request) error {
	in, err := decode[struct {
		Name string `json:"name"`
	}](w, r)
	if err != nil {
		return err
	}
	t, err := s.Messaging.CreateTopic(r.Context(), chatPerson(r), in.Name)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, t)
}

// handleTopics: GET /api/chat/topics.
func (s *Server) handleTopics(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Messaging.Topics(r.Context(), userFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"topics": list})
}

// handleMessages: GET /api/chat/topics/{id}/messages?before=&limit=, oldest
// first; has_more when older messages remain.
func (s *Server) handleMessages(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	limit, err := queryInt(r, "limit", messaging.DefaultMessages, 1, messaging.MaxMessages)
	if err != nil {
		return err
	}
	before, err := queryInt(r, "before", 0, 1, math.MaxInt)
	if err != nil {
		return err
	}
	list, err := s.Messaging.Messages(r.Context(), id, int64(before), limit)
	if err != nil {
		return err
	}
	slices.Reverse(list)
	return writeJSON(w, http.StatusOK, map[string]any{"messages": list, "has_more": len(list) == limit})
}

type messageInput struct {
	Text string `json:"text" text:"multiline"`
}

// handlePostMessage: POST /api/chat/topics/{id}/messages {text}.
func (s *Server) handlePostMessage(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody(w, r, http.StatusCreated, func(ctx context.Context, id int64, in messageInput) (*messaging.Message, error) {
		return s.Messaging.Post(ctx, chatPerson(r), id, in.Text)
	})
}

// handleTopicRead: POST /api/chat/topics/{id}/read {message_id?} (the newest when absent).
func (s *Server) handleTopicRead(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		MessageID int64 `json:"message_id"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	if err := s.Messaging.MarkTopicRead(r.Context(), userFrom(r.Context()).ID, id, in.MessageID); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// handleEditMessage: PATCH /api/chat/messages/{id} {text}, one's own within ten minutes.
func (s *Server) handleEditMessage(w http.ResponseWriter, r *http.Request) error {
	return serveIDBody(w, r, http.StatusOK, func(ctx context.Context, id int64, in messageInput) (*messaging.Message, error) {
		return s.Messaging.Edit(ctx, userFrom(ctx).ID, id, in.Text)
	})
}

// handleDeleteMessage: DELETE /api/chat/messages/{id}, one's own within ten minutes.
func (s *Server) handleDeleteMessage(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.Messaging.Delete(r.Context(), userFrom(r.Context()).ID, id); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"success": true})
}
