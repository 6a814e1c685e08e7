package wire

import (
	"sync"
	"time"
)

// Auto-responders. A mail program that answers every mail (a vacation
// notice, a ticket system) and does not mark its answers as automatic
// (the mail transport passes over mail marked Auto-Submitted, Precedence
// bulk, junk or list, X-Autoreply, X-Autorespond, or with a null
// Return-Path) answers each refusal of the umpire with another mail the
// umpire cannot read, which it refuses again, for ever. So the bot counts
// (Refusals) the refusals it sends each address a machine may answer for (mail; on
// chat networks a bot cannot write to a bot): after RefusalCap.N of them
// within Window, the last saying so, it sets further mails it would
// refuse from that address aside without a word — marked seen, not
// answered, logged once — until the address writes something the bot can
// read, or Pause passes without an unreadable mail from it. Refusals it
// owes to others (the player whose seat key a forger used) still go.
//
// A forger can spend the cap of someone else's address with mails it
// cannot read; that only silences the refusals the forger made the bot
// send, and the owner's readable commands are still answered.

// RefusalCap bounds the refusals sent to one mail address.
type RefusalCap struct {
	N      int           // refusals within Window before the bot falls silent; 0: no cap
	Window time.Duration // the span the N refusals fall in
	Pause  time.Duration // how long silence lasts after the last unreadable mail
}

// DefaultRefusalCap: five refusals within an hour, then silence for
// unreadable mails until a readable one, or a day without any. A person
// who mistypes rarely sends five unreadable mails in an hour, and the
// fifth refusal tells them how the silence ends; an auto-responder's loop
// ends after five rounds.
var DefaultRefusalCap = RefusalCap{N: 5, Window: time.Hour, Pause: 24 * time.Hour}

// maxRefusalRuns bounds the addresses the cap remembers.
const maxRefusalRuns = 10000

// Refusals keeps each address's recent refusals under its Cap. It is safe
// for concurrent use; the zero value caps nothing.
type Refusals struct {
	Cap RefusalCap

	mu   sync.Mutex
	runs map[string]*refusalRun
}

// refusalRun is one address's recent refusals: their times (at most N,
// oldest first), or that the address is paused; when it last had a
// refusal or a mail set aside, and that message's key.
type refusalRun struct {
	times  []time.Time
	paused bool
	last   time.Time
	msg    string
}

// Take decides on a refusal of message msg to sender at now: send
// reports whether it goes; last, whether it is the last before the pause.
func (rs *Refusals) Take(sender, msg string, now time.Time) (send, last bool) {
	if rs.Cap.N <= 0 {
		return true, false
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.run(sender, now)
	r.msg = msg
	if r.paused && now.Sub(r.last) < rs.Cap.Pause {
		r.last = now
		return false, false
	}
	r.paused = false
	for len(r.times) > 0 && now.Sub(r.times[0]) >= rs.Cap.Window {
		r.times = r.times[1:]
	}
	r.times, r.last = append(r.times, now), now
	if len(r.times) < rs.Cap.N {
		return true, false
	}
	r.paused, r.times = true, nil
	return true, true
}

// Readable forgets sender's refusals: it wrote msg, which the bot could
// read, so a pause ends. A message the bot refused (a game action the
// referee refused, answered with the seat's view) is not readable.
func (rs *Refusals) Readable(sender, msg string) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r := rs.runs[sender]; r != nil && r.msg != msg {
		delete(rs.runs, sender)
	}
}

// run is sender's run of refusals, made when new.
func (rs *Refusals) run(sender string, now time.Time) *refusalRun {
	if rs.runs == nil {
		rs.runs = map[string]*refusalRun{}
	}
	r := rs.runs[sender]
	if r == nil {
		rs.sweep(now)
		r = &refusalRun{}
		rs.runs[sender] = r
	}
	return r
}

// sweep forgets the addresses whose refusals no longer count, when there
// are too many to remember.
func (rs *Refusals) sweep(now time.Time) {
	if len(rs.runs) < maxRefusalRuns {
		return
	}
	for s, r := range rs.runs {
		if now.Sub(r.last) >= max(rs.Cap.Window, rs.Cap.Pause) {
			delete(rs.runs, s)
		}
	}
	if len(rs.runs) >= maxRefusalRuns {
		clear(rs.runs) // a storm of senders: every address starts afresh
	}
}
