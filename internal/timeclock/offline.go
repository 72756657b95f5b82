package timeclock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/messaging"
)

// Punches the kiosk took while it could not reach the server: sealed in the
// browser (offline_key.go), kept with an idempotency key and the tablet's
// time, and sent in the order they were taken when the network returns.
//
// Each is judged as the kiosk would have judged it online, at its time: the
// PIN (counted by the same throttles as POST /api/employees/validate-pin),
// then, in one transaction under the employee's lock, whether its time is
// plausible and the punch changes the clock state. It is recorded at its
// time, marked offline, or refused and staff are told. Either answer is
// stored under its key: the same key again gives that answer and records
// nothing. A punch a PIN cool-down holds back is not answered yet (retry):
// the kiosk keeps it and sends it again.

// Offline punch limits.
const (
	// MaxOfflineBatch is the most punches one request may carry.
	MaxOfflineBatch = 100
	// MaxClockSkew is how far ahead of the server's clock a tablet's may
	// run: a punch up to this far in the future is recorded at the
	// server's now, one further ahead is refused.
	MaxClockSkew = time.Minute
	// MinOfflineKey and MaxOfflineKey bound an idempotency key's length.
	MinOfflineKey = 16
	MaxOfflineKey = 64
	// maxOfflinePlain bounds what a sealed punch may hold.
	maxOfflinePlain = 1024
	// OfflineAnswerRetention is how long an offline punch's answer is kept
	// under its key (housekeeping purges older ones): a tablet sends a key
	// again only until it is answered, and far longer than the widest
	// window a setting allows (organisation.MaxOfflineWindow, a week), past
	// which a punch is refused as too old anyway.
	OfflineAnswerRetention = 30 * 24 * time.Hour
)

// What became of an offline punch.
const (
	OfflineRecorded = "recorded"
	OfflineRefused  = "refused"
	OfflineRetry    = "retry"
)

// Offline punch actions: the kiosk's two buttons.
const (
	ActionClockIn  = "clockin"
	ActionClockOut = "clockout"
)

// OfflinePunch is what a sealed punch holds once opened.
type OfflinePunch struct {
	EmployeeID int64     `json:"employee_id"`
	PIN        string    `json:"pin"`
	Action     string    `json:"action"` // ActionClockIn or ActionClockOut
	At         time.Time `json:"at"`     // the tablet's time of the punch
}

// OfflineAnswer is the answer to one offline punch, stored under its key
// unless it is a retry.
type OfflineAnswer struct {
	Key        string     `json:"key"`
	Status     string     `json:"status"` // OfflineRecorded, OfflineRefused or OfflineRetry
	Code       string     `json:"code"`   // why: punch.offline_recorded, pin.incorrect, offline.too_old, …
	Message    string     `json:"message"`
	EmployeeID int64      `json:"employee_id,omitempty"`
	Action     string     `json:"action,omitempty"`
	At         *time.Time `json:"at,omitempty"`          // the punch's time (as recorded, or as refused)
	PunchID    int64      `json:"punch_id,omitempty"`    // the punch recorded
	RetryAfter int        `json:"retry_after,omitempty"` // seconds, for a retry
}

// CodeOfflineRecorded answers a recorded offline punch.
const CodeOfflineRecorded = "punch.offline_recorded"

// The refusals of an offline punch, with their English messages (the kiosk
// never shows them: the person is gone; staff read them in the notification).
var (
	errOfflineUnreadable = apperr.New(apperr.Invalid, "offline.unreadable", nil,
		"The punch cannot be read: it was not sealed to this server's key, or was altered.")
	errOfflineFuture = apperr.New(apperr.Invalid, "offline.future", nil,
		"The punch's time is in the future: the tablet's clock is wrong.")
	errOfflineBeforeLast = apperr.New(apperr.Conflict, "offline.before_last", nil,
		"The punch's time is before the employee's last punch.")
)

func errOfflineTooOld(hours int) error {
	return apperr.New(apperr.Invalid, "offline.too_old", apperr.Params{"hours": hours},
		fmt.Sprintf("The punch arrived more than %d hours after it was taken.", hours))
}

