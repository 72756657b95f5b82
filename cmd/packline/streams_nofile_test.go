//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/packline/packline/internal/storage/storagetest"
)

// The wrapper's environment: the limits to set and the program to become.
const (
	wrapSoft = "NOFILE_WRAPPER_SOFT"
	wrapHard = "NOFILE_WRAPPER_HARD"
	wrapExec = "NOFILE_WRAPPER_EXEC" // JSON: the program and its arguments
)

// TestNofileWrapper is not a test but the small wrapper the test below
// starts as a child: it sets RLIMIT_NOFILE (soft and hard) and becomes the
// program named in its environment, which keeps that limit.
func TestNofileWrapper(t *testing.T) {
	// Serial: it changes the open-file limit, which is the whole process's.
	if os.Getenv(wrapExec) == "" {
		t.Skip("the wrapper of TestStreamCapsUnderALowOpenFileLimit")
	}
	var argv []string
	if err := json.Unmarshal([]byte(os.Getenv(wrapExec)), &argv); err != nil || len(argv) == 0 {
		t.Fatalf("%s: %v", wrapExec, err)
	}
	soft, _ := strconv.ParseUint(os.Getenv(wrapSoft), 10, 64)
	hard, _ := strconv.ParseUint(os.Getenv(wrapHard), 10, 64)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: soft, Max: hard}); err != nil {
		t.Fatal(err)
	}
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NOFILE_WRAPPER_") {
			env = append(env, kv)
		}
	}
	t.Fatal(syscall.Exec(argv[0], argv, env)) // returns only on failure
}

// The real binary, started with a low open-file limit (soft 256, hard 512:
// serve raises the soft limit to the hard one), caps its event streams in
// all at 256 however high the per-person caps are set, refuses the next
// with 429 events.too_many_streams, and meanwhile the health check and the
// kiosk list still answer within a second. Without the total cap the
// streams would take every open file and nothing would answer.
func TestStreamCapsUnderALowOpenFileLimit(t *testing.T) {
	// Serial: it lowers the open-file limit, which is the whole process's.
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binary with")
	}
	bin := filepath.Join(t.TempDir(), "packline")
	build := exec.Command(goCmd, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			dsn := storagetest.DSN(t, d)
			createUser(t, dsn, "ops@example.org", "Ops")
			url, stderr := startLimited(t, bin, 256, 512, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret,
				"--max-streams-per-session", "100000", "--max-streams-per-account", "100000")
			if !regexp.MustCompile(`"msg":"live event streams capped".*"total":256,"open_file_limit":512`).MatchString(stderr.String()) {
				t.Fatalf("the start-up log does not give the limit raised to 512 and the total cap 256:\n%s", stderr.String())
			}

			token := api(t, url).login("ops@example.org", testPassword)

			// A server out of open files never answers: fail rather than wait.
			streams := &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: 10 * time.Second}}
			open := func() (*http.Response, map[string]any) {
				t.Helper()
				req, _ := http.NewRequest("GET", url+"/api/events", nil)
				req.Header.Set("Authorization", "Bearer "+token)
				res, err := streams.Do(req)
				if err != nil {
					t.Fatalf("GET /api/events: %v\n%s", err, stderr.String())
				}
				if res.StatusCode == 200 {
					return res, nil
				}
				defer res.Body.Close()
				var body struct {
					Code   string
					Params map[string]any
				}
				_ = json.NewDecoder(res.Body).Decode(&body)
				if res.StatusCode != 429 || body.Code != "events.too_many_streams" || res.Header.Get("Retry-After") == "" {
					t.Fatalf("GET /api/events: %d %+v", res.StatusCode, body)
				}
				return nil, body.Params
			}
			var held []*http.Response
			defer func() {
				for _, r := range held {
					r.Body.Close()
				}
			}()
			var refused map[string]any
			for len(held) <= 1000 {
				r, params := open()
				if r == nil {
					refused = params
					break
				}
				held = append(held, r)
			}
			if len(held) != 256 || refused["cap"] != "server" || refused["max"] != float64(256) {
				t.Fatalf("%d streams opened, then %v; want 256, then the server cap", len(held), refused)
			}

			// While streams are refused, the rest answers, each within a second.
			quick := &http.Client{Timeout: time.Second, Transport: &http.Transport{}}
			for range 3 {
				for _, path := range []string{"/api/health", "/api/employees"} {
					res, err := quick.Get(url + path)
					if err != nil {
						t.Fatalf("GET %s while streams are refused: %v", path, err)
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						t.Fatalf("GET %s while streams are refused: %d", path, res.StatusCode)
					}
				}
				if r, _ := open(); r != nil {
					t.Fatal("a stream beyond the cap was opened")
				}
			}

			// A closed stream gives its place back.
			held[0].Body.Close()
			held = held[1:]
			deadline := time.Now().Add(30 * time.Second)
			for {
				if r, _ := open(); r != nil {
					held = append(held, r)
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("a closed stream's place never came back")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}

// startLimited runs bin with args as a child whose RLIMIT_NOFILE is soft
// and hard (through TestNofileWrapper), waits until it listens and returns
// its address and stderr; the child is stopped when the test ends.
func startLimited(t *testing.T, bin string, soft, hard int, args ...string) (string, *safeBuffer) {
	t.Helper()
	argv, _ := json.Marshal(append([]string{bin}, args...))
	cmd := exec.Command(os.Args[0], "-test.run=^TestNofileWrapper$")
	cmd.Env = append(os.Environ(), wrapSoft+"="+strconv.Itoa(soft), wrapHard+"="+strconv.Itoa(hard), wrapExec+"="+string(argv))
	stderr := &safeBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if i := strings.Index(sc.Text(), "listening on http://"); i >= 0 {
				urls <- strings.Fields(sc.Text()[i+len("listening on "):])[0]
			}
		}
		_ = cmd.Wait()
		close(exited)
	}()
	select {
	case url := <-urls:
		return url, stderr
	case <-exited:
		t.Fatalf("the server stopped before listening:\n%s", stderr.String())
	case <-time.After(90 * time.Second):
		t.Fatalf("the server did not start:\n%s", stderr.String())
	}
	return "", nil
}
