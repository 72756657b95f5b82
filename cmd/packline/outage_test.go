package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// pgCluster is a PostgreSQL server of the test's own (initdb, pg_ctl), so
// that the test can stop and start it under a running Packline.
type pgCluster struct {
	t        *testing.T
	bin, dir string
	port     int
	asUser   []string // runuser -u postgres -- (PostgreSQL refuses to run as root)
}

// newPGCluster makes a cluster in a folder of its own on a free port, or
// skips the test where PostgreSQL's programs are not installed (CI has them).
func newPGCluster(t *testing.T) *pgCluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("initdb not found: CI needs PostgreSQL's programs for the outage test")
		}
		t.Skip("initdb not found (apt-get install -y postgresql): outage test skipped")
	}
	c := &pgCluster{t: t, bin: filepath.Dir(bins[len(bins)-1])}
	dir, err := os.MkdirTemp("", "packline-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c.dir = dir
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root without a postgres user: outage test skipped")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		c.asUser = []string{"runuser", "-u", "postgres", "--"}
	}
	c.port, _ = strconv.Atoi(freeAddr(t)[len("127.0.0.1:"):])
	c.run("initdb", "-D", c.data(), "-A", "trust", "-U", "postgres", "--no-sync")
	c.start()
	t.Cleanup(func() { _ = c.cmd("pg_ctl", "-D", c.data(), "stop", "-m", "immediate").Run() })
	return c
}

func (c *pgCluster) data() string { return filepath.Join(c.dir, "data") }

func (c *pgCluster) url() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
}

func (c *pgCluster) cmd(name string, args ...string) *exec.Cmd {
	argv := append(append(append([]string{}, c.asUser...), filepath.Join(c.bin, name)), args...)
	return exec.Command(argv[0], argv[1:]...)
}

func (c *pgCluster) run(name string, args ...string) {
	c.t.Helper()
	if out, err := c.cmd(name, args...).CombinedOutput(); err != nil {
		c.t.Fatalf("%s: %v\n%s", name, err, out)
	}
}

func (c *pgCluster) start() {
	c.t.Helper()
	c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-w", "start",
		"-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", c.port, c.dir))
}

func (c *pgCluster) stop() {
	c.t.Helper()
	c.run("pg_ctl", "-D", c.data(), "-w", "stop", "-m", "fast")
}

// With its PostgreSQL stopped, the server answers every request that needs
// the database with 503 db.unavailable (none hangs), /api/health says why;
// when the database is back the server serves again by itself, and the punch
// acknowledged before the outage is there.
func TestDatabaseOutage(t *testing.T) {
	t.Parallel()
	pg := newPGCluster(t)
	createUser(t, pg.url(), "admin@example.org", "Ada")
	srv := startServe(t, pg.url())
	// A bound for a broken server, not a measure.
	c := apiClient{t: t, url: srv.url, http: &http.Client{Timeout: 30 * time.Second}}
	token := c.login("admin@example.org", testPassword)
	var emp struct {
		ID int64 `json:"employee_id"`
	}
	c.call("POST", "/api/employees", token, `{"first_name":"Ola","last_name":"Outage","pin":"4826"}`, &emp)
	var pin struct {
		ClockToken string `json:"clock_token"`
	}
	c.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"4826"}`, emp.ID), &pin)
	if status, body := c.call("POST", "/api/employees/clockin", "", fmt.Sprintf(`{"employee_id":%d,"clock_token":%q}`, emp.ID, pin.ClockToken), nil); status != 200 {
		t.Fatalf("clock in: %d %s", status, body)
	}

	pg.stop()
	for _, path := range []string{"/api/staff/employees", "/api/inventory/items", "/api/user"} {
		began := time.Now()
		status, body := c.call("GET", path, token, "", nil)
		if status != http.StatusServiceUnavailable || !strings.Contains(body, `"code":"db.unavailable"`) {
			t.Errorf("GET %s with the database down: %d %s", path, status, body)
		}
		t.Logf("GET %s with the database down: %d in %s", path, status, time.Since(began).Round(time.Millisecond))
	}
	if status, body := c.call("POST", "/api/employees/validate-pin", "", fmt.Sprintf(`{"employee_id":%d,"pin":"4826"}`, emp.ID), nil); status != http.StatusServiceUnavailable {
		t.Errorf("the kiosk's PIN check with the database down: %d %s", status, body)
	}
	if status, body := c.call("GET", "/api/health", "", "", nil); status != http.StatusServiceUnavailable || !strings.Contains(body, "database does not answer") {
		t.Errorf("health with the database down: %d %s", status, body)
	}

	pg.start()
	began := time.Now()
	var list struct {
		Employees []struct {
			ClockStatus string `json:"clock_status"`
		}
	}
	for {
		status, _ := c.call("GET", "/api/staff/employees", token, "", &list)
		if status == 200 {
			break
		}
		if time.Since(began) > time.Minute {
			t.Fatalf("the server did not recover a minute after the database came back (last %d)", status)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("served again %s after the database came back", time.Since(began).Round(time.Millisecond))
	if len(list.Employees) != 1 || list.Employees[0].ClockStatus != "clocked_in" {
		t.Fatalf("after the outage: %+v", list)
	}
}
