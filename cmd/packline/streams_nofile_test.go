//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
// serve raises the soft limit to the hard one), says at start what it
// shares that limit into, caps its event streams in all at what it said
// (below the limit) however high the per-person caps are set, refuses the
// next with 429 events.too_many_streams, and meanwhile the health check and
// the kiosk list still answer within a second. Without the total cap the
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
			lim := startupLimits(t, stderr.String())
			if lim.OpenFiles != 512 || lim.Streams <= 0 || lim.Streams >= lim.Connections || lim.Connections+lim.DatabaseFiles >= 512 {
				t.Fatalf("the start-up log gives %+v; want the limit raised to 512, shared into the database's files, connections and fewer streams", lim)
			}
			total := lim.Streams

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
			if len(held) != total || refused["cap"] != "server" || refused["max"] != float64(total) {
				t.Fatalf("%d streams opened, then %v; want %d, then the server cap", len(held), refused, total)
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

// startLimits is what serve's start-up log says it runs within.
type startLimits struct {
	OpenFiles     int `json:"open_file_limit"`
	DatabaseFiles int `json:"database_files"`
	Connections   int `json:"connections"`
	Streams       int `json:"streams"`
	PerSession    int `json:"streams_per_session"`
	PerAccount    int `json:"streams_per_account"`
}

// startupLimits reads serve's "serving within these limits" line from its log.
func startupLimits(t *testing.T, log string) startLimits {
	t.Helper()
	for _, line := range strings.Split(log, "\n") {
		var l struct {
			Msg string `json:"msg"`
			startLimits
		}
		if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "serving within these limits" {
			return l.startLimits
		}
	}
	t.Fatalf("the start-up log does not say its limits:\n%s", log)
	return startLimits{}
}

// The real binary with an open-file limit of 800: 30 accounts each try 40
// event streams at once from four sign-ins, each over a connection of its
// own that the client holds open whatever the answer (1,200 of them, more
// than the limit). Every attempt is answered: 200, or 429 for a cap (or
// 503); as many streams open as the total cap the server said at start
// (fewer than the per-session and per-account caps would allow, 960); the
// health check and the kiosk list answer all along; and the server never
// runs out of open files.
func TestRefusedStreamsHoldNoFiles(t *testing.T) {
	// Serial: it runs a server under an open-file limit and floods it.
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binary with")
	}
	bin := filepath.Join(t.TempDir(), "packline")
	if out, err := exec.Command(goCmd, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const accounts, sessions, attempts = 30, 4, 40
	for _, d := range storagetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			dsn := storagetest.DSN(t, d)
			for i := range accounts {
				createUser(t, dsn, fmt.Sprintf("staff%d@example.org", i), "Staff")
			}
			url, stderr := startLimited(t, bin, 800, 800, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--secret", testSecret)
			lim := startupLimits(t, stderr.String())
			if lim.OpenFiles != 800 || lim.Streams <= 0 || lim.Streams >= accounts*min(lim.PerAccount, sessions*lim.PerSession, attempts) {
				t.Fatalf("limits %+v: want a total cap below what %d accounts of %d sign-ins may hold", lim, accounts, sessions)
			}
			tokens := make([]string, accounts*sessions) // account i's: i, i+accounts, …
			for i := range tokens {
				tokens[i] = api(t, url).login(fmt.Sprintf("staff%d@example.org", i%accounts), testPassword)
			}
			host := strings.TrimPrefix(url, "http://")

			// The health check and the kiosk list, asked without pause
			// meanwhile, each on a connection of its own.
			done := make(chan struct{})
			watched := make(chan error, 1)
			var slowest time.Duration
			go func() {
				client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{DisableKeepAlives: true}}
				for {
					for _, path := range []string{"/api/health", "/api/employees"} {
						start := time.Now()
						res, err := client.Get(url + path)
						if err == nil {
							_, _ = io.Copy(io.Discard, res.Body)
							res.Body.Close()
							if res.StatusCode != 200 {
								err = fmt.Errorf("status %d", res.StatusCode)
							}
						}
						if err != nil {
							watched <- fmt.Errorf("GET %s: %v", path, err)
							return
						}
						slowest = max(slowest, time.Since(start))
					}
					select {
					case <-done:
						watched <- nil
						return
					case <-time.After(20 * time.Millisecond):
					}
				}
			}()

			// Every attempt at once; the client keeps each connection open.
			statuses := make([]int, accounts*attempts)
			conns := make([]net.Conn, accounts*attempts)
			defer func() {
				for _, c := range conns {
					if c != nil {
						c.Close()
					}
				}
			}()
			var wg sync.WaitGroup
			for i := range statuses {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c, err := net.Dial("tcp", host)
					if err != nil {
						t.Errorf("attempt %d: %v", i, err)
						return
					}
					conns[i] = c
					_ = c.SetDeadline(time.Now().Add(2 * time.Minute)) // a server out of files never answers: fail, not hang
					req, _ := http.NewRequest("GET", url+"/api/events", nil)
					req.Header.Set("Authorization", "Bearer "+tokens[i%len(tokens)])
					if err := req.Write(c); err != nil {
						t.Errorf("attempt %d: %v", i, err)
						return
					}
					res, err := http.ReadResponse(bufio.NewReader(c), req)
					if err != nil {
						t.Errorf("attempt %d: no answer: %v", i, err)
						return
					}
					statuses[i] = res.StatusCode
				}()
			}
			wg.Wait()
			close(done)
			if err := <-watched; err != nil {
				t.Fatalf("while streams were tried: %v", err)
			}
			count := map[int]int{}
			for _, st := range statuses {
				count[st]++
			}
			t.Logf("%d accounts × %d attempts: %v; the slowest health check or kiosk list %v", accounts, attempts, count, slowest)
			if count[200]+count[429]+count[503] != len(statuses) {
				t.Errorf("answers %v: want only 200, 429 and 503", count)
			}
			if count[200] > lim.Streams || (count[503] == 0 && count[200] != lim.Streams) {
				t.Errorf("%d streams opened, want the total cap %d", count[200], lim.Streams)
			}
			if strings.Contains(stderr.String(), "too many open files") {
				t.Errorf("the server ran out of open files:\n%s", stderr.String())
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