// ErrOfflineBatch refuses a request without punches or with too many.
func ErrOfflineBatch() error {
	return apperr.Range("punches", 1, MaxOfflineBatch, fmt.Sprintf("Send 1 to %d punches at a time.", MaxOfflineBatch))
}

// validOfflineKey reports whether key may name a punch: 16–64 of A–Z a–z 0–9 - _.
func validOfflineKey(key string) bool {
	if len(key) < MinOfflineKey || len(key) > MaxOfflineKey {
		return false
	}
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// OfflineKey is the server's offline punch key for the kiosk.
type OfflineKey struct {
	KeyID     string `json:"key_id"`
	Algorithm string `json:"algorithm"`
	PublicKey string `json:"public_key"`
}

// OfflineKey returns the public key the kiosk seals offline punches to.
func (s *Service) OfflineKey() OfflineKey {
	id, raw := s.keys.OfflinePublicKey()
	return OfflineKey{KeyID: id, Algorithm: OfflineAlgorithm, PublicKey: raw}
}

// RecordOffline judges punches in the order given (the order the kiosk
// took them) and answers each. client is the kiosk's address, for the PIN
// throttles. Once one punch is held back by a cool-down, every later one is
// held back too (retry), so that none overtakes an earlier one.
func (s *Service) RecordOffline(ctx context.Context, client string, batch []Sealed) ([]OfflineAnswer, error) {
	if len(batch) == 0 || len(batch) > MaxOfflineBatch {
		return nil, ErrOfflineBatch()
	}
	for i, p := range batch {
		if !validOfflineKey(p.Key) {
			return nil, apperr.New(apperr.Invalid, "offline.key_invalid", apperr.Params{"min": MinOfflineKey, "max": MaxOfflineKey},
				fmt.Sprintf("Each punch needs a key of %d to %d letters, digits, - or _.", MinOfflineKey, MaxOfflineKey)).
				OnField(fmt.Sprintf("punches[%d].key", i))
		}
	}
	out := make([]OfflineAnswer, 0, len(batch))
	var held *OfflineAnswer
	for _, p := range batch {
		if held != nil {
			if a, err := s.store.OfflineAnswer(ctx, p.Key); err != nil || a != nil {
				if err != nil {
					return nil, err
				}
				out = append(out, *a)
				continue
			}
			out = append(out, OfflineAnswer{Key: p.Key, Status: OfflineRetry, Code: held.Code, Message: held.Message, RetryAfter: held.RetryAfter})
			continue
		}
		a, err := s.recordOne(ctx, client, p)
		if err != nil {
			return nil, err
		}
		if a.Status == OfflineRetry {
			held = &a
		}
		out = append(out, a)
	}
	return out, nil
}

// recordOne judges one sealed punch.
func (s *Service) recordOne(ctx context.Context, client string, sealed Sealed) (OfflineAnswer, error) {
	if a, err := s.store.OfflineAnswer(ctx, sealed.Key); err != nil || a != nil {
		if a == nil {
			return OfflineAnswer{}, err
		}
		return *a, err
	}
	// An envelope that does not open, or names no employee, is refused
	// without a write and without telling staff: anyone may send such
	// envelopes (the public key is public), and a flood of them must fill
	// neither the database nor the notifications. The same envelope again
	// gets the same answer all the same.
	p, err := s.open(sealed)
	if err != nil {
		s.log.Warn("offline punch refused: unreadable", "key", sealed.Key, "client", client)
		return refusedAnswer(sealed.Key, OfflinePunch{}, errOfflineUnreadable), nil
	}
	rec, err := s.store.PINRecord(ctx, p.EmployeeID)
	if err != nil {
		return OfflineAnswer{}, err
	}
	if rec == nil {
		s.log.Warn("offline punch refused: no such employee", "key", sealed.Key, "employee_id", p.EmployeeID, "client", client)
		return refusedAnswer(sealed.Key, OfflinePunch{}, ErrEmployeeNotFound(p.EmployeeID)), nil
	}
	ok, err := s.judgePIN(ctx, p.EmployeeID, p.PIN, client, rec)
	if ae, isApp := apperr.As(err); isApp && ae.RetryAfter > 0 {
		return OfflineAnswer{Key: sealed.Key, Status: OfflineRetry, Code: ae.CodeOrKind(), Message: ae.Message,
			RetryAfter: int(math.Ceil(ae.RetryAfter.Seconds()))}, nil
	}
	if err != nil {
		return OfflineAnswer{}, err
	}
	if !ok {
		s.log.Warn("offline punch refused: wrong PIN", "key", sealed.Key, "employee_id", p.EmployeeID, "client", client)
		return s.refuse(ctx, sealed.Key, p, "", apperr.New(apperr.Invalid, CodeWrongPIN, nil, MsgWrongPIN), true)
	}
	return s.recordAt(ctx, sealed.Key, p)
}

// open decrypts a sealed punch and checks what it holds.
func (s *Service) open(sealed Sealed) (OfflinePunch, error) {
	var p OfflinePunch
	plain, err := s.keys.Open(sealed)
	if err != nil || len(plain) > maxOfflinePlain {
		return p, errUnsealed
	}
	if err := json.Unmarshal(plain, &p); err != nil || p.EmployeeID <= 0 || p.PIN == "" || p.At.IsZero() {
		return OfflinePunch{}, errUnsealed
	}
	if p.Action != ActionClockIn && p.Action != ActionClockOut {
		return OfflinePunch{}, errUnsealed
	}
	p.At = p.At.UTC().Truncate(time.Millisecond)
	return p, nil
}

// recordAt records a punch whose PIN was right at its time, or refuses it,
// in one transaction under the employee's lock, with its answer.
func (s *Service) recordAt(ctx context.Context, key string, p OfflinePunch) (OfflineAnswer, error) {
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return OfflineAnswer{}, err
	}
	to, kind := ClockedIn, KindIn
	if p.Action == ActionClockOut {
		to, kind = ClockedOut, KindOut
	}
	var answer OfflineAnswer
	var refusal error
	err = s.store.InTx(ctx, func(tx Tx) error {
		answer, refusal = OfflineAnswer{}, nil
		now := tx.Now()
		e, err := lock(ctx, tx, p.EmployeeID)
		if err != nil && apperr.CodeOf(err) != "employee.not_found" {
			return err
		}
		at := p.At
		if at.After(now) && at.Sub(now) <= MaxClockSkew {
			at = now
		}
		switch {
		case e == nil || !e.Active:
			refusal = ErrEmployeeNotFound(p.EmployeeID)
		case at.After(now):
			refusal = errOfflineFuture
		case now.Sub(at) > time.Duration(st.OfflineWindowHours)*time.Hour:
			refusal = errOfflineTooOld(st.OfflineWindowHours)
		}
		if refusal == nil {
			last, err := tx.LatestPunch(ctx, p.EmployeeID)
			if err != nil {
				return err
			}
			switch {
			case last != nil && at.Before(last.At):
				refusal = errOfflineBeforeLast
			case e.ClockStatus == to:
				refusal = whyNotClocked(&ClockState{Active: true, Status: to}, p.EmployeeID, to)
			}
		}
		if refusal != nil {
			name := ""
			if e != nil {
				name = e.Name()
			}
			answer = refusedAnswer(key, p, refusal)
			tx.Notice("", offlineRefusedNotice(p, name, refusal))
			return saveAnswer(ctx, tx, answer)
		}
		maxShift := time.Duration(st.MaxShiftHours) * time.Hour
		if kind == KindOut && e.LastEvent != nil {
			// The shift this punch closes, open since the clock-in.
			if err := noteLongShift(ctx, tx, e, *e.LastEvent, at, maxShift, st.MaxShiftHours); err != nil {
				return err
			}
		}
		punch := Punch{EmployeeID: p.EmployeeID, Kind: kind, At: at, Source: SourceKiosk, CreatedAt: now, Offline: true}
		if punch.ID, err = tx.InsertPunch(ctx, punch); err != nil {
			return err
		}
		if err := tx.PunchesChanged(ctx, at); err != nil {
			return err
		}
		if err := settle(ctx, tx, e); err != nil {
			return err
		}
		if kind == KindIn {
			// A clock-in taken longer ago than the maximum shift opens a
			// shift that is already too long.
			if err := noteLongShift(ctx, tx, e, at, now, maxShift, st.MaxShiftHours); err != nil {
				return err
			}
		}
		answer = OfflineAnswer{Key: key, Status: OfflineRecorded, Code: CodeOfflineRecorded, Message: "Recorded.",
			EmployeeID: p.EmployeeID, Action: p.Action, At: &at, PunchID: punch.ID}
		return saveAnswer(ctx, tx, answer)
	})
	if errors.Is(err, errAnswered) {
		return s.storedAnswer(ctx, key)
	}
	if err != nil {
		return OfflineAnswer{}, err
	}
	if refusal != nil {
		s.log.Warn("offline punch refused", "key", key, "employee_id", p.EmployeeID, "reason", apperr.CodeOf(refusal))
	}
	return answer, nil
}

