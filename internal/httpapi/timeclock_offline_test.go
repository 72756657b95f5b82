package httpapi_test

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/timeclock"
)

// The kiosk's offline punches, sealed here exactly as the
// browser seals them (web/src/features/timeclock/kiosk/offline/seal.ts).

type kioskKey struct {
	KeyID     string `json:"key_id"`
	Algorithm string `json:"algorithm"`
	PublicKey string `json:"public_key"`
}

type sealedPunch struct {
	Key          string `json:"key"`
	KeyID        string `json:"key_id"`
	EphemeralKey string `json:"ephemeral_key"`
	IV           string `json:"iv"`
	Ciphertext   string `json:"ciphertext"`
}

type offlineResult struct {
	Key        string     `json:"key"`
	Status     string     `json:"status"`
	Code       string     `json:"code"`
	EmployeeID int64      `json:"employee_id"`
	Action     string     `json:"action"`
	At         *time.Time `json:"at"`
	PunchID    int64      `json:"punch_id"`
	RetryAfter int        `json:"retry_after"`
}

func (e *env) kioskKey() kioskKey {
	e.t.Helper()
	var k kioskKey
	e.call("GET", "/api/kiosk/key", "", "", 200, &k)
	if k.Algorithm != timeclock.OfflineAlgorithm || k.KeyID == "" {
		e.t.Fatalf("key = %+v", k)
	}
	return k
}

var b64 = base64.RawURLEncoding

// sealTo seals a punch to the public key raw (uncompressed P-256) under key.
func sealTo(t *testing.T, raw []byte, keyID, key string, plain []byte) sealedPunch {
	t.Helper()
	pub, err := ecdh.P256().NewPublicKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	eph, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	shared, err := eph.ECDH(pub)
	if err != nil {
		t.Fatal(err)
	}
	ephRaw := eph.PublicKey().Bytes()
	aesKey, err := hkdf.Key(sha256.New, shared, ephRaw, timeclock.OfflineInfo, 32)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := aes.NewCipher(aesKey)
	gcm, _ := cipher.NewGCM(block)
	iv := make([]byte, 12)
	_, _ = rand.Read(iv)
	return sealedPunch{Key: key, KeyID: keyID, EphemeralKey: b64.EncodeToString(ephRaw), IV: b64.EncodeToString(iv),
		Ciphertext: b64.EncodeToString(gcm.Seal(nil, iv, plain, []byte(key)))}
}

var keySeq struct {
	sync.Mutex
	n int
}

// newKey is a fresh idempotency key, as the kiosk makes them.
func newKey() string {
	keySeq.Lock()
	defer keySeq.Unlock()
	keySeq.n++
	return fmt.Sprintf("test-punch-%08d-%d", keySeq.n, time.Now().UnixNano()%1e6)
}

func punchPlain(id int64, pin, action string, at time.Time) []byte {
	b, _ := json.Marshal(map[string]any{"employee_id": id, "pin": pin, "action": action, "at": at.UTC().Format(time.RFC3339Nano)})
	return b
}

// seal seals a punch to the server's key under a fresh idempotency key.
func (e *env) seal(k kioskKey, id int64, pin, action string, at time.Time) sealedPunch {
	raw, err := b64.DecodeString(k.PublicKey)
	if err != nil {
		e.t.Fatal(err)
	}
	return sealTo(e.t, raw, k.KeyID, newKey(), punchPlain(id, pin, action, at))
}

func batchBody(ps ...sealedPunch) string {
	b, _ := json.Marshal(map[string]any{"punches": ps})
	return string(b)
}

func (e *env) deliver(body string) []offlineResult {
	e.t.Helper()
	var out struct{ Results []offlineResult }
	e.call("POST", "/api/kiosk/offline-punches", "", body, 200, &out)
	return out.Results
}

func (e *env) punchesOf(id int64) []timeclock.Punch {
	e.t.Helper()
	var out struct {
		Punches []timeclock.Punch `json:"punches"`
	}
	e.call("GET", fmt.Sprintf("/api/staff/employees/%d/punches", id), e.token, "", 200, &out)
	return out.Punches
}

func (e *env) refusedNotices() []map[string]string {
	e.t.Helper()
	var p struct {
		Notifications []struct {
			Kind   string
			Params map[string]string
		}
	}
	e.call("GET", "/api/notifications?kind=offline_punch_refused&limit=100", e.token, "", 200, &p)
	out := []map[string]string{}
	for _, n := range p.Notifications {
		out = append(out, n.Params)
	}
	return out
}

func wantStatuses(t *testing.T, got []offlineResult, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if s := got[i].Status + " " + got[i].Code; !strings.HasPrefix(s, w) {
			t.Errorf("result %d = %q, want %q (%+v)", i, s, w, got[i])
		}
	}
}

