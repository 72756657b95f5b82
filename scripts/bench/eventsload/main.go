// Command eventsload measures live event delivery: it opens many
// GET /api/events streams on one server, posts chat messages at an interval,
// and reports how long each message took to reach every stream (from just
// before its POST to the event's arrival) and the server's peak memory.
//
//	go run ./scripts/bench/eventsload --url http://127.0.0.1:8080 --token T --pid 1234
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "server address")
	token := flag.String("token", "", "a bearer token")
	streams := flag.Int("streams", 500, "event streams to open")
	messages := flag.Int("messages", 50, "chat messages to post")
	every := flag.Duration("every", 100*time.Millisecond, "interval between messages")
	pid := flag.Int("pid", 0, "the server's process id (for its peak RSS)")
	pocketbase := flag.Bool("pocketbase", false, "the server is the PocketBase reference (scripts/bench/pocketbase): realtime subscriptions to its messages collection")
	flag.Parse()
	raiseNofile()
	if err := run(*url, *token, *streams, *messages, *every, *pid, *pocketbase); err != nil {
		fmt.Fprintln(os.Stderr, "eventsload:", err)
		os.Exit(1)
	}
}

func run(url, token string, streams, messages int, every time.Duration, pid int, pocketbase bool) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: streams + 10, DisableCompression: true}}
	call := func(method, path string, body any, out any) error {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, url+path, bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		if res.StatusCode >= 300 {
			return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, raw)
		}
		if out != nil {
			return json.Unmarshal(raw, out)
		}
		return nil
	}
	streamPath, eventName := "/api/events", "chat.message"
	if pocketbase {
		streamPath, eventName = "/api/realtime", "messages"
	}

	// arrivals[m][s]: when message m reached stream s.
	arrivals := make([][]time.Time, messages)
	for i := range arrivals {
		arrivals[i] = make([]time.Time, streams)
	}
	var open, delivered atomic.Int64
	var wg sync.WaitGroup
	var bodies []io.Closer
	var mu sync.Mutex
	for s := range streams {
		req, _ := http.NewRequest("GET", url+streamPath, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("stream %d: %w", s, err)
		}
		if res.StatusCode != 200 {
			return fmt.Errorf("stream %d: status %d", s, res.StatusCode)
		}
		mu.Lock()
		bodies = append(bodies, res.Body)
		mu.Unlock()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 4<<10), 1<<20) // 5,000 streams: the loader's memory too
		if pocketbase {
			// PocketBase: the first event names the client, which then
			// subscribes to the messages collection.
			if err := pbSubscribe(sc, call); err != nil {
				return fmt.Errorf("stream %d: %w", s, err)
			}
		}
		open.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			event := ""
			for sc.Scan() {
				line := sc.Bytes()
				switch {
				case bytes.HasPrefix(line, []byte("event:")):
					event = string(bytes.TrimSpace(line[6:]))
				case bytes.HasPrefix(line, []byte("data:")) && event == eventName:
					at := time.Now()
					if n, ok := benchNumber(line); ok && n < messages {
						arrivals[n][s] = at
						delivered.Add(1)
					}
				case len(line) == 0:
					event = ""
				}
			}
		}()
	}

	var topic struct{ ID int64 }
	post := "/api/collections/messages/records"
	if !pocketbase {
		if err := call("POST", "/api/chat/topics", map[string]string{"name": fmt.Sprintf("bench %d", time.Now().UnixNano())}, &topic); err != nil {
			return err
		}
		post = fmt.Sprintf("/api/chat/topics/%d/messages", topic.ID)
	}
	sent := make([]time.Time, messages)
	var posts []time.Duration
	cpuBefore := readCPU()
	tick := time.NewTicker(every)
	for m := range messages {
		<-tick.C
		sent[m] = time.Now()
		if err := call("POST", post, map[string]string{"text": fmt.Sprintf("bench %d", m)}, nil); err != nil {
			return err
		}
		posts = append(posts, time.Since(sent[m]))
	}
	tick.Stop()
	cpuAfter := readCPU()
	want := int64(streams * messages)
	for deadline := time.Now().Add(10 * time.Second); delivered.Load() < want && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	var lat []time.Duration
	missing := 0
	for m := range messages {
		for s := range streams {
			if arrivals[m][s].IsZero() {
				missing++
				continue
			}
			lat = append(lat, arrivals[m][s].Sub(sent[m]))
		}
	}
	for _, b := range bodies {
		b.Close()
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	fmt.Printf("streams %d, messages %d every %v: %d of %d deliveries (%d missing)\n", open.Load(), messages, every, len(lat), want, missing)
	fmt.Printf("delivery p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", ms(pct(0.50)), ms(pct(0.99)), ms(pct(1)))
	sort.Slice(posts, func(i, j int) bool { return posts[i] < posts[j] })
	fmt.Printf("the POST itself: p50 %.1f ms, max %.1f ms\n", ms(posts[len(posts)/2]), ms(posts[len(posts)-1]))
	if steal, ok := cpuAfter.stealShare(cpuBefore); ok {
		// On a virtual machine the host may run someone else on this
		// machine's cores: the time it takes shows as steal, and every
		// process here, server and loader, stands still meanwhile.
		fmt.Printf("CPU steal while posting: %.1f%% (time the host took from this machine)\n", steal*100)
	}
	if pid > 0 {
		fmt.Printf("server peak RSS %s\n", peakRSS(pid))
	}
	if missing > 0 {
		return fmt.Errorf("%d deliveries missing", missing)
	}
	return nil
}

