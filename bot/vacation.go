package bot

import (
	"strconv"
	"strings"
	"time"

	"umpire/bot/clock"
	"umpire/bot/door"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// Vacations and time zones. `vacation 5d` stops the clocks of all the
// player's games for five days, as correspondence chess allows: within an
// allowance of 30 days a calendar year (the player's year, in its time
// zone), counted in whole days; `back` ends the vacation early and gives
// back the whole days not used. While a clock stands still, every
// decision's time is pushed back by the pause (its reminders made anew
// for the time it then has), and a decision that begins meanwhile is
// timed from the pause's end; the other
// players and the game's chat are told. A game's pause (store.Game.Paused)
// is always the latest vacation end of its players, so that applying it
// again changes nothing. `tz Europe/Moscow` sets the player's time zone:
// no reminder comes in its night (reminders.go).

// yearlyLeave is the vacation a player may take in a calendar year.
const yearlyLeave = 30 * day

const day = 24 * time.Hour

// vacation starts a player's vacation: `vacation 5d`.
func (b *Bot) vacation(v door.Visit) error {
	now := b.now()
	if len(v.Cmd.Args) != 1 {
		return post.Oops("usage.vacation", "days", days(leaveLeft(v.Player, now)))
	}
	d, ok := readDays(v.Cmd.Args[0])
	if !ok {
		return post.Oops("usage.vacation", "days", days(leaveLeft(v.Player, now)))
	}
	err := door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		fresh, err := tx.Player(v.Player.ID)
		if err != nil {
			return err
		}
		switch left := leaveLeft(fresh, now); {
		case fresh.Away.After(now):
			return post.Oops("err.away", "until", when(fresh.Away, fresh.TZ))
		case d > left:
			return post.Oops("err.vacation-left", "ask", texts.Bounded(v.Cmd.Args[0], 32), "days", days(left))
		}
		fresh.LeaveYear, fresh.Leave = leaveYear(fresh, now), leaveTaken(fresh, now)+d
		fresh.Away = now.Add(d)
		if err := tx.PutPlayer(fresh); err != nil {
			return err
		}
		n := post.Say("vacation-set", "until", when(fresh.Away, fresh.TZ), "days", days(leaveLeft(fresh, now)))
		_, err = tx.Queue(store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: n.Encode(), Lang: fresh.Lang})
		return err
	})
	if err != nil {
		return err
	}
	return b.pauseGames(v.Player.ID)
}

// back ends a player's vacation early and gives back the whole days not
// used.
func (b *Bot) back(v door.Visit) error {
	now := b.now()
	err := door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		fresh, err := tx.Player(v.Player.ID)
		if err != nil {
			return err
		}
		if !fresh.Away.After(now) {
			return post.Oops("err.not-away")
		}
		unused := fresh.Away.Sub(now) / day * day
		fresh.Leave, fresh.Away = max(fresh.Leave-unused, 0), now
		if err := tx.PutPlayer(fresh); err != nil {
			return err
		}
		n := post.Say("back-set", "days", days(leaveLeft(fresh, now)))
		_, err = tx.Queue(store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: n.Encode(), Lang: fresh.Lang})
		return err
	})
	if err != nil {
		return err
	}
	return b.pauseGames(v.Player.ID)
}

// pauseGames brings the pause of every clocked game in play of player
// pid up to date with its players' vacations.
func (b *Bot) pauseGames(pid uint64) error {
	games, err := b.db.Games(pid)
	if err != nil {
		return err
	}
	for _, g := range games {
		if g.State != store.StatePlaying || g.Clock == 0 {
			continue
		}
		_, err := b.apply(wire.Inbound{}, g.ID, func(g *store.Game, t *table) ([]store.Outgoing, error) {
			return repause(b.now(), g, t, pid), nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// repause sets g's pause to the latest vacation end of its players (or
// the end of a pause its players agreed, pace.Target), pushing its
// clocks' times forward or back by the change (clock.Shift), and tells
// the other players and the chat what player pid's vacation did.
func repause(now time.Time, g *store.Game, t *table, pid uint64) []store.Outgoing {
	if g.State != store.StatePlaying || g.Clock == 0 || !clock.Shift(g, pace.Target(g, t, now), now, t.zone) {
		return nil
	}
	return pauseRows(g, t, pid, now)
}

// pauseRows tell the players of g other than pid, and its chat, that
// pid's vacation began or ended.
func pauseRows(g *store.Game, t *table, pid uint64, now time.Time) []store.Outgoing {
	seat, _ := g.SeatOf(pid)
	who := t.players[seat]
	told := func(tz string) post.Note {
		if who.Away.After(now) {
			return post.Say("vacation-told", "game", itoa(g.ID), "name", shownName(who), "until", when(g.Paused, tz))
		}
		return post.Say("back-told", "game", itoa(g.ID), "name", shownName(who))
	}
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		if p := t.players[s]; p != nil && s != seat && !g.Seats[s].Muted { // muted.go
			if r, ok := t.seatRow(g, s, post.KindNotice, told(p.TZ)); ok {
				rows = append(rows, r)
			}
		}
	}
	return append(rows, t.publicRows(g, post.KindNotice, told(""))...)
}

// leaveYear is player p's calendar year at now, in its time zone.
func leaveYear(p *store.Player, now time.Time) int {
	if loc := clock.ZoneOf(p.TZ); loc != nil {
		return now.In(loc).Year()
	}
	return now.UTC().Year()
}

// leaveTaken is the vacation p has taken in its year at now.
func leaveTaken(p *store.Player, now time.Time) time.Duration {
	if p.LeaveYear != leaveYear(p, now) {
		return 0
	}
	return p.Leave
}

// leaveLeft is the vacation p may still take in its year at now.
func leaveLeft(p *store.Player, now time.Time) time.Duration {
	return max(yearlyLeave-leaveTaken(p, now), 0)
}

// readDays reads a vacation's length: whole days, as 5, 5d, 5д or 5t.
func readDays(word string) (time.Duration, bool) {
	if n, err := strconv.Atoi(word); err == nil {
		return time.Duration(n) * day, n > 0 && n <= 366
	}
	d, ok := clock.ReadSpan(word)
	return d, ok && d > 0 && d%day == 0 && d <= 366*day
}

// days says a length in whole days.
func days(d time.Duration) string { return strconv.Itoa(int(d / day)) }

// when says a moment in time zone tz (post.When).
func when(t time.Time, tz string) string { return post.When(t, tz) }

// setTZ sets the player's time zone: `tz Europe/Moscow`.
func (b *Bot) setTZ(v door.Visit) error {
	if len(v.Cmd.Args) != 1 || len(v.Cmd.Args[0]) > 64 || strings.EqualFold(v.Cmd.Args[0], "local") {
		return post.Oops("usage.tz")
	}
	loc := clock.ZoneOf(v.Cmd.Args[0])
	if loc == nil {
		return post.Oops("usage.tz")
	}
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		fresh, err := tx.Player(v.Player.ID)
		if err != nil {
			return err
		}
		fresh.TZ = loc.String()
		if fresh.Mail == store.MailDigest {
			fresh.Digest = nextDigest(b.now(), fresh.TZ)
		}
		if err := tx.PutPlayer(fresh); err != nil {
			return err
		}
		n := post.Say("tz-set", "tz", fresh.TZ)
		_, err = tx.Queue(store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: n.Encode(), Lang: fresh.Lang})
		return err
	})
}
