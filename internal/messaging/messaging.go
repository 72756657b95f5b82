// Package messaging holds staff notifications, the chat and the live events
// that carry both to every signed-in browser.
package messaging

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
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
	// KindLowStock: a stock move took the item "name" (params sku, on_hand,
	// reorder_level, unit) from above its reorder level to at or below it.
	KindLowStock = "low_stock"
	// KindForgottenClockOut: the employee "name" has been clocked in since
	// "since" (RFC 3339), longer than the organisation's maximum shift of
	// "hours" hours; no actor.
	KindForgottenClockOut = "forgotten_clockout"
	// KindInvoicePaid: a payment made the invoice "invoice" (params client,
	// total, currency) fully paid.
	KindInvoicePaid = "invoice_paid"
	// KindRecallStarted: a recall ("recall", its number) of the batch
	// "batch" of "name" started for "reason"; it holds "batches" batches.
	KindRecallStarted = "recall_started"
	// KindOfflinePunchRefused: a punch the kiosk took offline for the
	// employee "name" ("employee_id"; "" when unknown), the button "action"
	// (clockin or clockout) at "at" (RFC 3339, the tablet's time), was
	// refused for "reason" (an error code: pin.incorrect, offline.too_old,
	// offline.future, offline.before_last, punch.already_in, …); no actor.
	KindOfflinePunchRefused = "offline_punch_refused"
)

// Kinds lists every notification kind.
var Kinds = []string{KindMessage, KindZipUpload, KindTopic, KindPINGuessing, KindLowStock, KindForgottenClockOut, KindInvoicePaid, KindRecallStarted, KindOfflinePunchRefused}

// Audience is who gets a notification that names no recipients (To nil).
type Audience string

const (
	AudienceOthers Audience = ""       // every active user but the actor
	AudienceStaff  Audience = "staff"  // every active user, the actor too
	AudienceAdmins Audience = "admins" // every active admin, the actor too
)

// Person is a user as others see them: in a notification or a chat message.
type Person struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Notification is one entry in a user's notification list.
type Notification struct {
	ID        int64             `json:"id"`
	Kind      string            `json:"kind"`
	Actor     *Person           `json:"actor"` // nil when the system raised it
	Params    map[string]string `json:"params"`
	Link      string            `json:"link"` // the app path of what it is about
	Read      bool              `json:"read"`
	CreatedAt time.Time         `json:"created_at"`
}

// NewNotification is a notification to record for some users.
type NewNotification struct {
	ActorID int64 // 0: the system
	Kind    string
	Params  map[string]string
	Link    string
	// To are the recipients; nil means the Audience.
	To       []int64
	Audience Audience
	// Once, when set, names the notice's subject (e.g. the employee of a
	// refused offline punch): a recipient who got a notice with the same
	// Once within Period does not get this one. A notice that someone can
	// repeat at will, from the kiosk, carries it, so that repeating it
	// neither buries the other notices nor grows the table.
	Once   string
	Period time.Duration
}

// RepeatPeriod is how often a recipient gets, at most, a notice that a
// single actor can repeat (offline punch refused, PIN guessing, forgotten
// clock-out) about one subject.
const RepeatPeriod = time.Hour

// DefaultRetention is how long a read notification is kept until an admin
// sets the organisation's notification_retention_days: housekeeping deletes
// those read and created longer ago than that (unread ones stay).
const DefaultRetention = organisation.DefaultNotificationRetentionDays * 24 * time.Hour

// once makes n a notice sent at most once per RepeatPeriod to each
// recipient about subject (of its kind).
func once(n NewNotification, subject string) NewNotification {
	n.Once, n.Period = n.Kind+":"+subject, RepeatPeriod
	return n
}

// Actor is the ActorID of a notice of something done by the user by: 0,
// the system, when by is nil (nobody named).
func Actor(by *int64) int64 {
	if by == nil {
		return 0
	}
	return *by
}

// Page is one page of a user's notifications and their unread count.
type Page struct {
	Notifications []Notification `json:"notifications"`
	Unread        int            `json:"unread"`
	Total         int            `json:"total"` // matching the filter, over all pages
}

// Limits of the notification list.
const (
	DefaultList = 20
	MaxList     = 100
	MaxMarkRead = 500 // notifications marked read in one request
)