// pbSubscribe reads a PocketBase realtime stream's PB_CONNECT event and
// subscribes its client to the messages collection.
func pbSubscribe(sc *bufio.Scanner, call func(method, path string, body any, out any) error) error {
	event := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			event = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:") && event == "PB_CONNECT":
			var d struct {
				ClientID string `json:"clientId"`
			}
			if err := json.Unmarshal([]byte(strings.TrimSpace(line[5:])), &d); err != nil || d.ClientID == "" {
				return fmt.Errorf("PB_CONNECT: %q", line)
			}
			return call("POST", "/api/realtime", map[string]any{"clientId": d.ClientID, "subscriptions": []string{"messages"}}, nil)
		}
	}
	return fmt.Errorf("the stream ended before PB_CONNECT: %v", sc.Err())
}

// benchNumber finds the n of the message text "bench n" in an event's data
// line without decoding its JSON: with 5,000 streams the loader shares the
// machine's two cores with the server it measures.
func benchNumber(line []byte) (int, bool) {
	i := bytes.Index(line, []byte(`"bench `))
	if i < 0 {
		return 0, false
	}
	rest := line[i+7:]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return 0, false
	}
	n, err := strconv.Atoi(string(rest[:j]))
	return n, err == nil
}

// raiseNofile lifts the open-file limit to its hard maximum: a stream is a
// socket.
func raiseNofile() {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) == nil && l.Cur < l.Max {
		l.Cur = l.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// peakRSS reads the process's high-water resident set (VmHWM) from /proc.
func peakRSS(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			f := strings.Fields(line)
			if kb, err := strconv.Atoi(f[1]); err == nil {
				return fmt.Sprintf("%.1f MB", float64(kb)/1024)
			}
		}
	}
	return "unknown"
}

// cpuTimes is the machine's "cpu" line from /proc/stat: all and steal ticks.
type cpuTimes struct{ total, steal uint64 }

func readCPU() cpuTimes {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	var t cpuTimes
	for i, v := range f[1:] {
		n, _ := strconv.ParseUint(v, 10, 64)
		if i < 8 { // user nice system idle iowait irq softirq steal; guest is already in user
			t.total += n
		}
		if i == 7 {
			t.steal = n
		}
	}
	return t
}

// stealShare is the share of CPU time stolen between two readings.
func (t cpuTimes) stealShare(before cpuTimes) (float64, bool) {
	if t.total <= before.total {
		return 0, false
	}
	return float64(t.steal-before.steal) / float64(t.total-before.total), true
}
