package bot

import (
	"time"
	"umpire/bot/clock"
	"umpire/bot/door"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// Time rules beyond a fixed time per decision (clock.go).
//
//   - An increment (`new dark 3d+1d`) makes each seat's time a bank: it
//     starts at the clock (3 days), each decision spends what it took, and
//     after each one the increment (1 day) is added, the bank never above
//     twice the clock (6 days). PGN: TimeControl "259200+86400".
//   - `give 1d` adds time to the opponents' clocks (or one seat's: `give
//     1d black`): to the decision they have under way, else to their next
//     one, by one rule with an increment or without, never beyond the
//     clock's longest form (gifts.go, clock.Give).
//   - Under the claim rule (`new … claim`) a seat whose time ran out does
//     not lose at once: its opponents are told and choose, `claim` the win
//     (the umpire then rules the loss on time) or `give` more time; the
//     seat may still act meanwhile; after ClaimWait without either the
//     loss is ruled. The default rule, the flag, rules it at once.

// ClaimWait is how long a seat's opponents have to claim a win on time
// under the claim rule, before the umpire rules it.
const ClaimWait = 24 * time.Hour

// claimRule is the time rule that lets the opponents choose.
const claimRule = "claim"

// readControl reads a time control (clock.ReadControl), refusing one out
// of bounds.
func readControl(word string) (clock.Control, bool, error) {
	c, ok, bad := clock.ReadControl(word)
	if bad {
		return c, true, post.Oops("err.bad-clock", "clock", texts.EchoWord(word))
	}
	return c, ok, nil
}

// flag marks decision w, whose time ran out, as the opponents' to claim,
// and tells every seat.
func flag(g *store.Game, t *table, w *store.Wait, now time.Time) []store.Outgoing {
	w.Flagged, w.Ends, w.Remind = now, now.Add(ClaimWait), nil
	id := itoa(g.ID)
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		n := post.Say("time.flagged", "game", id, "seat", string(w.Seat))
		if s == w.Seat {
			n = post.Say("time.flagged-you", "game", id)
		}
		if r, ok := t.seatRow(g, s, post.KindNotice, n); ok {
			rows = append(rows, r)
		}
	}
	return rows
}

// give runs `give SPAN [SEAT]`: more time for the other seats of the
// sender's game, or the one named (gifts.go).
func (b *Bot) give(v door.Visit) error {
	g, own, err := b.seatedIn(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	var d time.Duration
	var to referee.Seat
	for _, a := range v.Cmd.Args {
		if span, ok := clock.ReadSpan(a); ok && span >= clock.Min && span <= clock.Max {
			d = span
		} else if s := b.cat.SeatStem(a); s != "" && s != own {
			to = s
		}
	}
	if d == 0 || g.Clock == 0 {
		return post.Oops("usage.give", "game", itoa(g.ID))
	}
	gv := gift{by: own, to: to, d: d, now: b.now(), edits: func(a store.Address) bool {
		return b.door.Transports().Features(a.Transport).Edits
	}}
	_, err = b.apply(v.In, g.ID, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		rows, ack, err := gv.rows(g, t)
		if err != nil {
			return nil, err
		}
		return append(rows, door.SeatConversation(v, g.ID, own, ack)), nil
	})
	return err
}

// claim runs `claim`: the sender's opponent's time ran out under the
// claim rule, and the sender claims the win: the umpire rules the loss.
func (b *Bot) claim(v door.Visit) error {
	g, own, err := b.seatedIn(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	_, err = b.apply(v.In, g.ID, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		for _, w := range g.Waits {
			if w.Seat != own && !w.Flagged.IsZero() && g.State == store.StatePlaying {
				rg, err := b.games.take(g)
				if err != nil {
					return nil, err
				}
				rows, err := b.timeout(g, t, rg, w)
				syncClock(b.now(), g, rg, t)
				return rows, err
			}
		}
		return nil, post.Oops("err.claim-none", "game", itoa(g.ID))
	})
	return err
}
