package post

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"time"

	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/store"
)

// Sender drains the outbox rows of one transport: for each row due it
// makes the message (rendering at send time), sends it and deletes the
// row. A temporary failure puts the row off with backoff; a permanent one
// drops it and tells the player through another transport where it has an
// address. Messages to one chat keep their order; a chat held back by its
// rate limit or a retry does not hold back the others.
//
// Rows of different chats are sent side by side, up to Workers at once;
// the rows of one chat go one at a time, in order. Each row is deleted as
// soon as it is sent, before the next row of its chat goes (the deletes of
// workers sending at once share a disk write): a crash sends again at
// most the rows that were in flight, one per chat, and the message's Key
// is the same each time, for the transport to de-duplicate. A row sent
// whose delete the disk refused is remembered and deleted before the next
// pass, never sent again.
//
// Flush and Run must not be called concurrently on one Sender, nor its
// fields changed while they run; Senders of different transports run
// side by side.
type Sender struct {
	o      *Office
	t      wire.Transport
	feat   wire.Features // t's
	topics wire.Topics   // t, where its chats may hold topics; else nil
	lim    *limiter
	comps  []*composer // one per worker, kept for the games they replayed
	key    []byte      // makes the opaque message keys
	kept   []uint64    // rows sent whose delete failed: delete, never send

	// Backoff is the delay after the attempt-th failed attempt (from 1).
	Backoff func(attempt int) time.Duration
	// MaxAttempts is how many failed attempts make a failure permanent.
	MaxAttempts int
	// Workers is how many rows, each to another chat, are made and sent
	// at once; 1 sends them one after the other, oldest first.
	Workers int
}

// DefaultSendWorkers is the number of workers of a Sender when
// Config.SendWorkers is 0: twice the processors Go may use, and at least
// four, so that sends waiting on the network leave the processors busy.
func DefaultSendWorkers() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// Sender makes the sender of a transport. Its limits are the transport's
// own when it implements Limited, else DefaultLimits.
func (o *Office) Sender(t wire.Transport) *Sender {
	l := DefaultLimits
	if lt, ok := t.(wire.Limited); ok {
		l = lt.Limits()
	}
	topics, _ := t.(wire.Topics)
	return &Sender{o: o, t: t, feat: FeaturesOf(t), topics: topics, lim: newLimiter(l), Backoff: Backoff, MaxAttempts: 30, Workers: o.workers}
}

// Backoff is the wait before a failed send is tried again: from 2 seconds,
// doubling up to an hour, with jitter (wire.Backoff).
func Backoff(attempt int) time.Duration { return sendBackoff.Delay(attempt) }

var sendBackoff = wire.Backoff{Base: 2 * time.Second, Max: time.Hour}

// A pass reads at most passChats chats, and at most passRows rows of each
// (store.DB.Ready): what it may send, not the whole backlog. A chat's
// later rows, and the chats left over, go in the next pass.
const (
	passChats = 1024
	passRows  = 16
)

// Flush sends the rows of the transport that are due now and allowed by
// the limits, up to a pass's worth, and deletes those sent before it
// returns. It returns when it should run again: now when rows were left
// for the next pass, else when the next row held back falls due (the zero
// time when none is); or an error when the store fails or ctx is done.
// The rows sent until then are deleted all the same.
func (s *Sender) Flush(ctx context.Context) (next time.Time, err error) {
	if s.key == nil {
		if s.key, err = s.o.secret("bot.message-key"); err != nil {
			return time.Time{}, err
		}
	}
	if len(s.kept) > 0 {
		if err := s.o.db.DoneAll(s.kept); err != nil {
			return time.Time{}, err
		}
		s.kept = s.kept[:0]
	}
	s.o.ReportDropped()
	now := s.o.now()
	ready, err := s.o.db.Ready(s.t.Name(), now, passRows, passChats)
	if err != nil {
		return time.Time{}, err
	}
	p := s.newPass(ready.Rows)
	if next, err = p.run(ctx); err != nil {
		return time.Time{}, err
	}
	if ready.More && p.sent > 0 {
		return now, nil // more to send at once
	}
	return earliest(next, ready.Next), nil
}

// earliest is the earlier of two times, the zero time standing for never.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}

// outcome is what became of a row handed to send.
type outcome struct {
	row   store.Outgoing
	sent  bool      // delivered (and deleted, unless err)
	retry time.Time // not delivered: try again then; zero when given up
	err   error     // the store failed or ctx is done
}

