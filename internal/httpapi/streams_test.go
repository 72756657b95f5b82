package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// tryEvents opens GET /api/events with a bearer token: the open stream, or
// nil and the refusal's body (closed).
func (e *env) tryEvents(token string) (*http.Response, errJSON) {
	e.t.Helper()
	res := e.do("GET", "/api/events", token, "")
	if res.StatusCode == 200 {
		e.t.Cleanup(func() { res.Body.Close() })
		return res, errJSON{}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var b errJSON
	if err := json.Unmarshal(raw, &b); err != nil {
		e.t.Fatalf("GET /api/events: %d %s", res.StatusCode, raw)
	}
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "15" {
		e.t.Fatalf("GET /api/events: %d (Retry-After %q) %s, want 429 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"), raw)
	}
	// A refused stream holds no connection: the server closes it.
	if !res.Close {
		e.t.Fatalf("GET /api/events refused without Connection: close (%v)", res.Header)
	}
	return nil, b
}

// mustRefuse checks that one more stream is refused by cap at max.
func (e *env) mustRefuse(token, cap string, max int) {
	e.t.Helper()
	res, b := e.tryEvents(token)
	if res != nil {
		e.t.Fatalf("a stream beyond the %s cap was opened", cap)
	}
	if b.Code != "events.too_many_streams" || b.Params["cap"] != cap || b.Params["max"] != float64(max) || b.Params["retry_after_seconds"] != float64(15) {
		e.t.Fatalf("refusal %+v, want events.too_many_streams, cap %s, max %d", b, cap, max)
	}
}

func (e *env) mustOpen(token string) *http.Response {
	e.t.Helper()
	res, b := e.tryEvents(token)
	if res == nil {
		e.t.Fatalf("stream refused: %+v", b)
	}
	return res
}

// Streams are capped per sign-in, per account and on the instance; a
// refusal is 429 with Retry-After and says which cap; a closed stream frees
// its place; a ticket's stream counts for the sign-in that asked for it.
func TestEventStreamCaps(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		e := newEnv(t, db, func(api *httpapi.Server) {
			api.Messaging.Streams = messaging.NewStreamGate(messaging.StreamLimits{PerSession: 2, PerAccount: 3, Total: 5})
		})
		login := func(email, password string) string {
			var out struct{ Token string }
			e.call("POST", "/api/login", "", `{"email":"`+email+`","password":"`+password+`"}`, 200, &out)
			return out.Token
		}
		for _, email := range []string{"bo@example.org", "cy@example.org"} {
			if _, err := testAccounts(db, nil).CreateUser(context.Background(), accounts.NewUser{
				Email: email, Password: "correct-horse", FirstName: "Staff", LastName: "Member"}); err != nil {
				t.Fatal(err)
			}
		}

		// Per sign-in: two; the third is refused.
		first := e.mustOpen(e.token)
		e.mustOpen(e.token)
		e.mustRefuse(e.token, "session", 2)
		// Another sign-in of the same account, through a ticket: up to three for the account.
		other := login("admin@example.org", "correct-horse")
		var ticket struct{ Ticket string }
		e.call("POST", "/api/events/ticket", other, "", 201, &ticket)
		res := e.do("GET", "/api/events?ticket="+ticket.Ticket, "", "")
		if res.StatusCode != 200 {
			t.Fatalf("ticket stream: %d", res.StatusCode)
		}
		t.Cleanup(func() { res.Body.Close() })
		e.mustRefuse(other, "account", 3)

		// Closing a stream gives its place back (once the server sees the connection end).
		first.Body.Close()
		deadline := time.Now().Add(30 * time.Second)
		for {
			if res, _ := e.tryEvents(other); res != nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("a closed stream's place never came back")
			}
			time.Sleep(20 * time.Millisecond)
		}
		e.mustRefuse(other, "session", 2)
		e.mustRefuse(login("admin@example.org", "correct-horse"), "account", 3)

		// Other people count toward the instance's total only: 3 + 2 = 5.
		bo := login("bo@example.org", "correct-horse")
		e.mustOpen(bo)
		e.mustOpen(bo)
		e.mustRefuse(login("cy@example.org", "correct-horse"), "server", 5)
		// Everything else still answers.
		e.call("GET", "/api/health", "", "", 200, nil)
		e.call("GET", "/api/employees", "", "", 200, nil)
	})
}
