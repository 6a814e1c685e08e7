package bot_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"

	"umpire/bot/bottest"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// keyed is the test transport with replies that carry seat keys, as
// e-mail's do (Features.Keys).
type keyed struct{ *bottest.Transport }

func (keyed) Features() wire.Features { return wire.Features{Keys: true} }

// keyPattern finds seat keys ("12-0123456789abcdef") in what a message shows.
var keyPattern = regexp.MustCompile(`\b[0-9]+-[0-9a-f]{16}\b`)

// shownKeys are the keys a message carries anywhere a reader could see
// or send back: text, subject, its seat key, its buttons.
func shownKeys(m wire.Message) []string {
	all := m.Text + " " + m.Subject + " " + m.SeatKey + " " + m.Board
	for _, b := range m.Buttons {
		all += " " + b.Label + " " + b.Command + " " + b.URL
	}
	return keyPattern.FindAllString(all, -1)
}

// TestNoKeyToAnyoneElse is the property: of every message the bot sends,
// none carries a seat's key that opens a seat to anyone but that seat's
// player — for a free seat, its invitee or the maker of its join link.
// People act at random: make games (with invitations, in groups), invite,
// watch, board, join with any key they saw, move, resign.
func TestNoKeyToAnyoneElse(t *testing.T) {
	t.Parallel()
	for seed := range uint64(4) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { keyProperty(t, seed) })
	}
}

func keyProperty(t *testing.T, seed uint64) {
	w := newWorld(t)
	tr := keyed{w.tr}
	w.send = w.bot.Sender(tr)
	rng := rand.New(rand.NewPCG(seed, 7))
	people := []string{"ann", "ben", "cat", "dan", "eve"}
	seen := map[string][]string{}    // keys each person was shown
	invited := map[uint64][]string{} // who was invited to each game, by the test
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	game := func() uint64 { return uint64(1 + rng.IntN(int(lastGame(w))+1)) }
	for step := range 250 {
		who := pick(people)
		other := pick(people)
		var text string
		switch rng.IntN(10) {
		case 0:
			text = "new kriegspiel " + pick([]string{"white", "black"})
		case 1:
			text = "new kriegspiel with " + other
		case 2:
			text = fmt.Sprintf("invite #%d %s", game(), other)
		case 3:
			text = fmt.Sprintf("watch #%d", game())
		case 4:
			text = fmt.Sprintf("board #%d", game())
		case 5, 6:
			if len(seen[who]) > 0 {
				text = "join " + pick(seen[who])
			} else {
				text = "games"
			}
		case 7:
			text = fmt.Sprintf("#%d %s", game(), pick([]string{"e4", "e5", "Nf3", "d4", "resign", "draw", "abort"}))
		case 8:
			w.group("club", who, "new kriegspiel")
			continue
		default:
			text = fmt.Sprintf("join #%d", game())
			w.group("club", who, text)
			continue
		}
		before := len(w.tr.Sent())
		w.say(who, text)
		if id, to, ok := invitedBy(text, who); ok {
			invited[id] = append(invited[id], to)
		} else if to, ok := withWhom(text); ok {
			invited[lastGame(w)] = append(invited[lastGame(w)], to)
		}
		for _, m := range w.tr.Sent()[before:] {
			checkKeys(t, w, step, text, m, invited)
			seen[m.To.ID] = append(seen[m.To.ID], shownKeys(m)...)
		}
		stillHeld(t, w, step, seen)
	}
}

// stillHeld checks the keys people were shown before, against the store as
// it is now: a key that opens a seat someone else took (a join link its
// maker kept) must have been replaced at the join.
func stillHeld(t *testing.T, w *world, step int, seen map[string][]string) {
	t.Helper()
	for who, keys := range seen {
		p, _ := w.db.PlayerAt(store.Address(w.tr.Addr(who)))
		for _, k := range keys {
			if holder, ok := holderOf(w, k); ok && holder != 0 && (p == nil || p.ID != holder) {
				t.Errorf("step %d: %s keeps key %s, which opens player %d's seat", step, who, k, holder)
			}
		}
	}
}

// holderOf is the player holding the seat key k opens, if it opens one in
// a game not over.
func holderOf(w *world, k string) (uint64, bool) {
	var id uint64
	fmt.Sscanf(k, "%d-", &id)
	g, err := w.db.Game(id)
	if err != nil || g.State == store.StateOver {
		return 0, false
	}
	for _, seat := range g.Seats {
		if seat.Token == k {
			return seat.PlayerID, true
		}
	}
	return 0, false
}

// invitedBy reads `invite #N SEAT? ADDRESS`.
func invitedBy(text, _ string) (uint64, string, bool) {
	var id uint64
	var to string
	if n, _ := fmt.Sscanf(text, "invite #%d %s", &id, &to); n == 2 {
		return id, to, true
	}
	return 0, "", false
}

// withWhom reads `new … with ADDRESS`.
func withWhom(text string) (string, bool) {
	var to string
	if n, _ := fmt.Sscanf(text, "new kriegspiel with %s", &to); n == 1 {
		return to, true
	}
	return "", false
}

// lastGame is the newest game's number.
func lastGame(w *world) uint64 {
	var id uint64
	for n := uint64(1); ; n++ {
		if _, err := w.db.Game(n); err != nil {
			return id
		}
		id = n
	}
}

// checkKeys checks one sent message against the store as it is now: every
// key it shows that opens a seat is for the reader.
func checkKeys(t *testing.T, w *world, step int, text string, m wire.Message, invited map[uint64][]string) {
	t.Helper()
	reader, _ := w.db.PlayerAt(store.Address(m.To))
	for _, k := range shownKeys(m) {
		var id uint64
		fmt.Sscanf(k, "%d-", &id)
		g, err := w.db.Game(id)
		if err != nil {
			continue
		}
		for s, seat := range g.Seats {
			if seat.Token != k {
				continue
			}
			if !mayHold(g, s, seat, reader, m.To.ID, invited[id]) {
				t.Errorf("step %d (%q): the message to %s (seat %q) carries the key of #%d %s (%s, holder %d): %q",
					step, text, m.To.ID, m.Seat, id, s, g.State, seat.PlayerID, m.Text)
			}
		}
	}
}

// mayHold reports whether the reader may be shown the key of seat s of g:
// it holds the seat; or the seat is free in an open game and the reader
// was invited to it or made the game (a join link to hand on, replaced at
// the join).
func mayHold(g *store.Game, s referee.Seat, seat store.Seat, reader *store.Player, addr string, invited []string) bool {
	if g.State == store.StateOver { // dead: shown only to its own holder, for the thread's subject
		return seat.PlayerID != 0 && reader != nil && reader.ID == seat.PlayerID
	}
	if seat.PlayerID != 0 {
		return reader != nil && reader.ID == seat.PlayerID
	}
	return g.State == store.StateOpen && (slices.Contains(invited, addr) || reader != nil && reader.ID == g.Maker)
}
