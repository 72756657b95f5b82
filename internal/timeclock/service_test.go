package timeclock

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/throttle"
)

// The PIN and clock rules, without a database.

type fakeStore struct {
	Store // only what the tests call is implemented
	rec   *PINRecord
	emp   *Employee
	state *ClockState
	wrote *ClockWrite
}

func (f *fakeStore) PINRecord(context.Context, int64) (*PINRecord, error) { return f.rec, nil }
func (f *fakeStore) Employee(context.Context, int64) (*Employee, error)   { return f.emp, nil }
func (f *fakeStore) ClockState(context.Context, int64) (*ClockState, error) {
	return f.state, nil
}
func (f *fakeStore) Clock(_ context.Context, w ClockWrite, _ func(ClockTx) error) (*time.Time, error) {
	f.wrote = &w
	return nil, nil // nothing changed: the Service must say why
}

// fakeThrottle refuses with wait (and reports locked) or admits and records
// the verdict.
type fakeThrottle struct {
	Throttle
	wait      time.Duration
	locked    []string
	stages    [][]throttle.Key
	evaluated bool
	verdict   Verdict
}

func (f *fakeThrottle) Guard(_ context.Context, stages [][]throttle.Key, evaluate func() Verdict) (time.Duration, []string, error) {
	f.stages = stages
	if f.wait == 0 {
		f.evaluated = true
		f.verdict = evaluate()
	}
	return f.wait, f.locked, nil
}

type fakeNotifier struct{ sent []map[string]string }

func (f *fakeNotifier) Send(_ context.Context, n messaging.NewNotification) error {
	f.sent = append(f.sent, map[string]string{"kind": n.Kind, "name": n.Params["name"]})
	return nil
}

