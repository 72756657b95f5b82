package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/backups"
	"github.com/packline/packline/internal/httpapi"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/storage"
)

// newMetrics gathers what --metrics-addr serves: the API's requests, latency,
// throttle refusals and open event streams (httpapi.NewMetrics), the database
// pools, the mail outbox, the last good backup's age, and the Go runtime and
// process.
func newMetrics(api *httpapi.Server, db *storage.DB, svc *app.Services, backup *backups.Scheduler, log *slog.Logger) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for role, pool := range db.Pools() {
		prometheus.WrapRegistererWith(prometheus.Labels{"pool": role}, reg).MustRegister(collectors.NewDBStatsCollector(pool, string(db.Dialect)))
	}
	reg.MustRegister(outboxCollector{store: svc.Outbox.Store, log: log})
	if backup != nil {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "packline_backup_last_good_age_seconds",
			Help: "Seconds since the last scheduled backup that passed its check (+Inf when none has).",
		}, func() float64 {
			if last := backup.Status().LastGood; last != nil {
				return time.Since(last.At).Seconds()
			}
			return math.Inf(1)
		}))
	}
	api.Metrics = httpapi.NewMetrics(reg, svc.Messaging.Hub.Streams)
	return reg
}

// serveMetrics serves reg at /metrics on addr, a listener of its own (never
// the API's: metrics are for the people who run the server), until ctx ends.
// With withPprof it also serves the runtime's profiles there, for an operator
// who asks where the time goes (go tool pprof http://ADDR/debug/pprof/profile);
// never the process's command line, which holds --secret and the database URL.
func serveMetrics(ctx context.Context, addr string, reg *prometheus.Registry, withPprof bool, log *slog.Logger) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("--metrics-addr: listen on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}))
	if withPprof {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/cmdline", http.NotFound)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener failed", "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	return "http://" + ln.Addr().String() + "/metrics", nil
}

var (
	outboxPending = prometheus.NewDesc("packline_mail_outbox_pending", "Mails waiting in the outbox to be sent (or retried).", nil, nil)
	outboxFailed  = prometheus.NewDesc("packline_mail_outbox_failed", "Mails the outbox gave up on, kept for the users screen until purged.", nil, nil)
)

// outboxCollector reads the outbox's depth at each scrape: one query, at
// most two seconds; a failed read is logged and leaves the two out.
type outboxCollector struct {
	store mail.OutboxStore
	log   *slog.Logger
}

func (c outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxPending
	ch <- outboxFailed
}

func (c outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	pending, failed, err := c.store.Counts(ctx)
	if err != nil {
		c.log.Warn("metrics: the mail outbox could not be read", "err", err)
		return
	}
	ch <- prometheus.MustNewConstMetric(outboxPending, prometheus.GaugeValue, float64(pending))
	ch <- prometheus.MustNewConstMetric(outboxFailed, prometheus.GaugeValue, float64(failed))
}
