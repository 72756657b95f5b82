// Command importpunch measures kiosk punches while a large inventory import
// runs: workers punch (validate-pin, then clock in or out
// with its token) without pause, imports of a 5,000-row CSV run one at a
// time with a pause between, and it prints the p50/p99 of the punch requests
// that started while an import was running, and of those that did not.
// scripts/bench/inventory_import.sh starts the server and seeds it.
//
//	go run ./scripts/bench/importpunch --url http://127.0.0.1:8080 --token T --employees 100 --csv file.csv
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	url := flag.String("url", "", "server")
	token := flag.String("token", "", "staff bearer token")
	employees := flag.Int("employees", 100, "employees 1..n with PIN 1000+n")
	workers := flag.Int("workers", 4, "kiosk tablets punching at once")
	imports := flag.Int("imports", 3, "imports to run")
	csv := flag.String("csv", "", "a CSV file with {P} where each import puts its own SKU prefix")
	flag.Parse()
	tmpl, err := os.ReadFile(*csv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "importpunch:", err)
		os.Exit(2)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}

	type sample struct {
		start time.Time
		took  time.Duration
	}
	var mu sync.Mutex
	var samples []sample
	var failures atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	post := func(path, body string) (map[string]any, int, error) {
		t0 := time.Now()
		resp, err := client.Post(*url+path, "application/json", strings.NewReader(body))
		if err != nil {
			return nil, 0, err
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		mu.Lock()
		samples = append(samples, sample{t0, time.Since(t0)})
		mu.Unlock()
		return out, resp.StatusCode, nil
	}
	for w := range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := w + 1; ; id += *workers {
				if id > *employees {
					id = w + 1
				}
				select {
				case <-stop:
					return
				default:
				}
				v, code, err := post("/api/employees/validate-pin", fmt.Sprintf(`{"employee_id":%d,"pin":"%d"}`, id, 1000+id))
				if err != nil || code != 200 {
					failures.Add(1)
					continue
				}
				action := "clockin"
				if e, _ := v["employee"].(map[string]any); e["clock_status"] == "clocked_in" {
					action = "clockout"
				}
				if _, code, err := post("/api/employees/"+action, fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, id, v["clock_token"])); err != nil || code != 200 {
					failures.Add(1)
				}
			}
		}()
	}
	type window struct{ from, to time.Time }
	var windows []window
	time.Sleep(2 * time.Second)
	for k := range *imports {
		body := bytes.ReplaceAll(tmpl, []byte("{P}"), []byte(fmt.Sprintf("I%d%d", time.Now().UnixNano()%100000, k)))
		req, _ := http.NewRequest("POST", *url+"/api/inventory/import", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+*token)
		req.Header.Set("Content-Type", "text/csv")
		t0 := time.Now()
		resp, err := client.Do(req)
		if err != nil || resp.StatusCode != 201 {
			fmt.Fprintln(os.Stderr, "importpunch: import failed:", err, resp)
			os.Exit(1)
		}
		resp.Body.Close()
		windows = append(windows, window{t0, time.Now()})
		fmt.Printf("import %d: 5,000 rows in %d ms\n", k+1, time.Since(t0).Milliseconds())
		time.Sleep(2 * time.Second)
	}
	close(stop)
	wg.Wait()
	var during, outside []time.Duration
	for _, s := range samples {
		in := false
		for _, w := range windows {
			in = in || !s.start.Before(w.from) && s.start.Before(w.to)
		}
		if in {
			during = append(during, s.took)
		} else {
			outside = append(outside, s.took)
		}
	}
	pct := func(d []time.Duration, p float64) string {
		if len(d) == 0 {
			return "-"
		}
		slices.Sort(d)
		return fmt.Sprintf("%.1f ms", float64(d[min(len(d)-1, int(float64(len(d))*p))].Microseconds())/1000)
	}
	fmt.Printf("punch requests while an import runs: %5d  p50 %s  p99 %s  max %s\n", len(during), pct(during, .5), pct(during, .99), pct(during, 1))
	fmt.Printf("punch requests with no import:       %5d  p50 %s  p99 %s  max %s\n", len(outside), pct(outside, .5), pct(outside, .99), pct(outside, 1))
	fmt.Printf("failed punch requests: %d\n", failures.Load())
}