func newFakeService(t *testing.T) (*Service, *fakeStore, *fakeThrottle, *fakeNotifier) {
	keys := RandomKeys()
	st := &fakeStore{rec: &PINRecord{Hash: keys.HashPIN(7, "2468"), Active: true, ClockStatus: ClockedOut, Seq: 3},
		emp: &Employee{ID: 7, FirstName: "Ana", LastName: "Lima", Active: true}}
	th := &fakeThrottle{}
	n := &fakeNotifier{}
	now := time.Date(2026, 3, 9, 15, 0, 0, 0, time.UTC)
	s := NewService(st, th, keys, &organisation.Calendar{Clock: func() time.Time { return now }},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	s.Notifier = n
	return s, st, th, n
}

func TestCheckPINVerdicts(t *testing.T) {
	ctx := context.Background()
	s, _, th, _ := newFakeService(t)
	// The pair and the client are judged first, the employee across all clients after.
	res, err := s.CheckPIN(ctx, PINCheck{EmployeeID: 7, PIN: "2468", Client: "10.0.0.9"})
	if err != nil || !res.Valid || res.Token == "" || res.Code != CodePINOK {
		t.Fatalf("right PIN: %+v, %v", res, err)
	}
	want := [][]throttle.Key{
		{{Name: "pin:7:10.0.0.9", Policy: PairPolicy}, {Name: "pin-client:10.0.0.9", Policy: ClientPolicy}},
		{{Name: "pin-employee:7", Policy: EmployeePolicy}},
	}
	if !reflect.DeepEqual(th.stages, want) {
		t.Errorf("stages = %+v", th.stages)
	}
	// A right PIN clears its pair and takes the attempt back on the shared keys.
	if !reflect.DeepEqual(th.verdict, Verdict{Clear: []string{"pin:7:10.0.0.9"}, Refund: []string{"pin-client:10.0.0.9", "pin-employee:7"}}) {
		t.Errorf("right PIN verdict = %+v", th.verdict)
	}
	// A wrong or malformed PIN stays counted everywhere.
	for _, pin := range []string{"1357", "24680000000", "24 68"} {
		res, err = s.CheckPIN(ctx, PINCheck{EmployeeID: 7, PIN: pin, Client: "10.0.0.9"})
		if err != nil || res.Valid || res.Code != "pin.incorrect" || res.Message != "Incorrect PIN. Please try again." {
			t.Fatalf("PIN %q: %+v, %v", pin, res, err)
		}
		if len(th.verdict.Clear)+len(th.verdict.Refund) != 0 {
			t.Errorf("PIN %q verdict = %+v", pin, th.verdict)
		}
	}
}

func TestCheckPINRefusedIsNeverEvaluated(t *testing.T) {
	s, _, th, n := newFakeService(t)
	th.wait, th.locked = 90*time.Second, []string{"pin-employee:7"}
	_, err := s.CheckPIN(context.Background(), PINCheck{EmployeeID: 7, PIN: "2468", Client: "10.0.0.9"})
	e, ok := apperr.As(err)
	if !ok || e.Code != "pin.throttled" || e.RetryAfter != 90*time.Second || e.Params["retry_after_seconds"] != 90 ||
		e.Message != "Too many failed attempts. Try again in 2 minutes." {
		t.Fatalf("refused: %#v", err)
	}
	if th.evaluated {
		t.Error("the PIN was looked at during a cool-down")
	}
	// The attempt that started the employee-wide cool-down tells staff, by name.
	if !reflect.DeepEqual(n.sent, []map[string]string{{"kind": "pin_guessing", "name": "Ana Lima"}}) {
		t.Errorf("notices = %v", n.sent)
	}
	// A pair cool-down alone is no notice.
	th.locked = []string{"pin:7:10.0.0.9"}
	_, _ = s.CheckPIN(context.Background(), PINCheck{EmployeeID: 7, PIN: "2468", Client: "10.0.0.9"})
	if len(n.sent) != 1 {
		t.Errorf("notices = %v", n.sent)
	}
}

func TestWhyAPunchChangedNothing(t *testing.T) {
	s, st, _, _ := newFakeService(t)
	token := s.keys.IssueToken(7, 3, s.cal.Now())
	for _, tc := range []struct {
		state *ClockState
		to    string
		code  string
	}{
		{&ClockState{Active: true, Status: ClockedIn}, ClockedIn, "punch.already_in"},
		{&ClockState{Active: true, Status: ClockedOut}, ClockedOut, "punch.already_out"},
		{&ClockState{Active: true, Status: ClockedOut}, ClockedIn, "clock.token_invalid"}, // the token was used
		{&ClockState{Active: false, Status: ClockedOut}, ClockedIn, "employee.not_found"},
		{nil, ClockedIn, "employee.not_found"},
	} {
		st.state = tc.state
		_, err := s.Clock(context.Background(), ClockRequest{EmployeeID: 7, Token: token, To: tc.to})
		if apperr.CodeOf(err) != tc.code {
			t.Errorf("%+v to %s: %v, want %s", tc.state, tc.to, err, tc.code)
		}
		if st.wrote == nil || st.wrote.Seq != 3 || st.wrote.Kind != map[string]string{ClockedIn: KindIn, ClockedOut: KindOut}[tc.to] {
			t.Errorf("write = %+v", st.wrote)
		}
	}
	// No token, another employee's token, or an unknown state: nothing is written.
	st.wrote = nil
	if _, err := s.Clock(context.Background(), ClockRequest{EmployeeID: 7, To: ClockedIn}); apperr.CodeOf(err) != "field.required" {
		t.Errorf("no token: %v", err)
	}
	for _, r := range []ClockRequest{{EmployeeID: 7, Token: "forged", To: ClockedIn}, {EmployeeID: 8, Token: token, To: ClockedIn}} {
		if _, err := s.Clock(context.Background(), r); apperr.CodeOf(err) != "clock.token_invalid" {
			t.Errorf("%+v: %v", r, err)
		}
	}
	if _, err := s.Clock(context.Background(), ClockRequest{EmployeeID: 7, Token: token, To: "on_break"}); apperr.CodeOf(err) != "clock.unknown_state" {
		t.Errorf("unknown state: %v", err)
	}
	if st.wrote != nil {
		t.Errorf("wrote %+v", st.wrote)
	}
}
