package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"umpire/bot/clock"
	"umpire/bot/door"
	"umpire/bot/lobby"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Daily digests. A player who plays by e-mail and wants fewer mails
// writes `mail digest` (почта сводка, poŝto resumo): the news of its games
// that others make (an opponent's move, a timeout that passes the turn to
// it) is no longer mailed piece by piece. Instead, once a day at
// digestHour o'clock in its time zone (`tz`; UTC when unknown), one mail
// lists every game that waits for it, each as its seat sees it now, with
// what happened since it last acted, its picture and the address to write
// to for that game (the seat's own reply address: a reply to the digest
// itself carries no key and reaches no game). No digest is sent when
// nothing waits. What answers the player's own messages (the house
// player's moves too), the start and the end of a game, invitations,
// refusals and reminders still go at once.
// `mail each` (почта сразу, poŝto ĉiu) goes back to a mail per piece of
// news, and sends what waits in one last digest at the next tick.
//
// Digests are for transports that have them (Features.KeyAddress:
// e-mail); elsewhere every piece of news goes at once and `mail` says so.
// The player's next digest is a time in the store (Player.Digest, indexed
// by the store); Tick queues each digest due in the same transaction that
// sets the next one, so a digest is queued once, and the outbox sends it
// at most once, as it sends everything.

// digestHour is the hour of the day, the player's time, of its digest.
const digestHour = 7

// nextDigest is the first digestHour o'clock after now in time zone tz
// (UTC when unknown).
func nextDigest(now time.Time, tz string) time.Time {
	loc := clock.ZoneOf(tz)
	if loc == nil {
		loc = time.UTC
	}
	l := now.In(loc)
	at := time.Date(l.Year(), l.Month(), l.Day(), digestHour, 0, 0, 0, loc)
	if !at.After(now) {
		at = time.Date(l.Year(), l.Month(), l.Day()+1, digestHour, 0, 0, 0, loc)
	}
	return at
}

// mailMode sets how the player takes its games' news by e-mail:
// `mail digest` or `mail each`.
func (b *Bot) mailMode(v door.Visit) error {
	modes := map[string]string{"digest": store.MailDigest, "each": store.MailEach}
	if len(v.Cmd.Args) != 1 {
		return post.Oops("usage.mail")
	}
	mode, ok := modes[b.cat.Command(v.Cmd.Args[0])]
	if !ok {
		return post.Oops("usage.mail")
	}
	if b.door.Transports().KeyAddress(v.In.Transport) == nil {
		return post.Oops("err.mail-email")
	}
	if mode == store.MailDigest && v.In.Forgeable && !v.In.Verified {
		// A digest holds a player's news back up to a day while its clocks
		// run: a mail anyone may write in its name must not ask for it.
		// `mail each` only sends the address's owner more: key-free.
		return post.Oops("err.mail-digest-proof")
	}
	now := b.now()
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		fresh, err := tx.Player(v.Player.ID)
		if err != nil {
			return err
		}
		n := post.Say("mail-each-set")
		fresh.Mail, fresh.Digest = mode, time.Time{}
		switch {
		case mode == store.MailDigest:
			fresh.Digest = nextDigest(now, fresh.TZ)
			n = post.Say("mail-digest-set", "at", when(fresh.Digest, fresh.TZ))
		case v.Player.Mail == store.MailDigest:
			fresh.Digest = now // what waits, in one last digest
		}
		if err := tx.PutPlayer(fresh); err != nil {
			return err
		}
		_, err = tx.Queue(store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: n.Encode(), Lang: fresh.Lang})
		return err
	})
}

// held takes out of rows the news that a digest reader of game g takes in
// its digest instead: views of a game in play to its seats, other than an
// answer to the reader's own message (in) and the game's start. The house
// player's moves are not held: they answer the reader's own at once, and
// a game against the house is played at one sitting.
func (b *Bot) held(in wire.Inbound, g *store.Game, t *table, rows []store.Outgoing) []store.Outgoing {
	if g.State != store.StatePlaying || in.Transport == lobby.HouseTransport {
		return rows
	}
	return slices.DeleteFunc(rows, func(r store.Outgoing) bool {
		p := t.players[r.Seat]
		if r.Kind != post.KindView || !post.SeatView(string(r.Seat)) || p == nil || p.Mail != store.MailDigest ||
			slices.Contains(p.Addresses, door.AddressOf(in)) || b.door.Transports().KeyAddress(r.To.Transport) == nil {
			return false
		}
		n := post.DecodeNote(r.Text)
		return !n.Start && !n.Record && n.Refused == nil
	})
}

// digests queues the digests due now. A player it fails on is tried again
// at the next tick; the others are not held up.
func (b *Bot) digests(ctx context.Context) error {
	now := b.now()
	ids, err := b.db.DueDigests(now)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return errors.Join(append(errs, err)...)
		}
		if err := digest(b.db, b.games, b.door.Transports(), id, now); err != nil {
			errs = append(errs, fmt.Errorf("bot: digest of player %d: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

// digest queues player id's digest due at now, when a game waits for it,
// and sets its next one, in one transaction: however often it is tried,
// one digest is queued.
func digest(db *store.DB, games *gameCache, sends *door.Transports, id uint64, now time.Time) error {
	p, err := db.Player(id)
	if err != nil {
		return err
	}
	waiting, err := digestGames(db, games, p)
	if err != nil {
		return err
	}
	return db.Update(func(tx *store.Tx) error {
		fresh, err := tx.Player(id)
		if err != nil {
			return err
		}
		if fresh.Digest.IsZero() || fresh.Digest.After(now) || !fresh.Digest.Equal(p.Digest) {
			return nil // sent meanwhile, or put off
		}
		fresh.Digest = time.Time{}
		if fresh.Mail == store.MailDigest {
			fresh.Digest = nextDigest(now, fresh.TZ)
		}
		if err := tx.PutPlayer(fresh); err != nil {
			return err
		}
		if len(waiting) == 0 || len(fresh.Addresses) == 0 || sends.KeyAddress(fresh.Addresses[0].Transport) == nil {
			return nil
		}
		n := post.Note{ID: "digest", Args: texts.Args{"games": strings.Join(waiting, " ")}}
		_, err = tx.Queue(store.Outgoing{To: fresh.Addresses[0], Kind: post.KindDigest, Text: n.Encode(), Lang: fresh.Lang})
		return err
	})
}

// digestGames lists the games in play that wait for a decision of player
// p's ("12:white"), oldest first.
func digestGames(db *store.DB, cache *gameCache, p *store.Player) ([]string, error) {
	games, err := db.Games(p.ID)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(games, func(x, y *store.Game) int { return cmp.Compare(x.ID, y.ID) })
	var out []string
	for _, g := range games {
		seat, ok := g.SeatOf(p.ID)
		if !ok || g.State != store.StatePlaying {
			continue
		}
		rg, err := cache.take(g)
		if err != nil {
			return nil, err
		}
		waits := slices.ContainsFunc(referee.Waiting(rg), func(w referee.Wait) bool { return w.Seat == seat })
		cache.put(g.ID, rg, len(g.Log))
		if waits {
			out = append(out, itoa(g.ID)+":"+string(seat))
		}
	}
	return out, nil
}