// TestOfflinePunchesRecordedOnceAtTheirTimes: two punches taken offline are
// recorded at the tablet's times, marked offline (punches and timesheet),
// and delivering the same request again answers the same and records
// nothing more, also when it arrives several times at once.
func TestOfflinePunchesRecordedOnceAtTheirTimes(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		if again := e.kioskKey(); again != k {
			t.Fatalf("the key changed between calls: %+v then %+v", k, again)
		}
		ana := e.addEmployee("Ana", "Lima", "2468")
		in := time.Now().Add(-2 * time.Hour).Truncate(time.Millisecond).UTC()
		out := in.Add(75 * time.Minute)
		body := batchBody(e.seal(k, ana.EmployeeID, "2468", "clockin", in), e.seal(k, ana.EmployeeID, "2468", "clockout", out))
		first := e.deliver(body)
		wantStatuses(t, first, "recorded punch.offline_recorded", "recorded punch.offline_recorded")
		if !first[0].At.Equal(in) || !first[1].At.Equal(out) || first[0].PunchID == 0 {
			t.Fatalf("answers = %+v", first)
		}
		var wg sync.WaitGroup
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := http.Post(e.srv.URL+"/api/kiosk/offline-punches", "application/json", strings.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				defer res.Body.Close()
				var got struct{ Results []offlineResult }
				_ = json.NewDecoder(res.Body).Decode(&got)
				if res.StatusCode != 200 || len(got.Results) != 2 || got.Results[0].PunchID != first[0].PunchID || got.Results[1].PunchID != first[1].PunchID {
					t.Errorf("a repeat: %d %+v, want the first answers", res.StatusCode, got.Results)
				}
			}()
		}
		wg.Wait()
		ps := e.punchesOf(ana.EmployeeID)
		if len(ps) != 2 {
			t.Fatalf("%d punches after the repeats, want 2: %+v", len(ps), ps)
		}
		for _, p := range ps { // newest first
			if !p.Offline || p.Source != timeclock.SourceKiosk {
				t.Errorf("punch %+v not marked offline", p)
			}
		}
		if !ps[0].At.Equal(out) || ps[0].Kind != "out" || !ps[1].At.Equal(in) || ps[1].Kind != "in" {
			t.Errorf("punches = %+v, want in at %s, out at %s", ps, in, out)
		}
		var list []employeeJSON
		e.call("GET", "/api/employees", "", "", 200, &list)
		if list[0].ClockStatus != "clocked_out" || !list[0].LastEvent.Equal(out) {
			t.Errorf("kiosk list = %+v", list)
		}
		var sheet struct {
			Employees []struct {
				Shifts []struct{ Flags []string } `json:"shifts"`
			} `json:"employees"`
		}
		day := in.In(mustChicago()).Format("2006-01-02")
		e.call("GET", fmt.Sprintf("/api/staff/timesheets?from=%s&to=%s&employee_id=%d", day, out.In(mustChicago()).Format("2006-01-02"), ana.EmployeeID), e.token, "", 200, &sheet)
		if len(sheet.Employees) != 1 || len(sheet.Employees[0].Shifts) != 1 || !strings.Contains(strings.Join(sheet.Employees[0].Shifts[0].Flags, " "), "offline") {
			t.Errorf("timesheet = %+v, want one shift flagged offline", sheet)
		}
		if n := e.refusedNotices(); len(n) != 0 {
			t.Errorf("notices = %v, want none", n)
		}
	})
}

// TestOfflinePunchesJudgedInOrder: punches are judged in the order sent,
// each against the state the earlier ones left; one that would go back
// before the employee's last punch is refused and staff are told.
func TestOfflinePunchesJudgedInOrder(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		ben := e.addEmployee("Ben", "Adler", "1357")
		t0 := time.Now().Add(-5 * time.Hour).UTC()
		got := e.deliver(batchBody(
			e.seal(k, ben.EmployeeID, "1357", "clockin", t0),
			e.seal(k, ben.EmployeeID, "1357", "clockout", t0.Add(time.Hour)),
			e.seal(k, ben.EmployeeID, "1357", "clockin", t0.Add(2*time.Hour)),
			// taken before the punch above it: the tablet's clock went back
			e.seal(k, ben.EmployeeID, "1357", "clockout", t0.Add(90*time.Minute)),
			// clocking in twice
			e.seal(k, ben.EmployeeID, "1357", "clockin", t0.Add(3*time.Hour)),
		))
		wantStatuses(t, got, "recorded", "recorded", "recorded", "refused offline.before_last", "refused punch.already_in")
		if ps := e.punchesOf(ben.EmployeeID); len(ps) != 3 || ps[0].Kind != "in" {
			t.Errorf("punches = %+v", ps)
		}
		// Staff are told of the first refusal; of the second, the same
		// employee's within the hour, not again (messaging.RepeatPeriod).
		notices := e.refusedNotices()
		if len(notices) != 1 {
			t.Fatalf("notices = %v, want 1", notices)
		}
		if notices[0]["reason"] != "offline.before_last" ||
			notices[0]["name"] != "Ben Adler" || notices[0]["employee_id"] != fmt.Sprint(ben.EmployeeID) || notices[0]["at"] == "" {
			t.Errorf("notices = %v", notices)
		}
		// An online punch after them is judged against them too.
		tok := e.validPIN(ben.EmployeeID, "1357")
		if tok.Employee.ClockStatus != "clocked_in" {
			t.Errorf("state after the offline punches = %+v", tok.Employee)
		}
	})
}

