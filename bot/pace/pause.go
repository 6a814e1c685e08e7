package pace

import (
	"slices"
	"time"

	"umpire/bot/clock"
	"umpire/bot/door"
	"umpire/bot/lobby"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Pause by agreement. `pause 3d` (пауза 3д, paŭzo 3t) in a game offers to
// stop its clocks for three days; every other seat held by a person (not
// the house, nor a seat in civil disorder, whose player is away) answers
// with a button, `pause #N accept` or `pause #N decline`. Once all have
// accepted, the clocks stand still for that long (store.Game.Paused, with
// any vacation: Target), or until anyone in the game writes `resume #N`,
// which gives back the time not used. An offer stands for OfferLapse; a
// new one replaces it; one declined is gone.

// PauseMax is the most pause by agreement one game may have in all: two
// weeks, the longest time control, so that a game of any pace may stand
// still for one long move's worth and no more. Absences longer than that
// are what vacations are for (30 days a year, each player's own, vacation.go),
// and an agreement of all players is easy to reach again and again, which
// an uncapped pause would let keep a game open for ever.
const PauseMax = clock.Max

// OfferLapse is how long an offer of a pause waits for its answers.
const OfferLapse = 3 * clock.Day

// Pause runs `pause SPAN`, `pause accept` and `pause decline` in a game.
func (p *Pacer) Pause(v door.Visit) error {
	g, own, err := p.env.Seated(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	usage := post.Oops("usage.pause", "game", itoa(g.ID))
	if g.Clock == 0 || len(v.Cmd.Args) != 1 {
		return usage
	}
	switch word := v.Cmd.Args[0]; p.env.Cat.Command(word) {
	case "accept":
		return p.answer(v, g.ID, own, true)
	case "decline":
		return p.answer(v, g.ID, own, false)
	default:
		d, ok := clock.ReadSpan(word)
		if !ok || d < clock.Min || d > PauseMax {
			return usage
		}
		return p.offer(v, g.ID, own, d)
	}
}

// offer offers a pause of d in game id from seat by.
func (p *Pacer) offer(v door.Visit, id uint64, by referee.Seat, d time.Duration) error {
	now := p.env.Now()
	_, err := p.env.Apply(v.In, id, func(g *store.Game, t Table) ([]store.Outgoing, error) {
		if err := pausable(g, now); err != nil {
			return nil, err
		}
		if o := g.Pace.Offer; o != nil && now.Sub(o.Made) <= OfferLapse { // one offer at a time: no stream of them
			return nil, &post.Mistake{Note: spanned(post.Say("pace.err-offered", "game", itoa(g.ID)), "lapse", OfferLapse)}
		}
		d := gridSpan(g, d) // a retry of the transaction rounds afresh
		if left := PauseMax - g.Pace.Paused; d > left {
			n := spanned(spanned(post.Say("pace.err-left", "game", itoa(g.ID)), "left", left), "max", PauseMax)
			return nil, &post.Mistake{Note: n}
		}
		g.Pace.Offer = &store.PauseOffer{By: by, For: d, Made: now}
		voters := voters(g, t, by, now)
		if len(voters) == 0 {
			return agree(g, t, now), nil
		}
		ask := spanned(post.Say("pace.offered", "game", itoa(g.ID), "seat", string(by)), "span", d)
		ask = spanned(spanned(ask, "left", PauseMax-g.Pace.Paused), "max", PauseMax) // the cap, said in the offer
		cmd := "pause #" + itoa(g.ID) + " "
		ask.Buttons = []wire.Button{{Label: "choice.accept", Command: cmd + "accept"}, {Label: "choice.decline", Command: cmd + "decline"}}
		rows := tell(g, t, false, func(q *store.Player) *post.Note {
			if q == nil || !slices.Contains(voters, seatOf(g, q)) {
				return nil
			}
			return &ask
		})
		sent := spanned(post.Say("pace.offer-sent", "game", itoa(g.ID)), "span", d)
		return append(append(rows, door.SeatConversation(v, g.ID, by, sent)), Hear(g, t, by)...), nil
	})
	return err
}

// gridSpan is a pause of d as game g counts it: at a fixed hour, whole
// days, rounded up, since a deadline at 21:00 moves by whole days
// (clock.GridDays: a pause of an hour moves it a day); d itself in a game
// without one. So a pause at a fixed hour is charged to the allowance for
// what it moves, and ended early (Resume) gives back only the whole days
// it did not use, which are what the deadlines move back.
func gridSpan(g *store.Game, d time.Duration) time.Duration {
	if g.Pace.At == "" {
		return d
	}
	return time.Duration(clock.GridDays(d)) * clock.Day
}

// pausable refuses a pause in g at now: a game not begun or over, or
// one whose agreed pause is on.
func pausable(g *store.Game, now time.Time) error {
	switch {
	case g.State == store.StateOpen:
		return post.Oops("err.not-started", "game", itoa(g.ID))
	case g.State != store.StatePlaying:
		return post.Oops("err.over", "game", itoa(g.ID))
	case g.Pace.Until.After(now):
		return post.Oops("pace.err-on", "game", itoa(g.ID), "until", post.When(g.Pace.Until, ""))
	}
	return nil
}

// answer answers the pause offered in game id for seat own: yes accepts
// it, else it declines it.
func (p *Pacer) answer(v door.Visit, id uint64, own referee.Seat, yes bool) error {
	now := p.env.Now()
	_, err := p.env.Apply(v.In, id, func(g *store.Game, t Table) ([]store.Outgoing, error) {
		o := g.Pace.Offer
		switch {
		case g.State != store.StatePlaying || o == nil || now.Sub(o.Made) > OfferLapse:
			return nil, post.Oops("pace.err-none", "game", itoa(g.ID))
		case o.By == own:
			return nil, post.Oops("pace.err-own", "game", itoa(g.ID))
		case !yes:
			g.Pace.Offer = nil
			n := post.Say("pace.declined", "game", itoa(g.ID), "seat", string(own))
			return append(tell(g, t, false, func(*store.Player) *post.Note { return &n }), Hear(g, t, own)...), nil
		}
		if !slices.Contains(o.Yes, own) {
			o.Yes = append(o.Yes, own)
		}
		for _, s := range voters(g, t, o.By, now) {
			if !slices.Contains(o.Yes, s) {
				return []store.Outgoing{door.SeatConversation(v, g.ID, own, post.Say("pace.accepted-wait", "game", itoa(g.ID)))}, nil
			}
		}
		return agree(g, t, now), nil
	})
	return err
}

// agree stops g's clocks for the pause offered, every seat having agreed,
// and tells everyone until when.
func agree(g *store.Game, t Table, now time.Time) []store.Outgoing {
	d := min(g.Pace.Offer.For, PauseMax-g.Pace.Paused)
	g.Pace.Offer, g.Pace.Until = nil, now.Add(d)
	g.Pace.Paused += d
	clock.Shift(g, Target(g, t, now), now, t.Zone)
	left := PauseMax - g.Pace.Paused
	return tell(g, t, true, func(q *store.Player) *post.Note {
		n := spanned(post.Say("pace.agreed", "game", itoa(g.ID), "until", post.When(g.Pace.Until, tzOf(q))), "left", left)
		return &n
	})
}

// Resume runs `resume #N`: the pause agreed in the sender's game ends
// now, and the time it did not use is given back to the game's allowance.
func (p *Pacer) Resume(v door.Visit) error {
	g, own, err := p.env.Seated(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	now := p.env.Now()
	_, err = p.env.Apply(v.In, g.ID, func(g *store.Game, t Table) ([]store.Outgoing, error) {
		if g.State != store.StatePlaying || !g.Pace.Until.After(now) {
			return nil, post.Oops("pace.err-not-on", "game", itoa(g.ID))
		}
		unused := g.Pace.Until.Sub(now)
		if g.Pace.At != "" {
			unused = unused.Truncate(clock.Day) // the days the grid moves back
		}
		g.Pace.Paused -= unused
		g.Pace.Until = time.Time{}
		clock.Shift(g, Target(g, t, now), now, t.Zone)
		n := spanned(post.Say("pace.resumed", "game", itoa(g.ID), "seat", string(own)), "left", PauseMax-g.Pace.Paused)
		return append(tell(g, t, true, func(*store.Player) *post.Note { return &n }), Hear(g, t, own)...), nil
	})
	return err
}

// Target is when g's clocks, stopped, run again at now: the latest of its
// players' vacations and of the pause agreed; zero (or a time past) when
// they run. Every change of either brings the clocks to it (clock.Shift).
func Target(g *store.Game, t Table, now time.Time) time.Time {
	var until time.Time
	if g.Pace.Until.After(now) {
		until = g.Pace.Until
	}
	for _, s := range post.SeatsOf(g) {
		if q := t.Player(s); q != nil && q.Away.After(now) && q.Away.After(until) {
			until = q.Away
		}
	}
	return until
}

// voters are the seats of g other than by whose players must accept a
// pause: each held by a person, not the house, and not in civil disorder.
func voters(g *store.Game, t Table, by referee.Seat, now time.Time) []referee.Seat {
	var out []referee.Seat
	for _, s := range post.SeatsOf(g) {
		q := t.Player(s)
		if s == by || q == nil || slices.Contains(q.Addresses, lobby.HouseAddress) || g.Pace.Sits(s, now) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// seatOf is the seat player q holds in g.
func seatOf(g *store.Game, q *store.Player) referee.Seat {
	s, _ := g.SeatOf(q.ID)
	return s
}

// spanned is note n with a length of time d as its argument arg.
func spanned(n post.Note, arg string, d time.Duration) post.Note {
	if n.Sub == nil {
		n.Sub = map[string][]post.Note{}
	}
	n.Sub[arg] = []post.Note{post.Span(max(d, 0))}
	return n
}