// send makes one row's message with c, sends it and deletes the row. After
// a temporary failure it puts the row off; after a permanent one it gives
// up. Safe for concurrent use with other composers.
func (s *Sender) send(ctx context.Context, c *composer, row store.Outgoing) outcome {
	m, err := c.compose(row)
	n := DecodeNote(row.Text)
	if err == nil {
		m.Key = s.messageKey(row.Seq)
		s.thread(&m, row)
		err = s.topic(ctx, &m, row, n)
	}
	if err == nil {
		start := time.Now()
		err = s.t.Send(ctx, m)
		metrics.Since(metrics.SendSeconds.WithLabelValues(s.t.Name()), start)
	}
	if err == nil {
		s.closeTopic(ctx, m, row, n)
		metrics.Sent.WithLabelValues(s.t.Name(), "sent").Inc()
		return outcome{row: row, sent: true, err: s.o.db.Done(row.Seq)}
	}
	if ctx.Err() != nil {
		return outcome{row: row, err: ctx.Err()}
	}
	attempts := row.Attempts + 1
	log := s.o.log.With("transport", s.t.Name(), "to", row.To.String(), "row", row.Seq, "attempt", attempts, "err", err)
	if errors.Is(err, wire.ErrPermanent) || attempts >= s.MaxAttempts {
		log.Warn("send: giving up")
		metrics.Sent.WithLabelValues(s.t.Name(), "failed").Inc()
		return outcome{row: row, err: s.giveUp(row)}
	}
	delay := s.Backoff(attempts)
	var te *wire.TemporaryError
	if errors.As(err, &te) && te.RetryAfter > 0 {
		delay = te.RetryAfter
	}
	log.Info("send: will retry", "in", delay)
	metrics.Sent.WithLabelValues(s.t.Name(), "retry").Inc()
	at := s.o.now().Add(delay)
	return outcome{row: row, retry: at, err: s.o.db.Retry(row.Seq, at, attempts)}
}

// giveUp drops a row that cannot be delivered and tells the player it was
// for through its addresses on other transports, in one transaction.
func (s *Sender) giveUp(row store.Outgoing) error {
	return s.o.db.Update(func(tx *store.Tx) error {
		if err := tx.Done(row.Seq); err != nil {
			return err
		}
		if n := DecodeNote(row.Text); row.Kind == KindNotice && (n.ID == "delivery-failed" || n.Nudge) {
			return nil // never a notice about a notice, nor about a nudge
		}
		p, err := tx.PlayerAt(row.To)
		if errors.Is(err, store.ErrNotFound) {
			return nil // a chat, or nobody we know
		}
		if err != nil {
			return err
		}
		if err := s.unreachable(tx, row, p); err != nil {
			return err
		}
		n := Say("delivery-failed", "game", itoa(row.Game), "transport", row.To.Transport).Encode()
		var rows []store.Outgoing
		for _, a := range p.Addresses {
			if a.Transport != row.To.Transport {
				rows = append(rows, store.Outgoing{Game: row.Game, To: a, Kind: KindNotice, Text: n, Lang: p.Lang})
			}
		}
		_, err = tx.Queue(rows...)
		return err
	})
}

// unreachable tells the group chat of a row's game, once per game and
// player, that the player it could not write to must open the private
// chat with the bot (where the transport has deep links: a network where
// a bot may not write first).
func (s *Sender) unreachable(tx *store.Tx, row store.Outgoing, p *store.Player) error {
	if row.Game == 0 || s.feat.Link == nil {
		return nil
	}
	g, err := tx.Game(row.Game)
	if err != nil || g.Chat.Transport != row.To.Transport || g.Chat == row.To {
		return nil // no game, or no group on this transport to tell
	}
	first, err := tx.Once("unreachable:" + itoa(g.ID) + ":" + row.To.String())
	if !first || err != nil {
		return err
	}
	n := Say("unreachable", "name", Name(p), "link", s.feat.Link(""))
	_, err = tx.Queue(store.Outgoing{Game: g.ID, To: g.Chat, Kind: KindNotice, Text: n.Encode(), Lang: s.o.langs[0]})
	return err
}

// messageKey derives a row's opaque de-duplication key from its sequence
// number with a secret of the database, so that it tells nothing of how
// many rows were queued for others. Flush reads the secret first.
func (s *Sender) messageKey(seq uint64) string {
	mac := hmac.New(sha256.New, s.key)
	fmt.Fprint(mac, seq)
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// Run sends until ctx is done, waking when rows are queued or fall due.
// It returns nil when ctx is done, or the store's error; while the disk
// refuses writes it logs, waits and tries again (see Config.FaultBackoff).
func (s *Sender) Run(ctx context.Context) error {
	for faults := 0; ; {
		wake := s.o.db.Queued()
		next, err := s.Flush(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if store.IsFault(err) {
			faults++
			metrics.WriteRetries.Inc()
			next = s.o.now().Add(s.o.faultBackoff(faults))
			s.o.log.Error("send: the database refused a write; will retry", "transport", s.t.Name(), "at", next, "err", err)
		} else if err != nil {
			return err
		} else {
			faults = 0
		}
		if err := s.wait(ctx, wake, next); err != nil {
			return nil
		}
	}
}

// wait waits for new rows, for next (unless zero) or for ctx.
func (s *Sender) wait(ctx context.Context, wake <-chan struct{}, next time.Time) error {
	var due <-chan time.Time
	if !next.IsZero() {
		t := time.NewTimer(next.Sub(s.o.now()))
		defer t.Stop()
		due = t.C
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-wake:
	case <-due:
	}
	return nil
}

// Drain sends until no row of the transport is left to send, waiting for
// those held back, or until ctx is done.
func (s *Sender) Drain(ctx context.Context) error {
	for {
		wake := s.o.db.Queued()
		next, err := s.Flush(ctx)
		if err != nil || next.IsZero() {
			return err
		}
		if err := s.wait(ctx, wake, next); err != nil {
			return err
		}
	}
}
