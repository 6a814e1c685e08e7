package metrics

import (
	"os"

	"github.com/prometheus/client_golang/prometheus"
)

// DB is what the database's gauges read at each scrape.
type DB interface {
	Path() string
	Dropped() int64
	OutboxDepth() (map[string]int, error) // waiting rows by class
}

// DBCollector reads the database's gauges when scraped: its file's size,
// the outbox's waiting rows by class, and the extra rows dropped.
type DBCollector struct{ DB DB }

var (
	dbBytes   = prometheus.NewDesc("umpire_database_bytes", "Size of the database file.", nil, nil)
	outbox    = prometheus.NewDesc("umpire_outbox_rows", "Rows waiting in the outbox, by class (news, extra).", []string{"class"}, nil)
	dropped   = prometheus.NewDesc("umpire_dropped_extras_total", "Extra rows (answers to a flood) dropped for want of room.", nil, nil)
	_         = prometheus.Collector(DBCollector{})
	collected = []*prometheus.Desc{dbBytes, outbox, dropped}
)

// Describe sends the descriptions of the gauges.
func (c DBCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range collected {
		ch <- d
	}
}

// Collect reads the gauges.
func (c DBCollector) Collect(ch chan<- prometheus.Metric) {
	if fi, err := os.Stat(c.DB.Path()); err == nil {
		ch <- prometheus.MustNewConstMetric(dbBytes, prometheus.GaugeValue, float64(fi.Size()))
	}
	if depth, err := c.DB.OutboxDepth(); err == nil {
		for class, n := range depth {
			ch <- prometheus.MustNewConstMetric(outbox, prometheus.GaugeValue, float64(n), class)
		}
	}
	ch <- prometheus.MustNewConstMetric(dropped, prometheus.CounterValue, float64(c.DB.Dropped()))
}
