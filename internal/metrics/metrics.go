// Package metrics holds what the umpire counts for its operator, in
// Prometheus's terms: the bot, its post office and its house player count
// here as they work, and `umpire serve -http` shows it at /metrics (with
// the gauges of the database, DBCollector). The counters are the
// process's own, from its start; nothing in them names a player or a
// chat.
package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Registry holds every collector of this package, and the Go runtime's
// and the process's.
var Registry = prometheus.NewRegistry()

var (
	// Actions counts the actions the referee ruled, by variant and
	// verdict (accepted, illegal, impossible, refused).
	Actions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "umpire_actions_total",
		Help: "Actions the referee ruled, by variant and verdict."}, []string{"variant", "verdict"})
	// Sent counts the messages handed to a transport, by transport and
	// result: sent, retry (a temporary failure) or failed (given up).
	Sent = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "umpire_messages_sent_total",
		Help: "Messages handed to a transport, by transport and result (sent, retry, failed)."}, []string{"transport", "result"})
	// SendSeconds is how long a transport took to send one message.
	SendSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "umpire_send_seconds",
		Help:    "Time a transport took to send one message.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}}, []string{"transport"})
	// FloodRefusals counts messages passed over unread because their
	// sender was past its budget.
	FloodRefusals = prometheus.NewCounter(prometheus.CounterOpts{Name: "umpire_flood_refusals_total",
		Help: "Messages passed over unread: their sender was over its budget."})
	// WriteRetries counts writes the database refused and that were tried
	// again.
	WriteRetries = prometheus.NewCounter(prometheus.CounterOpts{Name: "umpire_write_retries_total",
		Help: "Writes the database refused, tried again."})
	// ClockFires counts the clock's ticks that acted on a game: a timeout
	// ruled or a reminder sent.
	ClockFires = prometheus.NewCounter(prometheus.CounterOpts{Name: "umpire_clock_fires_total",
		Help: "Games the clock acted on: a timeout ruled or reminders sent."})
	// HouseSeconds is the CPU-bound time of one choice of the house
	// player, by variant.
	HouseSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "umpire_house_choice_seconds",
		Help:    "Time of one choice of the house player, by variant.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .2, .5, 1, 2}}, []string{"variant"})
)

func init() {
	Registry.MustRegister(Actions, Sent, SendSeconds, FloodRefusals, WriteRetries, ClockFires, HouseSeconds,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
}

// Since observes the seconds since start in h.
func Since(h prometheus.Observer, start time.Time) { h.Observe(time.Since(start).Seconds()) }
