package storage_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
	"github.com/packline/packline/internal/timeclock"
)

// clockEnv is a time clock over a real database with a settable clock.
type clockEnv struct {
	t     *testing.T
	db    *storage.DB
	svc   *timeclock.Service
	now   atomic.Int64 // ms
	staff timeclock.Staff
}

// wallPunch is employee id's punch at a wall-clock time ("2026-11-01
// 00:30") in America/Chicago, the tests' organisation zone.
type wallPunch struct {
	id       int64
	kind, at string
}

// seedWall records past kiosk punches at wall-clock times (SeedPunch).
func (e *clockEnv) seedWall(ps ...wallPunch) {
	e.t.Helper()
	for _, p := range ps {
		if err := e.svc.SeedPunch(context.Background(), p.id, p.kind, chicagoWall(e.t, p.at)); err != nil {
			e.t.Fatal(err)
		}
	}
}

// chicagoWall is the instant of a wall-clock time ("2026-11-01 00:30") in
// America/Chicago.
func chicagoWall(t *testing.T, s string) time.Time {
	t.Helper()
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	at, err := time.ParseInLocation("2006-01-02 15:04", s, chicago)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func newClockEnv(t *testing.T, db *storage.DB) *clockEnv {
	t.Helper()
	e := &clockEnv{t: t, db: db}
	e.now.Store(time.Date(2026, 3, 9, 15, 0, 0, 0, time.UTC).UnixMilli())
	db.SetNow(func() time.Time { return time.UnixMilli(e.now.Load()).UTC() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	keys, err := timeclock.NewKeys([]byte("storage-test-secret-123"))
	if err != nil {
		t.Fatal(err)
	}
	e.svc = newTimeclock(db, keys, log)
	u, err := storage.NewAccountService(db, log).CreateUser(context.Background(), accounts.NewUser{
		Email: "boss@example.org", Password: "long-enough-now", FirstName: "Bo", LastName: "Ss"})
	if err != nil {
		t.Fatal(err)
	}
	e.staff = timeclock.Staff{UserID: u.ID}
	return e
}

// forEachClockEnv runs fn against a fresh clockEnv on every engine.
func forEachClockEnv(t *testing.T, fn func(t *testing.T, e *clockEnv)) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) { fn(t, newClockEnv(t, db)) })
}

// newTimeclock is the time clock as the app wires it, over db.
func newTimeclock(db *storage.DB, keys *timeclock.Keys, log *slog.Logger) *timeclock.Service {
	cal := &organisation.Calendar{Settings: storage.NewOrganisationService(db), Clock: func() time.Time { return db.Now() }}
	return timeclock.NewService(storage.NewTimeclockStore(db), storage.NewThrottle(db), keys, cal, log)
}

func (e *clockEnv) advance(d time.Duration) { e.now.Add(d.Milliseconds()) }

func (e *clockEnv) employee(first, last, pin string) *timeclock.Employee {
	e.t.Helper()
	emp, err := e.svc.CreateEmployee(context.Background(), timeclock.NewEmployee{FirstName: first, LastName: last, PIN: pin})
	if err != nil {
		e.t.Fatal(err)
	}
	return emp
}

func (e *clockEnv) check(id int64, pin, client string) (*timeclock.PINResult, error) {
	return e.svc.CheckPIN(context.Background(), timeclock.PINCheck{EmployeeID: id, PIN: pin, Client: client})
}

func (e *clockEnv) token(id int64, pin string) string {
	e.t.Helper()
	res, err := e.check(id, pin, "kiosk")
	if err != nil || !res.Valid {
		e.t.Fatalf("PIN check: %+v, %v", res, err)
	}
	return res.Token
}

func (e *clockEnv) clock(id int64, token, to string) error {
	_, err := e.svc.Clock(context.Background(), timeclock.ClockRequest{EmployeeID: id, Token: token, To: to, Client: "kiosk"})
	return err
}

func wantCode(t *testing.T, err error, code apperr.Kind) {
	t.Helper()
	if got := apperr.KindOf(err); got != code {
		t.Fatalf("error %v: code %q, want %q", err, got, code)
	}
}