// Filter selects a page of a user's notifications.
type Filter struct {
	UnreadOnly bool
	// Kind, when set, is the one kind listed (one of Kinds).
	Kind   string
	Limit  int
	Offset int
}

// Service lists notifications and records them, keeps the chat and serves
// the live events.
type Service struct {
	store Store
	cal   *organisation.Calendar
	Hub   *Hub
	// Streams caps the live streams open on this instance (DefaultStreamLimits
	// unless the wiring sets others).
	Streams *StreamGate
}

// NewService returns the messaging service over store; hub fans the events
// out to this instance's streams (storage feeds it, from every instance).
func NewService(store Store, cal *organisation.Calendar, hub *Hub) *Service {
	return &Service{store: store, cal: cal, Hub: hub, Streams: NewStreamGate(DefaultStreamLimits())}
}

// List returns a page of a user's notifications, newest first; a limit
// outside 1..MaxList means DefaultList.
func (s *Service) List(ctx context.Context, userID int64, f Filter) (Page, error) {
	if f.Limit <= 0 || f.Limit > MaxList {
		f.Limit = DefaultList
	}
	if f.Offset < 0 {
		f.Offset = 0
	}
	if f.Kind != "" && !slices.Contains(Kinds, f.Kind) {
		return Page{}, apperr.Choice("kind", Kinds)
	}
	return s.store.List(ctx, userID, f)
}

// MarkRead marks the given notifications (all, when ids is empty) read, at
// most MaxMarkRead at once, and tells the user's other streams the new count.
func (s *Service) MarkRead(ctx context.Context, userID int64, ids []int64) (unread int, err error) {
	if len(ids) > MaxMarkRead {
		return 0, apperr.New(apperr.Invalid, "notifications.too_many", apperr.Params{"max": MaxMarkRead},
			fmt.Sprintf("At most %d notifications at once.", MaxMarkRead)).OnField("ids")
	}
	return s.store.MarkRead(ctx, userID, ids)
}

// Notify records a notification of a known kind for every active user but
// the actor (documents and the time clock call it).
func (s *Service) Notify(ctx context.Context, actorID int64, kind string, params map[string]string) error {
	return s.Send(ctx, NewNotification{ActorID: actorID, Kind: kind, Params: params})
}

// Send records a notification for its recipients, each with a live event.
// Without a link, the kind's place is used.
func (s *Service) Send(ctx context.Context, n NewNotification) error {
	switch n.Kind {
	case KindMessage, KindZipUpload, KindTopic, KindPINGuessing, KindLowStock, KindForgottenClockOut, KindInvoicePaid, KindRecallStarted, KindOfflinePunchRefused:
	default:
		return fmt.Errorf("messaging: unknown notification kind %q", n.Kind)
	}
	if n.Link == "" {
		n.Link = defaultLink[n.Kind]
	}
	if n.Params == nil {
		n.Params = map[string]string{}
	}
	if n.To != nil && len(n.To) == 0 {
		return nil
	}
	if n.Once != "" && n.Period <= 0 {
		return fmt.Errorf("messaging: notice %q once per %v", n.Once, n.Period)
	}
	return s.store.Notify(ctx, n)
}

// Purge deletes the notifications read and created over the organisation's
// retention (its notification_retention_days, read at each call) ago.
func (s *Service) Purge(ctx context.Context) (int64, error) {
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return 0, err
	}
	return s.store.PurgeNotifications(ctx, s.cal.Now().Add(-Retention(st)))
}

// Retention is how long the settings keep a read notification.
func Retention(st organisation.Settings) time.Duration {
	return time.Duration(st.NotificationRetentionDays) * 24 * time.Hour
}

// defaultLink is where a kind's notification leads when its sender gave none.
var defaultLink = map[string]string{
	KindMessage:             "/chat",
	KindTopic:               "/chat",
	KindZipUpload:           "/docs",
	KindPINGuessing:         "/employees",
	KindForgottenClockOut:   "/employees?tab=now",
	KindLowStock:            "/inventory?low_stock=true",
	KindInvoicePaid:         "/payments/billing",
	KindRecallStarted:       "/inventory/recalls",
	KindOfflinePunchRefused: "/employees",
}