// noteLongShift tells the admins, as AlertForgotten does of a shift still
// open, of the employee's shift open from since while it lasted until,
// when that is longer than the maximum shift: an offline punch records a
// shift after the fact, which housekeeping may never see open. The
// employee must be clocked in since since (before a clock-out is recorded,
// after a clock-in is); the shift is marked as told, so that neither this
// nor housekeeping tells of it twice.
func noteLongShift(ctx context.Context, tx Tx, e *Employee, since, until time.Time, maxShift time.Duration, hours int) error {
	if until.Sub(since) <= maxShift {
		return nil
	}
	noted, err := tx.MarkForgotten(ctx, OpenShift{EmployeeID: e.ID, FirstName: e.FirstName, LastName: e.LastName, Since: since})
	if noted {
		tx.Notice("", messaging.ForgottenClockOut(e.ID, e.Name(), since, hours))
	}
	return err
}

// errAnswered rolls back a transaction whose key another request answered
// first (two deliveries of one punch at once): that answer stands.
var errAnswered = errors.New("timeclock: offline punch already answered")

// PurgeOfflineAnswers deletes the answers to offline punches received over
// OfflineAnswerRetention ago.
func (s *Service) PurgeOfflineAnswers(ctx context.Context) (int64, error) {
	return s.store.PurgeOfflineAnswers(ctx, s.cal.Now().Add(-OfflineAnswerRetention))
}