func TestPINStoredAsKeyedHash(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		emp := e.employee("Ana", "Lima", "482913")
		var stored string
		if err := e.db.QueryRow(context.Background(), `SELECT pin_hash FROM employees WHERE id = ?`, emp.ID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		other, _ := timeclock.NewKeys([]byte("some-other-secret-456"))
		if stored == "" || stored == "482913" || other.CheckPIN(emp.ID, "482913", stored) {
			t.Fatalf("stored PIN %q is not a hash keyed by the server secret", stored)
		}
		if !emp.HasPIN {
			t.Error("HasPIN = false")
		}
	})
}

func TestClockTokenSingleUseAndExpiry(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		emp := e.employee("Ana", "Lima", "1234")
		other := e.employee("Bo", "Chen", "5678")

		// No token at all is a missing field (400 field.required); a wrong or foreign one is refused.
		wantCode(t, e.clock(emp.ID, "", timeclock.ClockedIn), apperr.Invalid)
		wantCode(t, e.clock(emp.ID, "garbage", timeclock.ClockedIn), apperr.Forbidden)
		// A token is bound to its employee.
		wantCode(t, e.clock(other.ID, e.token(emp.ID, "1234"), timeclock.ClockedIn), apperr.Forbidden)

		tok := e.token(emp.ID, "1234")
		if err := e.clock(emp.ID, tok, timeclock.ClockedIn); err != nil {
			t.Fatal(err)
		}
		// Used once: neither a second clock-in nor a clock-out accepts it.
		wantCode(t, e.clock(emp.ID, tok, timeclock.ClockedIn), apperr.Conflict)
		wantCode(t, e.clock(emp.ID, tok, timeclock.ClockedOut), apperr.Forbidden)

		// Expired after two minutes.
		tok = e.token(emp.ID, "1234")
		e.advance(timeclock.TokenTTL)
		wantCode(t, e.clock(emp.ID, tok, timeclock.ClockedOut), apperr.Forbidden)

		tok = e.token(emp.ID, "1234")
		e.advance(timeclock.TokenTTL - time.Second)
		if err := e.clock(emp.ID, tok, timeclock.ClockedOut); err != nil {
			t.Fatal(err)
		}
		got, _ := e.svc.Employee(context.Background(), emp.ID)
		if got.ClockStatus != timeclock.ClockedOut || got.LastEvent == nil || !got.LastEvent.Equal(e.db.Now()) {
			t.Errorf("after clock-out: %+v", got)
		}
		// Archived employees cannot use an outstanding token.
		tok = e.token(emp.ID, "1234")
		if _, err := e.svc.SetArchived(context.Background(), emp.ID, true); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.clock(emp.ID, tok, timeclock.ClockedIn), apperr.NotFound)
		_, err := e.check(emp.ID, "1234", "kiosk")
		wantCode(t, err, apperr.NotFound)
	})
}

