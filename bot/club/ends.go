package club

import (
	"errors"
	"fmt"
	"time"

	"umpire/bot/post"
	"umpire/store"
)

// Every tournament ends, so that no member, nor any number of sock
// puppets, holds a group's places for tournaments
// (store.MaxTourneysPerChat, one each) beyond these bounds:
//
//   - a sign-up that nobody began within SignupLapse lapses, and its
//     group is told;
//   - a tournament under way has its time, fixed when it begins (TimeOf):
//     when it is up, every game of it not over is lost by the seats it
//     waits for, the idle ones, as when a clock runs out (Env.TimeUp), and
//     its final table follows;
//   - the group's administrators (Env.Admin: Telegram's creator and
//     administrators) may cancel any tournament of their group at once: a
//     sign-up ends, a tournament under way ends as if its time were up.
//
// The clock's tick moves them on (Tick); each step is keyed, so that a
// tick repeated, or cut short by a crash, does nothing twice.

// SignupLapse is how long a sign-up waits to be begun: a week, as long as
// an offer of a rematch stands, time enough for players who look in once
// a week, and short enough that a sign-up left alone frees its place soon.
const SignupLapse = 7 * 24 * time.Hour

// A tournament's time is TimePeriods of its clock's periods, and never
// less than MinTime: a correspondence game of forty moves each takes
// eighty decisions, of which players use about a quarter of the time
// allowed on average (twenty periods), so thirty leave room for the slow
// ones; a game without a clock is given a day a decision, eighty-odd days.
const (
	TimePeriods = 30
	MinTime     = 90 * 24 * time.Hour
)

// TimeOf is the time of a tournament whose games have clock (0: none).
func TimeOf(clock time.Duration) time.Duration { return max(MinTime, TimePeriods*clock) }

// Tick is the clock's work on tournaments; the bot's tick calls it. It
// makes the games of tournaments whose start was cut short, finishes the
// forfeits of those who left (each resignation is keyed, so one already
// played is not played again), lapses the sign-ups not begun in time and
// ends the tournaments whose time is up. A tournament it fails on is
// tried again at the next tick; the others are not held up.
func (c *Club) Tick() error {
	var ts []*store.Tournament
	if err := c.env.DB.View(func(tx *store.Tx) (err error) { ts, err = tx.OpenTournaments(); return err }); err != nil {
		return err
	}
	now := c.env.Now()
	var errs []error
	for _, t := range ts {
		if err := c.tick(t, now); err != nil {
			errs = append(errs, fmt.Errorf("club: tournament %d: %w", t.ID, err))
		}
	}
	return errors.Join(errs...)
}

// tick moves tournament t on at now (see Tick).
func (c *Club) tick(t *store.Tournament, now time.Time) error {
	switch {
	case t.State == store.TourneySignup && !now.Before(t.Created.Add(SignupLapse)):
		return c.lapse(t)
	case t.State != store.TourneyPlaying:
		return nil
	case !t.Made:
		if err := c.make(t); err != nil {
			return err
		}
	}
	for _, id := range t.Left {
		if err := c.forfeitAs(t, id); err != nil {
			return err
		}
	}
	switch {
	case t.Ends.IsZero(): // begun before tournaments had a time: its time runs from now
		return c.once("", func(tx *store.Tx) error { return c.putEnds(tx, t.ID, now.Add(TimeOf(t.Clock))) })
	case !now.Before(t.Ends):
		return c.timeUp(t)
	}
	return nil
}

// putEnds sets when tournament id's time is up.
func (c *Club) putEnds(tx *store.Tx, id uint64, ends time.Time) error {
	t, err := tx.Tournament(id)
	if err != nil || t.State != store.TourneyPlaying {
		return err
	}
	t.Ends = ends
	return tx.PutTournament(t)
}

// lapse ends the sign-up of t, which nobody began within SignupLapse, and
// tells its group.
func (c *Club) lapse(t *store.Tournament) error {
	return c.once("tourney:"+itoa(t.ID)+":lapse", func(tx *store.Tx) error {
		return c.end(tx, t.ID, store.TourneySignup, withSpan(post.Say("tourney.lapsed", "tourney", itoa(t.ID)), SignupLapse))
	})
}