func saveAnswer(ctx context.Context, tx Tx, a OfflineAnswer) error {
	saved, err := tx.SaveOfflineAnswer(ctx, a)
	if err == nil && !saved {
		err = errAnswered
	}
	return err
}

func (s *Service) storedAnswer(ctx context.Context, key string) (OfflineAnswer, error) {
	a, err := s.store.OfflineAnswer(ctx, key)
	if err == nil && a == nil {
		err = fmt.Errorf("timeclock: offline answer %q vanished", key)
	}
	if err != nil {
		return OfflineAnswer{}, err
	}
	return *a, nil
}

// refuse stores a refusal decided before the transaction (a wrong PIN, which
// the PIN throttles bound), telling staff when notify is set.
func (s *Service) refuse(ctx context.Context, key string, p OfflinePunch, name string, why error, notify bool) (OfflineAnswer, error) {
	answer := refusedAnswer(key, p, why)
	err := s.store.InTx(ctx, func(tx Tx) error {
		if notify {
			n := name
			if n == "" {
				if e, err := s.store.Employee(ctx, p.EmployeeID); err == nil && e != nil {
					n = e.Name()
				}
			}
			tx.Notice("", offlineRefusedNotice(p, n, why))
		}
		return saveAnswer(ctx, tx, answer)
	})
	if errors.Is(err, errAnswered) {
		return s.storedAnswer(ctx, key)
	}
	return answer, err
}

func refusedAnswer(key string, p OfflinePunch, why error) OfflineAnswer {
	a := OfflineAnswer{Key: key, Status: OfflineRefused, Code: apperr.CodeOf(why), Message: apperr.Message(why),
		EmployeeID: p.EmployeeID, Action: p.Action}
	if !p.At.IsZero() {
		at := p.At
		a.At = &at
	}
	return a
}

// offlineRefusedNotice tells staff of a refused offline punch: whose, which
// button, when the tablet took it and why it was refused.
func offlineRefusedNotice(p OfflinePunch, name string, why error) messaging.NewNotification {
	return messaging.OfflinePunchRefused(p.EmployeeID, name, p.Action, p.At, apperr.CodeOf(why))
}
