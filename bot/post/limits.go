package post

import (
	"sync"
	"time"

	"umpire/bot/wire"
	"umpire/store"
)

// DefaultLimits are the limits of a transport that names none: one
// message a second per chat, thirty a second in all.
var DefaultLimits = wire.Limits{
	Global: []wire.Rate{{N: 30, Per: time.Second}},
	Chat:   func(wire.Address) []wire.Rate { return []wire.Rate{{N: 1, Per: time.Second}} },
}

// NoLimits lets every message go at once (the console, tests).
var NoLimits = wire.NoLimits

// limiter remembers recent sends to apply Limits. It is safe for
// concurrent use; each Sender has its own.
type limiter struct {
	limits wire.Limits

	mu     sync.Mutex             // guards the fields below
	sent   map[string][]time.Time // by chat, "" for all; oldest first
	maxPer time.Duration          // the longest window of any rate recorded
	sweep  int                    // forget old chats when sent holds more
}

// minSweep is the number of chats a limiter remembers before it first
// forgets those that no rate counts any more.
const minSweep = 1024

func newLimiter(l wire.Limits) *limiter {
	return &limiter{limits: l, sent: map[string][]time.Time{}, sweep: minSweep}
}

// headroom is how many turns of a chat's rate over a window (twenty a
// minute to a Telegram group) paced rows leave to the others, enough for
// a game's end (its board, the end, the record and the replay).
const headroom = 4

// pacedRates are the rates a paced row keeps to in a chat with rates:
// of each rate of more than headroom messages, headroom fewer, and those
// evenly spread over its window. A board edited at every ply of a lively
// game then shows the game every few seconds, rather than twenty plies
// in the first twenty seconds of a minute and nothing in the forty after,
// and the end finds its turns free.
func pacedRates(rates []wire.Rate) []wire.Rate {
	out := rates[:len(rates):len(rates)]
	for _, r := range rates {
		if r.N > headroom {
			n := r.N - headroom
			out = append(out, wire.Rate{N: n, Per: r.Per}, wire.Rate{N: 1, Per: r.Per / time.Duration(n)})
		}
	}
	return out
}

// reserve takes the turn of a message to `to` that may not go before
// notBefore, and keeps to pacedRates when paced: when every rate allows
// it at now, it records the message as sent at now and returns now; else
// it records nothing and returns when it may go. Checking and recording
// are one step, so that senders side by side never both take the last
// turn of a rate.
func (l *limiter) reserve(to store.Address, now, notBefore time.Time, paced bool) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	at := l.nextLocked(to, now, paced)
	if notBefore.After(at) {
		at = notBefore
	}
	if at.After(now) {
		return at
	}
	l.takeLocked(to, now)
	return now
}

// next is the earliest time at or after now when a message to `to` may go.
func (l *limiter) next(to store.Address, now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.nextLocked(to, now, false)
}

func (l *limiter) nextLocked(to store.Address, now time.Time, paced bool) time.Time {
	at := now
	check := func(key string, rates []wire.Rate) {
		times := l.sent[key]
		for _, r := range rates {
			if r.N <= 0 || len(times) < r.N {
				continue
			}
			if t := times[len(times)-r.N].Add(r.Per); t.After(at) {
				at = t
			}
		}
	}
	check("", l.limits.Global)
	rates := l.chatRates(to)
	if paced {
		rates = pacedRates(rates)
	}
	check(to.String(), rates)
	return at
}

// take records a message sent to `to` at now.
func (l *limiter) take(to store.Address, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.takeLocked(to, now)
}

func (l *limiter) takeLocked(to store.Address, now time.Time) {
	l.record("", l.limits.Global, now)
	l.record(to.String(), l.chatRates(to), now)
	if len(l.sent) > l.sweep {
		l.prune(now)
	}
}

// prune forgets the chats whose last send is older than every rate's
// window, which no longer hold any message back; the limiter then
// remembers only the chats written to lately. l.mu is held (or the
// limiter not shared).
func (l *limiter) prune(now time.Time) {
	for key, times := range l.sent {
		if !times[len(times)-1].Add(l.maxPer).After(now) {
			delete(l.sent, key)
		}
	}
	l.sweep = max(minSweep, 2*len(l.sent))
}

func (l *limiter) chatRates(to store.Address) []wire.Rate {
	if l.limits.Chat == nil {
		return nil
	}
	return l.limits.Chat(wire.Address(to))
}

// record appends now to a key's times, keeping only what the rates need.
func (l *limiter) record(key string, rates []wire.Rate, now time.Time) {
	keep := 0
	for _, r := range rates {
		keep = max(keep, r.N)
		l.maxPer = max(l.maxPer, r.Per)
	}
	if keep == 0 {
		return
	}
	times := append(l.sent[key], now)
	if len(times) > keep {
		times = append(times[:0:0], times[len(times)-keep:]...)
	}
	l.sent[key] = times
}
