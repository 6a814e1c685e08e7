package post

import (
	"sync"
	"time"
)

// dropReport remembers how many dropped rows the log was told of, and
// when: at most once a minute, lest a flood flood the log too.
type dropReport struct {
	mu   sync.Mutex
	told int64
	at   time.Time
}

// ReportDropped logs the extra rows the store dropped since last told.
func (o *Office) ReportDropped() {
	r := &o.dropped
	r.mu.Lock()
	defer r.mu.Unlock()
	n, now := o.db.Dropped(), o.now()
	if n == r.told || now.Sub(r.at) < time.Minute {
		return
	}
	o.log.Warn("outbox: answers dropped, too many waiting for one chat", "dropped", n-r.told, "since start", n)
	r.told, r.at = n, now
}
