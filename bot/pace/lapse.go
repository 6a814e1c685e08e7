package pace

import (
	"slices"
	"strconv"
	"time"

	"umpire/bot/clock"
	"umpire/bot/lobby"
	"umpire/bot/post"
	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// When a seat's time runs out. Before the umpire's timeout (the flag, or
// the claim rule), a game's pace may keep the seat in the game:
//
//   - an automatic extension (new … ext2), for a seat never heard during
//     its decision, gives it one more period from where its time ended
//     (clock.Extend), until its extensions are spent; the seat is told,
//     and so are the others;
//   - civil disorder (new … cd) then lets the house play the seat, at
//     level 1 from the seat's own view, until its player acts again, which
//     takes the seat back at once (Back); a seat in disorder for
//     clock.DisorderWeek in all, its spells in the game added up
//     (store.Pace.Spent), leaves the game as one out of time does (the
//     clock's Cut, triad.md 2.8).

// MaxExt is the most automatic extensions a game may give each seat
// (ext1 to ext3): each is one whole period for a seat that sent nothing,
// and a seat silent for three periods in a row is gone rather than late.
// Absences that are planned have vacations and pauses; three extensions
// of the longest clock are six weeks already.
const MaxExt = 3

// OutOfTime decides what becomes of decision w of g, whose time ran out at
// now: an extension, or the start of a spell of civil disorder, and the
// rows that tell of it. ok is false when the pace keeps nothing: the
// clock rules as ever. The house's own seat is never kept.
func (p *Pacer) OutOfTime(g *store.Game, t Table, w *store.Wait, now time.Time) (rows []store.Outgoing, ok bool, err error) {
	if q := t.Player(w.Seat); q == nil || slices.Contains(q.Addresses, lobby.HouseAddress) {
		return nil, false, nil
	}
	if clock.Extend(g, w, now, t.Zone(w.Seat)) {
		g.Deadline = clock.Deadline(g)
		return extended(g, t, *w), true, nil
	}
	left := clock.DisorderWeek - g.Pace.Spent(w.Seat) // one week a game, however many spells
	if !g.Pace.Disorder || !clock.Loses(*w) || g.Pace.Spell(w.Seat) != nil || !house.Plays(g.Variant) || left < time.Hour {
		return nil, false, nil
	}
	coin, err := p.env.Dice.Hex(8)
	if err != nil {
		return nil, false, err
	}
	seed, _ := strconv.ParseUint(coin, 16, 64)
	g.Pace.Spells = append(g.Pace.Spells, store.Spell{Seat: w.Seat, Began: now, Ends: now.Add(left), From: len(g.Log), Seed: seed})
	// A new period, its reminders kept: the house moves at once, and a
	// reminder due finds it again should it have lost the game's row (a
	// restart), since every change queues it one (HouseRows).
	w.Ends, w.Flagged = clock.Due(g, w.Seat, now), time.Time{}
	w.Remind = clock.Reminders(now, w.Ends, t.Zone(w.Seat))
	g.Deadline = clock.Deadline(g)
	days := strconv.Itoa(int((left + clock.Day - 1) / clock.Day))
	return tell(g, t, true, func(q *store.Player) *post.Note {
		n := post.Say("pace.cd", "game", itoa(g.ID), "seat", string(w.Seat), "days", days)
		if q != nil && seatOf(g, q) == w.Seat {
			n = post.Say("pace.cd-you", "game", itoa(g.ID), "days", days)
		}
		return &n
	}), true, nil
}

// extended tells every seat of g of the extension decision w got.
func extended(g *store.Game, t Table, w store.Wait) []store.Outgoing {
	left := strconv.Itoa(g.Pace.ExtLeft(w.Seat))
	return tell(g, t, false, func(q *store.Player) *post.Note {
		n := post.Say("pace.ext", "game", itoa(g.ID), "seat", string(w.Seat), "n", left)
		if q != nil && seatOf(g, q) == w.Seat {
			n = post.Say("pace.ext-you", "game", itoa(g.ID), "n", left, "until", post.When(w.Ends, q.TZ))
		}
		n = spanned(n, "span", g.Clock)
		return &n
	})
}

// Catch keeps in the game a seat whose action came after its decision w
// had run out while the clocks were not running (the umpire was down): in
// time when w ends no earlier than by (when it was sent, less the grace
// the transports' clocks have). The extensions the seat has are spent on
// it, as the clock would have spent them; under civil disorder the house
// would have sat in until now, and the seat takes itself back. It reports
// whether the seat is in time so (under civil disorder with a new
// period from by); the rows tell of the extensions.
func Catch(g *store.Game, t Table, w *store.Wait, by time.Time) ([]store.Outgoing, bool) {
	var rows []store.Outgoing
	for w.Ends.Before(by) && clock.Extend(g, w, by, t.Zone(w.Seat)) {
		rows = append(rows, extended(g, t, *w)...)
	}
	if w.Ends.Before(by) && g.Pace.Disorder && house.Plays(g.Variant) && clock.Loses(*w) {
		w.Ends = clock.Due(g, w.Seat, by)
	}
	return rows, !w.Ends.Before(by)
}

// Back ends seat's spell of civil disorder in g, its player having acted
// again: the house plays it no more, and the seat is told at once (the
// others when it is next heard: Heard).
func Back(g *store.Game, t Table, seat referee.Seat, now time.Time) []store.Outgoing {
	sp := g.Pace.Spell(seat)
	if sp == nil {
		return nil
	}
	sp.To, sp.Back = len(g.Log), now
	if r, ok := t.Notice(g, seat, post.Say("pace.back-you", "game", itoa(g.ID))); ok {
		return []store.Outgoing{r}
	}
	return nil
}

// Heard notes in g what seat's actions just played (played) let the other
// seats hear: a seat heard during a decision gets no extension for it
// (store.Wait.Heard), and once a seat back from civil disorder is heard,
// the others and the chat are told it is back. It returns those rows.
func Heard(g *store.Game, t Table, seat referee.Seat, played []referee.Played) []store.Outgoing {
	if !heard(g, seat, played) {
		return nil
	}
	return Hear(g, t, seat)
}

// Hear notes in g that the other seats heard from seat just now, by an
// action in play (Heard) or one beside it that they are told of (a pause
// offered or declined, time given): the seat sent something, so its
// decisions under way get no extension, and if it is back from civil
// disorder the others and the chat are told. It returns those rows.
func Hear(g *store.Game, t Table, seat referee.Seat) []store.Outgoing {
	for i := range g.Waits {
		if g.Waits[i].Seat == seat {
			g.Waits[i].Heard = true
		}
	}
	var rows []store.Outgoing
	for i := range g.Pace.Spells {
		sp := &g.Pace.Spells[i]
		if sp.Seat != seat || sp.To == 0 || sp.Told {
			continue
		}
		sp.Told = true
		n := post.Say("pace.back", "game", itoa(g.ID), "seat", string(seat))
		rows = append(rows, tell(g, t, true, func(q *store.Player) *post.Note {
			if q != nil && seatOf(g, q) == seat {
				return nil
			}
			return &n
		})...)
	}
	return rows
}

// heard reports whether another seat of g (or the public) heard of any
// of seat's actions played: a move (every seat knows the turn passed), an
// accepted action where moves are not hidden (three-player chess, whose
// every act is public), or an action whose announcements reach another.
func heard(g *store.Game, seat referee.Seat, played []referee.Played) bool {
	v, _ := referee.Lookup(g.Variant)
	others := append(post.SeatsOf(g)[:0:0], post.SeatsOf(g)...) // its own: the variant's is shared
	others = append(slices.DeleteFunc(others, func(s referee.Seat) bool { return s == seat }), referee.Spectator)
	for _, pl := range played {
		ru := pl.Ruling
		if !ru.Logged() {
			continue
		}
		if ru.Move != "" || ru.Verdict == referee.Accepted && v != nil && !v.HiddenMoves {
			return true
		}
		for _, s := range others {
			if len(referee.For(ru.Said, s)) > 0 {
				return true
			}
		}
	}
	return false
}

// HouseRows are rows for the house (lobby.House) about each seat of g it
// sits in for at now that has a decision to make: the seat's view, which
// its Send takes as the word to look at the game.
func HouseRows(g *store.Game, now time.Time) []store.Outgoing {
	var rows []store.Outgoing
	for _, sp := range g.Pace.Spells {
		if g.State != store.StatePlaying || !g.Pace.Sits(sp.Seat, now) || post.WaitOf(g, sp.Seat) == nil {
			continue
		}
		n := post.Note{From: len(g.Log), NoPicture: true}
		rows = append(rows, store.Outgoing{Game: g.ID, Ply: len(g.Log), To: lobby.HouseAddress, Seat: sp.Seat,
			Kind: post.KindView, Text: n.Encode(), Lang: "en"})
	}
	return rows
}

// Stood marks rows of a move the house made for seat, which it sits in
// for: the seat's own view says so.
func Stood(g *store.Game, seat referee.Seat, rows []store.Outgoing) []store.Outgoing {
	for i, r := range rows {
		if r.Seat != seat || r.To == lobby.HouseAddress {
			continue
		}
		n := post.DecodeNote(r.Text)
		n.Lines = append(n.Lines, post.Say("pace.stood", "game", itoa(g.ID)))
		rows[i].Text = n.Encode()
	}
	return rows
}
