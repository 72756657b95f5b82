package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the API's Prometheus collectors. A nil *Metrics counts nothing.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	refusals *prometheus.CounterVec
}

// NewMetrics registers the API's collectors with reg: requests by route
// pattern, method and status, their latency by route, the refusals of the
// throttles (429), and the live event streams open on this instance
// (streams, read at each scrape).
func NewMetrics(reg prometheus.Registerer, streams func() int) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "packline_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "packline_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern (an event stream over HTTP/1.x counts until it is set up and handed to the fan-out writers; over HTTP/2 its whole life).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "packline_throttle_refusals_total",
			Help: "Requests refused with 429 by a throttle (PIN and sign-in attempts, event streams), by route pattern.",
		}, []string{"route"}),
	}
	reg.MustRegister(m.requests, m.duration, m.refusals,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "packline_event_streams_open",
			Help: "Live event streams (GET /api/events) open on this instance.",
		}, func() float64 { return float64(streams()) }))
	return m
}

// knownMethods keep the method label to a fixed set: a client may send any word.
var knownMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

// observe counts one answered request. r.Pattern is the route that served it
// (set by the ServeMux): never the path, whose ids would make a series each.
func (m *Metrics) observe(r *http.Request, status int, took time.Duration) {
	if m == nil {
		return
	}
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	method := r.Method
	if !knownMethods[method] {
		method = "other"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route).Observe(took.Seconds())
	if status == http.StatusTooManyRequests {
		m.refusals.WithLabelValues(route).Inc()
	}
}