func TestConcurrentClockInsChangeStateOnce(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		emp := e.employee("Ana", "Lima", "1234")
		const n = 50
		tokens := make([]string, n)
		for i := range tokens {
			tokens[i] = e.token(emp.ID, "1234")
		}
		var ok, conflict, forbidden atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(tok string) {
				defer wg.Done()
				switch err := e.clock(emp.ID, tok, timeclock.ClockedIn); apperr.KindOf(err) {
				case "":
					ok.Add(1)
				case apperr.Conflict:
					conflict.Add(1)
				case apperr.Forbidden:
					forbidden.Add(1)
				default:
					t.Errorf("unexpected error: %v", err)
				}
			}(tokens[i])
		}
		wg.Wait()
		if ok.Load() != 1 || conflict.Load() != n-1 {
			t.Errorf("ok %d, conflict %d, forbidden %d; want 1, %d, 0", ok.Load(), conflict.Load(), forbidden.Load(), n-1)
		}
		var punches int
		if err := e.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM punches WHERE employee_id = ?`, emp.ID).Scan(&punches); err != nil {
			t.Fatal(err)
		}
		if punches != 1 {
			t.Errorf("%d punches recorded, want 1", punches)
		}
	})
}

func TestPINThrottle(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		ana := e.employee("Ana", "Lima", "1234")
		bo := e.employee("Bo", "Chen", "5678")

		// A success resets the count: four wrong, one right, four wrong is no lock.
		for i := 0; i < 4; i++ {
			res, err := e.check(ana.ID, "0000", "10.0.0.1")
			if err != nil || res.Valid || res.Message != timeclock.MsgWrongPIN {
				t.Fatalf("wrong PIN %d: %+v, %v", i, res, err)
			}
		}
		if res, err := e.check(ana.ID, "1234", "10.0.0.1"); err != nil || !res.Valid {
			t.Fatalf("right PIN: %+v, %v", res, err)
		}
		for i := 0; i < 4; i++ {
			if _, err := e.check(ana.ID, "0000", "10.0.0.1"); err != nil {
				t.Fatalf("wrong PIN after reset %d: %v", i, err)
			}
		}
		// The fifth wrong PIN in a row locks that employee for that client, right PIN or not.
		if _, err := e.check(ana.ID, "9999", "10.0.0.1"); err != nil {
			t.Fatal(err)
		}
		_, err := e.check(ana.ID, "1234", "10.0.0.1")
		wantCode(t, err, apperr.TooManyAttempts)
		if ae, _ := apperr.As(err); ae.RetryAfter <= 0 || ae.RetryAfter > time.Minute {
			t.Errorf("first lock RetryAfter = %v, want up to a minute", ae.RetryAfter)
		}
		// Not the other employee at that client, nor that employee at another client.
		if res, err := e.check(bo.ID, "5678", "10.0.0.1"); err != nil || !res.Valid {
			t.Errorf("other employee, same client: %+v, %v", res, err)
		}
		if res, err := e.check(ana.ID, "1234", "10.0.0.2"); err != nil || !res.Valid {
			t.Errorf("same employee, other client: %+v, %v", res, err)
		}
		// A guesser who goes on after the cool-down is locked for longer
		// (a right PIN in between would have reset it).
		e.advance(time.Minute + time.Second)
		for i := 0; i < 5; i++ {
			if _, err := e.check(ana.ID, "0000", "10.0.0.1"); err != nil {
				t.Fatal(err)
			}
		}
		_, err = e.check(ana.ID, "1234", "10.0.0.1")
		wantCode(t, err, apperr.TooManyAttempts)
		e.advance(time.Minute + time.Second)
		_, err = e.check(ana.ID, "1234", "10.0.0.1")
		wantCode(t, err, apperr.TooManyAttempts) // the second lock lasts two minutes
		e.advance(time.Minute)
		if res, err := e.check(ana.ID, "1234", "10.0.0.1"); err != nil || !res.Valid {
			t.Fatalf("after the longer cool-down: %+v, %v", res, err)
		}
		// Staff setting a new PIN lifts a lock.
		for i := 0; i < 5; i++ {
			_, _ = e.check(ana.ID, "0000", "10.0.0.1")
		}
		if err := e.svc.SetPIN(context.Background(), ana.ID, "24680"); err != nil {
			t.Fatal(err)
		}
		if res, err := e.check(ana.ID, "24680", "10.0.0.1"); err != nil || !res.Valid {
			t.Fatalf("after a new PIN: %+v, %v", res, err)
		}
		if res, _ := e.check(ana.ID, "1234", "10.0.0.3"); res == nil || res.Valid {
			t.Error("the old PIN still works")
		}
	})
}

func TestPINThrottleRightPINsNeverCountedAndClientLimit(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		var emps []*timeclock.Employee
		for i := 0; i < 10; i++ {
			emps = append(emps, e.employee("E", fmt.Sprintf("Number%02d", i), fmt.Sprintf("10%02d", i)))
		}
		// A shift change: a hundred right PINs at one kiosk.
		for i := 0; i < 100; i++ {
			emp := emps[i%len(emps)]
			if res, err := e.check(emp.ID, fmt.Sprintf("10%02d", i%len(emps)), "kiosk-1"); err != nil || !res.Valid {
				t.Fatalf("right PIN %d refused: %+v, %v", i, res, err)
			}
		}
		// Spreading guesses over employees (4 each) trips the client-wide limit.
		wrong := 0
		for _, emp := range emps {
			for j := 0; j < 4 && wrong < timeclock.ClientPINLimit; j++ {
				if _, err := e.check(emp.ID, "0000", "attacker"); err != nil {
					t.Fatalf("wrong PIN %d: %v", wrong, err)
				}
				wrong++
			}
		}
		_, err := e.check(emps[9].ID, "1009", "attacker")
		wantCode(t, err, apperr.TooManyAttempts)
		// Everyone else keeps clocking.
		if res, err := e.check(emps[9].ID, "1009", "kiosk-1"); err != nil || !res.Valid {
			t.Errorf("another client was locked out: %+v, %v", res, err)
		}
	})
}

func TestMalformedPINsAreWrongPINs(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		emp := e.employee("Ana", "Lima", "1234")
		for _, pin := range []string{"12", "abcd", "1234 ", "123456789012345678901234567890"} {
			if res, err := e.check(emp.ID, pin, "k"); err != nil || res.Valid {
				t.Errorf("PIN %q: %+v, %v", pin, res, err)
			}
		}
		_, err := e.check(emp.ID, "", "k")
		wantCode(t, err, apperr.Invalid)
		_, err = e.check(99999, "1234", "k")
		wantCode(t, err, apperr.NotFound)
	})
}

func TestCorrectionsKeepAnAuditTrail(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		ctx := context.Background()
		emp := e.employee("Ana", "Lima", "1234")
		if err := e.clock(emp.ID, e.token(emp.ID, "1234"), timeclock.ClockedIn); err != nil {
			t.Fatal(err)
		}
		inAt := e.db.Now()
		e.advance(14 * time.Hour)

		// Forgotten: open longer than 12 hours.
		now, err := e.svc.Now(ctx)
		if err != nil || now.Count != 1 || now.ForgottenCount != 1 || !now.ClockedIn[0].Forgotten || now.ClockedIn[0].Hours != 14 {
			t.Fatalf("Now = %+v, %v", now, err)
		}
		// Corrections need a reason.
		_, err = e.svc.AddPunch(ctx, e.staff, timeclock.NewPunch{EmployeeID: emp.ID, Kind: "out", At: inAt.Add(8 * time.Hour), Reason: "  "})
		wantCode(t, err, apperr.Invalid)
		_, err = e.svc.AddPunch(ctx, e.staff, timeclock.NewPunch{EmployeeID: emp.ID, Kind: "out", At: e.db.Now().Add(time.Hour), Reason: "x"})
		wantCode(t, err, apperr.Invalid) // not in the future

		// Staff close the forgotten shift.
		out, err := e.svc.AddPunch(ctx, e.staff, timeclock.NewPunch{EmployeeID: emp.ID, Kind: "out", At: inAt.Add(8 * time.Hour), Reason: "Forgot to clock out"})
		if err != nil {
			t.Fatal(err)
		}
		if out.Source != timeclock.SourceStaff || !out.Corrected || len(out.Audit) != 1 || out.Audit[0].Action != timeclock.ActionAdd ||
			out.Audit[0].Before != nil || out.Audit[0].UserName != "Bo Ss" || out.Audit[0].Reason != "Forgot to clock out" {
			t.Fatalf("added punch = %+v", out)
		}
		got, _ := e.svc.Employee(ctx, emp.ID)
		if got.ClockStatus != timeclock.ClockedOut || !got.LastEvent.Equal(inAt.Add(8*time.Hour)) {
			t.Errorf("after closing: %s %v", got.ClockStatus, got.LastEvent)
		}

		// Change its time; the original stays in the trail.
		e.advance(time.Minute)
		edited, err := e.svc.EditPunch(ctx, e.staff, timeclock.PunchEdit{PunchID: out.ID, At: inAt.Add(7 * time.Hour), Reason: "Left early"})
		if err != nil {
			t.Fatal(err)
		}
		if len(edited.Audit) != 2 {
			t.Fatalf("audit = %+v", edited.Audit)
		}
		a := edited.Audit[1]
		if a.Action != timeclock.ActionEdit || !a.Before.At.Equal(inAt.Add(8*time.Hour)) || !a.After.At.Equal(inAt.Add(7*time.Hour)) ||
			!a.At.Equal(e.db.Now()) || a.UserID != e.staff.UserID {
			t.Errorf("edit entry = %+v", a)
		}
		_, err = e.svc.EditPunch(ctx, e.staff, timeclock.PunchEdit{PunchID: out.ID, At: inAt.Add(7 * time.Hour), Reason: "same"})
		wantCode(t, err, apperr.Invalid)

		// Void the clock-in: nothing is deleted, the employee has no open shift, and a void is final.
		ps, err := e.svc.Punches(ctx, emp.ID, inAt.Add(-time.Hour), e.db.Now().Add(time.Hour))
		if err != nil || len(ps) != 2 {
			t.Fatalf("punches = %+v, %v", ps, err)
		}
		// Newest first, like every other history: the clock-out, then the clock-in.
		if ps[0].ID != out.ID || ps[1].Kind != timeclock.KindIn || !ps[0].At.After(ps[1].At) {
			t.Fatalf("punches not newest first: %+v", ps)
		}
		ps[0], ps[1] = ps[1], ps[0]
		v, err := e.svc.VoidPunch(ctx, e.staff, ps[0].ID, "Test punch")
		if err != nil || !v.Voided || v.Audit[len(v.Audit)-1].Action != timeclock.ActionVoid || !v.Audit[len(v.Audit)-1].After.Voided {
			t.Fatalf("void = %+v, %v", v, err)
		}
		_, err = e.svc.VoidPunch(ctx, e.staff, ps[0].ID, "again")
		wantCode(t, err, apperr.Conflict)
		_, err = e.svc.EditPunch(ctx, e.staff, timeclock.PunchEdit{PunchID: ps[0].ID, At: inAt, Reason: "x"})
		wantCode(t, err, apperr.Conflict)
		_, err = e.svc.VoidPunch(ctx, e.staff, 424242, "x")
		wantCode(t, err, apperr.NotFound)
		ps, _ = e.svc.Punches(ctx, emp.ID, inAt.Add(-time.Hour), e.db.Now().Add(time.Hour))
		if len(ps) != 2 || !ps[1].Voided {
			t.Errorf("after void: %+v", ps)
		}
		trail, err := e.svc.Audit(ctx, emp.ID, 10)
		if err != nil || len(trail) != 3 || trail[0].Action != timeclock.ActionVoid {
			t.Errorf("audit = %+v, %v", trail, err)
		}
	})
}

func TestCorrectionMakesOutstandingTokensStale(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		ctx := context.Background()
		emp := e.employee("Ana", "Lima", "1234")
		tok := e.token(emp.ID, "1234")
		if _, err := e.svc.AddPunch(ctx, e.staff, timeclock.NewPunch{EmployeeID: emp.ID, Kind: "in", At: e.db.Now().Add(-time.Hour), Reason: "Forgot"}); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.clock(emp.ID, tok, timeclock.ClockedOut), apperr.Forbidden)
		// Archiving someone clocked in is refused.
		_, err := e.svc.SetArchived(ctx, emp.ID, true)
		wantCode(t, err, apperr.Conflict)
	})
}

func TestEmployeeListSearchSortPage(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		ctx := context.Background()
		for _, n := range [][2]string{{"Zoe", "adams"}, {"Al", "Baker"}, {"Ana", "Almeida"}, {"Cy", "Chen"}, {"Dee", "100%_Real"}} {
			e.employee(n[0], n[1], "1234")
		}
		old := e.employee("Old", "Timer", "1234")
		if _, err := e.svc.SetArchived(ctx, old.ID, true); err != nil {
			t.Fatal(err)
		}
		names := func(f timeclock.EmployeeFilter) ([]string, int) {
			t.Helper()
			list, total, err := e.svc.ListEmployees(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, x := range list {
				out = append(out, x.LastName)
			}
			return out, total
		}
		tests := []struct {
			f     timeclock.EmployeeFilter
			want  []string
			total int
		}{
			{timeclock.EmployeeFilter{}, []string{"100%_Real", "adams", "Almeida", "Baker", "Chen"}, 5},
			{timeclock.EmployeeFilter{Desc: true, PageSize: 2}, []string{"Chen", "Baker"}, 5},
			{timeclock.EmployeeFilter{PageSize: 2, Page: 3}, []string{"Chen"}, 5},
			{timeclock.EmployeeFilter{Search: "A"}, []string{"100%_Real", "adams", "Almeida", "Baker"}, 4},
			{timeclock.EmployeeFilter{Search: "ana alm"}, []string{"Almeida"}, 1},
			{timeclock.EmployeeFilter{Search: "%_"}, []string{"100%_Real"}, 1},
			{timeclock.EmployeeFilter{Sort: "first_name"}, []string{"Baker", "Almeida", "Chen", "100%_Real", "adams"}, 5},
			{timeclock.EmployeeFilter{Status: "archived"}, []string{"Timer"}, 1},
			{timeclock.EmployeeFilter{Status: "all", PageSize: 1}, []string{"100%_Real"}, 6},
		}
		for _, tc := range tests {
			got, total := names(tc.f)
			if !reflect.DeepEqual(got, tc.want) || total != tc.total {
				t.Errorf("%+v: got %v (%d), want %v (%d)", tc.f, got, total, tc.want, tc.total)
			}
		}
		_, _, err := e.svc.ListEmployees(ctx, timeclock.EmployeeFilter{Sort: "pin_hash"})
		wantCode(t, err, apperr.Invalid)
		kiosk, err := e.svc.KioskEmployees(ctx)
		if err != nil || len(kiosk) != 5 || kiosk[0].LastName != "100%_Real" || kiosk[1].LastName != "adams" {
			t.Errorf("kiosk list = %+v, %v", kiosk, err)
		}
	})
}

func TestTimesheetFromTheDatabaseAcrossDST(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		ctx := context.Background()
		e.now.Store(time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC).UnixMilli())
		emp := e.employee("Ana", "Lima", "1234")
		e.employee("Bo", "Chen", "1234") // no hours, still listed
		e.seedWall(
			wallPunch{emp.ID, "in", "2026-10-31 22:00"}, wallPunch{emp.ID, "out", "2026-11-01 06:00"}, // 9 real hours over the fall-back night
			wallPunch{emp.ID, "in", "2026-11-02 08:00"}, wallPunch{emp.ID, "out", "2026-11-02 12:30"},
		)
		week, _ := timeclock.ParseDate("2026-11-01")
		mon, sun := timeclock.WeekOf(week)
		ts, err := e.svc.Timesheet(ctx, timeclock.TimesheetQuery{From: mon, To: sun})
		if err != nil {
			t.Fatal(err)
		}
		if ts.TotalHours != 9 || len(ts.Employees) != 2 || ts.Employees[1].TotalHours != 9 || ts.TimeZone != "America/Chicago" {
			t.Fatalf("week of 2026-11-01: total %v, employees %+v", ts.TotalHours, ts.Employees)
		}
		one, err := e.svc.Timesheet(ctx, timeclock.TimesheetQuery{From: sun, To: sun.AddDays(1), EmployeeID: emp.ID})
		if err != nil || one.TotalHours != 11.5 || len(one.Employees) != 1 {
			t.Fatalf("two days: %+v, %v", one, err)
		}
		_, err = e.svc.Timesheet(ctx, timeclock.TimesheetQuery{From: sun, To: sun, EmployeeID: 999})
		wantCode(t, err, apperr.NotFound)
	})
}

func BenchmarkCheckPINAndClock(b *testing.B) {
	db := storagetest.Open(b, storage.SQLite)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := newTimeclock(db, timeclock.RandomKeys(), log)
	ctx := context.Background()
	emp, err := svc.CreateEmployee(ctx, timeclock.NewEmployee{FirstName: "A", LastName: "B", PIN: "1234"})
	if err != nil {
		b.Fatal(err)
	}
	to := timeclock.ClockedIn
	for b.Loop() {
		res, err := svc.CheckPIN(ctx, timeclock.PINCheck{EmployeeID: emp.ID, PIN: "1234", Client: "k"})
		if err != nil || !res.Valid {
			b.Fatal(res, err)
		}
		if _, err := svc.Clock(ctx, timeclock.ClockRequest{EmployeeID: emp.ID, Token: res.Token, To: to}); err != nil {
			b.Fatal(err)
		}
		if to == timeclock.ClockedIn {
			to = timeclock.ClockedOut
		} else {
			to = timeclock.ClockedIn
		}
	}
}

func BenchmarkKioskEmployees300(b *testing.B) {
	db := storagetest.Open(b, storage.SQLite)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := newTimeclock(db, timeclock.RandomKeys(), log)
	ctx := context.Background()
	for i := 0; i < 300; i++ {
		if _, err := svc.CreateEmployee(ctx, timeclock.NewEmployee{FirstName: "F", LastName: fmt.Sprintf("L%03d", i), PIN: "1234"}); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := svc.KioskEmployees(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPINEmployeeLimitAcrossClients: guesses for one employee spread over
// 150 addresses at once (on PostgreSQL over two instances) get at most 20
// PINs looked at. The employee is flagged for staff; the cool-down ends on
// its own (no lock an attacker can make permanent) and grows if guessing
// goes on; a new PIN from staff lifts it.
func TestPINEmployeeLimitAcrossClients(t *testing.T) {
	t.Parallel()
	forEachClockEnv(t, func(t *testing.T, e *clockEnv) {
		ctx := context.Background()
		ana := e.employee("Ana", "Lima", "2468")
		svcs := []*timeclock.Service{e.svc}
		if e.db.Dialect == storage.Postgres {
			other, err := storage.Open(ctx, e.db.DSN)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			other.SetNow(e.db.Now)
			keys, _ := timeclock.NewKeys([]byte("storage-test-secret-123"))
			svcs = append(svcs, newTimeclock(other, keys, slog.New(slog.NewTextHandler(io.Discard, nil))))
		}
		for _, s := range svcs {
			s.Notifier = storage.NewMessagingService(e.db)
		}
		burst := func(n int, offset int) (evaluated int32) {
			var count atomic.Int32
			storagetest.Burst(n, func(i int) {
				res, err := svcs[i%len(svcs)].CheckPIN(ctx, timeclock.PINCheck{EmployeeID: ana.ID, PIN: "0000",
					Client: fmt.Sprintf("10.9.%d.%d", (offset+i)/250, (offset+i)%250)})
				switch {
				case err == nil && !res.Valid:
					count.Add(1)
				case apperr.KindOf(err) != apperr.TooManyAttempts:
					t.Errorf("guess %d: %+v, %v", i, res, err)
				}
			})
			return count.Load()
		}
		if got := burst(150, 0); got != timeclock.EmployeePINLimit {
			t.Fatalf("150 guesses from 150 addresses: %d evaluated, want %d", got, timeclock.EmployeePINLimit)
		}
		// Staff are told once, with the employee's name…
		page, err := storage.NewMessagingService(e.db).List(ctx, e.staff.UserID, messaging.Filter{Limit: 10})
		notes := page.Notifications
		if err != nil {
			t.Fatal(err)
		}
		if len(notes) != 1 || notes[0].Kind != "pin_guessing" || notes[0].Params["name"] != "Ana Lima" {
			t.Fatalf("notifications = %+v", notes)
		}
		// …and see it on the "who is in" data.
		now, err := e.svc.Now(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(now.PINAlerts) != 1 || now.PINAlerts[0].EmployeeID != ana.ID || now.PINAlerts[0].FirstName != "Ana" || now.PINAlerts[0].Lockouts != 1 {
			t.Fatalf("PIN alerts = %+v", now.PINAlerts)
		}
		// Even the right PIN waits for the cool-down, from a kiosk never used before…
		_, err = e.check(ana.ID, "2468", "kiosk-new")
		wantCode(t, err, apperr.TooManyAttempts)
		// …which ends on its own.
		e.advance(time.Minute + time.Second)
		if res, err := e.check(ana.ID, "2468", "kiosk-new"); err != nil || !res.Valid {
			t.Fatalf("after the cool-down: %+v, %v", res, err)
		}
		// Guessing on: the next cool-down is longer (two minutes), still not for good.
		if got := burst(150, 150); got > timeclock.EmployeePINLimit {
			t.Fatalf("second burst: %d evaluated", got)
		}
		e.advance(time.Minute + time.Second)
		_, err = e.check(ana.ID, "2468", "kiosk-new")
		wantCode(t, err, apperr.TooManyAttempts)
		e.advance(time.Minute)
		if res, err := e.check(ana.ID, "2468", "kiosk-new"); err != nil || !res.Valid {
			t.Fatalf("after the second cool-down: %+v, %v", res, err)
		}
		// A new PIN from staff lifts the cool-down and the notice.
		burst(30, 300)
		if err := e.svc.SetPIN(ctx, ana.ID, "8642"); err != nil {
			t.Fatal(err)
		}
		if res, err := e.check(ana.ID, "8642", "kiosk-new"); err != nil || !res.Valid {
			t.Fatalf("after a new PIN: %+v, %v", res, err)
		}
		if now, _ := e.svc.Now(ctx); len(now.PINAlerts) != 0 {
			t.Errorf("alerts after a new PIN: %+v", now.PINAlerts)
		}
	})
}