// TopicLink is the app path of a chat topic.
func TopicLink(topicID int64) string { return "/chat?topic=" + strconv.FormatInt(topicID, 10) }

// The notifications the work itself raises, recorded in the transaction of
// the write that raised them (storage's Tx.Notice) or by housekeeping.

// LowStock tells every staff user, the one who moved the stock too, that a
// move took an item from above its reorder level to at or below it. by is
// who recorded the move (0: nobody named). The link opens the inventory on
// that item.
func LowStock(by, itemID int64, sku, name, onHand, reorderLevel, unit string) NewNotification {
	return NewNotification{ActorID: by, Kind: KindLowStock, Audience: AudienceStaff,
		Link:   "/inventory?search=" + url.QueryEscape(sku),
		Params: map[string]string{"name": name, "sku": sku, "on_hand": onHand, "reorder_level": reorderLevel, "unit": unit, "item_id": strconv.FormatInt(itemID, 10)}}
}

// RecallStarted tells every user that a recall of a batch started: the
// batch and everything made from it are held. The link opens the recall.
func RecallStarted(by, recallID int64, number, batch, item, reason string, batches int) NewNotification {
	return NewNotification{ActorID: by, Kind: KindRecallStarted, Audience: AudienceStaff,
		Link: "/inventory/recalls/" + strconv.FormatInt(recallID, 10),
		Params: map[string]string{"recall": number, "batch": batch, "name": item, "reason": reason,
			"batches": strconv.Itoa(batches), "recall_id": strconv.FormatInt(recallID, 10)}}
}

// ForgottenClockOut tells the admins that an employee's shift, open since
// since, has run longer than the maximum shift of hours hours. The link
// opens who is clocked in, where the shift is flagged and can be closed.
// At most one per employee per RepeatPeriod.
func ForgottenClockOut(employeeID int64, name string, since time.Time, hours int) NewNotification {
	id := strconv.FormatInt(employeeID, 10)
	return once(NewNotification{Kind: KindForgottenClockOut, Audience: AudienceAdmins, Link: "/employees?tab=now",
		Params: map[string]string{"name": name, "since": since.UTC().Format(time.RFC3339), "hours": strconv.Itoa(hours),
			"employee_id": id}}, id)
}

// PINGuessing tells every user that someone is guessing the PIN of an
// employee (the time clock's employee-wide limit was reached); at most one
// per employee per RepeatPeriod (who is being guessed stays flagged on
// who is clocked in while it lasts).
func PINGuessing(employeeID int64, name string) NewNotification {
	return once(NewNotification{Kind: KindPINGuessing, Params: map[string]string{"name": name}},
		strconv.FormatInt(employeeID, 10))
}

// OfflinePunchRefused tells every staff user that a punch the kiosk took
// offline was refused (see KindOfflinePunchRefused), so that someone can
// add it by hand if it was real. The link opens the employee's punches.
// At most one per employee per RepeatPeriod: whoever has an employee's PIN
// can send refused punches at will.
func OfflinePunchRefused(employeeID int64, name, action string, at time.Time, reason string) NewNotification {
	params := map[string]string{"name": name, "action": action, "reason": reason, "at": "", "employee_id": ""}
	if !at.IsZero() {
		params["at"] = at.UTC().Format(time.RFC3339)
	}
	link := "/employees"
	if employeeID > 0 {
		params["employee_id"] = strconv.FormatInt(employeeID, 10)
		link = "/employees?punches=" + params["employee_id"]
	}
	return once(NewNotification{Kind: KindOfflinePunchRefused, Audience: AudienceStaff, Link: link, Params: params}, params["employee_id"])
}

// InvoicePaid tells the admins that a payment recorded by by (0: nobody
// named) made an invoice fully paid. total is the invoice's total as a
// decimal in currency.
func InvoicePaid(by, invoiceID int64, number, client, total, currency string) NewNotification {
	return NewNotification{ActorID: by, Kind: KindInvoicePaid, Audience: AudienceAdmins,
		Link:   "/payments/billing/" + strconv.FormatInt(invoiceID, 10),
		Params: map[string]string{"invoice": number, "client": client, "total": total, "currency": currency}}
}
