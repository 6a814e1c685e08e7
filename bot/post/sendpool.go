package post

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"umpire/store"
)

// A pass is one Flush: the rows of one scan of the outbox, sent by a pool
// of workers. One goroutine, the dispatcher, decides what goes and when:
// it hands a worker the oldest row of a chat that has no row out, once the
// limits allow it, so the rows of a chat go one at a time and in order,
// and rate-limit turns go to the oldest rows first. Workers make and send
// messages, each with a composer of its own, and delete each row sent.
type pass struct {
	s      *Sender
	queues map[store.Address][]store.Outgoing // each chat's rows not handed out yet, oldest first
	ready  []store.Address                    // the chats with no row out, by their oldest row
	next   time.Time                          // when the first row held back falls due
	err    error                              // the first failure of the store or ctx
	sent   int                                // rows delivered
}

// newPass queues the transport's rows by chat. rows are oldest first.
func (s *Sender) newPass(rows []store.Outgoing) *pass {
	p := &pass{s: s, queues: map[store.Address][]store.Outgoing{}}
	for _, row := range rows { // oldest first
		if row.To.Transport != s.t.Name() {
			continue
		}
		if _, ok := p.queues[row.To]; !ok {
			p.ready = append(p.ready, row.To)
		}
		p.queues[row.To] = append(p.queues[row.To], row)
	}
	return p
}

// run sends the pass's rows and returns when the next row held back falls
// due, or the first error of the store or ctx.
func (p *pass) run(ctx context.Context) (time.Time, error) {
	n := min(max(p.s.Workers, 1), len(p.ready))
	work := make(chan store.Outgoing)
	done := make(chan outcome, n)
	var workers sync.WaitGroup
	for i := range n {
		c := p.s.composer(i)
		workers.Go(func() {
			for row := range work {
				done <- p.s.send(ctx, c, row)
			}
		})
	}
	out := 0 // rows handed out and not collected
	for {
		for out < n && p.err == nil && ctx.Err() == nil {
			row, ok := p.take()
			if !ok {
				break
			}
			work <- row
			out++
		}
		if out == 0 {
			break
		}
		p.collect(<-done)
		out--
	}
	close(work)
	workers.Wait()
	if p.err != nil {
		return time.Time{}, p.err
	}
	return p.next, ctx.Err()
}

// take returns the oldest row of a ready chat that the limits let go now,
// and takes its turn. The chats it finds held back wait for another pass.
func (p *pass) take() (store.Outgoing, bool) {
	for len(p.ready) > 0 {
		to := p.ready[0]
		p.ready = p.ready[1:]
		row := p.queues[to][0]
		now := p.s.o.now()
		if at := p.s.lim.reserve(to, now, row.NotBefore, row.Paced); at.After(now) {
			p.later(at)
			continue
		}
		p.queues[to] = p.queues[to][1:]
		return row, true
	}
	return store.Outgoing{}, false
}

// collect takes in what became of a row handed out: its chat is ready
// again unless the row is put off.
func (p *pass) collect(o outcome) {
	switch {
	case o.err != nil && o.sent:
		p.s.kept = append(p.s.kept, o.row.Seq)
		fallthrough
	case o.err != nil:
		p.fail(o.err)
		return
	case !o.retry.IsZero():
		p.later(o.retry)
		return
	}
	p.sent++
	if rest := p.queues[o.row.To]; len(rest) > 0 {
		i, _ := slices.BinarySearchFunc(p.ready, rest[0].Seq, p.byOldest)
		p.ready = slices.Insert(p.ready, i, o.row.To)
	}
}

// byOldest compares the oldest row of a ready chat with row seq.
func (p *pass) byOldest(to store.Address, seq uint64) int {
	return cmp.Compare(p.queues[to][0].Seq, seq)
}

// later notes that a row is held back until t.
func (p *pass) later(t time.Time) {
	if p.next.IsZero() || t.Before(p.next) {
		p.next = t
	}
}

// fail notes a failure of the store or ctx; the first one is returned.
func (p *pass) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// composer is the composer of worker i, made the first time.
func (s *Sender) composer(i int) *composer {
	for len(s.comps) <= i {
		s.comps = append(s.comps, newComposer(s.o, s.feat))
	}
	return s.comps[i]
}
