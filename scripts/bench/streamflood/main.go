// Command streamflood tries many live event streams at once against one
// server, as clients that hold every socket open whatever the answer, and
// meanwhile asks the health check and the kiosk list without pause: it
// reports how every attempt was answered and the slowest of those answers.
// The accounts' sign-ins come one per line on stdin (a bearer token each);
// attempts take them in turn.
//
//	go run ./scripts/bench/streamflood --url http://127.0.0.1:8080 --attempts 1200 <tokens
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "server address")
	attempts := flag.Int("attempts", 1200, "stream attempts, all at once")
	flag.Parse()
	var tokens []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			tokens = append(tokens, t)
		}
	}
	if len(tokens) == 0 {
		fmt.Fprintln(os.Stderr, "streamflood: no tokens on stdin")
		os.Exit(2)
	}
	raiseNofile()
	if err := run(*url, tokens, *attempts); err != nil {
		fmt.Fprintln(os.Stderr, "streamflood:", err)
		os.Exit(1)
	}
}

func run(url string, tokens []string, attempts int) error {
	host := strings.TrimPrefix(url, "http://")
	done := make(chan struct{})
	type watch struct {
		took []time.Duration
		errs []string
	}
	watched := make(chan watch, 1)
	go func() {
		var w watch
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
				w.took = append(w.took, time.Since(start))
				if err != nil {
					w.errs = append(w.errs, fmt.Sprintf("GET %s: %v", path, err))
				}
			}
			select {
			case <-done:
				watched <- w
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()

	start := time.Now()
	statuses := make([]string, attempts)
	conns := make([]net.Conn, attempts)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", host)
			if err != nil {
				statuses[i] = "no connection"
				return
			}
			conns[i] = c
			_ = c.SetDeadline(time.Now().Add(2 * time.Minute))
			req, _ := http.NewRequest("GET", url+"/api/events", nil)
			req.Header.Set("Authorization", "Bearer "+tokens[i%len(tokens)])
			if err := req.Write(c); err != nil {
				statuses[i] = "not sent"
				return
			}
			res, err := http.ReadResponse(bufio.NewReader(c), req)
			if err != nil {
				statuses[i] = "no answer"
				return
			}
			statuses[i] = fmt.Sprint(res.StatusCode)
		}()
	}
	wg.Wait()
	answered := time.Since(start)
	time.Sleep(500 * time.Millisecond) // the checks go on a moment with the streams held
	close(done)
	w := <-watched
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}

	count := map[string]int{}
	for _, s := range statuses {
		count[s]++
	}
	var keys []string
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s×%d", k, count[k]))
	}
	sort.Slice(w.took, func(i, j int) bool { return w.took[i] < w.took[j] })
	slowest, p50 := time.Duration(0), time.Duration(0)
	if n := len(w.took); n > 0 {
		slowest, p50 = w.took[n-1], w.took[n/2]
	}
	fmt.Printf("%d attempts answered in %v: %s\n", attempts, answered.Round(time.Millisecond), strings.Join(parts, ", "))
	fmt.Printf("health check and kiosk list meanwhile: %d asked, %d failed, p50 %.1f ms, slowest %.1f ms\n",
		len(w.took), len(w.errs), ms(p50), ms(slowest))
	for i, e := range w.errs {
		if i == 5 {
			break
		}
		fmt.Println("  ", e)
	}
	fmt.Printf("RESULT attempts=%d ok=%d refused=%d unavailable=%d other=%d checks=%d check_failures=%d check_p50_ms=%.1f check_max_ms=%.1f\n",
		attempts, count["200"], count["429"], count["503"], attempts-count["200"]-count["429"]-count["503"],
		len(w.took), len(w.errs), ms(p50), ms(slowest))
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// raiseNofile lifts the loader's own open-file limit to its hard maximum:
// it holds every attempt's socket.
func raiseNofile() {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) == nil && l.Cur < l.Max {
		l.Cur = l.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}