// TestOfflinePunchPlausibility: a time in the future (beyond a minute of
// clock skew) or older than the organisation's offline window is refused;
// the window is a setting.
func TestOfflinePunchPlausibility(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		a := e.addEmployee("Cara", "Diaz", "2222")
		b := e.addEmployee("Dan", "Eze", "3333")
		c := e.addEmployee("Eve", "Fox", "4444")
		d := e.addEmployee("Fay", "Gil", "5555")
		now := time.Now().UTC()
		got := e.deliver(batchBody(
			e.seal(k, a.EmployeeID, "2222", "clockin", now.Add(10*time.Minute)),
			e.seal(k, b.EmployeeID, "3333", "clockin", now.Add(-25*time.Hour)),
			e.seal(k, c.EmployeeID, "4444", "clockin", now.Add(-23*time.Hour)),
			e.seal(k, d.EmployeeID, "5555", "clockin", now.Add(20*time.Second)), // skew: recorded at the server's now
		))
		wantStatuses(t, got, "refused offline.future", "refused offline.too_old", "recorded", "recorded")
		if got[3].At.After(time.Now()) {
			t.Errorf("a punch a little ahead was recorded at %s, after the server's now", got[3].At)
		}
		e.call("PATCH", "/api/settings", e.token, `{"offline_window_hours":48}`, 200, nil)
		got = e.deliver(batchBody(e.seal(k, b.EmployeeID, "3333", "clockin", now.Add(-25*time.Hour))))
		wantStatuses(t, got, "recorded")
		e.call("PATCH", "/api/settings", e.token, `{"offline_window_hours":0}`, 400, nil)
		e.call("PATCH", "/api/settings", e.token, `{"offline_window_hours":169}`, 400, nil)
		if n := e.refusedNotices(); len(n) != 2 {
			t.Errorf("notices = %v, want 2 (future, too old)", n)
		}
	})
}

// TestOfflinePunchesThrottled: wrong PINs sent offline count on the kiosk
// PIN throttles like wrong PINs typed online; once a cool-down holds one
// punch back, it and every later one are answered retry and kept by no one
// (a later delivery judges them again), and the online check is refused too.
func TestOfflinePunchesThrottled(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		gus := e.addEmployee("Gus", "Hale", "8642")
		ivy := e.addEmployee("Ivy", "Jones", "9753")
		at := time.Now().Add(-time.Hour)
		var ps []sealedPunch
		for i := range timeclock.PINLimit {
			ps = append(ps, e.seal(k, gus.EmployeeID, fmt.Sprintf("000%d", i), "clockin", at))
		}
		right := e.seal(k, gus.EmployeeID, "8642", "clockin", at)
		other := e.seal(k, ivy.EmployeeID, "9753", "clockin", at)
		ps = append(ps, right, other)
		got := e.deliver(batchBody(ps...))
		want := []string{}
		for range timeclock.PINLimit {
			want = append(want, "refused pin.incorrect")
		}
		wantStatuses(t, got, append(want, "retry pin.throttled", "retry pin.throttled")...)
		if got[timeclock.PINLimit].RetryAfter <= 0 {
			t.Errorf("retry without retry_after: %+v", got[timeclock.PINLimit])
		}
		e.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"8642"}`, gus.EmployeeID), 429, nil)
		var kept int
		if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM offline_punches WHERE key IN (?, ?)`, right.Key, other.Key).Scan(&kept); err != nil || kept != 0 {
			t.Errorf("retries kept: %d (%v), want 0", kept, err)
		}
		if len(e.punchesOf(gus.EmployeeID)) != 0 || len(e.punchesOf(ivy.EmployeeID)) != 0 {
			t.Error("a punch was recorded")
		}
		if n := e.refusedNotices(); len(n) != 1 || n[0]["reason"] != "pin.incorrect" {
			t.Errorf("notices = %v, want one of the wrong PINs (one per employee per hour)", n)
		}
		// The wrong ones, delivered again, are answered from the store:
		// they count no further attempts.
		again := e.deliver(batchBody(ps[:timeclock.PINLimit]...))
		wantStatuses(t, again, want...)
	})
}

