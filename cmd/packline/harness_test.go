package main

// What the command's tests share: Main run to its end, a server run by
// Main in this process or in a child process of its own, the accounts the
// tests create with the CLI, and calls to a running server's API.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// testPassword is the password of every account the tests create with createUser.
const testPassword = "long-enough-now"

// childEnv makes this test binary run Main with its arguments instead of the
// tests: the real server in a process of its own, that a test can kill -9.
const childEnv = "PACKLINE_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		ctx, stop := stopContext() // as main: SIGTERM drains
		defer stop()
		if err := Main(ctx, os.Args[1:], os.Stdout, os.Stderr, nil); err != nil {
			fmt.Fprintln(os.Stderr, "packline:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(storagetest.Main(m)) // and drop the tests' PostgreSQL databases
}

// runMain runs Main with args to its end and answers what it printed,
// output and errors together.
func runMain(args ...string) (string, error) {
	var out bytes.Buffer
	err := Main(context.Background(), args, &out, &out, nil)
	return out.String(), err
}

// createUser creates an account on dsn with `packline user create`, its
// password testPassword (the first account of a database is its admin).
func createUser(t *testing.T, dsn, email, first string) {
	t.Helper()
	if out, err := runMain("user", "create", "--db", dsn, "--email", email, "--password", testPassword, "--first", first); err != nil {
		t.Fatalf("user create: %v %s", err, out)
	}
}

// serving is `packline serve` run by Main in this process (startServe).
type serving struct {
	url            string
	stdout, stderr safeBuffer
	cancel         context.CancelFunc
	done           chan error
	once           sync.Once
	err            error
	stopped        bool // stop was called: its caller has the error
}

// startServe runs `packline serve` on dsn (on a free port, with
// testSecret) and the extra flags given: see startServeWith.
func startServe(t *testing.T, dsn string, extra ...string) *serving {
	t.Helper()
	return startServeWith(t, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret}, extra...))
}

// startServeWith runs Main with args (serve and its flags) in this process and
// waits until it listens: the test fails if serve stops first or has not
// started within five minutes (loading the demo under the race detector on
// a loaded machine takes a while). It serves until stop or the end of the
// test, where an error of its shutdown fails the test.
func startServeWith(t *testing.T, args []string) *serving {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serving{cancel: cancel, done: make(chan error, 1)}
	ready := make(chan string, 1)
	go func() { s.done <- Main(ctx, args, &s.stdout, &s.stderr, ready) }()
	t.Cleanup(func() {
		if !s.stopped {
			if err := s.stop(); err != nil {
				t.Errorf("serve: %v", err)
			}
		}
	})
	select {
	case s.url = <-ready:
	case err := <-s.done:
		s.done <- err
		s.stopped = true
		t.Fatalf("serve stopped early: %v\n%s", err, s.stderr.String())
	case <-time.After(5 * time.Minute):
		t.Fatal("serve did not start")
	}
	return s
}

// stop ends the server, as SIGTERM would, and answers what Main returned;
// a server not gone 30 seconds later (an open event stream must not hold
// it up) is an error. Calling it again answers the same.
func (s *serving) stop() error {
	s.stopped = true
	s.once.Do(func() {
		s.cancel()
		select {
		case s.err = <-s.done:
		case <-time.After(30 * time.Second):
			s.err = fmt.Errorf("serve did not shut down")
		}
	})
	return s.err
}

// child is the real server running in its own process (startChild).
type child struct {
	cmd *exec.Cmd
	url string
}

var listening = regexp.MustCompile(`listening on (http://\S+)`)

// startChild runs `packline serve` on dsn in a new process and waits until it listens.
func startChild(t *testing.T, dsn string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret, "--log-level", "warn")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd}
	t.Cleanup(func() { c.kill() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case c.url = <-found:
	case <-time.After(90 * time.Second):
		t.Fatalf("the server did not start: %s", stderr.String())
	}
	return c
}

// forEachKillEngine runs fn on every engine, one after the other, with a
// fresh database holding the account boss@example.org (createUser): a test
// that kills a server it runs in a process of its own (startChild) and
// reads what survived. -short skips it.
func forEachKillEngine(t *testing.T, fn func(t *testing.T, d storage.Dialect, dsn string)) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the server in a process of its own")
	}
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			dsn := storagetest.DSN(t, d)
			createUser(t, dsn, "boss@example.org", "Bo")
			fn(t, d, dsn)
		})
	}
}

// kill ends the server at once (SIGKILL): no shutdown, no rollback by the process.
func (c *child) kill() {
	if c.cmd.ProcessState == nil {
		_ = c.cmd.Process.Kill()
		_ = c.cmd.Wait()
	}
}

// apiClient calls the API of a server under test.
type apiClient struct {
	t    *testing.T
	url  string
	http *http.Client
}

// api calls the API at url with the default HTTP client.
func api(t *testing.T, url string) apiClient {
	return apiClient{t: t, url: url, http: http.DefaultClient}
}

// call sends method path with an optional bearer token and body, decodes a
// JSON answer into into (unless nil) and answers the status and the body;
// no answer at all fails the test.
func (c apiClient) call(method, path, token, body string, into any) (int, string) {
	c.t.Helper()
	req, _ := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if into != nil {
		_ = json.Unmarshal(b, into)
	}
	return res.StatusCode, string(b)
}

// login signs email in with password and answers the session's token; the
// test fails unless the answer is 200 with a token.
func (c apiClient) login(email, password string) string {
	c.t.Helper()
	var out struct{ Token string }
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	if status, raw := c.call("POST", "/api/login", "", string(body), &out); status != 200 || out.Token == "" {
		c.t.Fatalf("login %s: %d %s", email, status, raw)
	}
	return out.Token
}

// login signs boss@example.org (createUser's password) in at url.
func login(t *testing.T, url string) string {
	t.Helper()
	return api(t, url).login("boss@example.org", testPassword)
}

// safeBuffer collects what a server writes while the test reads it.
type safeBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *safeBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *safeBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
