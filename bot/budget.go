package bot

import (
	"errors"
	"sync"
	"time"

	"umpire/bot/wire"
	"umpire/store"
)

// Budgets of inbound messages. Each sender (an address) may send Burst
// messages at once and one more each Refill after that. A message past
// the budget is passed over unread: the first one gets a single "slow
// down" notice in the sender's language, then the bot says nothing more
// until the budget is full again. So one flood costs the bot one look-up
// per message, and nobody else waits for it.

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

// budgets keeps each sender's budget. It is safe for concurrent use.
type budgets struct {
	budget Budget

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

// take spends one message of a sender's budget at now. ok reports whether
// the message may be read; tell, whether the sender is to be told to slow
// down (once each time the budget runs out).
func (bs *budgets) take(sender string, now time.Time) (ok, tell bool) {
	if bs.budget.Burst <= 0 {
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
func (bs *budgets) bucket(sender string, now time.Time) *bucket {
	if bs.buckets == nil {
		bs.buckets = map[string]*bucket{}
	}
	k := bs.buckets[sender]
	if k == nil {
		bs.sweep(now)
		k = &bucket{left: float64(bs.budget.Burst), at: now}
		bs.buckets[sender] = k
	}
	if d := now.Sub(k.at); d > 0 && bs.budget.Refill > 0 {
		k.left = min(float64(bs.budget.Burst), k.left+float64(d)/float64(bs.budget.Refill))
		k.at = now
	}
	if k.left >= float64(bs.budget.Burst) {
		k.told = false
	}
	return k
}

// sweep forgets the senders whose budget is full again, when there are
// too many to remember.
func (bs *budgets) sweep(now time.Time) {
	if len(bs.buckets) < maxBuckets {
		return
	}
	full := time.Duration(bs.budget.Burst) * bs.budget.Refill
	for s, k := range bs.buckets {
		if now.Sub(k.at) >= full {
			delete(bs.buckets, s)
		}
	}
	if len(bs.buckets) >= maxBuckets {
		clear(bs.buckets) // a storm of senders: start every budget full
	}
}

// overBudget spends one message of the sender's budget; ok reports that
// the message is past it and passed over (the sender told once).
func (b *Bot) overBudget(in wire.Inbound) (ok bool, err error) {
	read, tell := b.budgets.take(addressOf(in).String(), b.now())
	if read {
		return false, nil
	}
	if !tell {
		return true, nil // silence, in the log too: a flood would fill it
	}
	b.log.Warn("handle: sender over budget; told to slow down, then passed over", "transport", in.Transport, "from", addressOf(in).String())
	p, err := b.db.PlayerAt(addressOf(in))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return true, err
	}
	return true, b.db.QueueOnce(keyOf(in), noticeTo(b.langs, in, p, "err.slow-down"))
}