// end ends tournament id, in state from (else it does nothing), and tells
// its group n, the last word of its conversation there.
func (c *Club) end(tx *store.Tx, id uint64, from string, n post.Note) error {
	t, err := tx.Tournament(id)
	if err != nil || t.State != from {
		return err
	}
	t.State = store.TourneyOver
	if err := tx.PutTournament(t); err != nil {
		return err
	}
	n.End = true
	_, err = tx.Queue(c.toGroup(tx, t, n))
	return err
}

// withSpan is note n with its argument {span}.
func withSpan(n post.Note, span time.Duration) post.Note {
	n.Sub = map[string][]post.Note{"span": {post.Span(span)}}
	return n
}

// timeUpKey names the word that tournament id's time is up: said once.
func timeUpKey(id uint64) string { return "tourney:" + itoa(id) + ":timeup" }

// timeUp ends tournament t, whose time is up: its group is told once, and
// every game of it not over has the umpire's timeout played for each
// decision it waits for (Env.TimeUp). The final table follows once the
// last game's end is settled (Settle).
func (c *Club) timeUp(t *store.Tournament) error {
	err := c.once(timeUpKey(t.ID), func(tx *store.Tx) error {
		_, err := tx.Queue(c.toGroup(tx, t, post.Say("tourney.time-up", "tourney", itoa(t.ID))))
		return err
	})
	if err != nil {
		return err
	}
	live, err := c.live(t, 0)
	for _, id := range live {
		if err == nil {
			err = c.env.TimeUp(timeUpKey(t.ID)+":"+itoa(id), id)
		}
	}
	return err
}

// Cancel cancels tournament n of chat (0: its one open) at the word of p,
// writing from its address from: its maker may cancel its sign-up, and
// the group's administrators any tournament of the group, a sign-up
// ended, a tournament under way ended as if its time were up. Whether
// from administers chat is asked of the transport before the
// transaction, never in it.
func (c *Club) Cancel(key string, chat, from store.Address, p *store.Player, n uint64) error {
	var t *store.Tournament
	if err := c.env.DB.View(func(tx *store.Tx) (err error) { t, err = pick(tx, chat, n); return err }); err != nil {
		return err
	}
	admin := false
	if t.Maker != p.ID || t.State != store.TourneySignup {
		var err error
		if admin, err = c.admin(chat, from); err != nil {
			return err
		}
	}
	var playing *store.Tournament
	err := c.once(key, func(tx *store.Tx) error {
		t, err := tx.Tournament(t.ID)
		if err != nil {
			return err
		}
		id := itoa(t.ID)
		switch {
		case t.State == store.TourneySignup && (admin || t.Maker == p.ID):
			msg := "tourney.cancelled-maker"
			if admin {
				msg = "tourney.cancelled-admin"
			}
			return c.end(tx, t.ID, store.TourneySignup, post.Say(msg, "tourney", id))
		case !admin:
			return post.Oops("err.tourney-cancel", "tourney", id)
		case t.State != store.TourneyPlaying:
			return post.Oops("err.tourney-unknown", "tourney", id)
		}
		if _, err := tx.Once(timeUpKey(t.ID)); err != nil { // the group is told why, not that the time is up
			return err
		}
		if _, err := tx.Queue(c.toGroup(tx, t, post.Say("tourney.ended-admin", "tourney", id))); err != nil {
			return err
		}
		playing = t
		return c.putEnds(tx, t.ID, c.env.Now())
	})
	if err != nil || playing == nil {
		return err
	}
	return c.timeUp(playing)
}

// admin reports whether from administers chat (Env.Admin); an error says
// the transport could not be asked now.
func (c *Club) admin(chat, from store.Address) (bool, error) {
	if c.env.Admin == nil {
		return false, nil
	}
	ok, err := c.env.Admin(chat, from)
	if err != nil {
		return false, fmt.Errorf("club: does %s administer %s: %w", from, chat, err)
	}
	return ok, nil
}
