package bot

import (
	"context"
	"strings"
	"time"
)

// Retention. The store remembers the id of every message handled, so that
// one delivered twice is handled once. An id is needed only while its
// transport could deliver the message again; after that it is pruned, so
// that the database does not grow by one key per message for ever:
//
//   - telegram: 7 days. Telegram keeps an update for 24 hours at most.
//   - every other transport, 30 days: e-mail (a sending server retries a
//     mail for up to 5 days, and a mailbox whose UIDVALIDITY changed is
//     read again for its unseen mails), the console's replayed scripts,
//     and the clock's own ids (which name a game and its log's length, and
//     so never come back once a move is made).

// seenRetention is how long the ids of each transport are kept; the
// transports not named keep theirs defaultRetention.
var seenRetention = map[string]time.Duration{"telegram": 7 * day}

// defaultRetention is how long the ids of other transports are kept.
const defaultRetention = 30 * day

// PruneEvery is how often Run prunes the ids seen.
const PruneEvery = day

// Prune forgets the ids of messages handled that their transport can no
// longer deliver again (see above), and returns how many it forgot.
func (b *Bot) Prune() (int, error) {
	now := b.now()
	return b.db.ForgetSeenBy(func(inbound string) time.Time {
		transport, _, _ := strings.Cut(inbound, ":")
		keep, ok := seenRetention[transport]
		if !ok {
			keep = defaultRetention
		}
		return now.Add(-keep)
	})
}

// runPrune prunes at once and then every PruneEvery until ctx is done,
// logging what it did; a failure is tried again next time.
func (b *Bot) runPrune(ctx context.Context) {
	tick := time.NewTicker(PruneEvery)
	defer tick.Stop()
	for {
		if n, err := b.Prune(); err != nil && ctx.Err() == nil {
			b.log.Error("prune: ids of messages handled", "err", err)
		} else if n > 0 {
			b.log.Info("prune: forgot the ids of messages no transport can deliver again", "ids", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
