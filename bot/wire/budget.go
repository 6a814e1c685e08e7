package wire

import (
	"sync"
	"time"
)

// Budgets of what one sender may send: Burst messages at once, and one
// more each Refill after that. The bot spends one for every message that
// comes in (a flood costs one look-up a message, and nobody else waits
// for it); the one-click unsubscribe endpoint spends one for every POST.

// Budget is how many messages one sender may send.
type Budget struct {
	Burst  int           // messages at once
	Refill time.Duration // the wait for one more
}

// DefaultBudget lets a player write 30 messages at once and one a second
// after that: more than anyone types, less than a script sends.
var DefaultBudget = Budget{Burst: 30, Refill: time.Second}

// maxBuckets bounds the senders a budget remembers; past it, the senders
// whose budget is full again are forgotten.
const maxBuckets = 10000

// Buckets keep each sender's Budget: what it may still send, refilled
// with time. The zero value spends nothing (a Budget of no Burst); safe
// for concurrent use.
type Buckets struct {
	Budget Budget

	mu      sync.Mutex
	buckets map[string]*bucket
}

// bucket is one sender's budget: what was left at last, and whether the
// sender was told to slow down since it was last full.
type bucket struct {
	left float64
	at   time.Time
	told bool
}

// Take spends one message of a sender's budget at now. ok reports whether
// the message may be read; tell, whether the sender is to be told to slow
// down (once each time the budget runs out).
func (bs *Buckets) Take(sender string, now time.Time) (ok, tell bool) {
	if bs.Budget.Burst <= 0 {
		return true, false
	}
	bs.mu.Lock()
	defer bs.mu.Unlock()
	k := bs.bucket(sender, now)
	if k.left >= 1 {
		k.left--
		return true, false
	}
	tell, k.told = !k.told, true
	return false, tell
}

// bucket is the sender's bucket, refilled to now.
func (bs *Buckets) bucket(sender string, now time.Time) *bucket {
	if bs.buckets == nil {
		bs.buckets = map[string]*bucket{}
	}
	k := bs.buckets[sender]
	if k == nil {
		bs.sweep(now)
		k = &bucket{left: float64(bs.Budget.Burst), at: now}
		bs.buckets[sender] = k
	}
	if d := now.Sub(k.at); d > 0 && bs.Budget.Refill > 0 {
		k.left = min(float64(bs.Budget.Burst), k.left+float64(d)/float64(bs.Budget.Refill))
		k.at = now
	}
	if k.left >= float64(bs.Budget.Burst) {
		k.told = false
	}
	return k
}

// sweep forgets the senders whose budget is full again, when there are
// too many to remember.
func (bs *Buckets) sweep(now time.Time) {
	if len(bs.buckets) < maxBuckets {
		return
	}
	full := time.Duration(bs.Budget.Burst) * bs.Budget.Refill
	for s, k := range bs.buckets {
		if now.Sub(k.at) >= full {
			delete(bs.buckets, s)
		}
	}
	if len(bs.buckets) >= maxBuckets {
		clear(bs.buckets) // a storm of senders: start every budget full
	}
}