// TestOfflinePunchCannotBeForged: only what was sealed to the server's own
// key opens. An envelope sealed to another key (even naming the server's
// key id), altered by one bit, or moved under another idempotency key is
// refused as unreadable and records nothing; nobody is notified of it and
// nothing is written.
func TestOfflinePunchCannotBeForged(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		k := e.kioskKey()
		hal := e.addEmployee("Hal", "Ito", "1122")
		at := time.Now().Add(-time.Hour)
		plain := punchPlain(hal.EmployeeID, "1122", "clockin", at)

		mallory, _ := ecdh.P256().GenerateKey(rand.Reader)
		otherKey := sealTo(t, mallory.PublicKey().Bytes(), k.KeyID, newKey(), plain)

		flipped := e.seal(k, hal.EmployeeID, "1122", "clockin", at)
		ct, _ := b64.DecodeString(flipped.Ciphertext)
		ct[3] ^= 1
		flipped.Ciphertext = b64.EncodeToString(ct)

		moved := e.seal(k, hal.EmployeeID, "1122", "clockin", at)
		moved.Key = newKey()

		wrongID := e.seal(k, hal.EmployeeID, "1122", "clockin", at)
		wrongID.KeyID = "0000000000000000"

		garbage := sealedPunch{Key: newKey(), KeyID: k.KeyID, EphemeralKey: "AAAA", IV: "not base64!", Ciphertext: ""}

		got := e.deliver(batchBody(otherKey, flipped, moved, wrongID, garbage))
		wantStatuses(t, got, "refused offline.unreadable", "refused offline.unreadable", "refused offline.unreadable",
			"refused offline.unreadable", "refused offline.unreadable")
		for _, r := range got {
			if r.EmployeeID != 0 || r.At != nil {
				t.Errorf("an unreadable punch's answer tells %+v", r)
			}
		}
		if ps := e.punchesOf(hal.EmployeeID); len(ps) != 0 {
			t.Errorf("punches = %+v", ps)
		}
		// Nothing written for them either: anyone can send envelopes.
		var kept int
		if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM offline_punches`).Scan(&kept); err != nil || kept != 0 {
			t.Errorf("%d answers kept (%v), want 0", kept, err)
		}
		// Sealed properly, with the public key anyone has, for nobody: refused, not kept.
		ghost := sealTo(t, mustB64(t, k.PublicKey), k.KeyID, newKey(), punchPlain(hal.EmployeeID+1000, "1122", "clockin", at))
		wantStatuses(t, e.deliver(batchBody(ghost)), "refused employee.not_found")
		if n := e.refusedNotices(); len(n) != 0 {
			t.Errorf("notices = %v", n)
		}
		// The same punch sealed properly is recorded.
		wantStatuses(t, e.deliver(batchBody(sealTo(t, mustB64(t, k.PublicKey), k.KeyID, newKey(), plain))), "recorded")
	})
}

// TestOfflinePunchesInputChecked: the request is held to its contract.
func TestOfflinePunchesInputChecked(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		e.call("POST", "/api/kiosk/offline-punches", "", `{"punches":[]}`, 400, nil)
		e.call("POST", "/api/kiosk/offline-punches", "", `{}`, 400, nil)
		e.call("POST", "/api/kiosk/offline-punches", "", `{"punches":[{"key":"short","key_id":"x","ephemeral_key":"x","iv":"x","ciphertext":"x"}]}`, 400, nil)
		e.call("POST", "/api/kiosk/offline-punches", "", `{"punches":[{"key":"abcdefghijklmnopq","key_id":"x","ephemeral_key":"x","iv":"x","ciphertext":"x","pin":"1"}]}`, 400, nil)
		many := make([]sealedPunch, timeclock.MaxOfflineBatch+1)
		for i := range many {
			many[i] = sealedPunch{Key: newKey(), KeyID: "x", EphemeralKey: "x", IV: "x", Ciphertext: "x"}
		}
		e.call("POST", "/api/kiosk/offline-punches", "", batchBody(many...), 400, nil)
		// Control characters inside a punch are refused like anywhere else.
		e.call("POST", "/api/kiosk/offline-punches", "", `{"punches":[{"key":"abcdefghijklmnopq","key_id":"x\u0000","ephemeral_key":"x","iv":"x","ciphertext":"x"}]}`, 400, nil)
	})
}

func mustB64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := b64.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
