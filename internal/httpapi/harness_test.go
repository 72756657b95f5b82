package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// env is one API under test on a real, fresh database.
type env struct {
	t   *testing.T
	db  *storage.DB
	srv *httptest.Server
	// token of the admin created by newEnv (admin@example.org / correct-horse).
	token string
}

// newEnv starts the full API over db with every service wired as in
// production (then adjusted by configure), and signs in an admin.
func newEnv(t *testing.T, db *storage.DB, configure ...func(*httpapi.Server)) *env {
	t.Helper()
	srv := newEnvServer(t, db, configure...)
	e := &env{t: t, db: db, srv: srv}
	_, e.token = e.signIn(accounts.NewUser{Email: "admin@example.org", FirstName: "Ada", LastName: "Admin"})
	return e
}

// signIn creates the account u with the password correct-horse and signs
// it in: it answers the user's id and session token.
func (e *env) signIn(u accounts.NewUser) (id int64, token string) {
	e.t.Helper()
	u.Password = "correct-horse"
	created, err := testAccounts(e.db, nil).CreateUser(context.Background(), u)
	if err != nil {
		e.t.Fatal(err)
	}
	var out struct{ Token string }
	e.call("POST", "/api/login", "", fmt.Sprintf(`{"email":%q,"password":"correct-horse"}`, u.Email), 200, &out)
	return created.ID, out.Token
}

// newEnvServer starts the full API over db, wired as in production (one
// server instance; call it twice on one PostgreSQL database for two).
func newEnvServer(t *testing.T, db *storage.DB, configure ...func(*httpapi.Server)) *httptest.Server {
	t.Helper()
	// The production hashing bound (three at once), with a long queue wait:
	// a slow, loaded machine under the race detector must not turn test
	// sign-ins away. TestLoginFloodIsBoundedBy503 tests the short wait.
	api, svcs := wiredAPI(db, app.WithHashGate(patientHashGate()))
	if err := svcs.Prepare(context.Background(), api.Log); err != nil {
		t.Fatal(err)
	}
	for _, c := range configure {
		c(api)
	}
	// Started as serve starts: live events from every instance (PostgreSQL
	// LISTEN); none of the background loops, which tests run themselves.
	stop, err := svcs.Start(context.Background(), api.Log, app.Background{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	// Every response a test receives is checked against the OpenAPI document.
	srv := httptest.NewServer(validated(t, api.Handler()))
	t.Cleanup(srv.Close)
	t.Cleanup(api.CloseStreams) // runs first: open event streams would hold Close up
	return srv
}

// wiredAPI is the API over db with every service app.New builds wired in,
// as the tests run it: logs discarded, testApp as the web app, health read
// from db, new passwords hashed with accounts.TestHashing, then opts. It
// starts nothing: the caller serves api.Handler().
func wiredAPI(db *storage.DB, opts ...app.Option) (*httpapi.Server, *app.Services) {
	log := slog.New(slog.DiscardHandler)
	api := &httpapi.Server{
		Log:     log,
		Version: "test",
		App:     testApp(),
		Health:  func(ctx context.Context) (int, error) { return db.SchemaVersion(ctx) },
	}
	svcs := app.New(db, log, append([]app.Option{app.WithPasswordHashing(accounts.TestHashing)}, opts...)...)
	svcs.Wire(api)
	return api, svcs
}

// testApp stands for the built web app: the three entries' pages and two
// hashed assets, one large enough to be sent compressed.
func testApp() fstest.MapFS {
	return fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><title>app</title>")},
		"auth.html":         {Data: []byte("<!doctype html><title>auth</title>")},
		"kiosk.html":        {Data: []byte("<!doctype html><title>kiosk</title>")},
		"assets/app-abc.js": {Data: []byte("console.log(1)")},
		"assets/big-123.js": {Data: []byte(strings.Repeat("console.log('packline');\n", 200))},
	}
}

// patientHashGate is the production bound on password hashing at once with
// a queue wait of a minute, so no test sign-in is turned away on a loaded
// machine.
func patientHashGate() *accounts.HashGate {
	gate := accounts.NewHashGate(accounts.DefaultHashBudget)
	gate.MaxWait = time.Minute
	return gate
}

// testAccounts is the accounts service over db, hashing new passwords
// with accounts.TestHashing: a test that creates people spends its time on
// what it tests. The hash gate's and the login flood's tests hash as in
// production (unknown emails are checked against a production hash).
func testAccounts(db *storage.DB, log *slog.Logger) *accounts.Service {
	s := storage.NewAccountService(db, log)
	s.Hashing = accounts.TestHashing
	return s
}

// forEachEnv runs fn against a fresh API on every engine.
func forEachEnv(t *testing.T, fn func(t *testing.T, e *env)) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) { fn(t, newEnv(t, db)) })
}

// forEachEnvSerial is forEachEnv with the engines one after the other, for
// a test that must have the process to itself.
func forEachEnvSerial(t *testing.T, fn func(t *testing.T, e *env)) {
	storagetest.ForEachSerial(t, func(t *testing.T, db *storage.DB) { fn(t, newEnv(t, db)) })
}

// do sends a request with an optional bearer token and raw JSON body.
func (e *env) do(method, path, token, body string) *http.Response {
	e.t.Helper()
	if body == "" {
		return e.send(method, path, token, nil, nil)
	}
	return e.send(method, path, token, strings.NewReader(body), http.Header{"Content-Type": {"application/json"}})
}

// send sends a request with an optional bearer token, the headers given
// (canonical names) and an optional body.
func (e *env) send(method, path, token string, body io.Reader, header http.Header) *http.Response {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	for name, values := range header {
		req.Header[name] = values
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	return res
}

// call sends a request, checks the status and decodes the JSON answer into out (if not nil).
// It returns the raw body.
func (e *env) call(method, path, token, body string, wantStatus int, out any) []byte {
	e.t.Helper()
	res := e.do(method, path, token, body)
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != wantStatus {
		e.t.Fatalf("%s %s: status %d, want %d; body %s", method, path, res.StatusCode, wantStatus, raw)
	}
	if out != nil {
		if err := json.NewDecoder(bytes.NewReader(raw)).Decode(out); err != nil {
			e.t.Fatalf("%s %s: decode %s: %v", method, path, raw, err)
		}
	}
	return raw
}

// wantPage reads a list page (GET path as the env's user) and fails the
// test unless the page counts total matches and its rows, under key, are
// the ids given, in that order.
func (e *env) wantPage(path, key string, total int, ids ...int64) {
	e.t.Helper()
	var page map[string]json.RawMessage
	raw := e.call("GET", path, e.token, "", 200, &page)
	var n int
	var rows []struct {
		ID int64 `json:"id"`
	}
	if json.Unmarshal(page["total"], &n) != nil || json.Unmarshal(page[key], &rows) != nil || n != total || len(rows) != len(ids) {
		e.t.Fatalf("GET %s: want %d of %d %s %v, got %s", path, len(ids), total, key, ids, raw)
	}
	for i, r := range rows {
		if r.ID != ids[i] {
			e.t.Fatalf("GET %s: want %s %v, got %s", path, key, ids, raw)
		}
	}
}

// errorOf decodes an {"error": …} body.
func errorOf(t *testing.T, raw []byte) string {
	t.Helper()
	var b struct{ Error string }
	if err := json.Unmarshal(raw, &b); err != nil || b.Error == "" {
		t.Fatalf("want an {\"error\": …} body, got %s", raw)
	}
	return b.Error
}

// burst runs fn(0) … fn(n-1) at the same moment (storagetest.Burst).
var burst = storagetest.Burst
